//! The engine under a search control: stopped from another thread or before it starts, in the
//! midgame search and in the exact solver, it still answers with a legal move at once, and it
//! reports each finished iteration and solve.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tabula_core::testing::stop::{
    check_reports, choose_reporting, choose_stopped_after, choose_stopped_before, run_stopped_after,
};
use tabula_core::{AgentCatalog, Game, SearchControl, SearchLimits};
use tabula_reversi::Reversi;

/// FFO #40: 20 empties, a2 wins by 38.
const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
/// FFO #50: 26 empties, seconds of exact solving at least.
const FFO_50: &str = "--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O--- X";

fn exact() -> SearchLimits {
    SearchLimits {
        exact: true,
        ..SearchLimits::default()
    }
}

#[test]
fn a_stop_ends_a_long_midgame_search_at_once_with_a_legal_move() {
    let state = Reversi::initial();
    let mut agent = Reversi::agent_from_str("engine:time=60000").unwrap();
    let stopped = choose_stopped_after(agent.as_mut(), &state, Duration::from_millis(100));
    eprintln!("midgame: stop latency {:?}", stopped.latency);
    assert!(stopped.latency < Duration::from_secs(1));
    assert!(
        !stopped.reports.is_empty(),
        "the first iterations were reported"
    );
}

#[test]
fn a_stop_ends_an_exact_solve_inside_a_decision() {
    // Level 10 solves 20 empties exactly when it chooses.
    let state = Reversi::parse_position(FFO_40).unwrap();
    let mut agent = Reversi::agent_from_str("engine:level=10").unwrap();
    let stopped = choose_stopped_after(agent.as_mut(), &state, Duration::from_millis(30));
    eprintln!("endgame decision: stop latency {:?}", stopped.latency);
    assert!(stopped.latency < Duration::from_secs(1));
    assert!(
        stopped.reports.iter().all(|p| !p.exact),
        "a stopped solve proves nothing"
    );
}

#[test]
fn a_stop_ends_an_exact_analysis_keeping_estimates_for_the_rest() {
    let state = Reversi::parse_position(FFO_50).unwrap();
    let mut engine = Reversi::agent_from_str("engine").unwrap();
    let control = SearchControl::new();
    let (analysis, latency) = run_stopped_after(&control, Duration::from_millis(100), || {
        engine.analyze_with(&state, &exact(), &control)
    });
    let analysis = analysis.unwrap();
    eprintln!("exact analysis: stop latency {latency:?}");
    assert!(latency < Duration::from_secs(1));
    // Every legal move is there; a move not solved before the stop is an estimate, and the
    // stop came before the solve of all of them (FFO #50 takes seconds).
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    assert_eq!(analysis.moves.len(), legal.len());
    assert!(analysis.moves.iter().all(|m| state.is_legal(m.mv)));
    assert!(analysis.moves.iter().any(|m| !m.exact));
}

#[test]
fn iterations_are_reported_deeper_each_time_with_their_line() {
    let state = Reversi::initial();
    let mut agent = Reversi::agent_from_str("engine:level=5").unwrap();
    let (mv, reports) = choose_reporting(agent.as_mut(), &state);
    let depths: Vec<u32> = reports.iter().map(|p| p.depth).collect();
    assert_eq!(
        depths,
        (1..=7).collect::<Vec<_>>(),
        "level 5 searches 7 plies"
    );
    let last = reports.last().unwrap();
    assert_eq!(last.best, Some(state.move_string(mv)));
    assert!(last.pv.len() >= 2, "a line of several moves: {:?}", last.pv);
    assert!(!last.exact);
}

#[test]
fn a_finished_solve_is_reported_exact() {
    // FFO #40 two moves on (18 empties, every move solved): the last report is the exact
    // value of the best move the analysis gives.
    let mut state = Reversi::parse_position(FFO_40).unwrap();
    for _ in 0..2 {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        state.play(moves[0]);
    }
    let mut engine = Reversi::agent_from_str("engine").unwrap();
    let reports = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&reports);
    let control = SearchControl::new().with_progress(move |p| sink.lock().unwrap().push(p.clone()));
    let analysis = engine.analyze_with(&state, &exact(), &control).unwrap();
    let reports = reports.lock().unwrap().clone();
    check_reports(&state, &reports);
    let last = reports.last().expect("the solve was reported");
    assert!(last.exact);
    assert_eq!(last.depth, state.empty().count_ones());
    let solved = analysis
        .moves
        .iter()
        .find(|m| m.exact)
        .expect("the best move's value");
    assert_eq!(last.value, Some(solved.value));
    assert_eq!(last.best, Some(state.move_string(solved.mv)));
}

#[test]
fn searches_stopped_before_they_start_still_play() {
    for (spec, position) in [
        ("engine:time=60000", Reversi::initial()),
        ("engine:level=10", Reversi::parse_position(FFO_40).unwrap()),
    ] {
        let mut agent = Reversi::agent_from_str(spec).unwrap();
        let spent = choose_stopped_before(agent.as_mut(), &position);
        assert!(spent < Duration::from_secs(1), "{spec}: took {spent:?}");
    }
}
