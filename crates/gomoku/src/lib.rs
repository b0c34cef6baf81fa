//! Gomoku (five in a row) for Tabula.
//!
//! - [`rules`]: the board (5×5 to 22×22, 15×15 by default), the `freestyle`, `standard` and
//!   `renju` rules, and the [`Gomoku`] position implementing [`tabula_core::Game`];
//! - [`renju`]: black's forbidden points under renju (double three, double four, overline);
//! - [`notation`]: points (`h8`), move lists and board strings;
//! - [`score_table`]: the seed program's classic score-table AI;
//! - [`engine`]: a threat-search engine (line patterns, VCF, VCT, PVS alpha-beta).
//!
//! The agents are `engine` (`time=`, `level=`; the analyser and default opponent),
//! `score-table` and `random`. The Gomocup protocol front end is the `pbrain-tabula` crate.
//!
//! Heavy checks are ignored tests, run in release builds:
//!
//! ```text
//! cargo test --release -p tabula-gomoku --test puzzles -- --ignored --nocapture --test-threads 1
//! cargo test --release -p tabula-gomoku --test versus -- --ignored --nocapture
//! nice cargo bench -p tabula-gomoku
//! ```

pub mod engine;
pub mod notation;
pub mod renju;
pub mod rules;
pub mod score_table;

pub use engine::Engine;
pub use renju::Forbidden;
pub use rules::{Cell, Gomoku, Point, Rule};
pub use score_table::ScoreTable;

use tabula_core::{AgentCatalog, AgentEntry, RandomAgent};

impl AgentCatalog for Gomoku {
    fn agents() -> Vec<AgentEntry<Self>> {
        vec![
            Engine::entry(),
            ScoreTable::entry(),
            RandomAgent::<Gomoku>::entry(),
        ]
    }

    const ANALYZER: &'static str = "engine";
    const OPPONENT: &'static str = "engine";
}
