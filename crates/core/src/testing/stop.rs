//! Checks of a controlled search ([`Agent::choose_with`]): stopped from another thread, stopped
//! before it starts, and the progress it reports. They panic on the first failure, as test
//! assertions do, and return what they measured so that a test can log it.

use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::agent::Agent;
use crate::control::{Progress, SearchControl};
use crate::game::Game;

/// What a search stopped from another thread did.
#[derive(Debug)]
pub struct Stopped<M> {
    /// The move it chose.
    pub mv: M,
    /// From the stop signal to the move's return.
    pub latency: Duration,
    /// The progress reports it sent, in order.
    pub reports: Vec<Progress>,
}

/// Runs `search` (a search under `control`), raises `control`'s stop signal from another
/// thread `after` the start, checks that the search was still running then, and returns what
/// it returned with the time from the signal to its return (the stop latency).
pub fn run_stopped_after<R>(
    control: &SearchControl,
    after: Duration,
    search: impl FnOnce() -> R,
) -> (R, Duration) {
    let stopper = control.clone();
    let (result, returned, stopped_at) = thread::scope(|scope| {
        let stopping = scope.spawn(move || {
            thread::sleep(after);
            // The time is taken before the signal: a search that sees the signal may return
            // while this thread waits to run again, and must not seem to have ended first.
            let at = Instant::now();
            stopper.stop();
            at
        });
        let result = search();
        let returned = Instant::now();
        (
            result,
            returned,
            stopping.join().expect("the stopping thread ends"),
        )
    });
    assert!(
        returned >= stopped_at,
        "the search ended before the stop signal: give it a bigger budget"
    );
    (result, returned - stopped_at)
}

/// Runs `agent.choose_with(state)` with a progress sink, raises the stop signal from another
/// thread `after` the start (see [`run_stopped_after`]), and checks that the search was still
/// running then, that it returned a legal move and that its reports are sound (see
/// [`check_reports`]).
pub fn choose_stopped_after<G: Game>(
    agent: &mut dyn Agent<G>,
    state: &G,
    after: Duration,
) -> Stopped<G::Move> {
    let reports = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&reports);
    let control = SearchControl::new().with_progress(move |p| sink.lock().unwrap().push(p.clone()));
    let (mv, latency) = run_stopped_after(&control, after, || agent.choose_with(state, &control));
    assert!(
        state.is_legal(mv),
        "the stopped search chose the illegal move {}",
        state.move_string(mv)
    );
    let reports = reports.lock().unwrap().clone();
    check_reports(state, &reports);
    Stopped {
        mv,
        latency,
        reports,
    }
}

/// Runs `agent.choose_with(state)` with a progress sink to the end, checks that the move is
/// legal and the reports sound (see [`check_reports`]), and returns both.
pub fn choose_reporting<G: Game>(agent: &mut dyn Agent<G>, state: &G) -> (G::Move, Vec<Progress>) {
    let reports = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&reports);
    let control = SearchControl::new().with_progress(move |p| sink.lock().unwrap().push(p.clone()));
    let mv = agent.choose_with(state, &control);
    assert!(
        state.is_legal(mv),
        "the search chose the illegal move {}",
        state.move_string(mv)
    );
    let reports = reports.lock().unwrap().clone();
    check_reports(state, &reports);
    (mv, reports)
}

/// Runs `agent.choose_with(state)` under a control stopped before the call, checks that the
/// move is legal and returns the time it took.
pub fn choose_stopped_before<G: Game>(agent: &mut dyn Agent<G>, state: &G) -> Duration {
    let control = SearchControl::new();
    control.stop();
    let start = Instant::now();
    let mv = agent.choose_with(state, &control);
    let spent = start.elapsed();
    assert!(
        state.is_legal(mv),
        "a search stopped before it began chose the illegal move {}",
        state.move_string(mv)
    );
    spent
}

/// Checks progress reports about `state`: depths never decrease, node counts and times never
/// fall, every best move is legal and begins its principal variation, which plays legally.
pub fn check_reports<G: Game>(state: &G, reports: &[Progress]) {
    for pair in reports.windows(2) {
        assert!(
            pair[0].depth <= pair[1].depth,
            "depth fell from {} to {}",
            pair[0].depth,
            pair[1].depth
        );
        assert!(pair[0].nodes <= pair[1].nodes, "the node count fell");
        assert!(pair[0].elapsed <= pair[1].elapsed, "the time spent fell");
    }
    for report in reports {
        let best = report
            .best
            .as_deref()
            .expect("a report names its best move");
        let mv = state
            .parse_move(best)
            .unwrap_or_else(|e| panic!("the reported best move {best:?} does not read: {e}"));
        assert!(
            state.is_legal(mv),
            "the reported best move {best} is illegal"
        );
        if let Some(first) = report.pv.first() {
            assert_eq!(
                first, best,
                "the principal variation begins with the best move"
            );
        }
        let mut line = state.clone();
        for text in &report.pv {
            let mv = line.parse_move(text).unwrap_or_else(|e| {
                panic!("the principal variation's move {text:?} does not read: {e}")
            });
            line.try_play(mv).unwrap_or_else(|e| {
                panic!(
                    "the principal variation {:?} plays illegally: {e}",
                    report.pv
                )
            });
        }
    }
}
