//! Expectimax under a search control: stopped from another thread or before it starts, it
//! still slides legally, and it reports each complete iteration.

use std::time::Duration;

use tabula_2048::Game2048;
use tabula_core::testing::stop::{choose_stopped_after, choose_stopped_before};
use tabula_core::{AgentCatalog, Game};

/// A position in play with many empty cells: a wide tree at every depth.
fn open_position() -> Game2048 {
    Game2048::parse_position("2,0,0,0,0,4,0,0,0,0,8,0,0,0,0,2").unwrap()
}

/// A crowded position of small tiles: few cells per chance node, so that branches stay likely
/// (above the probability cut-off) for many plies, and a timed search goes deep.
fn crowded_position() -> Game2048 {
    Game2048::parse_position("2,4,8,16,4,8,16,2,8,2,4,8,0,0,2,4").unwrap()
}

#[test]
fn a_stop_ends_an_endless_search_at_once_with_a_legal_slide() {
    // A depth-limited search ends by itself (depth is at most 12): a timed one of a minute is
    // the endless case.
    let (spec, state) = ("expectimax:time=60000", crowded_position());
    let mut agent = Game2048::agent_from_str(spec).unwrap();
    let stopped = choose_stopped_after(agent.as_mut(), &state, Duration::from_millis(100));
    eprintln!("{spec}: stop latency {:?}", stopped.latency);
    assert!(stopped.latency < Duration::from_secs(1));
    // Each complete iteration was reported, two plies deeper than the last.
    let depths: Vec<u32> = stopped.reports.iter().map(|p| p.depth).collect();
    assert!(depths.len() >= 2, "reports at depths {depths:?}");
    assert!(depths.windows(2).all(|w| w[1] == w[0] + 2), "{depths:?}");
    assert_eq!(
        stopped.reports.last().unwrap().best,
        Some(state.move_string(stopped.mv)),
        "the move is the last complete iteration's"
    );
}

#[test]
fn a_search_stopped_before_it_starts_still_slides() {
    let mut agent = Game2048::agent_from_str("expectimax:depth=12").unwrap();
    let spent = choose_stopped_before(agent.as_mut(), &open_position());
    assert!(spent < Duration::from_secs(1), "took {spent:?}");
}
