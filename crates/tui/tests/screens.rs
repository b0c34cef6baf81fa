//! Each game's screen drawn into ratatui's `TestBackend` and compared with a snapshot: the board
//! with the last move (and hint values where the engine's values are exact), the help overlay,
//! the game-over dialog, one of them in Chinese.

mod common;

use common::*;
use crossterm::event::KeyCode;
use tabula_games::GameKind;
use tabula_i18n::Lang;
use tabula_match::{MatchSettings, Status};

#[test]
fn tictactoe_with_last_move_and_hint_values() {
    let mut app = app(people(GameKind::TicTacToe), Lang::En, None);
    // The cursor starts in the centre: play there, then the top-left corner.
    keys(&mut app, "\n");
    for code in [KeyCode::Up, KeyCode::Left, KeyCode::Enter] {
        app.handle_event(key(code));
    }
    keys(&mut app, "t");
    wait_for(&mut app, 10, |v| v.hints.is_some());
    let text = screen(&mut app, 80, 24);
    assert!(
        text.lines().any(|l| l.contains("[    O    ]")),
        "the last move is marked\n{text}"
    );
    assert_snapshot("tictactoe", &text);
}

#[test]
fn reversi_endgame_with_exact_hint_values() {
    let mut app = app(people(GameKind::Reversi), Lang::En, None);
    // Both play the first legal move until 10 squares are empty: then the hints are exact.
    loop {
        let view = app.view().unwrap().clone();
        let empty = view
            .cells
            .iter()
            .filter(|c| matches!(c.piece, tabula_match::Piece::Empty))
            .count();
        if empty <= 10 || view.status.is_over() {
            break;
        }
        let mv = view.legal[0].notation.clone();
        keys(&mut app, &format!(":{mv}\n"));
    }
    keys(&mut app, "t");
    wait_for(&mut app, 20, |v| {
        v.hints.as_ref().is_some_and(|h| h.iter().all(|m| m.exact))
    });
    let text = screen(&mut app, 100, 30);
    assert!(text.contains('['), "the last move is marked\n{text}");
    assert_snapshot("reversi", &text);
}

#[test]
fn gomoku_with_move_numbers_in_chinese() {
    let mut app = app(people(GameKind::Gomoku), Lang::ZhCn, None);
    keys(&mut app, ":h8\n:h9\n:i8\n:j8\nm");
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("[ 4]") || text.contains("[4]"), "{text}");
    assert!(
        text.contains("轮到"),
        "the status line is in Chinese\n{text}"
    );
    assert_snapshot("gomoku-zh", &text);
}

#[test]
fn game_2048_from_a_fixed_position() {
    let mut settings = MatchSettings::people(GameKind::Game2048);
    settings.start = Some("2 2 0 4 0 0 0 0 0 8 0 0 0 0 0 16".to_string());
    settings.seed = 7;
    let mut app = app(settings, Lang::En, None);
    app.handle_event(key(KeyCode::Left));
    app.tick();
    let text = screen(&mut app, 80, 24);
    assert!(
        text.contains("left"),
        "the slide is in the move list\n{text}"
    );
    assert_snapshot("2048", &text);
}

#[test]
fn help_overlay_lists_every_key() {
    let mut app = app(people(GameKind::Gomoku), Lang::En, None);
    keys(&mut app, "?");
    let text = screen(&mut app, 100, 30);
    for k in ["u ", "r ", "n ", "t ", "m ", "? ", "q ", "Esc", ": "] {
        assert!(text.contains(k), "help lists {k}\n{text}");
    }
    assert_snapshot("help", &text);
    keys(&mut app, "x");
    assert!(
        !screen(&mut app, 100, 30).contains("this help"),
        "any key closes help"
    );
}

#[test]
fn game_over_dialog_with_the_winning_line() {
    let mut app = app(people(GameKind::TicTacToe), Lang::En, None);
    keys(&mut app, ":a1\n:b1\n:a2\n:b2\n:a3\n");
    assert!(matches!(app.view().unwrap().status, Status::Over(_)));
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("X wins"), "{text}");
    assert_snapshot("game-over", &text);
    // u in the dialog takes the last move back.
    keys(&mut app, "u");
    assert_eq!(app.view().unwrap().history.len(), 4);
}

#[test]
fn a_small_terminal_gets_a_clear_message() {
    let mut app = app(people(GameKind::Gomoku), Lang::En, None);
    let text = screen(&mut app, 50, 12);
    assert!(
        text.contains("too") && text.contains("enlarge") || text.contains("Enlarge"),
        "{text}"
    );
}
