//! The engine under a search control: stopped from another thread or before it starts, it
//! still plays a legal move, and it reports its proofs and each finished alpha-beta iteration.

use std::time::Duration;

use tabula_core::testing::stop::{choose_reporting, choose_stopped_after, choose_stopped_before};
use tabula_core::{AgentCatalog, Game};
use tabula_gomoku::{engine, Gomoku};

/// A quiet opening position (no forced win for either side), as in the engine's bench.
const MIDDLE: &str = "h8 i9 j8 i8 i7 h7";

#[test]
fn a_stop_ends_a_long_think_at_once_with_a_legal_move() {
    let state = Gomoku::parse_position(MIDDLE).unwrap();
    // The pattern tables are built once, before any search, and take a while: not now.
    engine::warm_up(state.rule());
    let mut agent = Gomoku::agent_from_str("engine:time=60000").unwrap();
    let stopped = choose_stopped_after(agent.as_mut(), &state, Duration::from_millis(100));
    eprintln!("stop latency {:?}", stopped.latency);
    assert!(stopped.latency < Duration::from_secs(1));
}

#[test]
fn iterations_are_reported_deeper_each_time_with_their_line() {
    let state = Gomoku::parse_position(MIDDLE).unwrap();
    let mut agent = Gomoku::agent_from_str("engine:level=5").unwrap();
    let (_, reports) = choose_reporting(agent.as_mut(), &state);
    let depths: Vec<u32> = reports.iter().map(|p| p.depth).collect();
    assert!(depths.len() >= 2, "reports at depths {depths:?}");
    assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
    let last = reports.last().unwrap();
    assert!(last.nodes > 0 && last.value.is_some() && !last.exact);
    assert!(last.pv.len() >= 2, "a line of several moves: {:?}", last.pv);
}

#[test]
fn a_proof_is_reported_exact() {
    // Black to move with an open four: a five at once.
    let state = Gomoku::parse_position("h8 a1 i8 a3 j8 a5 k8 a7").unwrap();
    let mut agent = Gomoku::agent_from_str("engine:level=3").unwrap();
    let (mv, reports) = choose_reporting(agent.as_mut(), &state);
    assert_eq!(reports.len(), 1, "{reports:?}");
    assert!(reports[0].exact && reports[0].value > Some(0.0));
    assert_eq!(reports[0].best, Some(state.move_string(mv)));
}

#[test]
fn a_think_stopped_before_it_starts_still_plays() {
    let state = Gomoku::parse_position(MIDDLE).unwrap();
    let mut agent = Gomoku::agent_from_str("engine:time=60000").unwrap();
    let spent = choose_stopped_before(agent.as_mut(), &state);
    assert!(spent < Duration::from_secs(1), "took {spent:?}");
}
