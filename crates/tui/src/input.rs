//! Keys to actions on the game screen.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tabula_games::GameKind;

/// What a key asks for on the game screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Moves the cursor by columns and rows.
    Cursor(i32, i32),
    /// Plays on the cursor's cell.
    PlayCursor,
    /// Plays a move in notation (a 2048 slide).
    Play(&'static str),
    /// Takes back a move.
    Undo,
    /// Replays a move taken back.
    Redo,
    /// A new game (confirmed while a game is in progress).
    NewGame,
    /// Hint values on or off.
    Hints,
    /// Move numbers on or off.
    Numbers,
    /// The help overlay.
    Help,
    /// Opens the command line.
    CommandLine,
    /// Scrolls the move list (negative: back).
    Scroll(i32),
    /// Back to the launcher (confirmed while a game is in progress).
    Launcher,
    /// Quits (confirmed while a game is in progress).
    Quit,
    /// 2048: the computer's suggested slide (`H`; `?` stays help, `t` the hint values).
    Suggest,
    /// 2048: autoplay on or off.
    Autoplay,
    /// 2048: autoplay faster.
    Faster,
    /// 2048: autoplay slower.
    Slower,
}

/// The action of `key` in `kind`, if any.
pub fn action(kind: GameKind, key: KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return (key.code == KeyCode::Char('c')).then_some(Action::Quit);
    }
    if kind == GameKind::Game2048 {
        let slide = match key.code {
            KeyCode::Left | KeyCode::Char('a' | 'h') => Some("left"),
            KeyCode::Right | KeyCode::Char('d' | 'D' | 'l' | 'L') => Some("right"),
            KeyCode::Up | KeyCode::Char('w' | 'W' | 'k' | 'K') => Some("up"),
            KeyCode::Down | KeyCode::Char('s' | 'S' | 'j' | 'J') => Some("down"),
            _ => None,
        };
        if let Some(slide) = slide {
            return Some(Action::Play(slide));
        }
        match key.code {
            KeyCode::Char('H') => return Some(Action::Suggest),
            KeyCode::Char('A') => return Some(Action::Autoplay),
            KeyCode::Char('+' | '=') => return Some(Action::Faster),
            KeyCode::Char('-' | '_') => return Some(Action::Slower),
            _ => {}
        }
    }
    Some(match key.code {
        KeyCode::Left => Action::Cursor(-1, 0),
        KeyCode::Right => Action::Cursor(1, 0),
        KeyCode::Up => Action::Cursor(0, -1),
        KeyCode::Down => Action::Cursor(0, 1),
        KeyCode::Enter | KeyCode::Char(' ') => Action::PlayCursor,
        KeyCode::Char('u') => Action::Undo,
        KeyCode::Char('r') => Action::Redo,
        KeyCode::Char('n') => Action::NewGame,
        KeyCode::Char('t') => Action::Hints,
        KeyCode::Char('m') => Action::Numbers,
        KeyCode::Char('?') => Action::Help,
        KeyCode::Char(':') => Action::CommandLine,
        KeyCode::PageUp => Action::Scroll(-5),
        KeyCode::PageDown => Action::Scroll(5),
        KeyCode::Char('b') => Action::Launcher,
        KeyCode::Char('q') => Action::Quit,
        _ => return None,
    })
}

/// The keys the help overlay lists: (keys, catalog key of what they do).
pub fn help_lines(kind: GameKind) -> Vec<(&'static str, &'static str)> {
    let mut lines = if kind == GameKind::Game2048 {
        vec![
            ("←↑→↓ WASD hjkl", "tui-help-slide"),
            ("H", "tui-help-suggest"),
            ("A", "tui-help-autoplay"),
            ("+ -", "tui-help-pace"),
        ]
    } else {
        vec![
            ("←↑→↓", "tui-help-cursor"),
            ("Enter Space", "tui-help-play"),
            ("mouse", "tui-help-click"),
        ]
    };
    lines.extend([
        ("u", "tui-help-undo"),
        ("r", "tui-help-redo"),
        ("n", "tui-help-new"),
        ("t", "tui-help-hints"),
    ]);
    if kind == GameKind::Gomoku {
        lines.push(("m", "tui-help-numbers"));
    }
    lines.extend([
        (":", "tui-help-command"),
        ("PgUp PgDn", "tui-help-scroll"),
        ("b", "tui-help-launcher"),
        ("?", "tui-help-help"),
        ("Esc", "tui-help-close"),
        ("q", "tui-help-quit"),
    ]);
    lines
}
