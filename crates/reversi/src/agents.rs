//! The agents reversi offers on the command line.

use tabula_core::{AgentCatalog, AgentEntry};

use crate::classic::Classic;
use crate::engine::Engine;
use crate::rules::Reversi;

impl AgentCatalog for Reversi {
    fn agents() -> Vec<AgentEntry<Self>> {
        let mut agents = vec![Engine::entry()];
        agents.extend(Classic::entries());
        agents
    }

    const ANALYZER: &'static str = "engine";
    const OPPONENT: &'static str = "engine";
}
