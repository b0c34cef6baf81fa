//! [`crate::Present`] for each game, one module per game.

mod game2048;
mod gomoku;
mod reversi;
mod tictactoe;
