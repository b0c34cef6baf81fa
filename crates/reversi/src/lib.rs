//! Reversi (othello) for Tabula.
//!
//! - [`Reversi`]: the rules on two bitboards, implementing [`tabula_core::Game`], with the FFO
//!   position format, `a1`…`h8` notation (plus the classic console's `53` digits) and dense
//!   transcripts.
//! - [`classic`]: the four strategies of the classic teaching program (`corner-best`,
//!   `corner-side-best`, `worst`, `random`).
//! - [`engine`]: an alpha-beta engine with an exact endgame solver.

pub mod bitboard;
mod board;
mod catalog;
pub mod classic;
pub mod engine;
mod perft;
mod position;
mod square;
mod transcript;

pub use board::{score_for, Reversi};
pub use square::{is_corner, is_edge, Move};
