//! The agents gomoku offers on the command line.

use tabula_core::{AgentCatalog, AgentEntry, RandomAgent};

use crate::{Engine, Gomoku, Pbrain, ScoreTable};

impl AgentCatalog for Gomoku {
    fn agents() -> Vec<AgentEntry<Self>> {
        vec![
            Engine::entry(),
            ScoreTable::entry(),
            RandomAgent::<Gomoku>::entry(),
            Pbrain::entry(),
        ]
    }

    const ANALYZER: &'static str = "engine";
    const OPPONENT: &'static str = "engine";
}
