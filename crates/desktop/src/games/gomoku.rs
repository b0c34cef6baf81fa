//! Gomoku: a wooden board of lines, stones on the crossings (numbered when asked), the last
//! move boxed, the stone the player would place under the mouse, the winning line, renju's
//! forbidden points crossed out, and the engine's values on its candidate moves when hints are
//! on.

use eframe::egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Stroke, StrokeKind, Vec2};
use tabula_match::{Piece, View};

use super::{disc, hint_label, Look};
use crate::board::Grid;

/// The board's wood.
pub const WOOD: Color32 = Color32::from_rgb(0xdc, 0xb0, 0x6a);

const RED: Color32 = Color32::from_rgb(0xd3, 0x2f, 0x2f);

/// Draws a gomoku position.
pub fn paint(painter: &Painter, grid: &Grid, view: &View, look: &Look) {
    let rect = grid.rect();
    painter.rect_filled(rect.expand(grid.cell * 0.1), 6.0, WOOD);
    let first = grid.center(0);
    let last = grid.center(grid.cols * grid.rows - 1);
    let line = Stroke::new((grid.cell * 0.03).max(1.0), Color32::from_rgb(60, 40, 20));
    for c in 0..grid.cols {
        let x = first.x + c as f32 * grid.cell;
        painter.line_segment([Pos2::new(x, first.y), Pos2::new(x, last.y)], line);
    }
    for r in 0..grid.rows {
        let y = first.y + r as f32 * grid.cell;
        painter.line_segment([Pos2::new(first.x, y), Pos2::new(last.x, y)], line);
    }
    for (c, r) in star_points(grid.cols) {
        let at = first + Vec2::new(c as f32, r as f32) * grid.cell;
        painter.circle_filled(at, grid.cell * 0.1, line.color);
    }
    let radius = grid.cell * 0.46;
    let number_font = FontId::proportional(grid.cell * 0.38);
    for (index, cell) in view.cells.iter().enumerate() {
        let Piece::Player(player) = cell.piece else {
            continue;
        };
        let center = grid.center(index);
        let grow = if view.change.placed == Some(index) {
            0.6 + 0.4 * look.anim.progress(0.0, 0.12)
        } else {
            1.0
        };
        disc(painter, center, radius * grow, player, 1.0, 255);
        if let (true, Some(n)) = (look.numbers, cell.number) {
            painter.text(
                center,
                Align2::CENTER_CENTER,
                n.to_string(),
                number_font.clone(),
                super::stone_color(player ^ 1),
            );
        }
    }
    if let Some(index) = look.hover.filter(|&i| view.move_on(i).is_some()) {
        if let Some(player) = view.to_move() {
            disc(painter, grid.center(index), radius, player, 1.0, 110);
        }
    }
    // Renju: the points black may not play, crossed out.
    for f in &view.forbidden {
        let c = grid.center(f.cell);
        let d = grid.cell * 0.2;
        let stroke = Stroke::new((grid.cell * 0.08).max(1.5), RED);
        painter.line_segment([c - Vec2::splat(d), c + Vec2::splat(d)], stroke);
        painter.line_segment([c + Vec2::new(-d, d), c + Vec2::new(d, -d)], stroke);
    }
    if let Some(index) = view.last_move {
        let r = Rect::from_center_size(grid.center(index), Vec2::splat(grid.cell * 0.96));
        painter.rect_stroke(r, 0.0, Stroke::new(2.0, RED), StrokeKind::Middle);
    }
    if let (Some(&a), Some(&b)) = (view.winning_line.first(), view.winning_line.last()) {
        let stroke = Stroke::new(grid.cell * 0.12, RED.gamma_multiply(0.85));
        painter.line_segment([grid.center(a), grid.center(b)], stroke);
    }
    if look.heat {
        heat_map(painter, grid, view);
    }
    if look.hints {
        let font = FontId::proportional(grid.cell * 0.32);
        for hint in view.hints.iter().flatten() {
            let Some(index) = hint.cell else { continue };
            painter.circle_filled(
                grid.center(index),
                grid.cell * 0.4,
                Color32::from_rgba_unmultiplied(30, 90, 200, 150),
            );
            painter.text(
                grid.center(index),
                Align2::CENTER_CENTER,
                hint_label(hint.value),
                font.clone(),
                Color32::WHITE,
            );
        }
    }
}

/// Colours every candidate move the engine valued: red for the best, through orange, to
/// faint yellow for the worst, so the player sees where the engine looks.
fn heat_map(painter: &Painter, grid: &Grid, view: &View) {
    let hints: Vec<_> = view
        .hints
        .iter()
        .flatten()
        .filter_map(|h| h.cell.map(|c| (c, h.value)))
        .collect();
    let (low, high) = hints
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &(_, v)| {
            (lo.min(v), hi.max(v))
        });
    for (cell, value) in hints {
        let heat = heat_of(value, low, high);
        let color = Color32::from_rgba_unmultiplied(
            255,
            (230.0 - 200.0 * heat) as u8,
            (90.0 - 90.0 * heat) as u8,
            (70.0 + 150.0 * heat) as u8,
        );
        let r = Rect::from_center_size(grid.center(cell), Vec2::splat(grid.cell * 0.9));
        painter.rect_filled(r, grid.cell * 0.2, color);
    }
}

/// Where `value` lies between `low` (0) and `high` (1); 1 when all values are equal.
fn heat_of(value: f64, low: f64, high: f64) -> f32 {
    if high > low {
        ((value - low) / (high - low)) as f32
    } else {
        1.0
    }
}

/// The star points of a `size` board: the centre and the four 3-4 points on boards of 13 and
/// more; only the centre on smaller ones.
fn star_points(size: usize) -> Vec<(usize, usize)> {
    let mid = size / 2;
    if size < 13 {
        return vec![(mid, mid)];
    }
    let (a, b) = (3, size - 4);
    vec![(mid, mid), (a, a), (a, b), (b, a), (b, b)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heat_runs_from_the_worst_to_the_best_value() {
        assert_eq!(heat_of(-3.0, -3.0, 5.0), 0.0);
        assert_eq!(heat_of(5.0, -3.0, 5.0), 1.0);
        assert_eq!(heat_of(1.0, -3.0, 5.0), 0.5);
        assert_eq!(heat_of(2.0, 2.0, 2.0), 1.0);
    }
}
