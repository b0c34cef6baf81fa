//! The `tabula` command line with reversi: perft, exact analysis, solve and a scripted console
//! session through stdin.

mod common;

use common::tabula;
use serde_json::Value;

/// FFO #40 (published: a2 wins by 38), from crates/reversi/tests/data/ffo40-59.txt.
const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

#[test]
fn perft_counts_the_published_numbers() {
    let run = tabula(&["perft", "reversi", "7"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.lines().last(), Some("55092"));
}

#[test]
fn exact_analysis_solves_ffo_40() {
    let run = tabula(&["analyze", "reversi", FFO_40, "--exact", "--json"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(doc["best"], "a2");
    assert_eq!(doc["moves"][0]["value"], 38);
    assert_eq!(doc["moves"][0]["exact"], true);
    assert_eq!(doc["to_move"], "X");
}

/// Every legal move of FFO #40 with its exact value, from `data/ffo40-allmoves.txt`.
fn ffo_40_all_moves() -> (String, Vec<(String, i64)>) {
    let line = include_str!("data/ffo40-allmoves.txt")
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap();
    let words: Vec<&str> = line.split_whitespace().collect();
    let moves = words[2..]
        .iter()
        .map(|w| {
            let (mv, score) = w.split_once(':').unwrap();
            (mv.to_string(), score.parse().unwrap())
        })
        .collect();
    (format!("{} {}", words[0], words[1]), moves)
}

#[test]
fn analysis_of_ffo_40_gives_every_move_its_exact_value() {
    let (position, expected) = ffo_40_all_moves();
    assert_eq!(position, FFO_40);
    // With --exact: every move exact, no bounds.
    let run = tabula(&["analyze", "reversi", FFO_40, "--exact", "--json"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc: Value = serde_json::from_str(&run.stdout).unwrap();
    let moves = doc["moves"].as_array().unwrap();
    assert_eq!(moves.len(), expected.len(), "{moves:?}");
    for (mv, score) in &expected {
        let entry = moves.iter().find(|m| m["move"] == mv.as_str()).unwrap();
        assert_eq!(entry["value"], *score, "{mv}");
        assert_eq!(entry["exact"], true, "{mv}");
        assert!(entry.get("bound").is_none(), "{entry}");
    }
    assert_eq!(doc["best"], "a2");
    // By default too: 20 empties are always solved exactly (once "c1 40.54 estimate").
    let run = tabula(&["analyze", "reversi", FFO_40], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<Vec<&str>> = run
        .stdout
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    for (mv, score) in &expected {
        let line = lines.iter().find(|l| l[0] == mv).unwrap();
        assert_eq!(line[1], score.to_string(), "{mv}: {}", run.stdout);
        assert_eq!(line[2], "win", "{mv}: {}", run.stdout);
    }
    assert_eq!(lines[0][0], "a2", "{}", run.stdout);
    assert!(!run.stdout.contains("estimate"), "{}", run.stdout);
}

#[test]
fn solve_prints_move_score_and_totals() {
    let dir = std::env::temp_dir().join(format!("tabula-reversi-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ffo.txt");
    std::fs::write(&file, format!("# one position\n{FFO_40} a2 +38\n")).unwrap();
    let run = tabula(&["solve", "reversi", file.to_str().unwrap()], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("a2  +38"), "{}", run.stdout);
    assert!(run.stdout.contains("total: 1 positions"));
    std::fs::write(&file, "not a position\n").unwrap();
    let run = tabula(&["solve", "reversi", file.to_str().unwrap()], "");
    assert_eq!(run.code, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_scripted_console_session() {
    // X (human) moves first against corner-best: hints on, an occupied square, a square that
    // flips nothing, a word that is no square, the engine's values, f5 in the classic digits
    // (65), undo, quit.
    let script = "hints\nd4\na1\nzz\nhint\n65\nundo\nquit\n";
    let run = tabula(
        &[
            "play",
            "reversi",
            "-O",
            "corner-best:seed=1",
            "--first",
            "X",
            "--no-pause",
        ],
        script,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.contains("Hints on."), "{out}");
    assert!(out.contains("that square is occupied"), "{out}");
    assert!(out.contains("that move flips nothing"), "{out}");
    assert!(out.contains("\"zz\" is not a square"), "{out}");
    // Every opening move gets a value.
    assert!(out.contains("Move values for the side to move"), "{out}");
    for opening in ["d3", "c4", "f5", "e6"] {
        assert!(
            out.contains(&format!("      {opening}  ")),
            "{opening}: {out}"
        );
    }
    assert!(out.contains("O plays"), "the computer answered f5");
    assert!(out.contains("X (you): 2 points.  O (corner-best:seed=1): 2 points."));
    // After f5 and the reply, six discs are on the board.
    let totals: Vec<u32> = out
        .lines()
        .filter(|l| l.starts_with("X (you): "))
        .map(|l| {
            l.split_whitespace()
                .filter_map(|w| w.parse::<u32>().ok())
                .sum()
        })
        .collect();
    assert!(totals.contains(&6), "{totals:?}");
    // After undo the start comes back: the last board shown has 2 discs each again.
    let last_board = out.rsplit("+-----------------+").nth(1).unwrap();
    assert_eq!(last_board.matches('X').count(), 2, "{out}");
    assert!(!out.contains('\x1b'));
}

#[test]
fn the_player_chooses_a_side_and_two_computers_finish_a_game() {
    let run = tabula(
        &["play", "reversi", "--first", "O", "--no-pause"],
        "Z\nO\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.matches("Do you want to be X or O?").count(), 2);
    assert!(run.stdout.contains("O (you)"));
    let run = tabula(
        &[
            "play",
            "reversi",
            "-X",
            "corner-best:seed=1",
            "-O",
            "worst:seed=2",
            "--no-pause",
            "--once",
        ],
        "",
    );
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("X scored"), "{}", run.stdout);
}
