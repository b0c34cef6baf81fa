//! One painter per game, each drawing a [`View`] on the squares of a [`Grid`]; they share the
//! [`Look`] of this frame and a few drawing helpers.

pub mod game2048;
pub mod gomoku;
pub mod reversi;
pub mod tictactoe;

use eframe::egui::{Color32, Painter, Pos2, Shape, Stroke, Vec2};
use tabula_games::GameKind;
use tabula_match::View;

use crate::anim::Anim;
use crate::board::Grid;

/// How to draw this frame besides the position.
#[derive(Clone, Copy, Debug)]
pub struct Look {
    /// Where the last move's animations stand.
    pub anim: Anim,
    /// Show the engine's value on every legal move.
    pub hints: bool,
    /// Show move numbers on gomoku stones.
    pub numbers: bool,
    /// Gomoku: colour the engine's candidate moves by value.
    pub heat: bool,
    /// The square under the mouse.
    pub hover: Option<usize>,
    /// The colour of coordinates and other text around the board.
    pub text: Color32,
}

/// The margin around the squares, in squares, that a game's board needs for its coordinates.
pub fn margin(kind: GameKind) -> f32 {
    match kind {
        GameKind::Game2048 => 0.15,
        _ => 0.6,
    }
}

/// Draws `view` on `grid`.
pub fn paint(painter: &Painter, grid: &Grid, view: &View, look: &Look) {
    match view.game {
        GameKind::TicTacToe => tictactoe::paint(painter, grid, view, look),
        GameKind::Reversi => reversi::paint(painter, grid, view, look),
        GameKind::Gomoku => gomoku::paint(painter, grid, view, look),
        GameKind::Game2048 => game2048::paint(painter, grid, view, look),
    }
    if view.game != GameKind::Game2048 {
        grid.labels(painter, view, look.text);
    }
}

/// The colour of a player's disc or stone (the first player is black).
pub fn stone_color(player: usize) -> Color32 {
    if player == 0 {
        Color32::from_rgb(20, 20, 20)
    } else {
        Color32::from_rgb(245, 245, 240)
    }
}

/// A disc or stone of `player`, `squash` (0–1) of its width shown (a disc turning over), with a
/// thin outline so white reads on light boards.
pub fn disc(painter: &Painter, center: Pos2, radius: f32, player: usize, squash: f32, alpha: u8) {
    let fill = stone_color(player).gamma_multiply_u8(alpha);
    let outline = Stroke::new(
        (radius * 0.05).max(1.0),
        Color32::from_black_alpha(alpha / 2),
    );
    let radii = Vec2::new(radius * squash.max(0.06), radius);
    painter.add(Shape::ellipse_filled(center, radii, fill));
    painter.add(Shape::ellipse_stroke(center, radii, outline));
}

/// A hint value as shown on a square: whole numbers as `+4`, others with one decimal.
pub fn hint_label(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:+.0}")
    } else {
        format!("{value:+.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hint_labels() {
        assert_eq!(hint_label(4.0), "+4");
        assert_eq!(hint_label(-2.0), "-2");
        assert_eq!(hint_label(0.25), "+0.2");
    }
}
