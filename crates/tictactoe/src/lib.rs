//! Tic-tac-toe: the rules ([`TicTacToe`]), a perfect player ([`solver`]) and the classic
//! teaching-program strategy ([`agents::RulesAgent`]).

pub mod agents;
pub mod rules;
pub mod solver;

pub use rules::{InvalidPosition, Mark, TicTacToe};
