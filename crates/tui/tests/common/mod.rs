//! Helpers shared by the screen tests: an app without a terminal, events, and snapshot files.

#![allow(dead_code)]

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use tabula_games::GameKind;
use tabula_i18n::Lang;
use tabula_match::{MatchSettings, View};
use tabula_tui::{Animation, App, Options, Start};

/// An app on `settings`, monochrome, without animation, keeping games in `data_dir`.
pub fn app(settings: MatchSettings, lang: Lang, data_dir: Option<PathBuf>) -> App {
    App::new(Options {
        start: Start::Game(Box::new(settings)),
        lang,
        animation: Animation::Off,
        data_dir,
        color: false,
        numbers: false,
    })
}

/// Two people at `kind`.
pub fn people(kind: GameKind) -> MatchSettings {
    MatchSettings::people(kind)
}

pub fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

pub fn keys(app: &mut App, text: &str) {
    for c in text.chars() {
        let code = match c {
            '\n' => KeyCode::Enter,
            c => KeyCode::Char(c),
        };
        app.handle_event(key(code));
        app.tick();
    }
}

pub fn click(x: u16, y: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    })
}

/// Draws `app` on a `width` × `height` screen and returns its text, one line per row.
pub fn screen(app: &mut App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| app.draw(frame)).unwrap();
    let buffer = terminal.backend().buffer().clone();
    (0..height)
        .map(|y| {
            let mut line = String::new();
            let mut x = 0;
            while x < width {
                let symbol = buffer[(x, y)].symbol();
                line.push_str(symbol);
                // A wide character (Chinese) covers the next cell too.
                x += (ratatui::text::Span::raw(symbol).width() as u16).max(1);
            }
            line.trim_end().to_string() + "\n"
        })
        .collect()
}

/// Compares `text` with `tests/snapshots/NAME.txt`; `UPDATE_SNAPSHOTS=1` writes the file
/// instead.
pub fn assert_snapshot(name: &str, text: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v == "1") {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with UPDATE_SNAPSHOTS=1 to write it\n{text}",
            path.display()
        )
    });
    assert!(
        expected == text,
        "screen differs from {} (UPDATE_SNAPSHOTS=1 rewrites it)\n--- expected\n{expected}\n--- got\n{text}",
        path.display()
    );
}

/// Ticks `app` until `done` holds of its view, for at most `secs` seconds.
pub fn wait_for(app: &mut App, secs: u64, done: impl Fn(&View) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        app.tick();
        if app.view().is_some_and(&done) {
            return;
        }
        assert!(Instant::now() < deadline, "timed out waiting");
        std::thread::sleep(Duration::from_millis(10));
    }
}
