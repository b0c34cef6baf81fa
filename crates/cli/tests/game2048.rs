//! The `tabula` command line with 2048: headless games, analyze, perft and errors. (The
//! full-screen game is tested in `tabula-tui` with ratatui's `TestBackend`.)

mod common;

use std::path::Path;

use common::{tabula, tabula_env};
use serde_json::Value;

#[test]
fn headless_games_print_one_json_object_each_and_a_summary() {
    let run = tabula(
        &[
            "play", "2048", "--agent", "greedy", "--games", "3", "--seed", "5", "--json",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(lines.len(), 4);
    for (i, game) in lines[..3].iter().enumerate() {
        assert_eq!(game["game"], i + 1);
        assert_eq!(game["seed"], 5 + i);
        for key in ["score", "max_tile", "moves", "ms_per_move"] {
            assert!(game[key].is_number(), "{key} in {game}");
        }
    }
    let summary = &lines[3]["summary"];
    assert_eq!(summary["games"], 3);
    assert!(summary["reached"]["2048"].is_number());
    assert!(summary["median_score"].is_number());

    // The same seed plays the same games.
    let again = tabula(
        &[
            "play", "2048", "--agent", "greedy", "--games", "3", "--seed", "5", "--json",
        ],
        "",
    );
    let scores = |out: &str| -> Vec<Value> {
        out.lines()
            .take(3)
            .map(|l| serde_json::from_str::<Value>(l).unwrap()["score"].clone())
            .collect()
    };
    assert_eq!(scores(&run.stdout), scores(&again.stdout));
}

#[test]
fn analyze_values_every_legal_slide() {
    // Only left and right change this board.
    let run = tabula(
        &[
            "analyze",
            "2048",
            "2,2,4,8,16,32,64,128,256,512,1024,4,8,16,32,64",
            "--json",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(doc["game"], "2048");
    assert_eq!(doc["to_move"], "player");
    let mut moves: Vec<&str> = doc["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    moves.sort_unstable();
    assert_eq!(moves, ["left", "right"]);
}

#[test]
fn perft_counts_tiles_and_slides() {
    // OpenSpiel: 32 outcomes on the empty board, then 30 for the second tile.
    let run = tabula(&["perft", "2048", "2"], "");
    assert_eq!(run.stdout.lines().last(), Some("960"));
    let run = tabula(
        &[
            "perft",
            "2048",
            "1",
            "2,2,4,8,16,32,64,128,256,512,1024,4,8,16,32,64",
        ],
        "",
    );
    assert_eq!(run.stdout.lines().last(), Some("2"));
}

#[test]
fn what_cannot_be_analyzed_or_solved_is_refused_with_the_reason() {
    // A tile is due: no player's move to value (once "expectimax does not analyze positions;
    // try expectimax").
    let run = tabula(
        &["analyze", "2048", "2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 chance"],
        "",
    );
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr.contains("chance moves next") && !run.stderr.contains("try expectimax"),
        "{}",
        run.stderr
    );
    let position = "2,2,0,0,0,4,0,0,0,0,0,0,0,0,0,0";
    let run = tabula(&["analyze", "2048", position, "--exact"], "");
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("--exact needs an exact solver, and 2048 agent expectimax has none"),
        "{}",
        run.stderr
    );
    let run = tabula(&["analyze", "2048", position, "--agent", "greedy"], "");
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("agent greedy only chooses moves and does not value them; leave out --agent"),
        "{}",
        run.stderr
    );
    let dir = std::env::temp_dir().join(format!("tabula-2048-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("positions.txt");
    std::fs::write(&file, format!("{position}\n")).unwrap();
    let run = tabula(&["solve", "2048", file.to_str().unwrap()], "");
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert!(
        run.stderr
            .contains("tabula solve needs an exact solver, and 2048 agent expectimax has none"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    for args in [
        vec!["analyze", "2048", "2,2"],
        vec!["analyze", "2048", "2,4,2,4,4,2,4,2,2,4,2,4,4,2,4,2"],
        vec!["play", "2048", "--agent", "expectimax:depth=x"],
        vec!["play", "2048", "--agent", "nobody"],
        vec!["play", "2048", "--games", "3"],
        vec!["play", "2048"],
    ] {
        let run = tabula(&args, "");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.starts_with("tabula: "),
            "{args:?}: {}",
            run.stderr
        );
    }
}

#[test]
fn headless_options_never_open_the_screen_and_say_what_they_need() {
    for (args, says) in [
        (
            vec!["--ui", "tui", "play", "2048", "--json"],
            "--games and --json need --agent SPEC",
        ),
        (
            vec!["--ui", "tui", "play", "2048", "--games", "2"],
            "--games and --json need --agent SPEC",
        ),
        (
            vec!["--ui", "console", "play", "2048"],
            "the full-screen game needs a terminal; use --agent SPEC to play headless",
        ),
    ] {
        let run = tabula(&args, "");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
    let run = tabula(
        &[
            "--ui", "tui", "play", "2048", "--agent", "greedy", "--seed", "1",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("score"), "{}", run.stdout);
}

#[test]
fn train_saves_a_network_that_resumes_and_plays() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("small.bin");
    let out = out.to_str().unwrap();
    let run = tabula(
        &[
            "train",
            "2048",
            "--games",
            "30",
            "--out",
            out,
            "--seed",
            "3",
            "--shapes",
            "0,1,2,3/4,5,6,7",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("30 games"), "{}", run.stderr);
    assert!(run.stderr.contains("moves/s"), "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!("saved {out} after 30 games")),
        "{}",
        run.stderr
    );

    let run = tabula(
        &[
            "train", "2048", "--games", "10", "--out", out, "--resume", out,
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("after 40 games"), "{}", run.stderr);

    // Split into stages on resuming: every board keeps its value, so play goes on alike.
    let run = tabula(
        &[
            "train", "2048", "--games", "5", "--out", out, "--resume", out, "--stages", "64,256",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("after 45 games"), "{}", run.stderr);
    // A stage more, begun by a pair of tiles, is carved from the stage it splits.
    let run = tabula(
        &[
            "train",
            "2048",
            "--games",
            "1",
            "--out",
            out,
            "--resume",
            out,
            "--stages",
            "64,256,256+128",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("after 46 games"), "{}", run.stderr);
    let run = tabula(
        &[
            "train", "2048", "--games", "1", "--out", out, "--resume", out, "--stages", "128",
        ],
        "",
    );
    assert_eq!(
        run.code, 2,
        "stages it has may not be dropped: {}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("has stages from 64,256,256+128; new stages must keep 64"),
        "{}",
        run.stderr
    );

    let agent = format!("ntuple:weights={out},depth=1");
    let run = tabula(
        &[
            "play", "2048", "--agent", &agent, "--games", "2", "--seed", "1",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("2 games:"), "{}", run.stdout);
}

#[test]
fn train_learns_by_coherence_with_restarts_and_downgrading_on_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tc.bin");
    let out = out.to_str().unwrap();
    let run = tabula(
        &[
            "train",
            "2048",
            "--games",
            "40",
            "--out",
            out,
            "--shapes",
            "0,1,2,3/4,5,6,7",
            "--tc",
            "--alpha",
            "1",
            "--restarts",
            "64",
            "--downgrade",
            "64",
            "--threads",
            "2",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!("saved {out} after 40 games")),
        "{}",
        run.stderr
    );
    // The last progress line has the restarted games' own figures (about half of the games
    // restart once a game has reached 64).
    assert!(
        run.stderr.contains("| restarted from 64 or more, last "),
        "{}",
        run.stderr
    );
    // The coherence sums are saved beside the weights, and a resumed run reads them; damaged
    // sums are a usage error that names them.
    let sums = format!("{out}.tc");
    assert!(Path::new(&sums).is_file());
    let resume = [
        "train", "2048", "--games", "2", "--out", out, "--resume", out, "--tc", "--alpha", "1",
    ];
    let resumed = tabula(&resume, "");
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    assert!(
        resumed.stderr.contains("after 42 games"),
        "{}",
        resumed.stderr
    );
    let mut bytes = std::fs::read(&sums).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&sums, bytes).unwrap();
    let damaged = tabula(&resume, "");
    assert_eq!(damaged.code, 2, "{}", damaged.stderr);
    assert!(
        damaged.stderr.contains("coherence sums") && damaged.stderr.contains("checksum"),
        "{}",
        damaged.stderr
    );
}

/// Ctrl-C (SIGINT, sent here by `kill -INT`) ends a run after the games under way and saves
/// it, and the saved file resumes.
#[cfg(unix)]
#[test]
fn ctrl_c_saves_the_run() {
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ctrl-c.bin");
    let out = out.to_str().unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["train", "2048", "--games", "100000000", "--out", out])
        .args(["--shapes", "0,1,2,3/4,5,6,7", "--threads", "1"])
        .env_remove("TABULA_LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula starts");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let output = child.wait_with_output().expect("tabula finishes");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("interrupted after "), "{stderr}");
    let saved: u64 = stderr
        .split(&format!("saved {out} after "))
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|games| games.parse().ok())
        .unwrap_or_else(|| panic!("no save in {stderr}"));
    assert!(saved > 0, "{stderr}");
    let again = dir.path().join("again.bin");
    let again = again.to_str().unwrap();
    let resumed = tabula(
        &[
            "train", "2048", "--games", "1", "--out", again, "--resume", out,
        ],
        "",
    );
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    assert!(
        resumed
            .stderr
            .contains(&format!("saved {again} after {} games", saved + 1)),
        "{}",
        resumed.stderr
    );
}

#[test]
fn train_refuses_bad_input_with_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.bin");
    let out = out.to_str().unwrap();
    let missing = dir.path().join("missing.bin");
    let missing = missing.to_str().unwrap();
    let cases: [(&[&str], &str); 13] = [
        (
            &[
                "train",
                "2048",
                "--games",
                "1",
                "--out",
                out,
                "--restarts",
                "100",
            ],
            "\"100\" is not a tile",
        ),
        (
            &[
                "train",
                "2048",
                "--games",
                "1",
                "--out",
                out,
                "--downgrade",
                "1",
            ],
            "\"1\" is not a tile",
        ),
        (
            &[
                "train",
                "2048",
                "--games",
                "1",
                "--out",
                out,
                "--threads",
                "0",
            ],
            "at least 1",
        ),
        (
            &["train", "reversi", "--games", "1", "--out", out],
            "only 2048 can be trained",
        ),
        (
            &["train", "2048", "--games", "0", "--out", out],
            "at least 1",
        ),
        (
            &[
                "train", "2048", "--games", "1", "--out", out, "--alpha", "0",
            ],
            "--alpha",
        ),
        (
            &[
                "train", "2048", "--games", "1", "--out", out, "--shapes", "0,1/2,x",
            ],
            "\"x\"",
        ),
        (
            &[
                "train", "2048", "--games", "1", "--out", out, "--shapes", "0,16",
            ],
            "off the board",
        ),
        (
            &[
                "train", "2048", "--games", "1", "--out", out, "--stages", "8192,100",
            ],
            "\"100\" is not a tile",
        ),
        (
            &[
                "train",
                "2048",
                "--games",
                "1",
                "--out",
                out,
                "--stages",
                "16384,8192",
            ],
            "must increase",
        ),
        (
            &[
                "train",
                "2048",
                "--games",
                "1",
                "--out",
                out,
                "--stages",
                "8192+16384",
            ],
            "the larger first",
        ),
        (
            &[
                "train", "2048", "--games", "1", "--out", out, "--resume", missing,
            ],
            "tabula train 2048",
        ),
        (
            &[
                "train", "2048", "--games", "1", "--out", out, "--resume", out, "--shapes", "0",
            ],
            "cannot be used with",
        ),
    ];
    for (args, expected) in cases {
        let run = tabula(args, "");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(expected), "{args:?}: {}", run.stderr);
    }
    assert!(!Path::new(out).exists(), "a refused run wrote nothing");
}

#[test]
fn the_ntuple_agent_without_weights_names_the_training_command() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let run = tabula_env(
        &["play", "2048", "--agent", "ntuple", "--games", "1"],
        "",
        &[("TABULA_DATA_DIR", data)],
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("2048-ntuple.bin") && run.stderr.contains("tabula train 2048"),
        "{}",
        run.stderr
    );
}
