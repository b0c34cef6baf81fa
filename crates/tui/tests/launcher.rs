//! The launcher: keys and clicks pick the game and its settings, in either language.

mod common;

use common::*;
use crossterm::event::KeyCode;
use tabula_games::GameKind;
use tabula_i18n::Lang;
use tabula_match::Piece;
use tabula_tui::{Animation, App, Options, Start};

fn launcher(lang: Lang) -> App {
    App::new(Options {
        start: Start::Launcher,
        lang,
        animation: Animation::Off,
        data_dir: None,
        color: false,
        numbers: false,
    })
}

#[test]
fn keys_choose_gomoku_on_19_lines_for_two_players() {
    let mut app = launcher(Lang::ZhCn);
    let text = screen(&mut app, 100, 30);
    assert!(
        text.contains("选择游戏") && text.contains("黑白棋"),
        "{text}"
    );
    // Game: reversi -> gomoku; mode: against the computer -> two players; size 15 -> 19.
    for code in [
        KeyCode::Right,
        KeyCode::Down,
        KeyCode::Right,
        KeyCode::Down,
        KeyCode::Right,
    ] {
        app.handle_event(key(code));
    }
    let text = screen(&mut app, 100, 30);
    assert!(
        text.contains("五子棋") && text.contains("双人对弈") && text.contains("19 × 19"),
        "{text}"
    );
    app.handle_event(key(KeyCode::Enter));
    let view = app.view().expect("the game started");
    assert_eq!((view.game, view.width), (GameKind::Gomoku, 19));
    assert!(view.seats.iter().all(|s| s.agent.is_none()));
    assert!(screen(&mut app, 100, 30).contains("轮到黑方"));
}

#[test]
fn a_click_on_start_plays_and_the_game_menu_comes_back() {
    let mut app = launcher(Lang::En);
    let text = screen(&mut app, 100, 30);
    let (y, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("[ Start ]"))
        .unwrap();
    let x = line[..line.find("Start").unwrap()].chars().count() as u16;
    app.handle_event(click(x, y as u16));
    let view = app.view().expect("reversi against the computer");
    assert_eq!(view.game, GameKind::Reversi);
    assert!(view
        .cells
        .iter()
        .any(|c| matches!(c.piece, Piece::Player(_))));
    keys(&mut app, "b");
    assert!(app.view().is_none(), "nothing played yet: back at once");
    assert!(screen(&mut app, 100, 30).contains("choose a game"));
    keys(&mut app, "q");
    assert!(app.should_quit());
}
