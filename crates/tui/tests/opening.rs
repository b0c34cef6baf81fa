//! Swap openings in the full-screen UI: the launcher offers them for gomoku, the panel says
//! what is asked of whom, and the colour choice is a dialog answered with keys or the mouse.

mod common;

use common::*;
use crossterm::event::KeyCode;
use tabula_games::{GameKind, Opening, Rules};
use tabula_gomoku::Rule;
use tabula_i18n::Lang;
use tabula_match::{MatchSettings, OpeningAsk, SeatSpec, Status};
use tabula_tui::{Animation, App, Options, Start};

fn swap1(seats: Vec<SeatSpec>) -> MatchSettings {
    let mut settings = MatchSettings::with_seats(GameKind::Gomoku, seats);
    settings.rules = Rules::Gomoku {
        size: 15,
        rule: Rule::Freestyle,
        opening: Opening::Swap1,
    };
    settings
}

/// The screen position of the first occurrence of `text`.
fn find(screen: &str, text: &str) -> (u16, u16) {
    let (y, line) = screen
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(text))
        .unwrap_or_else(|| panic!("{text:?} not on screen\n{screen}"));
    let x = line[..line.find(text).unwrap()].chars().count() as u16;
    (x, y as u16)
}

#[test]
fn the_launcher_offers_the_opening_for_gomoku() {
    let mut app = App::new(Options {
        start: Start::Launcher,
        lang: Lang::En,
        animation: Animation::Off,
        data_dir: None,
        color: false,
        numbers: false,
    });
    let text = screen(&mut app, 100, 30);
    assert!(!text.contains("Opening"), "not for reversi\n{text}");
    // Game: reversi -> gomoku; mode -> two players; then down to the opening line.
    app.handle_event(key(KeyCode::Right));
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Right));
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("standard (black begins)"), "{text}");
    let (x, y) = find(&text, "Opening");
    app.handle_event(click(x, y));
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("swap1 (3 stones, then choose)"), "{text}");
    app.handle_event(key(KeyCode::Enter));
    let view = app.view().expect("the game started");
    let opening = view.opening.as_ref().expect("a swap opening");
    assert_eq!(
        opening.ask,
        OpeningAsk::Place {
            stone: 1,
            of: 3,
            colour: 0
        }
    );
    assert!(screen(&mut app, 100, 30).contains("Player 1: stone 1 of 3 (Black)"));
}

#[test]
fn swap1_colour_dialog_by_keys_and_mouse() {
    let mut app = app(
        swap1(vec![SeatSpec::Human, SeatSpec::Human]),
        Lang::En,
        None,
    );
    keys(&mut app, ":h8\n");
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("Player 1: stone 2 of 3 (White)"), "{text}");
    keys(&mut app, ":h9\n:j10\n");
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("Choose a colour"), "the dialog opens\n{text}");
    assert_snapshot("gomoku-swap1-choose", &text);

    // Esc closes it; a click on the board brings it back instead of placing a stone.
    app.handle_event(key(KeyCode::Esc));
    let text = screen(&mut app, 100, 30);
    assert!(!text.contains("Which colour"), "{text}");
    assert!(text.contains("Player 2: choose a colour"), "{text}");
    let (x, y) = find(&text, "┼");
    app.handle_event(click(x, y));
    assert_eq!(app.view().unwrap().history.len(), 3, "no stone placed");
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("Which colour"), "{text}");

    // `u` in the dialog takes back the third stone; placing it again asks again.
    keys(&mut app, "u");
    assert_eq!(app.view().unwrap().history.len(), 2);
    assert!(app.view().unwrap().opening.is_some());
    keys(&mut app, ":j10\n");
    let text = screen(&mut app, 100, 30);
    // A click on the dialog's button takes white.
    let (x, y) = find(&text, "[w Take white]");
    app.handle_event(click(x + 1, y));
    app.tick();
    let view = app.view().unwrap();
    assert!(view.opening.is_none());
    assert_eq!(view.status, Status::ToMove { player: 1 });
    let text = screen(&mut app, 100, 30);
    assert!(!text.contains("Which colour"), "{text}");
    assert!(text.contains("White to move"), "{text}");
}

#[test]
fn swap1_choice_by_key_against_the_computer() {
    let mut app = app(
        swap1(vec![
            SeatSpec::Human,
            SeatSpec::Computer("engine:time=100".into()),
        ]),
        Lang::ZhCn,
        None,
    );
    keys(&mut app, ":h8\n:h9\n:j10\n");
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("后手方（电脑）正在选择颜色"), "{text}");
    assert!(
        !text.contains("选择颜色 "),
        "no dialog for the computer's choice\n{text}"
    );
    wait_for(&mut app, 60, |v| v.opening.is_none());
    wait_for(&mut app, 60, |v| matches!(v.status, Status::ToMove { .. }));
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("轮到"), "{text}");
}

#[test]
fn swap2_dialog_offers_place_two_in_chinese() {
    let mut settings = swap1(vec![SeatSpec::Human, SeatSpec::Human]);
    settings.rules = Rules::Gomoku {
        size: 15,
        rule: Rule::Freestyle,
        opening: Opening::Swap2,
    };
    let mut app = app(settings, Lang::ZhCn, None);
    keys(&mut app, ":h8\n:h9\n:j10\n");
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("[p 再摆两子]"), "{text}");
    keys(&mut app, "p");
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("后手方：摆第 1/2 颗棋子（白方）"), "{text}");
    keys(&mut app, ":a1\n:o15\n");
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("先手方：选择颜色"), "{text}");
    assert!(
        !text.contains("[p "),
        "only colours the second time\n{text}"
    );
    keys(&mut app, "b");
    assert_eq!(
        app.view().unwrap().status,
        Status::ToMove { player: 1 },
        "white to move after five stones"
    );
}
