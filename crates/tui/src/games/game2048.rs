//! 2048: coloured tiles; during a slide every tile travels from its old cell to its new one and
//! the new tiles appear at the end.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use tabula_match::{Piece, View};

use super::{CellPaint, PaintContext};
use crate::board::fill_cell;
use crate::layout::{BoardGeometry, BoardStyle};
use crate::theme::Theme;

/// Boxes wide enough for 131072.
pub const STYLE: BoardStyle = BoardStyle {
    boxed: true,
    min_cell_width: 6,
};

/// A tile or an empty cell.
pub fn paint(ctx: &PaintContext<'_>, cell: usize) -> CellPaint {
    let value = match ctx.view.cells[cell].piece {
        Piece::Tile(v) => v,
        _ => 0,
    };
    CellPaint {
        text: if value == 0 {
            String::new()
        } else {
            value.to_string()
        },
        style: ctx.theme.tile(value),
    }
}

/// Draws the slide in progress (`progress` from 0 to 1): empty cells, then each tile of the
/// last slide on its way from its old cell to its new one.
pub fn draw_slides(
    buf: &mut Buffer,
    geometry: &BoardGeometry,
    view: &View,
    theme: Theme,
    progress: f32,
) {
    let rect = |cell: usize| geometry.cell_rect(cell % view.width, cell / view.width);
    for cell in 0..view.cells.len() {
        fill_cell(buf, rect(cell), "", theme.tile(0));
    }
    for slide in &view.change.slides {
        let (from, to) = (rect(slide.from), rect(slide.to));
        let lerp = |a: u16, b: u16| (a as f32 + (b as f32 - a as f32) * progress).round() as u16;
        let at = Rect::new(lerp(from.x, to.x), lerp(from.y, to.y), to.width, to.height);
        fill_cell(buf, at, &slide.value.to_string(), theme.tile(slide.value));
    }
}
