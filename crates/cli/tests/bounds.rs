//! Nothing a user types may hang the program, eat the machine or flood the terminal: every
//! agent key has a range, plies and counts start at 1, threads are capped, long input is
//! refused early and quoted briefly.

mod common;

use std::time::{Duration, Instant};

use common::{tabula, Run};

/// Runs `tabula args...` and checks it refused the input (exit 2) with a message containing
/// each of `words`, in under `within`.
fn refused(args: &[&str], words: &[&str], within: Duration) -> Run {
    let started = Instant::now();
    let run = tabula(args, "");
    let took = started.elapsed();
    let shown: Vec<String> = args.iter().map(|a| a.chars().take(40).collect()).collect();
    assert_eq!(run.code, 2, "{shown:?}: {}", run.stderr);
    for word in words {
        assert!(
            run.stderr.contains(word),
            "{shown:?}: {word:?} not in {}",
            run.stderr
        );
    }
    assert!(took < within, "{shown:?} took {took:?}");
    run
}

const SOON: Duration = Duration::from_secs(10);

#[test]
fn every_search_knob_of_every_agent_has_a_range() {
    for (game, spec, range) in [
        ("2048", "expectimax:depth=1000", "from 1 to 12"),
        ("2048", "expectimax:depth=0", "from 1 to 12"),
        ("2048", "expectimax:time=3600001", "from 1 to 3600000"),
        ("reversi", "engine:level=11", "from 1 to 10"),
        ("reversi", "engine:time=99999999999", "from 1 to 3600000"),
        ("reversi", "engine:probcut=41", "from 0 to 40"),
        ("gomoku", "engine:level=0", "from 1 to 10"),
        ("gomoku", "engine:time=0", "from 1 to 3600000"),
    ] {
        let position = match game {
            "2048" => "2,2,0,0,0,4,0,0,0,0,0,0,0,0,0,0",
            "reversi" => "---------------------------XO------OX--------------------------- X",
            _ => "h8",
        };
        refused(
            &["analyze", game, position, "--agent", spec],
            &[range],
            SOON,
        );
    }
    refused(
        &[
            "play",
            "2048",
            "--agent",
            "expectimax:depth=1000",
            "--games",
            "1",
        ],
        &["depth", "from 1 to 12"],
        SOON,
    );
    // The top of each range is accepted.
    let run = tabula(
        &[
            "analyze",
            "2048",
            "2,2,0,0,0,4,0,0,0,0,0,0,0,0,0,0",
            "--agent",
            "expectimax:depth=12",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn agents_lists_each_key_with_its_range() {
    let run = tabula(&["agents"], "");
    assert_eq!(run.code, 0);
    assert!(
        run.stdout
            .contains("depth=1..12, time=1..3600000, mean=1..3600000, late=1..1048576, seed"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("level=1..10, time=1..3600000, weights=PATH, probcut=0..40, seed"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("time=1..3600000, level=1..10, seed"),
        "{}",
        run.stdout
    );
    // A path key shows as KEY=PATH.
    assert!(
        run.stdout
            .contains("late=1..1048576, weights=PATH, downgrade=0..32768, seed"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_key_given_twice_in_any_spelling_is_refused() {
    for spec in [
        "engine:level=3,LEVEL=4",
        "engine:level=3,level=3",
        "engine:level=3, Level =3",
    ] {
        refused(
            &["arena", "reversi", spec, "random", "--games", "1"],
            &["\"level\" is given twice"],
            SOON,
        );
    }
}

#[test]
fn zero_plies_time_games_and_threads_are_refused() {
    let position = "2,2,0,0,0,4,0,0,0,0,0,0,0,0,0,0";
    refused(
        &["analyze", "2048", position, "--depth", "0"],
        &["--depth", "from 1 to 64"],
        SOON,
    );
    refused(
        &["analyze", "2048", position, "--time-ms", "0"],
        &["--time-ms", "from 1 to 3600000"],
        SOON,
    );
    refused(
        &["analyze", "ttt", ".........", "--depth", "65"],
        &["from 1 to 64"],
        SOON,
    );
    // Within the command line's range but beyond the agent's own.
    refused(
        &["analyze", "2048", position, "--depth", "13"],
        &["depth", "from 1 to 12"],
        SOON,
    );
    refused(
        &["arena", "ttt", "rules", "random", "--games", "0"],
        &["--games", "at least 1"],
        SOON,
    );
    refused(
        &["arena", "ttt", "rules", "random", "--threads", "0"],
        &["--threads", "at least 1"],
        SOON,
    );
}

#[test]
fn more_threads_than_processors_are_cut_with_a_note() {
    let started = Instant::now();
    let run = tabula(
        &[
            "arena",
            "ttt",
            "rules",
            "random",
            "--games",
            "20",
            "--threads",
            "9999",
            "--json",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("--threads 9999 is more than the"),
        "{}",
        run.stderr
    );
    assert!(started.elapsed() < SOON, "took {:?}", started.elapsed());
    assert!(run.stdout.contains("\"games\":20"), "{}", run.stdout);
}

#[test]
fn a_100_kb_input_gets_a_short_error_at_every_door() {
    let huge = "x".repeat(100_000);
    let spec = format!("engine:level={huge}");
    let name = format!("{huge}:level=1");
    let doors: Vec<Vec<&str>> = vec![
        vec!["analyze", "ttt", &huge],
        vec!["analyze", "reversi", &huge],
        vec!["analyze", "gomoku", &huge],
        vec!["analyze", "2048", &huge],
        vec!["analyze", &huge, "x"],
        vec!["perft", "ttt", "1", &huge],
        vec!["arena", "reversi", &spec, "random", "--games", "1"],
        vec!["arena", "reversi", &name, "random", "--games", "1"],
        vec!["arena", "ttt", "rules", "random", "--first", &huge],
        vec!["arena", "ttt", "rules", "random", "--shard", &huge],
        vec!["play", "ttt", "--first", &huge],
        vec!["play", "reversi", "--first", &huge],
        vec!["play", "gomoku", "--rule", &huge],
    ];
    for args in doors {
        let run = refused(&args, &[], SOON);
        assert!(
            run.stderr.len() < 1024,
            "{} bytes: {}",
            run.stderr.len(),
            run.stderr
        );
    }
}

#[test]
fn solve_refuses_a_one_megabyte_line_at_once() {
    let dir = std::env::temp_dir().join(format!("tabula-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("long.txt");
    std::fs::write(&file, format!("# a comment\n{}\n", "x ".repeat(500_000))).unwrap();
    let run = refused(
        &["solve", "reversi", file.to_str().unwrap()],
        &["line 2", "1000000 bytes", "at most 4096"],
        Duration::from_secs(1),
    );
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}
