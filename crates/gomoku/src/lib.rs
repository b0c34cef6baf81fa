//! Gomoku (five in a row) for Tabula.
//!
//! - [`rules`]: the board (5×5 to 22×22, 15×15 by default), the `freestyle`, `standard` and
//!   `renju` rules, and the [`Gomoku`] position implementing [`tabula_core::Game`];
//! - [`renju`]: black's forbidden points under renju (double three, double four, overline);
//! - [`notation`]: points (`h8`), move lists and board strings;
//! - [`agents`]: the agents the command line offers: `engine` (`time=`, `level=`; the analyser
//!   and default opponent), `score-table`, `random` and `pbrain:PATH` (any Gomocup brain);
//! - [`pbrain`]: the client side of the Gomocup protocol, driving a brain program as an agent;
//! - [`score_table`]: the seed program's classic score-table AI;
//! - [`engine`]: a threat-search engine (line patterns, VCF, VCT, PVS alpha-beta).
//!
//! The Gomocup protocol's brain side (our engine as a brain) is the `pbrain-tabula` crate.
//!
//! Heavy checks are ignored tests, run in release builds:
//!
//! ```text
//! cargo test --release -p tabula-gomoku --test puzzles -- --ignored --nocapture --test-threads 1
//! cargo test --release -p tabula-gomoku --test versus -- --ignored --nocapture
//! nice cargo bench -p tabula-gomoku
//! ```

pub mod agents;
pub mod engine;
pub mod notation;
pub mod pbrain;
pub mod renju;
pub mod rules;
pub mod score_table;

pub use engine::Engine;
pub use pbrain::Pbrain;
pub use renju::Forbidden;
pub use rules::{Cell, Gomoku, Point, Rule};
pub use score_table::ScoreTable;

/// Every reason id ([`tabula_core::Reason`]) gomoku can give for a refused move, besides the
/// shared [`tabula_core::game::REASONS`].
pub const REASONS: &[&str] = &[
    "reason-gomoku-point-form",
    "reason-gomoku-point-column",
    "reason-gomoku-point-row-large",
    "reason-gomoku-point-row",
    "reason-gomoku-off-board",
    "reason-gomoku-occupied",
    "reason-gomoku-double-three",
    "reason-gomoku-double-four",
    "reason-gomoku-overline",
    "reason-gomoku-legal",
];
