//! The side panel: players and their levels, whose turn, scores, clocks, the engine's live
//! line, the move list, and buttons a click presses.

use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;
use tabula_games::GameKind;
use tabula_i18n::{tr, Catalog};
use tabula_match::words::{player_name, status};
use tabula_match::{Status, View};

use crate::input::Action;
use crate::text::seat_text;
use crate::theme::Theme;

/// The panel's buttons: catalog key, key to show, action.
const BUTTONS: [(&str, &str, Action); 7] = [
    ("tui-button-new", "n", Action::NewGame),
    ("tui-button-undo", "u", Action::Undo),
    ("tui-button-redo", "r", Action::Redo),
    ("tui-button-hints", "t", Action::Hints),
    ("tui-button-help", "?", Action::Help),
    ("tui-button-menu", "b", Action::Launcher),
    ("tui-button-quit", "q", Action::Quit),
];

/// `m:ss` of a duration.
fn clock(d: std::time::Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

/// A count in thousands or millions.
fn short(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{}k", n / 1000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// What the app adds to the panel beyond the view (2048's best score and autoplay).
#[derive(Clone, Debug, Default)]
pub struct Notes {
    /// A status line instead of the view's.
    pub status: Option<String>,
    /// Lines under the score.
    pub lines: Vec<String>,
}

/// Draws the panel; returns where its buttons are. `scroll` counts moves back from the end of
/// the move list.
pub fn draw(
    frame: &mut Frame<'_>,
    area: Rect,
    view: &View,
    notes: &Notes,
    cat: &Catalog,
    theme: Theme,
    scroll: usize,
) -> Vec<(Rect, Action)> {
    let kind = view.game;
    let block = Block::default().borders(Borders::LEFT);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let mut lines = vec![Line::styled(
        cat.text(tabula_match::words::game_key(kind)),
        theme.title(),
    )];
    for (p, seat) in view.seats.iter().enumerate() {
        let mut spans = vec![];
        if kind != GameKind::Game2048 {
            let mover = view.to_move() == Some(p);
            spans.push(Span::raw(if mover { "▶ " } else { "  " }));
            spans.push(Span::styled(
                format!("{}: ", player_name(cat, kind, p)),
                Style::default(),
            ));
        }
        spans.push(Span::raw(seat_text(cat, kind, seat)));
        lines.push(Line::from(spans));
    }
    let status_style = match view.status {
        Status::Over(_) => theme.title(),
        _ => Style::default(),
    };
    let status = notes.status.clone().unwrap_or_else(|| status(cat, view));
    lines.push(Line::styled(status, status_style));
    let score = if kind == GameKind::Game2048 {
        tr!(
            cat,
            "tui-score",
            score = view.scores.first().copied().unwrap_or(0)
        )
    } else {
        view.scores
            .iter()
            .enumerate()
            .map(|(p, s)| format!("{} {s}", player_name(cat, kind, p)))
            .collect::<Vec<_>>()
            .join(" – ")
    };
    lines.push(Line::raw(score));
    lines.extend(notes.lines.iter().map(|n| Line::raw(n.clone())));
    if let Some(clocks) = &view.clocks {
        let text = clocks
            .iter()
            .enumerate()
            .map(|(p, c)| {
                let run = if c.running { "⏱" } else { "" };
                format!("{} {}{run}", player_name(cat, kind, p), clock(c.remaining))
            })
            .collect::<Vec<_>>()
            .join("  ");
        lines.push(Line::raw(text));
    }
    if let Some(progress) = &view.thinking {
        lines.push(Line::styled(
            tr!(
                cat,
                "tui-thinking",
                depth = progress.depth,
                speed = short(progress.nodes_per_second()),
                value = progress
                    .value
                    .map_or_else(|| "?".to_string(), |v| format!("{v:+.1}"))
            ),
            theme.dim(),
        ));
        let best = if progress.pv.is_empty() {
            progress.best.clone().unwrap_or_default()
        } else {
            progress.pv.join(" ")
        };
        lines.push(Line::styled(
            tr!(cat, "tui-best-line", line = best),
            theme.dim(),
        ));
    }
    if kind == GameKind::Game2048 {
        if let Some(hints) = &view.hints {
            let text = hints
                .iter()
                .map(|h| format!("{} {:.0}", h.notation, h.value))
                .collect::<Vec<_>>()
                .join("  ");
            lines.push(Line::styled(text, theme.hint(true)));
        }
    }
    // Buttons: two rows at the bottom.
    let button_rows = 2u16;
    let top_len = lines.len() as u16 + 1;
    let list_height = inner.height.saturating_sub(top_len + button_rows + 1) as usize;
    lines.push(Line::styled(cat.text("tui-moves"), theme.title()));
    let plies = &view.history;
    let end = plies.len().saturating_sub(scroll.min(plies.len()));
    let start = end.saturating_sub(list_height);
    for ply in &plies[start..end] {
        let who = match ply.player {
            Some(p) if kind != GameKind::Game2048 => player_name(cat, kind, p),
            Some(_) => String::new(),
            None => "·".to_string(),
        };
        let who = if who.is_empty() { who } else { who + " " };
        lines.push(Line::raw(format!(
            "{:>3}. {who}{}",
            ply.number, ply.notation
        )));
    }
    frame.render_widget(Paragraph::new(lines), inner);
    let mut buttons = Vec::new();
    let mut x = inner.x;
    let mut y = inner.y + inner.height.saturating_sub(button_rows);
    for (key, shortcut, action) in BUTTONS {
        let text = format!("[{shortcut} {}]", cat.text(key));
        let width = Span::raw(&text).width() as u16;
        if x + width > inner.x + inner.width {
            x = inner.x;
            y += 1;
        }
        if y >= inner.y + inner.height {
            break;
        }
        let rect = Rect::new(x, y, width, 1);
        frame.render_widget(Paragraph::new(Span::styled(text, theme.dim())), rect);
        buttons.push((rect, action));
        x += width + 1;
    }
    buttons
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;
    use tabula_core::Progress;
    use tabula_i18n::Lang;
    use tabula_match::{ClockView, MatchSettings};

    #[test]
    fn the_engine_line_and_the_clocks_are_shown() {
        let mut controller = tabula_match::open(MatchSettings::people(GameKind::Reversi)).unwrap();
        let mut view = controller.view();
        let _ = controller.handle(tabula_match::Command::Quit);
        view.thinking = Some(Progress {
            depth: 12,
            nodes: 3_000_000,
            elapsed: std::time::Duration::from_secs(2),
            best: Some("f5".into()),
            value: Some(2.5),
            exact: false,
            pv: vec!["f5".into(), "d6".into(), "c3".into()],
        });
        view.clocks = Some(vec![
            ClockView {
                remaining: std::time::Duration::from_secs(125),
                running: true,
            },
            ClockView {
                remaining: std::time::Duration::from_secs(60),
                running: false,
            },
        ]);
        let cat = Catalog::new(Lang::En);
        let mut terminal = Terminal::new(TestBackend::new(40, 20)).unwrap();
        terminal
            .draw(|frame| {
                let area = frame.area();
                draw(
                    frame,
                    area,
                    &view,
                    &Notes::default(),
                    &cat,
                    Theme { color: false },
                    0,
                );
            })
            .unwrap();
        let buffer = terminal.backend().buffer();
        let text: String = (0..20)
            .map(|y| (0..40).map(|x| buffer[(x, y)].symbol()).collect::<String>() + "\n")
            .collect();
        assert!(text.contains("depth 12 · 1.5M nodes/s · +2.5"), "{text}");
        assert!(text.contains("best line: f5 d6 c3"), "{text}");
        assert!(
            text.contains("Black 2:05") && text.contains("White 1:00"),
            "{text}"
        );
    }
}
