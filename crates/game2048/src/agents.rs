//! The players 2048 offers, by name: `expectimax` (`depth=` plies from 1 to [`MAX_DEPTH`],
//! `time=` milliseconds per move up to an hour), `greedy` and `random`.

use std::time::Duration;

use tabula_core::{Agent, AgentCatalog, AgentEntry, AgentError, AgentSpec, Knob, RandomAgent};

use crate::engine::Expectimax;
use crate::greedy::Greedy;
use crate::rules::Game2048;

/// The deepest `expectimax:depth=` accepted: on a crowded board (two empty cells) depth 12
/// takes about 0.2 s a move, 16 about 1.3 s and 20 about 10 s, each extra two plies costing
/// several times more.
pub const MAX_DEPTH: u64 = 12;

/// The keys `expectimax` takes.
const EXPECTIMAX_KEYS: &[Knob] = &[Knob::depth(MAX_DEPTH), Knob::TIME];

impl AgentCatalog for Game2048 {
    fn agents() -> Vec<AgentEntry<Self>> {
        vec![
            AgentEntry {
                name: "expectimax",
                summary: "expectimax over the new tiles with the strong programs' heuristic \
                          (depth= plies, default 7; time= ms per move)",
                argument: None,
                keys: EXPECTIMAX_KEYS,
                build: build_expectimax,
            },
            AgentEntry {
                name: "greedy",
                summary: "the slide that scores most right now",
                argument: None,
                keys: &[],
                build: build_greedy,
            },
            RandomAgent::entry(),
        ]
    }

    const ANALYZER: &'static str = "expectimax";
    const OPPONENT: &'static str = "expectimax";
}

fn build_expectimax(spec: &AgentSpec) -> Result<Box<dyn Agent<Game2048>>, AgentError> {
    Ok(Box::new(Expectimax::new(
        spec.depth()?,
        spec.time_ms()?.map(Duration::from_millis),
    )))
}

fn build_greedy(spec: &AgentSpec) -> Result<Box<dyn Agent<Game2048>>, AgentError> {
    Ok(Box::new(Greedy::new(spec.rng()?)))
}
