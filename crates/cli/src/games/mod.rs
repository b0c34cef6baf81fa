//! The games the command line knows: their names, their `play` options and a dispatch macro
//! that turns a game name into a concrete type for the generic commands.
//!
//! Adding a game: a variant in [`GameKind`] (with its names), a line in [`with_game!`], and a
//! module with its `play` arguments and console view, listed in [`PlayGame`].

pub mod game2048;
pub mod gomoku;
pub mod reversi;
pub mod tictactoe;

use clap::Subcommand;
use tabula_core::quote;

use crate::error::{CliError, Result};

/// A game by kind, for dispatch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameKind {
    /// Tic-tac-toe.
    TicTacToe,
    /// Reversi (othello).
    Reversi,
    /// Gomoku.
    Gomoku,
    /// 2048.
    Game2048,
}

impl GameKind {
    /// Every game, in menu order.
    pub const ALL: &'static [GameKind] = &[
        GameKind::TicTacToe,
        GameKind::Reversi,
        GameKind::Gomoku,
        GameKind::Game2048,
    ];

    /// The game's names on the command line, canonical first.
    pub fn names(self) -> &'static [&'static str] {
        match self {
            GameKind::TicTacToe => &["tictactoe", "ttt", "tic-tac-toe"],
            GameKind::Reversi => &["reversi", "othello"],
            GameKind::Gomoku => &["gomoku", "gobang", "five"],
            GameKind::Game2048 => &["2048"],
        }
    }

    /// Reads a game name or alias.
    pub fn parse(name: &str) -> Result<GameKind> {
        let lower = name.to_ascii_lowercase();
        GameKind::ALL
            .iter()
            .copied()
            .find(|kind| kind.names().contains(&lower.as_str()))
            .ok_or_else(|| {
                let known: Vec<&str> = GameKind::ALL.iter().map(|k| k.names()[0]).collect();
                CliError::usage(format!(
                    "unknown game {} (known: {})",
                    quote(name),
                    known.join(", ")
                ))
            })
    }
}

/// Runs `$body` with `$G` bound to the concrete game type of `$kind`.
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::games::GameKind::TicTacToe => {
                type $G = tabula_tictactoe::TicTacToe;
                $body
            }
            $crate::games::GameKind::Reversi => {
                type $G = tabula_reversi::Reversi;
                $body
            }
            $crate::games::GameKind::Gomoku => {
                type $G = tabula_gomoku::Gomoku;
                $body
            }
            $crate::games::GameKind::Game2048 => {
                type $G = tabula_2048::Game2048;
                $body
            }
        }
    };
}
pub(crate) use with_game;

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
    /// Plays the chosen game.
    pub fn run(self) -> Result<()> {
        match self {
            PlayGame::TicTacToe(args) => tictactoe::play(args),
            PlayGame::Reversi(args) => reversi::play(args),
            PlayGame::Gomoku(args) => gomoku::play(args),
            PlayGame::Game2048(args) => game2048::play(args),
        }
    }
}
