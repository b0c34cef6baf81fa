//! `tabula serve` as a real process on 127.0.0.1 with a real SQLite file: acknowledged moves
//! survive `kill -9`, and the games go on after a restart with the same seat tokens. Bad
//! arguments get exit code 2.

#[path = "../../server/tests/common/http.rs"]
mod http;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A server process, killed (SIGKILL) when dropped, also when a test fails.
struct Server(Child);

impl Server {
    fn kill(&mut self) -> std::io::Result<()> {
        self.0.kill()
    }

    fn wait(&mut self) -> std::io::Result<std::process::ExitStatus> {
        self.0.wait()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `tabula serve` on `addr` over `db`; returns the process and the bound address read
/// from its first line of output.
fn serve(addr: &str, db: &Path) -> (Server, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--addr", addr, "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start tabula serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let bound = line
        .trim()
        .strip_prefix("listening on http://")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .parse()
        .unwrap();
    (Server(child), bound)
}

#[test]
fn acknowledged_moves_survive_kill_9_and_games_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let (mut server, addr) = serve("127.0.0.1:0", &db);

    // An online gomoku game with two moves each, a game against the computer, and 2048.
    let created = http::create(
        addr,
        r#"{"game":"gomoku","opponent":"human","rules":{"size":9},"clock":{"minutes":5,"increment":2}}"#,
    );
    let id = created["id"].as_str().unwrap().to_string();
    let black = created["token"].as_str().unwrap().to_string();
    let joined = http::join(addr, &id, created["invite"].as_str().unwrap());
    let white = joined.body["token"].as_str().unwrap().to_string();
    for (token, mv) in [
        (&black, "e5"),
        (&white, "d4"),
        (&black, "e6"),
        (&white, "d5"),
    ] {
        let reply = http::play(addr, &id, token, mv);
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
    let before = http::state(addr, &id);

    let solo = http::create(addr, r#"{"game":"2048"}"#);
    let solo_id = solo["id"].as_str().unwrap().to_string();
    let solo_token = solo["token"].as_str().unwrap().to_string();
    let dir = http::state(addr, &solo_id)["legal_other"][0]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(http::play(addr, &solo_id, &solo_token, &dir).status, 200);
    let solo_before = http::state(addr, &solo_id);

    let ttt = http::create(addr, r#"{"game":"tictactoe","opponent":"minimax"}"#);
    let ttt_id = ttt["id"].as_str().unwrap().to_string();
    let ttt_token = ttt["token"].as_str().unwrap().to_string();
    assert_eq!(http::play(addr, &ttt_id, &ttt_token, "a1").status, 200);
    http::wait_for(addr, &ttt_id, |s| s["moves"].as_array().unwrap().len() == 2);

    // kill -9: no chance to flush anything.
    server.kill().unwrap();
    server.wait().unwrap();

    let (mut server, addr) = serve("127.0.0.1:0", &db);
    let after = http::state(addr, &id);
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["cells"], before["cells"]);
    assert_eq!(after["version"], before["version"]);
    assert_eq!(after["to_move"], 0);
    // The clock of the player to move runs again; the other keeps what it had.
    assert_eq!(after["clocks"][0]["running"], true);
    assert_eq!(after["clocks"][1]["running"], false);
    let white_left = after["clocks"][1]["remaining_ms"].as_u64().unwrap();
    assert!(
        white_left > 290_000 && white_left <= 304_000,
        "{white_left}"
    );
    // The same tokens play on; the other seat is still refused out of turn.
    assert_eq!(http::play(addr, &id, &white, "a1").status, 409);
    let reply = http::play(addr, &id, &black, "e7");
    assert_eq!(reply.status, 200, "{}", reply.text);

    let solo_after = http::state(addr, &solo_id);
    assert_eq!(solo_after["cells"], solo_before["cells"]);
    assert_eq!(solo_after["moves"], solo_before["moves"]);
    let ttt_after = http::state(addr, &ttt_id);
    assert_eq!(ttt_after["moves"].as_array().unwrap().len(), 2);
    assert_eq!(ttt_after["to_move"], 0);

    server.kill().unwrap();
    server.wait().unwrap();
}

#[test]
fn bad_serve_arguments_exit_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--addr", "localhost"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("IP:PORT"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--trusted-proxy",
            "10.0.0.1,proxy.local",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--trusted-proxy") && err.contains("proxy.local"),
        "{err}"
    );
}
