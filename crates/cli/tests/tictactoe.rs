//! The `tabula` command line with tic-tac-toe: analyze, perft, agents, errors and a scripted
//! console game.

mod common;

use common::tabula;
use serde_json::Value;

#[test]
fn analyze_the_empty_board_lists_nine_drawn_moves() {
    let run = tabula(&["analyze", "tictactoe", ".........", "--json"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc: Value = serde_json::from_str(&run.stdout).expect("stdout is one JSON document");
    assert_eq!(doc["game"], "tictactoe");
    assert_eq!(doc["to_move"], "X");
    let moves = doc["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 9);
    for m in moves {
        assert_eq!(m["value"], 0);
        assert_eq!(m["exact"], true);
        assert_eq!(m["result"], "draw");
    }
}

#[test]
fn analyze_finds_the_only_move_that_saves_the_game() {
    // X threatens a1-b1-c1 and O is to move: only c1 draws.
    let run = tabula(&["analyze", "ttt", "XX..O....", "--json"], "");
    let doc: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(doc["best"], "c1", "O must block a1-b1-c1");
    let moves = doc["moves"].as_array().unwrap();
    assert_eq!(moves[0]["result"], "draw");
    assert!(moves[1..]
        .iter()
        .all(|m| m["result"] == "loss" && m["value"] == -1));
}

#[test]
fn perft_prints_the_count_last() {
    let run = tabula(&["perft", "tictactoe", "9"], "");
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout.lines().last(), Some("127872"));
    let run = tabula(&["perft", "ttt", "2", "X........"], "");
    assert_eq!(run.stdout.lines().last(), Some("56"));
}

#[test]
fn agents_are_listed_with_descriptions() {
    let run = tabula(&["agents", "ttt"], "");
    assert_eq!(run.code, 0);
    for name in ["random", "rules", "minimax"] {
        assert!(run.stdout.contains(name), "{name} is listed");
    }
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    for args in [
        vec!["analyze", "ttt", "XXX"],
        vec!["analyze", "ttt", "XX.......", "--json"],
        vec!["analyze", "ttt", "XXXOO...."],
        vec!["analyze", "chess", "........."],
        vec!["analyze", "ttt", ".........", "--agent", "minimax:level=99"],
        vec!["analyze", "ttt", ".........", "--agent", "random"],
        vec!["perft", "ttt", "3", "XXXXX...."],
        vec!["play", "ttt", "-O", "deep-blue"],
        vec!["play", "ttt", "--first", "Z"],
    ] {
        let run = tabula(&args, "");
        assert_ne!(run.code, 0, "{args:?} should fail");
        assert!(
            run.stderr.starts_with("tabula: ") || run.stderr.contains("error"),
            "{args:?}: {}",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "{args:?} prints nothing on stdout");
    }
}

#[test]
fn a_scripted_console_game_against_the_perfect_player() {
    // X (human) opens in the centre; the perfect O answers in a corner. Then: a typo, an
    // occupied cell, undo (takes back X's move and O's reply), a keypad move, quit.
    let script = "b2\nzz\nb2\nundo\n5\nquit\n";
    let run = tabula(
        &["play", "ttt", "-O", "minimax:seed=1", "--first", "X"],
        script,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("O plays"));
    assert!(run.stdout.contains("\"zz\" is not a cell"));
    assert!(run.stdout.contains("b2 is already taken"));
    assert_eq!(
        run.stdout.matches("O plays").count(),
        2,
        "O answered both centre moves"
    );
    assert!(
        !run.stdout.contains('\x1b'),
        "no colours with NO_COLOR or a pipe"
    );
}

#[test]
fn two_players_finish_a_game_and_decline_another() {
    // X: a1 b1 c1 wins the top row; O: a2 b2.
    let script = "a1\na2\nb1\nb2\nc1\nno\n";
    let run = tabula(&["play", "ttt", "--two-player"], script);
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("X wins!"), "{}", run.stdout);
    assert!(run.stdout.contains("Play again?"));
}

#[test]
fn closed_input_ends_cleanly() {
    let run = tabula(&["play", "ttt"], "");
    assert_eq!(run.code, 0);
    let run = tabula(&["play", "ttt", "--two-player"], "a1\n");
    assert_eq!(run.code, 0);
}

#[test]
fn computer_against_computer_plays_to_a_draw() {
    let run = tabula(
        &[
            "play",
            "ttt",
            "-X",
            "minimax:seed=2",
            "-O",
            "minimax:seed=3",
            "--once",
        ],
        "",
    );
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("It's a draw."), "{}", run.stdout);
}

#[test]
fn saves_and_loads_a_game() {
    let dir = std::env::temp_dir().join(format!("tabula-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.json");
    let path = file.to_str().unwrap();
    let run = tabula(
        &["play", "ttt", "--two-player"],
        &format!("a1\nb2\nsave {path}\nquit\n"),
    );
    assert_eq!(run.code, 0);
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved["moves"], serde_json::json!(["a1", "b2"]));
    let run = tabula(
        &["play", "ttt", "--two-player"],
        &format!("load {path}\na1\nquit\n"),
    );
    assert!(
        run.stdout.contains("a1 is already taken"),
        "the loaded game continues"
    );
    std::fs::write(&file, "{ not json").unwrap();
    let run = tabula(
        &["play", "ttt", "--two-player"],
        &format!("load {path}\nquit\n"),
    );
    assert!(run.stdout.contains("Could not load"), "{}", run.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn positions_may_begin_with_a_hyphen() {
    let run = tabula(&["analyze", "ttt", "-X--O----", "--json"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(doc["position"], ".X..O....");
    let run = tabula(&["perft", "ttt", "2", "---------"], "");
    assert_eq!(run.stdout.lines().last(), Some("72"));
}
