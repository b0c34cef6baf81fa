//! Reversi: black and white discs on a green board; the discs the last move turned over flip
//! one after the other over a few frames.

use ratatui::style::Color;
use tabula_match::Piece;

use super::{CellPaint, PaintContext};
use crate::layout::BoardStyle;

/// Boxes, three columns at least.
pub const STYLE: BoardStyle = BoardStyle {
    boxed: true,
    min_cell_width: 3,
};

/// The board's cloth.
pub const GREEN: Color = Color::Rgb(0, 110, 60);

/// A disc: `●` in its colour, `○` for white in monochrome; a disc in mid-flip shows its edge.
pub fn paint(ctx: &PaintContext<'_>, cell: usize) -> CellPaint {
    let Piece::Player(mut player) = ctx.view.cells[cell].piece else {
        return CellPaint {
            text: String::new(),
            style: ctx.theme.board(GREEN),
        };
    };
    if let (Some(progress), Some(order)) = (
        ctx.progress,
        ctx.view.change.flipped.iter().position(|&c| c == cell),
    ) {
        // Disc `order` turns during its own stretch of the animation, nearest first.
        let count = ctx.view.change.flipped.len() as f32;
        let start = order as f32 / (count + 1.0);
        let end = (order as f32 + 2.0) / (count + 1.0);
        if progress < start {
            player ^= 1;
        } else if progress < end {
            return CellPaint {
                text: "│".to_string(),
                style: ctx.theme.piece(player, Some(GREEN)),
            };
        }
    }
    let text = if ctx.theme.color || player == 0 {
        "●"
    } else {
        "○"
    };
    CellPaint {
        text: text.to_string(),
        style: ctx.theme.piece(player, Some(GREEN)),
    }
}
