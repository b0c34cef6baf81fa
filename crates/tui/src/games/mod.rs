//! One board painter per game: what each cell shows. Drawing only; the rules stay in the
//! controller, and everything here reads the [`View`].

mod game2048;
mod gomoku;
mod reversi;
mod tictactoe;

use ratatui::style::{Color, Style};
use tabula_games::GameKind;
use tabula_match::View;

pub use game2048::draw_slides;

use crate::layout::BoardStyle;
use crate::theme::Theme;

/// What one cell shows: its text (centred in the cell) and style.
#[derive(Clone, Debug, PartialEq)]
pub struct CellPaint {
    /// The text, at most the cell's width.
    pub text: String,
    /// Its style (the background fills the cell).
    pub style: Style,
}

/// What a painter may look at besides the view.
pub struct PaintContext<'a> {
    /// The match.
    pub view: &'a View,
    /// Colours or not.
    pub theme: Theme,
    /// Show move numbers on stones.
    pub numbers: bool,
    /// The animation's progress, 0 to 1, when one runs.
    pub progress: Option<f32>,
}

/// How the game's board is drawn.
pub fn board_style(kind: GameKind) -> BoardStyle {
    match kind {
        GameKind::TicTacToe => tictactoe::STYLE,
        GameKind::Reversi => reversi::STYLE,
        GameKind::Gomoku => gomoku::STYLE,
        GameKind::Game2048 => game2048::STYLE,
    }
}

/// The board's background colour, in colour mode.
pub fn background(kind: GameKind) -> Color {
    match kind {
        GameKind::TicTacToe => Color::Reset,
        GameKind::Reversi => reversi::GREEN,
        GameKind::Gomoku => gomoku::WOOD,
        GameKind::Game2048 => Color::Rgb(187, 173, 160),
    }
}

/// Whether the legal moves get a dot (where not every empty cell is legal).
pub fn shows_legal_dots(kind: GameKind) -> bool {
    kind == GameKind::Reversi
}

/// What `cell` shows.
pub fn paint(ctx: &PaintContext<'_>, cell: usize) -> CellPaint {
    match ctx.view.game {
        GameKind::TicTacToe => tictactoe::paint(ctx, cell),
        GameKind::Reversi => reversi::paint(ctx, cell),
        GameKind::Gomoku => gomoku::paint(ctx, cell),
        GameKind::Game2048 => game2048::paint(ctx, cell),
    }
}
