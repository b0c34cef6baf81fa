//! The players 2048 offers, by name: `expectimax` (`depth=` plies, `time=` milliseconds per
//! move), `greedy` and `random`.

use std::time::Duration;

use tabula_core::{Agent, AgentCatalog, AgentEntry, AgentError, AgentSpec, RandomAgent};

use crate::expectimax::Expectimax;
use crate::greedy::Greedy;
use crate::state::Game2048;

impl AgentCatalog for Game2048 {
    fn agents() -> Vec<AgentEntry<Self>> {
        vec![
            AgentEntry {
                name: "expectimax",
                summary: "expectimax over the new tiles with the strong programs' heuristic \
                          (depth= plies, default 7; time= ms per move)",
                keys: &["depth", "time"],
                build: build_expectimax,
            },
            AgentEntry {
                name: "greedy",
                summary: "the slide that scores most right now",
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
