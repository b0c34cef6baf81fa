//! `tabula arena` and `tabula replay` with tic-tac-toe: JSON totals independent of the thread
//! count, shards that merge into the unsharded result, records that replay, round robins,
//! charts, and errors instead of panics.

mod common;

use common::tabula;
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let run = tabula(args, "");
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    assert_eq!(
        run.stdout.lines().count(),
        1,
        "exactly one line: {}",
        run.stdout
    );
    serde_json::from_str(&run.stdout).expect("the line is JSON")
}

/// The fields that must not depend on threads, shards or timing.
const TOTALS: [&str; 10] = [
    "games",
    "wins_a",
    "wins_b",
    "draws",
    "win_rate_a",
    "score_a",
    "ci95_a",
    "elo_diff",
    "elo_ci95",
    "tally",
];

#[test]
fn json_totals_are_the_same_with_one_and_two_threads() {
    let base = [
        "arena", "ttt", "rules", "random", "--games", "3000", "--seed", "42", "--json",
    ];
    let one = json(&[&base[..], &["--threads", "1"]].concat());
    let two = json(&[&base[..], &["--threads", "2"]].concat());
    for field in TOTALS {
        assert_eq!(one[field], two[field], "{field}");
    }
    assert_eq!(one["games"], 3000);
    let (w, l, d) = (
        one["wins_a"].as_u64().unwrap(),
        one["wins_b"].as_u64().unwrap(),
        one["draws"].as_u64().unwrap(),
    );
    assert_eq!(w + l + d, 3000);
    assert_eq!(one["win_rate_a"].as_f64().unwrap(), w as f64 / 3000.0);
    let score = (w as f64 + d as f64 / 2.0) / 3000.0;
    assert!((one["score_a"].as_f64().unwrap() - score).abs() < 1e-12);
    let ci = one["ci95_a"].as_array().unwrap();
    let rate = one["win_rate_a"].as_f64().unwrap();
    assert!(ci[0].as_f64().unwrap() < rate && rate < ci[1].as_f64().unwrap());
    assert!(
        one["elo_diff"].as_f64().unwrap() > 0.0,
        "rules beats random"
    );
    assert!(one["games_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_perfect_result_has_no_elo() {
    // One game from a position where X (to move) wins at once; the first game of an openings
    // match gives A the side to move, and the perfect player always takes the win.
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("win-in-one.txt");
    std::fs::write(&openings, "XX.OO....\n").unwrap();
    let doc = json(&[
        "arena",
        "ttt",
        "minimax",
        "random",
        "--games",
        "1",
        "--openings",
        openings.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(doc["wins_a"], 1);
    assert_eq!(doc["score_a"], 1.0);
    assert_eq!(doc["elo_diff"], Value::Null);
    assert_eq!(doc["elo_ci95"], Value::Null);
    // All draws: a score of one half, Elo difference zero.
    let doc = json(&[
        "arena", "ttt", "minimax", "minimax", "--games", "50", "--json",
    ]);
    assert_eq!(doc["draws"], 50);
    assert_eq!(doc["elo_diff"], 0.0);
}

#[test]
fn shards_merge_into_the_unsharded_table() {
    let dir = tempfile::tempdir().unwrap();
    let base = [
        "arena", "ttt", "random", "rules", "--games", "1001", "--seed", "9", "--json",
    ];
    let whole = json(&base);
    let mut files = Vec::new();
    for shard in ["1/3", "2/3", "3/3"] {
        let line = tabula(&[&base[..], &["--shard", shard]].concat(), "").stdout;
        let file = dir.path().join(format!("shard{}.json", &shard[..1]));
        std::fs::write(&file, line).unwrap();
        files.push(file.display().to_string());
    }
    let mut args = vec!["arena", "merge", "--json"];
    args.extend(files.iter().map(String::as_str));
    let merged = json(&args);
    for field in TOTALS {
        assert_eq!(merged[field], whole[field], "{field}");
    }
    assert_eq!(merged["shard"], "1/1");
    // The table is printed too.
    let run = tabula(&["arena", "merge", &files[0], &files[1], &files[2]], "");
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("A wins") && run.stdout.contains("1001 games"));
    // A missing shard is an error.
    let run = tabula(&["arena", "merge", &files[0], &files[2]], "");
    assert_ne!(run.code, 0);
    assert!(run.stderr.contains("2/3"), "{}", run.stderr);
}

#[test]
fn records_are_identical_across_thread_counts_and_replay() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one.jsonl"), dir.path().join("two.jsonl"));
    for (file, threads) in [(&one, "1"), (&two, "2")] {
        let run = tabula(
            &[
                "arena",
                "ttt",
                "rules",
                "minimax",
                "--games",
                "300",
                "--threads",
                threads,
                "--out",
                file.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
    }
    let text = std::fs::read_to_string(&one).unwrap();
    assert_eq!(text, std::fs::read_to_string(&two).unwrap());
    assert_eq!(text.lines().count(), 300);
    let seventh: Value = serde_json::from_str(text.lines().nth(6).unwrap()).unwrap();
    assert_eq!(seventh["number"], 7);
    let run = tabula(&["replay", one.to_str().unwrap(), "--game", "7"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("tictactoe game 7"));
    let moves = seventh["moves"].as_array().unwrap();
    let last = moves.last().unwrap().as_str().unwrap();
    assert!(
        run.stdout.contains(&format!("{:>4}. ", moves.len())) && run.stdout.contains(last),
        "every move is shown: {}",
        run.stdout
    );
    assert!(run.stdout.contains("result:"));
}

#[test]
fn round_robin_prints_a_crosstable_and_ratings() {
    let run = tabula(
        &[
            "arena",
            "ttt",
            "--round-robin",
            "random",
            "rules",
            "minimax",
            "--games",
            "200",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("Elo") && run.stdout.contains("#3 minimax"));
    let doc = json(&[
        "arena",
        "ttt",
        "--round-robin",
        "random",
        "rules",
        "minimax",
        "--games",
        "200",
        "--json",
    ]);
    let players = doc["players"].as_array().unwrap();
    let elo = |i: usize| players[i]["elo"].as_f64().unwrap();
    assert!(elo(2) > elo(1) && elo(1) > elo(0), "{players:?}");
    assert_eq!(doc["matches"].as_array().unwrap().len(), 3);
    assert_eq!(doc["games"], 600);
}

#[test]
fn plot_writes_an_svg_chart() {
    let dir = tempfile::tempdir().unwrap();
    let chart = dir.path().join("chart.svg");
    let run = tabula(
        &[
            "arena",
            "ttt",
            "rules",
            "random",
            "--games",
            "100",
            "--plot",
            chart.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("rules vs random"));
}

#[test]
fn openings_are_each_played_with_both_colours() {
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("openings.txt");
    std::fs::write(&openings, "# corner and centre\nX........\n....X....\n").unwrap();
    let out = dir.path().join("games.jsonl");
    let run = tabula(
        &[
            "arena",
            "ttt",
            "rules",
            "random",
            "--games",
            "4",
            "--openings",
            openings.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let records: Vec<Value> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let seen: Vec<(&str, &str)> = records
        .iter()
        .map(|r| (r["start"].as_str().unwrap(), r["first"].as_str().unwrap()))
        .collect();
    assert_eq!(
        seen,
        [
            ("X........", "a"),
            ("X........", "b"),
            ("....X....", "a"),
            ("....X....", "b")
        ]
    );
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let corrupt = dir.path().join("corrupt.json");
    std::fs::write(&corrupt, "{\"game\": \"tictactoe\", \"wins_a\": ").unwrap();
    let records = dir.path().join("records.jsonl");
    std::fs::write(&records, "{\"game\":\"tictactoe\",\"number\":1,\"seed\":1,\"a\":\"x\",\"a_plays\":\"X\",\"first\":\"a\",\"start\":\".........\",\"moves\":[\"a1\",\"a1\"],\"result\":\"a\",\"margin_a\":0}\n").unwrap();
    let openings = dir.path().join("openings.txt");
    std::fs::write(&openings, "XXXXXXXXXXXX\n").unwrap();
    let (corrupt, records, openings) = (
        corrupt.to_str().unwrap(),
        records.to_str().unwrap(),
        openings.to_str().unwrap(),
    );
    for args in [
        vec!["arena", "ttt", "rules", "deep-blue"],
        vec!["arena", "ttt", "rules"],
        vec!["arena", "ttt", "rules", "random", "random"],
        vec!["arena", "ttt", "rules:depth=3", "random"],
        vec!["arena", "chess", "a", "b"],
        vec!["arena", "ttt", "rules", "random", "--shard", "0/3"],
        vec!["arena", "ttt", "rules", "random", "--shard", "4/3"],
        vec!["arena", "ttt", "rules", "random", "--shard", "two"],
        vec!["arena", "ttt", "rules", "random", "--first", "x"],
        vec!["arena", "ttt", "rules", "random", "--openings", openings],
        vec![
            "arena",
            "ttt",
            "rules",
            "random",
            "--openings",
            "/nonexistent/file",
        ],
        vec!["arena", "ttt", "--round-robin", "rules"],
        vec!["arena", "merge", corrupt],
        vec!["arena", "merge", "/nonexistent/file"],
        vec!["replay", records],
        vec!["replay", corrupt],
        vec!["replay", "/nonexistent/file"],
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
fn reversi_joins_the_arena_unchanged() {
    // The book's order of strength, and records with passes that replay move by move.
    let doc = json(&[
        "arena",
        "reversi",
        "corner-best",
        "worst",
        "--games",
        "400",
        "--json",
    ]);
    assert!(doc["win_rate_a"].as_f64().unwrap() > 0.7, "{doc}");
    assert!(
        doc["mean_margin_a"].as_f64().unwrap() > 0.0,
        "discs ahead on average"
    );
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("games.jsonl");
    let run = tabula(
        &[
            "arena",
            "reversi",
            "worst",
            "random",
            "--games",
            "100",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&out).unwrap();
    let with_pass = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|r| r["moves"].as_array().unwrap().iter().any(|m| m == "pass"))
        .expect("some game among 100 has a pass");
    let number = with_pass["number"].to_string();
    let run = tabula(&["replay", out.to_str().unwrap(), "--game", &number], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains(" pass "), "{}", run.stdout);
}

#[test]
fn sprt_and_pbrain_bad_input_exits_2_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("brain.txt");
    std::fs::write(&plain, "not a program\n").unwrap();
    let not_program = format!("pbrain:{}", plain.display());
    for (args, words) in [
        (
            vec!["arena", "ttt", "rules", "random", "--sprt", "10,0"],
            "--sprt takes ELO0,ELO1",
        ),
        (
            vec!["arena", "ttt", "rules", "random", "--sprt", "x"],
            "--sprt takes ELO0,ELO1",
        ),
        (
            vec![
                "arena",
                "ttt",
                "rules",
                "random",
                "--sprt",
                "0,5",
                "--sprt-alpha",
                "0.7",
            ],
            "--sprt-alpha",
        ),
        (
            vec![
                "arena", "ttt", "rules", "random", "--sprt", "0,5", "--shard", "1/2",
            ],
            "whole match",
        ),
        (
            vec![
                "arena",
                "ttt",
                "--round-robin",
                "rules",
                "random",
                "--sprt",
                "0,5",
            ],
            "--sprt tests one match",
        ),
        (
            vec!["arena", "gomoku", "pbrain:/nonexistent/pbrain-x", "engine"],
            "cannot run",
        ),
        (
            vec!["arena", "gomoku", &not_program, "engine"],
            "not executable",
        ),
        (
            vec!["arena", "gomoku", "pbrain", "engine"],
            "needs an argument",
        ),
        (
            vec!["arena", "gomoku", "engine:fast", "engine"],
            "takes no argument",
        ),
    ] {
        let run = tabula(&args, "");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(words), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn agents_lists_the_pbrain_agent_with_its_argument() {
    let run = tabula(&["agents", "gomoku"], "");
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("pbrain:PATH"), "{}", run.stdout);
    assert!(run.stdout.contains("memory=1..1048576"), "{}", run.stdout);
}

#[test]
fn sprt_stops_a_one_sided_match_early_with_its_verdict() {
    let report = json(&[
        "arena", "ttt", "minimax", "random", "--games", "5000", "--sprt", "0,50", "--json",
    ]);
    assert_eq!(report["sprt"]["verdict"], "h1");
    let games = report["games"].as_u64().unwrap();
    assert!(games < 5000, "{games}");
    let run = tabula(
        &[
            "arena",
            "ttt",
            "random",
            "random",
            "--games",
            "5000",
            "--sprt=-50,0",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("LLR"), "{}", run.stdout);
    // Equal agents: the advantage is 0, elo1 of this test.
    assert!(run.stdout.contains("H1 accepted"), "{}", run.stdout);
}
