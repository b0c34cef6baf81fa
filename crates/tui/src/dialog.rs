//! Dialogs over the screen: the help overlay, confirmations, the game-over dialog, the offer
//! to resume a saved game and a swap opening's choice of colour. Esc closes any of them.

use crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;
use tabula_games::GameKind;
use tabula_i18n::Catalog;
use tabula_match::words::result;
use tabula_match::{Ending, MatchSettings, SwapChoice, View};

use crate::input::help_lines;
use crate::text::pad;
use crate::theme::Theme;

/// What a confirmation is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// A new game.
    NewGame,
    /// Back to the launcher.
    Launcher,
    /// Leaving the program.
    Quit,
}

/// A dialog on screen.
#[derive(Clone, Debug, PartialEq)]
pub enum Dialog {
    /// Every key.
    Help,
    /// A question answered with `y`/Enter or `n`/Esc.
    Confirm(Confirm),
    /// The game ended.
    GameOver(Ending),
    /// A saved game of this kind can be resumed; otherwise these settings start.
    Resume(Box<MatchSettings>),
    /// 2048: this goal tile was just made; keep going (`c`, Enter) or start again.
    Goal(u64),
    /// A swap opening asks the person to choose among these (`b` black, `w` white, `p` place
    /// two more stones); `u` takes back the last stone.
    Choose(Vec<SwapChoice>),
}

/// What a dialog's answer is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Yes (resume, confirm).
    Yes,
    /// No, or close.
    No,
    /// Game over: a new game.
    NewGame,
    /// Game over: take back the last move.
    Undo,
    /// Game over: back to the launcher.
    Launcher,
    /// A swap opening's choice.
    Choose(SwapChoice),
}

/// The key that makes a swap opening's choice.
fn choice_key(choice: SwapChoice) -> &'static str {
    match choice {
        SwapChoice::Black => "b",
        SwapChoice::White => "w",
        SwapChoice::PlaceTwo => "p",
    }
}

impl Dialog {
    /// The answer a key gives, if any.
    pub fn key(&self, code: KeyCode) -> Option<Answer> {
        match (self, code) {
            (_, KeyCode::Esc) => Some(Answer::No),
            (Dialog::Help, _) => Some(Answer::No),
            (Dialog::GameOver(_), KeyCode::Char('n')) => Some(Answer::NewGame),
            (Dialog::GameOver(_), KeyCode::Char('u')) => Some(Answer::Undo),
            (Dialog::GameOver(_), KeyCode::Char('b')) => Some(Answer::Launcher),
            (Dialog::GameOver(_), KeyCode::Enter) => Some(Answer::No),
            (Dialog::Goal(_), KeyCode::Char('c') | KeyCode::Enter) => Some(Answer::No),
            (Dialog::Goal(_), KeyCode::Char('n')) => Some(Answer::NewGame),
            (Dialog::Goal(_), KeyCode::Char('u')) => Some(Answer::Undo),
            (Dialog::Goal(_), _) => None,
            (Dialog::Choose(options), KeyCode::Char(c)) => options
                .iter()
                .find(|&&o| choice_key(o).starts_with(c))
                .map(|&o| Answer::Choose(o))
                .or((c == 'u').then_some(Answer::Undo)),
            (Dialog::Choose(_), _) => None,
            (_, KeyCode::Char('y') | KeyCode::Enter) => Some(Answer::Yes),
            (_, KeyCode::Char('n')) => Some(Answer::No),
            _ => None,
        }
    }

    fn buttons(&self) -> Vec<(&'static str, &'static str, Answer)> {
        match self {
            Dialog::Choose(options) => options
                .iter()
                .map(|&o| (choice_key(o), o.key(), Answer::Choose(o)))
                .chain([("u", "tui-button-undo", Answer::Undo)])
                .collect(),
            Dialog::Help => vec![("Esc", "tui-button-close", Answer::No)],
            Dialog::GameOver(_) => vec![
                ("n", "tui-button-new", Answer::NewGame),
                ("u", "tui-button-undo", Answer::Undo),
                ("b", "tui-button-menu", Answer::Launcher),
                ("Esc", "tui-button-close", Answer::No),
            ],
            Dialog::Goal(_) => vec![
                ("c", "tui-button-keep-going", Answer::No),
                ("n", "tui-button-new", Answer::NewGame),
                ("u", "tui-button-undo", Answer::Undo),
            ],
            _ => vec![
                ("y", "tui-button-yes", Answer::Yes),
                ("n", "tui-button-no", Answer::No),
            ],
        }
    }

    /// Draws the dialog centred on `area`; returns where its buttons are.
    pub fn draw(
        &self,
        frame: &mut Frame<'_>,
        area: Rect,
        view: Option<&View>,
        cat: &Catalog,
        theme: Theme,
    ) -> Vec<(Rect, Answer)> {
        let (title, body) = self.content(view, cat);
        let buttons: Vec<(String, Answer)> = self
            .buttons()
            .into_iter()
            .map(|(k, label, a)| (format!("[{k} {}]", cat.text(label)), a))
            .collect();
        let button_width: u16 = buttons
            .iter()
            .map(|(t, _)| Span::raw(t).width() as u16 + 1)
            .sum();
        let body_width = body.iter().map(Line::width).max().unwrap_or(0) as u16;
        let width = (body_width
            .max(button_width)
            .max(Span::raw(&title).width() as u16)
            + 4)
        .min(area.width);
        let height = (body.len() as u16 + 4).min(area.height);
        // The colour choice sits low, clear of the opening stones in the board's centre.
        let top = match self {
            Dialog::Choose(_) => area.height.saturating_sub(height + 1),
            _ => (area.height - height) / 2,
        };
        let rect = Rect::new(
            area.x + (area.width - width) / 2,
            area.y + top,
            width,
            height,
        );
        frame.render_widget(Clear, rect);
        let block = Block::default()
            .borders(Borders::ALL)
            .title(Span::styled(format!(" {title} "), theme.title()));
        let inner = block.inner(rect);
        frame.render_widget(block, rect);
        let lines = body;
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
        let mut out = Vec::new();
        let y = inner.y + inner.height.saturating_sub(1);
        let mut x = inner.x;
        for (text, answer) in buttons {
            let w = Span::raw(&text).width() as u16;
            if x + w > inner.x + inner.width {
                break;
            }
            let r = Rect::new(x, y, w, 1);
            frame.render_widget(Paragraph::new(Span::styled(text, theme.selected())), r);
            out.push((r, answer));
            x += w + 1;
        }
        out
    }

    fn content(&self, view: Option<&View>, cat: &Catalog) -> (String, Vec<Line<'static>>) {
        match self {
            Dialog::Help => {
                let kind = view.map_or(GameKind::Reversi, |v| v.game);
                let lines = help_lines(kind)
                    .into_iter()
                    .map(|(keys, what)| Line::raw(format!("{}{}", pad(keys, 16), cat.text(what))))
                    .chain([Line::raw(""), Line::raw(cat.text("tui-help-commands"))])
                    .collect();
                (cat.text("tui-help-title"), lines)
            }
            Dialog::Confirm(what) => {
                let key = match what {
                    Confirm::NewGame => "tui-confirm-new",
                    Confirm::Launcher => "tui-confirm-launcher",
                    Confirm::Quit => "tui-confirm-quit",
                };
                (
                    cat.text("tui-confirm-title"),
                    vec![Line::raw(cat.text(key))],
                )
            }
            Dialog::GameOver(ending) => {
                let kind = view.map_or(GameKind::Reversi, |v| v.game);
                let mut lines = vec![Line::raw(result(cat, kind, *ending))];
                if let Some(view) = view.filter(|v| !v.winning_line.is_empty()) {
                    let cells: Vec<&str> = view
                        .winning_line
                        .iter()
                        .map(|&c| view.cells[c].name.as_str())
                        .collect();
                    lines.push(Line::raw(tabula_i18n::tr!(
                        cat,
                        "tui-winning-line",
                        cells = cells.join(" ")
                    )));
                }
                (cat.text("tui-game-over"), lines)
            }
            Dialog::Choose(options) => {
                let next = view
                    .and_then(View::to_move)
                    .map(|p| tabula_match::words::player_name(cat, GameKind::Gomoku, p))
                    .unwrap_or_default();
                let mut lines = vec![Line::raw(tabula_i18n::tr!(
                    cat,
                    "opening-choose-body",
                    colour = next
                ))];
                if options.contains(&SwapChoice::PlaceTwo) {
                    lines.push(Line::raw(cat.text("opening-choose-body-swap2")));
                }
                (cat.text("opening-choose-title"), lines)
            }
            Dialog::Goal(goal) => (
                tabula_i18n::tr!(cat, "tui-goal-title", goal = *goal),
                vec![Line::raw(cat.text("tui-goal"))],
            ),
            Dialog::Resume(settings) => (
                cat.text("tui-resume-title"),
                vec![Line::raw(tabula_i18n::tr!(
                    cat,
                    "tui-resume",
                    game = cat.text(tabula_match::words::game_key(settings.kind()))
                ))],
            ),
        }
    }
}
