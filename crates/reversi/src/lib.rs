//! Reversi (othello) for Tabula.
//!
//! - [`Reversi`]: the rules on two bitboards, implementing [`tabula_core::Game`], with the FFO
//!   position format, `a1`…`h8` notation (plus the classic console's `53` digits) and dense
//!   transcripts.
//! - [`classic`]: the four strategies of the classic teaching program (`corner-best`,
//!   `corner-side-best`, `worst`, `random`).
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

pub mod bitboard;
mod board;
mod catalog;
pub mod classic;
pub mod edge;
pub mod engine;
pub mod ggf;
mod lines;
mod perft;
mod position;
mod square;
mod transcript;

pub use board::{score_for, Reversi};
pub use square::{is_corner, is_edge, Move};
