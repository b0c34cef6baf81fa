//! Reversi (othello) for Tabula.
//!
//! - [`rules`]: the position and the rules ([`Reversi`]) on two bitboards ([`bitboard`]),
//!   implementing [`tabula_core::Game`];
//! - [`notation`]: `a1`…`h8` squares (plus the classic console's `53` digits), the FFO position
//!   format and dense transcripts;
//! - [`agents`]: the agents the command line offers: the [`engine`] and the four strategies of
//!   the classic teaching program in [`classic`] (`corner-best`, `corner-side-best`, `worst`,
//!   `random`);
//! - [`engine`]: an alpha-beta engine with an exact endgame solver.
//!
//! Heavy checks and benchmarks (release builds):
//! - `cargo test --release -p tabula-reversi -- --ignored --nocapture`: perft to depth 11, FFO
//!   #40–#59 solved exactly with time and nodes per position, engine vs `corner-best` over 100
//!   games;
//! - `nice cargo bench -p tabula-reversi`: perft leaves/s, corner-best vs random games/s,
//!   endgame nodes/s;
//! - `tabula solve reversi crates/reversi/tests/data/ffo40-59.txt`: the endgame benchmark;
//!   `tabula perft reversi 11` = 212,258,216.

pub mod agents;
pub mod bitboard;
pub mod classic;
pub mod edge;
pub mod engine;

mod lines;
pub mod notation;
mod perft;
pub mod rules;

pub use notation::{ggf, is_corner, is_edge, Move};
pub use rules::{score_for, Reversi};

/// Every reason id ([`tabula_core::Reason`]) reversi can give for a refused move, besides the
/// shared [`tabula_core::game::REASONS`].
pub const REASONS: &[&str] = &[
    "reason-reversi-not-a-square",
    "reason-reversi-may-not-pass",
    "reason-reversi-must-pass",
    "reason-reversi-occupied",
    "reason-reversi-flips-nothing",
];
