//! The `tabula` command line with gomoku: analyze with proven results, a scripted console
//! game (win announced with its row, numbers, undo/redo, save/load), seats and errors.

mod common;

use common::tabula;
use serde_json::Value;

/// Black has d4 e4 f4 g4 (c4 blocked by white) and is to move: h4 wins at once.
const BLACK_FOUR: &str = "d4 d5 e4 e5 f4 f5 g4 c4";

#[test]
fn analyze_marks_the_winning_move() {
    let run = tabula(
        &[
            "analyze",
            "gomoku",
            BLACK_FOUR,
            "--time-ms",
            "300",
            "--json",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(doc["game"], "gomoku");
    assert_eq!(doc["to_move"], "black");
    assert_eq!(doc["best"], "h4");
    assert_eq!(doc["moves"][0]["result"], "win");
    // The win is found before any other point is searched: the other 216 legal points are
    // listed as not searched, with no value, not given a placeholder value.
    let moves = doc["moves"].as_array().unwrap();
    let unsearched = doc["not_searched"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert_eq!(moves.len() + unsearched.len(), 225 - 8);
    assert!(unsearched.iter().all(|m| m.is_string() && m != "h4"));
    let run = tabula(&["analyze", "gomoku", BLACK_FOUR, "--time-ms", "300"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stdout.contains("estimate"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("not searched (216 legal moves, no value): "),
        "{}",
        run.stdout
    );
}

#[test]
fn exact_analysis_and_solve_are_refused_with_the_reason() {
    let run = tabula(&["analyze", "gomoku", BLACK_FOUR, "--exact"], "");
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr
            .contains("--exact needs an exact solver, and gomoku agent engine has none"),
        "{}",
        run.stderr
    );
    let dir = std::env::temp_dir().join(format!("tabula-gomoku-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("positions.txt");
    std::fs::write(&file, format!("{BLACK_FOUR}\n")).unwrap();
    let run = tabula(&["solve", "gomoku", file.to_str().unwrap()], "");
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert!(
        run.stderr
            .contains("tabula solve needs an exact solver, and gomoku agent engine has none"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn impossible_positions_are_refused_with_the_reason() {
    for (position, reason) in [
        // Black moves first: never two stones ahead, never behind.
        (
            "XX.../...../...../...../..... O",
            "black has 2 stones and white 0: black moves first and the sides alternate",
        ),
        (
            "O..../...../...../...../..... X",
            "black has 0 stones and white 1",
        ),
        // The counts say who is to move.
        (
            "X..../...../...../...../..... X",
            "black has 1 stones and white 0, so white is to move, not black",
        ),
        // Black's five, yet white moved after it.
        (
            "XXXXX./O.O.O./O.O.../....../....../...... X",
            "black has a winning row, yet white moved last",
        ),
        // Two separate fives: no one stone made both.
        (
            "XXXXX./....../XXXXX./O.O.O./O.O.O./O.O.O. O",
            "black has winning rows that no one last stone made",
        ),
    ] {
        let run = tabula(&["analyze", "gomoku", position], "");
        assert_eq!(run.code, 2, "{position}: {}", run.stdout);
        assert!(run.stderr.contains(reason), "{position}: {}", run.stderr);
    }
}

#[test]
fn analyze_finds_the_only_block() {
    // The same four with a ninth stone (black a15): white is to move and must block h4.
    let run = tabula(
        &[
            "analyze",
            "gomoku",
            "d4 d5 e4 e5 f4 f5 g4 c4 a15",
            "--time-ms",
            "300",
            "--json",
        ],
        "",
    );
    let doc: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(doc["to_move"], "white");
    assert_eq!(doc["best"], "h4", "white blocks the four");
}

#[test]
fn two_players_finish_a_game_with_the_winning_row_announced() {
    // Black h8 h9 h10 h11 h12; white a1 b1 c1 d1. Undo/redo and numbers on the way.
    let script = "h8\na1\nh9\nb1\nh10\nundo\nredo\nnumbers\nc1\nh11\nd1\nh12\nno\n";
    let run = tabula(&["play", "gomoku", "--two-player"], script);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("black wins with h8 h9 h10 h11 h12!"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("Move numbers shown."));
    assert!(
        run.stdout.contains("[9X]"),
        "the last move is numbered and marked"
    );
}

#[test]
fn seats_take_b_and_w_and_the_computer_answers() {
    let run = tabula(
        &[
            "play",
            "gomoku",
            "-B",
            "human",
            "-W",
            "score-table:seed=3",
            "--size",
            "9",
        ],
        "e5\nzz\ne5\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("white plays"));
    assert!(run.stdout.contains("\"zz\" is not a point"));
    assert!(run.stdout.contains("e5: the point is occupied"));
    // The board shows the last move in brackets.
    assert!(run.stdout.contains('['));
}

#[test]
fn engine_against_score_table_finishes() {
    let run = tabula(
        &[
            "play",
            "gomoku",
            "-X",
            "engine:level=2",
            "-O",
            "score-table:seed=1",
            "--once",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("black wins with"), "{}", run.stdout);
}

#[test]
fn saves_and_loads_a_game() {
    let dir = std::env::temp_dir().join(format!("tabula-gomoku-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.json");
    let path = file.to_str().unwrap();
    let run = tabula(
        &["play", "gomoku", "--two-player"],
        &format!("h8\ni9\nsave {path}\nquit\n"),
    );
    assert_eq!(run.code, 0);
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved["moves"], serde_json::json!(["h8", "i9"]));
    let run = tabula(
        &["play", "gomoku", "--two-player"],
        &format!("load {path}\ni9\nquit\n"),
    );
    assert!(
        run.stdout.contains("i9: the point is occupied"),
        "{}",
        run.stdout
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    for args in [
        vec!["analyze", "gomoku", "h8 h8"],
        vec!["analyze", "gomoku", "...../...../...../...../..... Q"],
        vec!["analyze", "gomoku", "h8 h9 i8 i9 j8 j9 k8 k9 l8"],
        vec!["play", "gomoku", "--size", "4"],
        vec!["play", "gomoku", "--rule", "renjuu"],
        vec!["play", "gomoku", "-W", "engine:level=11"],
    ] {
        let run = tabula(&args, "");
        assert_ne!(run.code, 0, "{args:?} should fail");
        assert!(run.stdout.is_empty(), "{args:?} prints nothing on stdout");
    }
}
