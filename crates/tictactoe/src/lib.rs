//! Tic-tac-toe for Tabula.
//!
//! - [`rules`]: the position on two 9-bit masks ([`TicTacToe`]), implementing
//!   [`tabula_core::Game`];
//! - [`notation`]: cells (`a1`…`c3`, keypad digits) and position strings;
//! - [`agents`]: the agents the command line offers: `random`, the classic teaching-program
//!   strategy ([`agents::RulesAgent`]) and the perfect `minimax` ([`agents::PerfectAgent`]);
//! - [`engine`]: the game solved once, the values the perfect player plays by.

pub mod agents;
pub mod engine;
pub mod notation;
pub mod rules;

pub use rules::{InvalidPosition, Mark, TicTacToe};

/// Every reason id ([`tabula_core::Reason`]) tic-tac-toe can give for a refused move, besides
/// the shared [`tabula_core::game::REASONS`].
pub const REASONS: &[&str] = &[
    "reason-ttt-not-a-cell",
    "reason-ttt-no-cell",
    "reason-ttt-taken",
];
