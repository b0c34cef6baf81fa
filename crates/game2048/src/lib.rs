//! 2048 as the original game (gabrielecirulli/2048) plays it, for Tabula.
//!
//! - [`Game2048`] implements [`tabula_core::Game`]. Chance is modelled as OpenSpiel does: the
//!   start is the empty board at a chance node, and the two starting tiles and the tile after
//!   every slide are chance moves ([`Move::Spawn`]), so a seed replays a game exactly. The game
//!   is over when no slide changes the board, with [`tabula_core::Outcome::Score`]; making 2048
//!   ([`Game2048::has_won`]) wins but does not end it.
//! - [`Board`] is the whole board in one `u64`, slid by 65,536-entry row tables.
//! - Players: `expectimax`, `greedy` and `random` ([`agents`]); [`runner`] plays many games
//!   headless and sums them up.
//!
//! The modules: [`rules`] (the state, [`Game2048`]), [`notation`] (moves, cells and the position
//! format), [`agents`] (the agents the command line offers), [`engine`] (expectimax and its
//! heuristic); [`board`] and [`line`](mod@line) are the bitboard and its row tables, [`greedy`] the
//! one-ply player.

pub mod agents;
pub mod board;
pub mod engine;
pub mod greedy;
pub mod line;
pub mod notation;
pub mod ntuple;
pub mod rules;
pub mod runner;

pub use board::{Board, Direction};
pub use rules::{Game2048, Move, TileStep};

/// Every reason id ([`tabula_core::Reason`]) 2048 can give for a refused move.
pub const REASONS: &[&str] = &[
    "reason-2048-not-a-move",
    "reason-2048-tile-value",
    "reason-2048-tile-cell",
    "reason-2048-over",
    "reason-2048-tile-first",
    "reason-2048-slide-nothing",
    "reason-2048-slide-first",
    "reason-2048-two-or-four",
    "reason-2048-no-cell",
    "reason-2048-cell-full",
];
