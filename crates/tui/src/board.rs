//! The board widget shared by every game: coordinates on the edges, grid lines, each cell as
//! its game paints it, then the marks every game shares — legal-move dots, hint values, the last
//! move, the winning line, the cursor.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use tabula_games::GameKind;
use tabula_match::{Piece, VerdictView, View};

use crate::games::{self, PaintContext};
use crate::layout::BoardGeometry;
use crate::theme::Theme;

/// How many hint values gomoku shows (the best ones): a full board of numbers hides the game.
const GOMOKU_HINTS: usize = 9;

/// What the board shows besides the position.
pub struct BoardMarks {
    /// Colours or not.
    pub theme: Theme,
    /// Move numbers on stones.
    pub numbers: bool,
    /// The keyboard cursor's cell, when shown.
    pub cursor: Option<usize>,
    /// The animation's progress (0 to 1) while one runs.
    pub progress: Option<f32>,
}

/// Fills `rect` with `style` and writes `text` centred on its middle row.
pub fn fill_cell(buf: &mut Buffer, rect: Rect, text: &str, style: Style) {
    let rect = rect.intersection(buf.area);
    if rect.is_empty() {
        return;
    }
    buf.set_style(rect, style);
    for y in rect.y..rect.y + rect.height {
        for x in rect.x..rect.x + rect.width {
            buf[(x, y)].set_symbol(" ");
        }
    }
    let width = Line::raw(text).width() as u16;
    let x = rect.x + rect.width.saturating_sub(width) / 2;
    buf.set_stringn(
        x,
        rect.y + rect.height / 2,
        text,
        rect.width as usize,
        style,
    );
}

/// A hint value short enough for `width` columns: `W`/`L`/`=` for proven results where the
/// value says no more (`letters`), else the rounded value (`k` for thousands).
pub fn hint_text(value: f64, verdict: Option<VerdictView>, letters: bool, width: usize) -> String {
    match verdict.filter(|_| letters) {
        Some(VerdictView::Win) => return "W".into(),
        Some(VerdictView::Loss) => return "L".into(),
        Some(VerdictView::Draw) => return "=".into(),
        None => {}
    }
    let rounded = value.round() as i64;
    let plain = format!("{rounded:+}");
    if plain.len() <= width {
        return plain;
    }
    let k = format!("{:+}k", rounded / 1000);
    if k.len() <= width {
        k
    } else {
        (if rounded < 0 { "-" } else { "+" }).to_string()
    }
}

/// Draws `view`'s board at `geometry`.
pub fn draw(buf: &mut Buffer, geometry: &BoardGeometry, view: &View, marks: &BoardMarks) {
    let theme = marks.theme;
    let bg = games::background(view.game);
    let line_style = theme.board(bg);
    let g = geometry;
    // Coordinates.
    for (column, label) in view.column_labels.iter().enumerate() {
        let r = g.cell_rect(column, 0);
        let x = r.x + r.width.saturating_sub(label.len() as u16) / 2;
        buf.set_string(x, g.area.y, label, theme.label());
    }
    for (row, label) in view.row_labels.iter().enumerate() {
        let r = g.cell_rect(0, row);
        let x = g.area.x + (g.label_width - 1).saturating_sub(label.len() as u16);
        buf.set_string(x, r.y + r.height / 2, label, theme.label());
    }
    if g.boxed {
        draw_grid(buf, g, line_style);
    }
    let ctx = PaintContext {
        view,
        theme,
        numbers: marks.numbers,
        progress: marks.progress,
    };
    let sliding = view.game == GameKind::Game2048 && !view.change.slides.is_empty();
    match marks.progress {
        Some(progress) if sliding => games::draw_slides(buf, g, view, theme, progress),
        _ => {
            for cell in 0..view.cells.len() {
                let paint = games::paint(&ctx, cell);
                fill_cell(buf, rect_of(g, view, cell), &paint.text, paint.style);
            }
        }
    }
    if marks.progress.is_none() || !sliding {
        draw_marks(buf, g, view, marks);
    }
}

fn rect_of(g: &BoardGeometry, view: &View, cell: usize) -> Rect {
    g.cell_rect(cell % view.width, cell / view.width)
}

/// Legal-move dots, forbidden points (renju), hint values, the last move, the winning line and
/// the cursor.
fn draw_marks(buf: &mut Buffer, g: &BoardGeometry, view: &View, marks: &BoardMarks) {
    let theme = marks.theme;
    let board_bg = theme.board(games::background(view.game));
    if games::shows_legal_dots(view.game) {
        for cell in view.legal.iter().filter_map(|m| m.cell) {
            fill_cell(buf, rect_of(g, view, cell), "·", board_bg);
        }
    }
    for f in &view.forbidden {
        fill_cell(
            buf,
            rect_of(g, view, f.cell),
            "×",
            board_bg.patch(theme.error()),
        );
    }
    if let Some(hints) = &view.hints {
        let shown = if view.game == GameKind::Gomoku {
            GOMOKU_HINTS
        } else {
            hints.len()
        };
        for (i, hint) in hints.iter().take(shown).enumerate() {
            if let Some(cell) = hint.cell {
                let letters = view.game != GameKind::Reversi;
                let text = hint_text(hint.value, hint.verdict, letters, g.cell_width as usize);
                let style = board_bg.patch(theme.hint(i == 0));
                fill_cell(buf, rect_of(g, view, cell), &text, style);
            }
        }
    }
    for &cell in &view.winning_line {
        buf.set_style(rect_of(g, view, cell), theme.winning());
    }
    if let Some(cell) = view.last_move {
        let r = rect_of(g, view, cell);
        if matches!(view.cells[cell].piece, Piece::Player(_)) && r.width >= 3 {
            let y = r.y + r.height / 2;
            let style = buf[(r.x, y)].style().add_modifier(Modifier::BOLD);
            buf.set_string(r.x, y, "[", style);
            buf.set_string(r.x + r.width - 1, y, "]", style);
        }
    }
    if let Some(cell) = marks.cursor.filter(|&c| c < view.cells.len()) {
        buf.set_style(rect_of(g, view, cell), theme.cursor());
    }
}

/// Box-drawing lines around and between the cells.
fn draw_grid(buf: &mut Buffer, g: &BoardGeometry, style: Style) {
    let (cw, ch) = (g.cell_width as usize, g.cell_height as usize);
    let piece = |l: char, m: char, r: char| {
        let mut s = String::from(l);
        for c in 0..g.columns {
            s.push_str(&"─".repeat(cw));
            s.push(if c + 1 == g.columns { r } else { m });
        }
        s
    };
    let x = g.left - 1;
    let mut y = g.top - 1;
    for row in 0..=g.rows {
        let line = match row {
            0 => piece('┌', '┬', '┐'),
            r if r == g.rows => piece('└', '┴', '┘'),
            _ => piece('├', '┼', '┤'),
        };
        buf.set_string(x, y, line, style);
        if row < g.rows {
            for dy in 1..=ch as u16 {
                for c in 0..=g.columns {
                    buf.set_string(x + (c * (cw + 1)) as u16, y + dy, "│", style);
                }
            }
        }
        y += ch as u16 + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hint_texts_fit() {
        assert_eq!(hint_text(3.6, None, true, 3), "+4");
        assert_eq!(hint_text(-12.0, None, true, 3), "-12");
        assert_eq!(hint_text(4_500.0, None, true, 3), "+4k");
        assert_eq!(hint_text(45_000.0, None, true, 3), "+");
        assert_eq!(hint_text(1.0, Some(VerdictView::Win), true, 3), "W");
        assert_eq!(hint_text(-6.0, Some(VerdictView::Loss), false, 3), "-6");
    }
}
