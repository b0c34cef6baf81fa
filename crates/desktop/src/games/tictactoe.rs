//! Tic-tac-toe: a grid, blue crosses and red rings, the mark the player would place under the
//! mouse, and the winning line drawn through the three.

use eframe::egui::{Color32, Painter, Pos2, Stroke, Vec2};
use tabula_match::{Piece, View};

use super::Look;
use crate::board::Grid;

const X_COLOR: Color32 = Color32::from_rgb(0x1e, 0x63, 0xc8);
const O_COLOR: Color32 = Color32::from_rgb(0xd8, 0x43, 0x15);

/// The board's paper.
pub const PAPER: Color32 = Color32::from_rgb(0xfa, 0xf6, 0xe9);

/// Draws a tic-tac-toe position.
pub fn paint(painter: &Painter, grid: &Grid, view: &View, look: &Look) {
    let rect = grid.rect();
    painter.rect_filled(rect.expand(grid.cell * 0.08), 8.0, PAPER);
    let line = Stroke::new(grid.cell * 0.04, Color32::from_rgb(60, 60, 60));
    for i in 1..grid.cols {
        let x = rect.left() + i as f32 * grid.cell;
        painter.line_segment(
            [Pos2::new(x, rect.top()), Pos2::new(x, rect.bottom())],
            line,
        );
    }
    for i in 1..grid.rows {
        let y = rect.top() + i as f32 * grid.cell;
        painter.line_segment(
            [Pos2::new(rect.left(), y), Pos2::new(rect.right(), y)],
            line,
        );
    }
    for (index, cell) in view.cells.iter().enumerate() {
        if let Piece::Player(player) = cell.piece {
            let grow = if view.change.placed == Some(index) {
                look.anim.progress(0.0, 0.15)
            } else {
                1.0
            };
            mark(painter, grid, index, player, grow, 255);
        }
    }
    if let (Some(index), Some(player)) = (look.hover, view.to_move()) {
        if view.move_on(index).is_some() {
            mark(painter, grid, index, player, 1.0, 70);
        }
    }
    if let (Some(&a), Some(&b)) = (view.winning_line.first(), view.winning_line.last()) {
        let (from, to) = (grid.center(a), grid.center(b));
        let reach = (to - from).normalized() * grid.cell * 0.35;
        let stroke = Stroke::new(
            grid.cell * 0.09,
            Color32::from_rgba_unmultiplied(40, 160, 60, 220),
        );
        painter.line_segment([from - reach, to + reach], stroke);
    }
}

/// An X (player 0) or an O, `grow` (0–1) of its full size, at `alpha`.
fn mark(painter: &Painter, grid: &Grid, index: usize, player: usize, grow: f32, alpha: u8) {
    let center = grid.center(index);
    let size = grid.cell * 0.3 * grow;
    let width = grid.cell * 0.09;
    if player == 0 {
        let stroke = Stroke::new(width, X_COLOR.gamma_multiply_u8(alpha));
        for d in [Vec2::new(size, size), Vec2::new(size, -size)] {
            painter.line_segment([center - d, center + d], stroke);
        }
    } else {
        painter.circle_stroke(
            center,
            size,
            Stroke::new(width, O_COLOR.gamma_multiply_u8(alpha)),
        );
    }
}
