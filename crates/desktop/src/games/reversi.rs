//! Reversi: a green board with the four dots, discs that turn over one after another from the
//! placed disc, dots on the legal moves (with the engine's values when hints are on) and the
//! last move marked.

use eframe::egui::{Align2, Color32, FontId, Painter, Pos2, Stroke};
use tabula_match::{Piece, View};

use super::{disc, hint_label, Look};
use crate::board::Grid;

/// The board's green.
pub const GREEN: Color32 = Color32::from_rgb(0x1f, 0x7a, 0x3c);

/// One disc's turn-over time and the delay between neighbours, in seconds at normal speed.
const FLIP: f32 = 0.3;
const STAGGER: f32 = 0.05;

/// Draws a reversi position.
pub fn paint(painter: &Painter, grid: &Grid, view: &View, look: &Look) {
    let rect = grid.rect();
    painter.rect_filled(
        rect.expand(grid.cell * 0.08),
        4.0,
        Color32::from_rgb(0x12, 0x4a, 0x24),
    );
    painter.rect_filled(rect, 0.0, GREEN);
    let line = Stroke::new((grid.cell * 0.02).max(1.0), Color32::from_black_alpha(160));
    for i in 0..=grid.cols {
        let x = rect.left() + i as f32 * grid.cell;
        painter.line_segment(
            [Pos2::new(x, rect.top()), Pos2::new(x, rect.bottom())],
            line,
        );
    }
    for i in 0..=grid.rows {
        let y = rect.top() + i as f32 * grid.cell;
        painter.line_segment(
            [Pos2::new(rect.left(), y), Pos2::new(rect.right(), y)],
            line,
        );
    }
    if grid.cols == 8 && grid.rows == 8 {
        for (c, r) in [(2.0, 2.0), (6.0, 2.0), (2.0, 6.0), (6.0, 6.0)] {
            let at = rect.left_top() + eframe::egui::vec2(c, r) * grid.cell;
            painter.circle_filled(at, grid.cell * 0.06, Color32::from_black_alpha(200));
        }
    }
    let radius = grid.cell * 0.42;
    for (index, cell) in view.cells.iter().enumerate() {
        let Piece::Player(player) = cell.piece else {
            continue;
        };
        let center = grid.center(index);
        let change = &view.change;
        if let Some(order) = change.flipped.iter().position(|&c| c == index) {
            let t = look.anim.progress(STAGGER * (order as f32 + 1.0), FLIP);
            let shown = if t < 0.5 { player ^ 1 } else { player };
            disc(painter, center, radius, shown, (1.0 - 2.0 * t).abs(), 255);
        } else if change.placed == Some(index) {
            let t = look.anim.progress(0.0, 0.12);
            disc(painter, center, radius * (0.6 + 0.4 * t), player, 1.0, 255);
        } else {
            disc(painter, center, radius, player, 1.0, 255);
        }
    }
    if let Some(last) = view.last_move {
        painter.circle_filled(
            grid.center(last),
            grid.cell * 0.08,
            Color32::from_rgb(0xe5, 0x39, 0x35),
        );
    }
    let font = FontId::proportional(grid.cell * 0.3);
    for mv in &view.legal {
        let Some(index) = mv.cell else { continue };
        let center = grid.center(index);
        match view.hint_on(index).filter(|_| look.hints) {
            Some(hint) => {
                painter.text(
                    center,
                    Align2::CENTER_CENTER,
                    hint_label(hint.value),
                    font.clone(),
                    Color32::from_rgb(0xff, 0xee, 0x58),
                );
            }
            None => {
                painter.circle_filled(center, grid.cell * 0.09, Color32::from_black_alpha(110));
            }
        }
    }
}
