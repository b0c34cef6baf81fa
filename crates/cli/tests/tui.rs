//! The real `tabula` binary full-screen in tmux: launch, play with keys, `:save`, quit; the save
//! file holds the moves. Skipped, with a message, where tmux is not installed.

mod common;

use std::process::Command;

use common::tabula;
use std::time::{Duration, Instant};

/// Runs tmux on this test's own server socket.
fn tmux(socket: &str, args: &[&str]) -> std::process::Output {
    Command::new("tmux")
        .args(["-L", socket])
        .args(args)
        .output()
        .expect("tmux runs")
}

fn capture(socket: &str) -> String {
    String::from_utf8_lossy(&tmux(socket, &["capture-pane", "-p", "-t", "game"]).stdout)
        .into_owned()
}

/// Waits until the screen shows `text`, for at most five seconds.
fn wait_for(socket: &str, text: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let screen = capture(socket);
        if screen.contains(text) {
            return screen;
        }
        assert!(
            Instant::now() < deadline,
            "no {text:?} on screen:\n{screen}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn play_keys_save_and_quit_in_tmux() {
    if Command::new("tmux").arg("-V").output().is_err() {
        println!("SKIPPED: tmux is not installed (apt-get install tmux), so the full-screen UI was not driven end to end");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.json");
    let socket = format!("tabula-test-{}", std::process::id());
    let command = format!(
        "env TABULA_DATA_DIR='{}' TERM=xterm-256color '{}' play tictactoe --two-player --first X --lang en",
        dir.path().display(),
        env!("CARGO_BIN_EXE_tabula")
    );
    let started = tmux(
        &socket,
        &[
            "new-session",
            "-d",
            "-s",
            "game",
            "-x",
            "100",
            "-y",
            "30",
            &command,
        ],
    );
    assert!(started.status.success(), "{started:?}");
    wait_for(&socket, "X to move");
    // Enter plays the centre (where the cursor starts); Up, Enter plays b1.
    tmux(&socket, &["send-keys", "-t", "game", "Enter"]);
    wait_for(&socket, "O to move");
    tmux(&socket, &["send-keys", "-t", "game", "Up", "Enter"]);
    wait_for(&socket, "2. O b1");
    let line = format!(":save {}", save.display());
    tmux(&socket, &["send-keys", "-t", "game", "-l", &line]);
    tmux(&socket, &["send-keys", "-t", "game", "Enter"]);
    wait_for(&socket, "Saved to");
    tmux(&socket, &["send-keys", "-t", "game", "q"]);
    wait_for(&socket, "Quit?");
    tmux(&socket, &["send-keys", "-t", "game", "y"]);
    let deadline = Instant::now() + Duration::from_secs(5);
    while tmux(&socket, &["has-session", "-t", "game"])
        .status
        .success()
    {
        assert!(
            Instant::now() < deadline,
            "still running:\n{}",
            capture(&socket)
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(saved["moves"], serde_json::json!(["b2", "b1"]));
    // The game in progress was also kept for the next start.
    assert!(dir.path().join("tui/tictactoe.save").exists());
    let _ = tmux(&socket, &["kill-server"]);
}

#[test]
fn bad_full_screen_options_are_refused_before_the_screen_changes() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--lang", "klingon", "play", "ttt"],
            "unknown language \"klingon\" (known: en, zh-CN)",
        ),
        (
            &["play", "ttt", "--ui", "tui", "-X", "nosuchagent"],
            "nosuchagent",
        ),
        (
            &["play", "gomoku", "--ui", "tui", "--size", "40"],
            "board size 40 is not supported",
        ),
        (
            &["play", "gomoku", "--ui", "tui", "--rule", "renjuu"],
            "--rule takes freestyle, standard or renju",
        ),
        (
            &["play", "ttt", "--ui", "tui", "--first", "Z"],
            "--first takes X, O or random",
        ),
        (&["play", "ttt", "--ui", "sideways"], "sideways"),
    ];
    for (args, message) in cases {
        let run = tabula(args, "");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
        assert!(
            !run.stdout.contains("\x1b[?1049h"),
            "{args:?}: the screen was not taken"
        );
    }
}

#[test]
fn ui_console_keeps_the_line_console() {
    let run = tabula(
        &["play", "ttt", "--ui", "console", "--two-player", "--once"],
        "b2\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("b2") || run.stdout.contains('X'),
        "{}",
        run.stdout
    );
}
