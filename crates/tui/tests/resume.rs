//! The game in progress is kept on disk after every move and offered at the next start.

mod common;

use common::*;
use tabula_games::GameKind;
use tabula_i18n::Lang;

#[test]
fn a_game_in_progress_is_offered_again_and_resumes_or_starts_afresh() {
    let dir = tempfile::tempdir().unwrap();
    let data = Some(dir.path().to_path_buf());
    let mut first = app(people(GameKind::Reversi), Lang::En, data.clone());
    keys(&mut first, ":d3\n:c5\n");
    drop(first); // the terminal closed: nothing more is written

    let mut again = app(people(GameKind::Reversi), Lang::En, data.clone());
    assert!(again.view().is_none(), "the offer comes first");
    assert!(screen(&mut again, 100, 30).contains("Resume it?"));
    keys(&mut again, "y");
    let moves: Vec<String> = again
        .view()
        .unwrap()
        .history
        .iter()
        .map(|p| p.notation.clone())
        .collect();
    assert_eq!(moves, ["d3", "c5"]);

    let mut fresh = app(people(GameKind::Reversi), Lang::En, data.clone());
    keys(&mut fresh, "n");
    assert!(fresh.view().unwrap().history.is_empty());
    assert!(
        !dir.path().join("tui/reversi.save").exists(),
        "afresh forgets the kept game"
    );
}

#[test]
fn a_damaged_kept_game_is_reported_and_a_new_game_starts() {
    let dir = tempfile::tempdir().unwrap();
    let data = Some(dir.path().to_path_buf());
    let mut first = app(people(GameKind::TicTacToe), Lang::En, data.clone());
    keys(&mut first, ":b2\n");
    drop(first);
    std::fs::write(dir.path().join("tui/tictactoe.save"), "{ not json").unwrap();
    let mut again = app(people(GameKind::TicTacToe), Lang::En, data);
    keys(&mut again, "y");
    assert!(again.view().unwrap().history.is_empty());
    assert!(
        again.message().unwrap().contains("cannot be resumed"),
        "{:?}",
        again.message()
    );
}

#[test]
fn bad_command_lines_say_what_is_wrong() {
    let mut app = app(people(GameKind::Reversi), Lang::En, None);
    keys(&mut app, ":save\n");
    assert!(app.message().unwrap().contains(":save needs a file name"));
    keys(&mut app, ":z9\n");
    assert!(app.view().unwrap().history.is_empty());
    assert!(app.message().is_some(), "an illegal move is reported");
    keys(&mut app, ":load /no/such/file.json\n");
    assert!(
        app.message().unwrap().contains("/no/such/file.json"),
        "{:?}",
        app.message()
    );
    keys(&mut app, "u");
    assert_eq!(app.message(), Some("There is nothing to undo."));
}
