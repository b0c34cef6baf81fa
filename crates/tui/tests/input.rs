//! Mouse clicks delivered as crossterm events land on the right cell at several terminal
//! sizes; the UI takes input while a slow search runs.

mod common;

use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::*;
use crossterm::event::{Event, KeyCode};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use tabula_games::GameKind;
use tabula_i18n::Lang;
use tabula_match::{MatchSettings, SeatSpec};
use tabula_tui::{run_loop, EventSource};

/// The screen position of a cell, found from the coordinates drawn on the board's edges: the
/// column of its column label, the row of its row label.
fn find_cell(text: &str, column: &str, row: &str) -> (u16, u16) {
    let lines: Vec<&str> = text.lines().collect();
    let label_line = lines
        .iter()
        .position(|l| l.split_whitespace().take(3).eq(["a", "b", "c"]))
        .expect("column labels");
    let x = lines[label_line]
        .char_indices()
        .find(|&(_, c)| c.to_string() == column)
        .map(|(i, _)| i)
        .unwrap();
    let y = lines
        .iter()
        .enumerate()
        .skip(label_line + 1)
        .find(|(_, l)| l.split_whitespace().next() == Some(row))
        .map(|(i, _)| i)
        .unwrap();
    (x as u16, y as u16)
}

#[test]
fn clicks_land_on_the_cell_under_them_at_every_size() {
    for kind in [GameKind::Reversi, GameKind::Gomoku, GameKind::TicTacToe] {
        for (width, height) in [(80, 24), (100, 30), (160, 50), (90, 22)] {
            let mut app = app(people(kind), Lang::En, None);
            let text = screen(&mut app, width, height);
            let (column, row, name) = match kind {
                GameKind::Reversi => ("d", "3", "d3"),
                GameKind::Gomoku => ("j", "9", "j9"),
                _ => ("c", "1", "c1"),
            };
            let (x, y) = find_cell(&text, column, row);
            app.handle_event(click(x, y));
            app.tick();
            let view = app.view().unwrap();
            assert_eq!(
                view.history.last().map(|p| p.notation.as_str()),
                Some(name),
                "{kind} at {width}x{height}: click at {x},{y}\n{text}"
            );
        }
    }
}

#[test]
fn a_click_on_a_panel_button_presses_it() {
    let mut app = app(people(GameKind::TicTacToe), Lang::En, None);
    keys(&mut app, ":b2\n");
    let text = screen(&mut app, 80, 24);
    let (y, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("[u Undo]"))
        .unwrap();
    let x = line.chars().position(|c| c == 'U').unwrap() as u16;
    app.handle_event(click(x, y as u16));
    app.tick();
    assert!(app.view().unwrap().history.is_empty(), "undo took b2 back");
}

#[test]
fn a_refused_move_gives_the_games_reason_in_the_users_language() {
    let mut zh = app(people(GameKind::TicTacToe), Lang::ZhCn, None);
    keys(&mut zh, ":b2\n:b2\n");
    assert_eq!(zh.message(), Some("不能走 b2：b2 已经有子了"));
    keys(&mut zh, ":zz\n");
    assert_eq!(
        zh.message(),
        Some("\"zz\" 不是格子：请写列 a-c 加行 1-3（b2 或 2b），或小键盘数字 1-9")
    );
    let mut en = app(people(GameKind::TicTacToe), Lang::En, None);
    keys(&mut en, ":b2\n:b2\n");
    assert_eq!(en.message(), Some("illegal move b2: b2 is already taken"));
    let mut reversi = app(people(GameKind::Reversi), Lang::ZhCn, None);
    keys(&mut reversi, ":a1\n");
    assert_eq!(reversi.message(), Some("不能走 a1：这步棋翻转不了任何棋子"));
}

/// Keys sent from another thread, as a person would type them.
struct Channel(mpsc::Receiver<Event>);

impl EventSource for Channel {
    fn next(&mut self, timeout: Duration) -> std::io::Result<Option<Event>> {
        Ok(self.0.recv_timeout(timeout).ok())
    }
}

#[test]
fn quit_is_taken_at_once_while_the_engine_thinks_for_five_seconds() {
    let mut settings = MatchSettings::people(GameKind::Gomoku);
    settings.seats[0] = SeatSpec::Computer("engine:time=5000".to_string());
    let mut app = app(settings, Lang::En, None);
    let (send, receive) = mpsc::channel();
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    let typist = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(500));
        let sent = Instant::now();
        for code in [
            KeyCode::Char('?'),
            KeyCode::Esc,
            KeyCode::Char('q'),
            KeyCode::Char('y'),
        ] {
            send.send(key(code)).unwrap();
        }
        sent
    });
    let started = Instant::now();
    run_loop(&mut terminal, &mut app, &mut Channel(receive)).unwrap();
    let ended = Instant::now();
    let sent = typist.join().unwrap();
    assert!(app.should_quit());
    assert!(
        ended - sent < Duration::from_millis(300),
        "the loop returned {:?} after the keys",
        ended - sent
    );
    assert!(
        ended - started < Duration::from_secs(2),
        "did not wait for the search"
    );
}
