//! The games the command line knows: their `play` options and console views. Their names and
//! the dispatch macro that turns a name into a concrete type come from `tabula-games`.
//!
//! Adding a game: its kind in `tabula-games`, and here a module with its `play` arguments and
//! console view, listed in [`PlayGame`].

pub mod game2048;
pub mod gomoku;
pub mod reversi;
pub mod tictactoe;

use clap::Subcommand;

use tabula_i18n::Catalog;

use crate::error::Result;

pub use tabula_games::{with_game, GameKind};

/// `tabula play <game>`: one subcommand per game, each with its own options.
#[derive(Subcommand, Debug)]
pub enum PlayGame {
    /// Tic-tac-toe against the computer or a friend.
    #[command(name = "tictactoe", visible_alias = "ttt", alias = "tic-tac-toe")]
    TicTacToe(tictactoe::PlayArgs),
    /// Reversi (othello) against the computer or a friend.
    #[command(name = "reversi", visible_alias = "othello")]
    Reversi(reversi::PlayArgs),
    /// Gomoku (five in a row) against the computer or a friend.
    #[command(name = "gomoku", visible_alias = "gobang", alias = "five")]
    Gomoku(gomoku::PlayArgs),
    /// 2048 full-screen, or headless games by an agent.
    #[command(name = "2048")]
    Game2048(game2048::PlayArgs),
}

impl PlayGame {
    /// Plays the chosen game in the console, its texts from `cat`.
    pub fn run(self, cat: &Catalog) -> Result<()> {
        match self {
            PlayGame::TicTacToe(args) => tictactoe::play(args, cat),
            PlayGame::Reversi(args) => reversi::play(args, cat),
            PlayGame::Gomoku(args) => gomoku::play(args, cat),
            PlayGame::Game2048(args) => game2048::play(args),
        }
    }
}
