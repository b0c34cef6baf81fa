//! Where things go on the screen: the board on the left, the side panel on the right, a status
//! line at the bottom; and the board's geometry, which both drawing and mouse clicks use.

use ratatui::layout::Rect;

/// How a game's board is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardStyle {
    /// Cells in boxes with grid lines between them (tic-tac-toe, reversi, 2048); otherwise
    /// stones on the intersections of a grid (gomoku).
    pub boxed: bool,
    /// The narrowest cell that still shows a piece's text (a move number, a tile).
    pub min_cell_width: u16,
}

/// The screen's parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScreenAreas {
    /// Where the board is drawn (centred in it).
    pub board: Rect,
    /// The side panel.
    pub panel: Rect,
    /// The bottom line: messages and the command line.
    pub status: Rect,
}

/// Splits the screen: the side panel takes a third, from 30 to 40 columns.
pub fn screen(area: Rect) -> ScreenAreas {
    let status_h = area.height.min(1);
    let body_h = area.height - status_h;
    let panel_w = (area.width / 3).clamp(30, 40).min(area.width);
    let board_w = area.width - panel_w;
    ScreenAreas {
        board: Rect::new(area.x, area.y, board_w, body_h),
        panel: Rect::new(area.x + board_w, area.y, panel_w, body_h),
        status: Rect::new(area.x, area.y + body_h, area.width, status_h),
    }
}

/// Where a board's cells are on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardGeometry {
    /// The whole board with its coordinates.
    pub area: Rect,
    /// The left edge of the first column of cells.
    pub left: u16,
    /// The top edge of the first row of cells.
    pub top: u16,
    /// A cell's width.
    pub cell_width: u16,
    /// A cell's height.
    pub cell_height: u16,
    /// Columns of cells.
    pub columns: usize,
    /// Rows of cells.
    pub rows: usize,
    /// The width of the row labels on the left.
    pub label_width: u16,
    /// Whether grid lines lie between the cells.
    pub boxed: bool,
}

impl BoardGeometry {
    fn gap(&self) -> u16 {
        u16::from(self.boxed)
    }

    /// The rectangle of the cell at `column`, `row`.
    pub fn cell_rect(&self, column: usize, row: usize) -> Rect {
        let step_x = self.cell_width + self.gap();
        let step_y = self.cell_height + self.gap();
        Rect::new(
            self.left + column as u16 * step_x,
            self.top + row as u16 * step_y,
            self.cell_width,
            self.cell_height,
        )
    }

    /// The cell under the screen position `x`, `y` (`column`, `row`), if any; grid lines belong
    /// to no cell.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<(usize, usize)> {
        let step_x = self.cell_width + self.gap();
        let step_y = self.cell_height + self.gap();
        let dx = x.checked_sub(self.left)?;
        let dy = y.checked_sub(self.top)?;
        let (column, row) = ((dx / step_x) as usize, (dy / step_y) as usize);
        let inside = dx % step_x < self.cell_width && dy % step_y < self.cell_height;
        (inside && column < self.columns && row < self.rows).then_some((column, row))
    }
}

/// The board's size on screen for these cell sizes.
fn extent(style: BoardStyle, columns: u16, rows: u16, label: u16, cw: u16, ch: u16) -> (u16, u16) {
    if style.boxed {
        (label + columns * (cw + 1) + 1, 1 + rows * (ch + 1) + 1)
    } else {
        (label + columns * cw, 1 + rows * ch)
    }
}

/// The largest board of `columns` × `rows` cells (row labels `label_len` wide) that fits in
/// `area`, centred; or, when none fits, the smallest size the screen would need.
pub fn fit(
    area: Rect,
    columns: usize,
    rows: usize,
    label_len: usize,
    style: BoardStyle,
) -> Result<BoardGeometry, (u16, u16)> {
    let candidates: &[(u16, u16)] = if style.boxed {
        &[(11, 5), (9, 4), (7, 3), (5, 2), (3, 1)]
    } else {
        &[(3, 1)]
    };
    let label = label_len as u16 + 1;
    let (c, r) = (columns as u16, rows as u16);
    let sizes = candidates
        .iter()
        .map(|&(cw, ch)| (cw.max(style.min_cell_width), ch))
        .chain([(style.min_cell_width, 1)]);
    let mut smallest = (u16::MAX, u16::MAX);
    for (cw, ch) in sizes {
        let (w, h) = extent(style, c, r, label, cw, ch);
        if w <= area.width && h <= area.height {
            let x = area.x + (area.width - w) / 2;
            let y = area.y + (area.height - h) / 2;
            let gap = u16::from(style.boxed);
            return Ok(BoardGeometry {
                area: Rect::new(x, y, w, h),
                left: x + label + gap,
                top: y + 1 + gap,
                cell_width: cw,
                cell_height: ch,
                columns,
                rows,
                label_width: label,
                boxed: style.boxed,
            });
        }
        smallest = (w, h);
    }
    Err(smallest)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOXED: BoardStyle = BoardStyle {
        boxed: true,
        min_cell_width: 3,
    };

    #[test]
    fn cells_and_clicks_agree() {
        for (w, h) in [(40, 20), (80, 24), (120, 50)] {
            let g = fit(Rect::new(0, 0, w, h), 8, 8, 1, BOXED).unwrap();
            for row in 0..8 {
                for column in 0..8 {
                    let r = g.cell_rect(column, row);
                    assert_eq!(g.cell_at(r.x, r.y), Some((column, row)));
                    assert_eq!(
                        g.cell_at(r.x + r.width - 1, r.y + r.height - 1),
                        Some((column, row))
                    );
                    assert_eq!(g.cell_at(r.x + r.width, r.y), None, "a grid line");
                }
            }
        }
    }

    #[test]
    fn a_small_screen_says_what_it_needs() {
        let need = fit(Rect::new(0, 0, 20, 10), 15, 15, 2, BOXED).unwrap_err();
        assert!(need.0 > 20 && need.1 > 10);
    }
}
