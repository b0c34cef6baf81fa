//! Per-call control of a search: a stop signal the caller may raise from another thread, and a
//! sink for progress reports.
//!
//! One small [`SearchControl`] is handed to every controlled search ([`Agent::choose_with`],
//! [`Agent::analyze_with`]). Engines check [`SearchControl::is_stopped`] where they already check
//! their own clock or node budget (every few hundred or thousand nodes), so the hot loops pay one
//! relaxed atomic load there and nothing else; they call [`SearchControl::report`] once per
//! completed iteration. After a stop an engine returns the best move it has so far.
//!
//! [`Agent::choose_with`]: crate::Agent::choose_with
//! [`Agent::analyze_with`]: crate::Agent::analyze_with

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;

/// What an engine says about its search so far, once per completed iteration (or proof).
///
/// Moves are in the game's notation, so that a front end can show them without knowing the
/// game's move type.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Progress {
    /// The depth completed (plies, or the engine's own unit: empties for an exact solve).
    pub depth: u32,
    /// Nodes searched so far in this call.
    pub nodes: u64,
    /// Time spent so far in this call.
    #[serde(rename = "elapsed_ms", serialize_with = "millis")]
    pub elapsed: Duration,
    /// The best move so far.
    pub best: Option<String>,
    /// Its value from the side to move's point of view, in the engine's unit (discs, score).
    pub value: Option<f64>,
    /// Whether `value` is exact (a solved endgame, a proven win).
    pub exact: bool,
    /// The principal variation from the best move on, where the engine keeps one.
    pub pv: Vec<String>,
}

impl Progress {
    /// Nodes per second so far (zero before any time has passed).
    pub fn nodes_per_second(&self) -> u64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }
}

fn millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(d.as_millis() as u64)
}

/// A progress sink: called on the searching thread, so it must be quick (send to a channel).
pub type ProgressSink = Arc<dyn Fn(&Progress) + Send + Sync>;

/// A stop signal and a progress sink for one search. Cloning shares both: a clone kept by the
/// caller stops the search that holds the other.
#[derive(Clone, Default)]
pub struct SearchControl {
    stop: Arc<AtomicBool>,
    sink: Option<ProgressSink>,
}

impl SearchControl {
    /// A control that is never stopped unless [`SearchControl::stop`] is called, and reports
    /// nowhere.
    pub fn new() -> Self {
        SearchControl::default()
    }

    /// The same control, reporting progress to `sink`.
    pub fn with_progress(mut self, sink: impl Fn(&Progress) + Send + Sync + 'static) -> Self {
        self.sink = Some(Arc::new(sink));
        self
    }

    /// Asks the search to stop as soon as it can and return its best move so far.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for. One relaxed load: cheap enough for a node counter's check.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Whether anybody listens to progress reports (so an engine can skip building one).
    pub fn wants_progress(&self) -> bool {
        self.sink.is_some()
    }

    /// Sends a progress report to the sink, if there is one.
    pub fn report(&self, progress: &Progress) {
        if let Some(sink) = &self.sink {
            sink(progress);
        }
    }
}

impl fmt::Debug for SearchControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchControl")
            .field("stopped", &self.is_stopped())
            .field("reports", &self.wants_progress())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn a_clone_stops_the_original() {
        let control = SearchControl::new();
        let caller = control.clone();
        assert!(!control.is_stopped());
        caller.stop();
        assert!(control.is_stopped());
    }

    #[test]
    fn reports_reach_the_sink() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&seen);
        let control =
            SearchControl::new().with_progress(move |p| log.lock().unwrap().push(p.depth));
        assert!(control.wants_progress());
        for depth in 1..=3 {
            control.report(&Progress {
                depth,
                ..Progress::default()
            });
        }
        assert_eq!(*seen.lock().unwrap(), vec![1, 2, 3]);
        assert!(!SearchControl::new().wants_progress());
    }

    #[test]
    fn nodes_per_second() {
        let p = Progress {
            nodes: 3_000,
            elapsed: Duration::from_millis(1_500),
            ..Progress::default()
        };
        assert_eq!(p.nodes_per_second(), 2_000);
        assert_eq!(Progress::default().nodes_per_second(), 0);
    }
}
