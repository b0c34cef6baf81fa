//! Bad input at every front door of the command line and the console gets a clear answer:
//! save files that cannot be read or written, typos at "Play again?", contradictory seats, and
//! the help text names every option and alias.

mod common;

use common::tabula;

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-hardening-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn loading_a_device_or_a_directory_is_refused_at_once() {
    let dir = scratch("load");
    let script = format!("load /dev/zero\nload {}\na1\nquit\n", dir.display());
    let run = tabula(&["play", "ttt", "--two-player"], &script);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("Could not load: /dev/zero: not a saved game: it is a device, pipe or socket, not a regular file"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("it is a directory, not a regular file"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_save_that_fails_says_why_and_the_game_goes_on() {
    let dir = scratch("save");
    let missing = dir.join("no-such-dir").join("game.json");
    let script = format!(
        "a1\nsave /proc/version\nsave {}\nsave {}\nb2\na1\nquit\n",
        dir.display(),
        missing.display()
    );
    let run = tabula(&["play", "ttt", "--two-player"], &script);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(
        out.contains("Could not save: /proc/version: cannot create a file in /proc: "),
        "{out}"
    );
    assert!(out.contains("it is a directory; give a file name"), "{out}");
    assert!(out.contains("no-such-dir does not exist"), "{out}");
    assert_eq!(out.matches("The game goes on").count(), 3, "{out}");
    assert!(
        out.contains("a1 is already taken"),
        "the game is still there"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_typo_at_play_again_asks_again() {
    // X wins the top row; then a typo, another, and a clear yes: a second game starts.
    let script = "a1\na2\nb1\nb2\nc1\nyse\n\nyes\nb2\nquit\n";
    let run = tabula(&["play", "ttt", "--two-player"], script);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout.matches("Please answer yes or no").count(),
        2,
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("b2 is already taken"), "a new game");
    // End of input at the question quits cleanly.
    let run = tabula(
        &["play", "ttt", "--two-player"],
        "a1\na2\nb1\nb2\nc1\nmaybe\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn two_people_are_player_1_and_player_2() {
    let run = tabula(&["play", "reversi", "--two-player", "--once"], "quit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("X (player 1): 2 points.  O (player 2): 2 points."),
        "{}",
        run.stdout
    );
    let run = tabula(
        &[
            "play",
            "reversi",
            "-X",
            "human",
            "-O",
            "random",
            "--first",
            "O",
            "--no-pause",
        ],
        "quit\n",
    );
    assert!(run.stdout.contains("X (you): "), "{}", run.stdout);
    assert!(run.stdout.contains("O (random): "), "{}", run.stdout);
}

#[test]
fn two_player_with_a_computer_seat_is_refused() {
    for args in [
        &["play", "ttt", "--two-player", "-O", "minimax"][..],
        &["play", "reversi", "-X", "engine", "--two-player"],
        &["play", "gomoku", "--two-player", "-W", "engine"],
        &["play", "gomoku", "--two-player", "-B", "score-table"],
    ] {
        let run = tabula(args, "");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(
            run.stderr.contains("--two-player makes both seats human"),
            "{args:?}: {}",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "{args:?}");
    }
    // Naming a human seat is no contradiction.
    let run = tabula(&["play", "ttt", "--two-player", "-X", "human"], "quit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn help_shows_the_aliases_and_what_tabula_is() {
    let run = tabula(&["--help"], "");
    assert_eq!(run.code, 0);
    let first = run.stdout.lines().next().unwrap();
    for word in ["games", "analyze", "solve", "arena"] {
        assert!(first.contains(word), "{first}");
    }
    let run = tabula(&["play", "gomoku", "--help"], "");
    assert!(run.stdout.contains("[alias: -B]"), "{}", run.stdout);
    assert!(run.stdout.contains("[alias: -W]"), "{}", run.stdout);
    assert!(run.stdout.contains("default: engine"), "{}", run.stdout);
    for game in ["ttt", "reversi"] {
        let run = tabula(&["play", game, "--help"], "");
        assert!(
            run.stdout.contains("[alias: --starting]"),
            "{game}: {}",
            run.stdout
        );
    }
    let run = tabula(
        &[
            "play",
            "ttt",
            "--starting",
            "O",
            "--once",
            "-X",
            "minimax",
            "-O",
            "minimax",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn counts_agree_with_their_nouns() {
    let run = tabula(&["arena", "ttt", "minimax", "minimax", "--games", "1"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("\n1 game (seed"), "{}", run.stdout);
    assert!(run.stdout.contains("  1 game in "), "{}", run.stdout);
    assert!(
        !run.stdout.contains(" 1 games") && !run.stdout.contains("\n1 games"),
        "{}",
        run.stdout
    );
    let run = tabula(
        &[
            "play", "2048", "--agent", "greedy", "--games", "1", "--seed", "1",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains(": 1 game:"), "{}", run.stdout);
}

#[test]
fn an_empty_openings_file_names_no_line_0() {
    let dir = scratch("openings");
    let file = dir.join("empty.txt");
    std::fs::write(&file, "# nothing here\n\n").unwrap();
    let run = tabula(
        &[
            "arena",
            "ttt",
            "rules",
            "random",
            "--openings",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("the openings file has no positions"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("line 0"), "{}", run.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}
