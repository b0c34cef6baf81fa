//! 2048 in the original game's colours: tiles slide (100 ms), then merged tiles pop and new
//! ones appear (200 ms each).

use std::f32::consts::PI;

use eframe::egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Vec2};
use tabula_match::{Piece, View};

use super::Look;
use crate::board::Grid;

/// The board's colour.
pub const BOARD: Color32 = Color32::from_rgb(0xbb, 0xad, 0xa0);
const EMPTY: Color32 = Color32::from_rgb(0xcd, 0xc1, 0xb4);
const DARK_TEXT: Color32 = Color32::from_rgb(0x77, 0x6e, 0x65);
const LIGHT_TEXT: Color32 = Color32::from_rgb(0xf9, 0xf6, 0xf2);

const SLIDE: f32 = 0.1;
const POP: f32 = 0.2;

/// A tile's background and text colours, as the original game has them.
pub fn tile_colors(value: u64) -> (Color32, Color32) {
    let rgb = |hex: u32| Color32::from_rgb((hex >> 16) as u8, (hex >> 8) as u8, hex as u8);
    let background = match value {
        2 => rgb(0xeee4da),
        4 => rgb(0xede0c8),
        8 => rgb(0xf2b179),
        16 => rgb(0xf59563),
        32 => rgb(0xf67c5f),
        64 => rgb(0xf65e3b),
        128 => rgb(0xedcf72),
        256 => rgb(0xedcc61),
        512 => rgb(0xedc850),
        1024 => rgb(0xedc53f),
        2048 => rgb(0xedc22e),
        _ => rgb(0x3c3a32),
    };
    let text = if value <= 4 { DARK_TEXT } else { LIGHT_TEXT };
    (background, text)
}

/// Draws a 2048 position.
pub fn paint(painter: &Painter, grid: &Grid, view: &View, look: &Look) {
    let gap = grid.cell * 0.06;
    painter.rect_filled(grid.rect().expand(gap * 2.0), gap * 1.5, BOARD);
    for index in 0..view.cells.len() {
        painter.rect_filled(grid.cell_rect(index).shrink(gap), gap, EMPTY);
    }
    let change = &view.change;
    let slide = look.anim.progress(0.0, SLIDE);
    if slide < 1.0 && !change.slides.is_empty() {
        for s in &change.slides {
            let at = grid.center(s.from).lerp(grid.center(s.to), slide);
            tile(painter, grid, at, s.value, 1.0);
        }
        return;
    }
    let pop = look.anim.progress(SLIDE, POP);
    for (index, cell) in view.cells.iter().enumerate() {
        let Piece::Tile(value) = cell.piece else {
            continue;
        };
        let scale = if change.spawned.contains(&index) {
            pop
        } else if change.merged.contains(&index) {
            1.0 + 0.2 * (PI * pop).sin()
        } else {
            1.0
        };
        if scale > 0.0 {
            tile(painter, grid, grid.center(index), value, scale);
        }
    }
}

/// One tile of `value` centred at `center`, `scale` of its size.
fn tile(painter: &Painter, grid: &Grid, center: Pos2, value: u64, scale: f32) {
    let gap = grid.cell * 0.06;
    let size = (grid.cell - 2.0 * gap) * scale;
    let rect = Rect::from_center_size(center, Vec2::splat(size));
    let (background, text) = tile_colors(value);
    painter.rect_filled(rect, gap, background);
    let digits = value.to_string();
    let height = match digits.len() {
        1 | 2 => 0.45,
        3 => 0.36,
        4 => 0.28,
        _ => 0.22,
    } * grid.cell
        * scale;
    painter.text(
        center,
        Align2::CENTER_CENTER,
        digits,
        FontId::proportional(height),
        text,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_follow_the_original() {
        assert_eq!(tile_colors(2).0, Color32::from_rgb(0xee, 0xe4, 0xda));
        assert_eq!(tile_colors(2048).0, Color32::from_rgb(0xed, 0xc2, 0x2e));
        assert_eq!(tile_colors(4).1, DARK_TEXT);
        assert_eq!(tile_colors(8).1, LIGHT_TEXT);
        assert_eq!(tile_colors(1 << 16).0, Color32::from_rgb(0x3c, 0x3a, 0x32));
    }
}
