//! Tic-tac-toe: red X and blue O in boxes.

use tabula_match::Piece;

use super::{CellPaint, PaintContext};
use crate::layout::BoardStyle;

/// Boxes, three columns at least.
pub const STYLE: BoardStyle = BoardStyle {
    boxed: true,
    min_cell_width: 3,
};

/// An X, an O or nothing.
pub fn paint(ctx: &PaintContext<'_>, cell: usize) -> CellPaint {
    match ctx.view.cells[cell].piece {
        Piece::Player(p) => CellPaint {
            text: ctx.view.seats[p].name.to_string(),
            style: ctx.theme.mark(p),
        },
        _ => CellPaint {
            text: String::new(),
            style: Default::default(),
        },
    }
}
