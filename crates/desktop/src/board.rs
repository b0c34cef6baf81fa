//! What every board shares: square cells fitted to the space the window gives, the coordinate
//! labels around them, and one labelled, clickable area per square (its AccessKit name is the
//! square's notation, `e4`, so tests and screen readers find it).

use eframe::egui::{self, Align2, Color32, FontId, Painter, Pos2, Rect, Role, Sense, Ui, Vec2};
use tabula_match::View;

/// The squares of a board laid out in a rectangle of the window.
#[derive(Clone, Copy, Debug)]
pub struct Grid {
    /// The top-left corner of the first square.
    pub origin: Pos2,
    /// The side of a square in points.
    pub cell: f32,
    /// Columns.
    pub cols: usize,
    /// Rows.
    pub rows: usize,
}

impl Grid {
    /// The largest square cells that fit `cols` × `rows` in `space`, centred, with a margin of
    /// `margin` cells on every side for the coordinates.
    pub fn fit(space: Rect, cols: usize, rows: usize, margin: f32) -> Grid {
        let (w, h) = (cols as f32 + 2.0 * margin, rows as f32 + 2.0 * margin);
        let cell = (space.width() / w).min(space.height() / h).max(1.0);
        let size = Vec2::new(cols as f32 * cell, rows as f32 * cell);
        Grid {
            origin: space.center() - size / 2.0,
            cell,
            cols,
            rows,
        }
    }

    /// The rectangle of all the squares.
    pub fn rect(&self) -> Rect {
        Rect::from_min_size(
            self.origin,
            Vec2::new(self.cols as f32, self.rows as f32) * self.cell,
        )
    }

    /// The rectangle of square `index` (row-major from the top-left).
    pub fn cell_rect(&self, index: usize) -> Rect {
        let (col, row) = (index % self.cols, index / self.cols);
        Rect::from_min_size(
            self.origin + Vec2::new(col as f32, row as f32) * self.cell,
            Vec2::splat(self.cell),
        )
    }

    /// The centre of square `index`.
    pub fn center(&self, index: usize) -> Pos2 {
        self.cell_rect(index).center()
    }

    /// Writes the column labels above and below the squares and the row labels left and right.
    pub fn labels(&self, painter: &Painter, view: &View, color: Color32) {
        let font = FontId::proportional((self.cell * 0.32).clamp(9.0, 18.0));
        let rect = self.rect();
        let gap = self.cell * 0.3;
        for (col, label) in view.column_labels.iter().enumerate() {
            let x = self.origin.x + (col as f32 + 0.5) * self.cell;
            for (y, align) in [
                (rect.top() - gap, Align2::CENTER_BOTTOM),
                (rect.bottom() + gap, Align2::CENTER_TOP),
            ] {
                painter.text(Pos2::new(x, y), align, label, font.clone(), color);
            }
        }
        for (row, label) in view.row_labels.iter().enumerate() {
            let y = self.origin.y + (row as f32 + 0.5) * self.cell;
            for (x, align) in [
                (rect.left() - gap, Align2::RIGHT_CENTER),
                (rect.right() + gap, Align2::LEFT_CENTER),
            ] {
                painter.text(Pos2::new(x, y), align, label, font.clone(), color);
            }
        }
    }
}

/// What the mouse did on the board this frame.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoardInput {
    /// The square clicked.
    pub clicked: Option<usize>,
    /// The square under the mouse.
    pub hovered: Option<usize>,
}

/// Gives every square an interactive area labelled with its name; returns what was clicked
/// and hovered.
pub fn squares(ui: &mut Ui, grid: &Grid, view: &View) -> BoardInput {
    let mut input = BoardInput::default();
    let enabled = ui.is_enabled();
    for (index, cell) in view.cells.iter().enumerate() {
        let id = ui.scope_id().with(("square", index));
        let response = ui.interact(grid.cell_rect(index), id, Sense::click());
        response.widget_info(|| egui::WidgetInfo::labeled(Role::Button, enabled, &cell.name));
        if response.clicked() {
            input.clicked = Some(index);
        }
        if response.hovered() {
            input.hovered = Some(index);
        }
    }
    input
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_fit_and_stay_square() {
        let space = Rect::from_min_size(Pos2::ZERO, Vec2::new(1000.0, 500.0));
        let grid = Grid::fit(space, 8, 8, 0.5);
        assert_eq!(grid.cell, 500.0 / 9.0);
        assert!(space.contains_rect(grid.rect()));
        assert_eq!(grid.rect().center(), space.center());
        let last = grid.cell_rect(63);
        assert!((last.max - grid.rect().max).length() < 1e-3);
        assert!((grid.center(9) - (grid.origin + Vec2::splat(1.5 * grid.cell))).length() < 1e-3);
    }
}
