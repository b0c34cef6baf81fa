//! Gomoku: stones on the intersections of a wooden board, with their move numbers on request.

use ratatui::style::{Color, Modifier};
use tabula_match::Piece;

use super::{CellPaint, PaintContext};
use crate::layout::BoardStyle;

/// Stones on intersections, three columns a point.
pub const STYLE: BoardStyle = BoardStyle {
    boxed: false,
    min_cell_width: 3,
};

/// The board's wood.
pub const WOOD: Color = Color::Rgb(214, 170, 100);

/// The grid line through an empty point: `─┼─`, with corners and edges.
fn intersection(column: usize, row: usize, width: usize, height: usize) -> String {
    let centre = match (
        row == 0,
        row + 1 == height,
        column == 0,
        column + 1 == width,
    ) {
        (true, _, true, _) => '┌',
        (true, _, _, true) => '┐',
        (_, true, true, _) => '└',
        (_, true, _, true) => '┘',
        (true, ..) => '┬',
        (_, true, ..) => '┴',
        (_, _, true, _) => '├',
        (_, _, _, true) => '┤',
        _ => '┼',
    };
    let left = if column == 0 { ' ' } else { '─' };
    let right = if column + 1 == width { ' ' } else { '─' };
    format!("{left}{centre}{right}")
}

/// A stone (`●`, or its move number when numbers are on), or the grid line.
pub fn paint(ctx: &PaintContext<'_>, cell: usize) -> CellPaint {
    let view = ctx.view;
    let (column, row) = (cell % view.width, cell / view.width);
    match view.cells[cell].piece {
        Piece::Player(player) => {
            let mut style = ctx.theme.piece(player, Some(WOOD));
            let text = match view.cells[cell].number.filter(|_| ctx.numbers) {
                Some(n) => {
                    style = if ctx.theme.color {
                        let bg = if player == 0 {
                            Color::Black
                        } else {
                            Color::White
                        };
                        let fg = if player == 0 {
                            Color::White
                        } else {
                            Color::Black
                        };
                        style.bg(bg).fg(fg)
                    } else if player == 0 {
                        style.add_modifier(Modifier::REVERSED)
                    } else {
                        style
                    };
                    n.to_string()
                }
                None if ctx.theme.color || player == 0 => "●".to_string(),
                None => "○".to_string(),
            };
            CellPaint { text, style }
        }
        _ => CellPaint {
            text: intersection(column, row, view.width, view.height),
            style: ctx.theme.board(WOOD),
        },
    }
}
