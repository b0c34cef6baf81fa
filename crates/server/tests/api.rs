//! The HTTP API and the socket against a server on 127.0.0.1 in this process (an in-memory
//! client): status codes, seats and spectators, reconnecting with `v=`, malformed and
//! oversized messages, rate limits.

#[path = "common/http.rs"]
mod http;

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tabula_server::limits::Rate;
use tabula_server::{App, Config, Limits};
use tokio_tungstenite::tungstenite::Message;

/// Starts a server on a free port of 127.0.0.1 with its own database; returns its address.
async fn start(limits: Limits) -> (SocketAddr, tempdir::Dir) {
    let dir = tempdir::Dir::new();
    let config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: dir.path.join("games.sqlite"),
        engines: Some(1),
        limits,
    };
    let (tx, rx) = tokio::sync::oneshot::channel();
    tokio::spawn(async move {
        tabula_server::serve(config, |addr| tx.send(addr).unwrap())
            .await
            .unwrap();
    });
    (rx.await.unwrap(), dir)
}

/// Like [`start`], keeping a handle on the server's state.
async fn start_app(limits: Limits) -> (SocketAddr, std::sync::Arc<App>, tempdir::Dir) {
    let dir = tempdir::Dir::new();
    let store = tabula_server::store::Store::open(&dir.path.join("games.sqlite")).unwrap();
    let app = App::new(store, Some(1), limits).unwrap();
    let (tx, rx) = tokio::sync::oneshot::channel();
    let serving = app.clone();
    tokio::spawn(async move {
        tabula_server::run(serving, "127.0.0.1:0".parse().unwrap(), |addr| {
            tx.send(addr).unwrap()
        })
        .await
        .unwrap();
    });
    (rx.await.unwrap(), app, dir)
}

/// Waits (at most 10 s) until `done` holds.
async fn until(what: &str, done: impl Fn() -> bool) {
    let start = std::time::Instant::now();
    while !done() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "timed out: {what}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

mod tempdir {
    /// A fresh directory under the system's temporary directory, removed on drop.
    pub struct Dir {
        pub path: std::path::PathBuf,
    }

    impl Dir {
        pub fn new() -> Dir {
            let path = std::env::temp_dir().join(format!(
                "tabula-server-test-{}-{}",
                std::process::id(),
                rand_suffix()
            ));
            std::fs::create_dir_all(&path).unwrap();
            Dir { path }
        }
    }

    fn rand_suffix() -> u64 {
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(0);
        NEXT.fetch_add(1, Ordering::Relaxed)
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

/// Runs blocking HTTP off the runtime's threads.
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(f).await.unwrap()
}

fn online_ttt(addr: SocketAddr) -> (String, String, String) {
    let created = http::create(addr, r#"{"game":"tictactoe","opponent":"human"}"#);
    let id = created["id"].as_str().unwrap().to_string();
    let x = created["token"].as_str().unwrap().to_string();
    let invite = created["invite"].as_str().unwrap().to_string();
    let joined = http::join(addr, &id, &invite);
    assert_eq!(joined.status, 200, "{}", joined.text);
    assert_eq!(joined.body["side"], "O");
    let o = joined.body["token"].as_str().unwrap().to_string();
    (id, x, o)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn status_codes_of_an_online_game() {
    let (addr, _dir) = start(Limits::default()).await;
    blocking(move || {
        let created = http::create(addr, r#"{"game":"tictactoe","opponent":"human"}"#);
        assert_eq!(created["side"], "X");
        let id = created["id"].as_str().unwrap().to_string();
        let x = created["token"].as_str().unwrap().to_string();
        let invite = created["invite"].as_str().unwrap().to_string();
        assert_eq!(x.len(), 32);
        assert_ne!(x, invite);

        // Anyone reads the state; no token or invite is ever in it.
        let state = http::request(addr, "GET", &format!("/api/games/{id}"), None, None);
        assert_eq!(state.status, 200);
        assert!(!state.text.contains(&x) && !state.text.contains(&invite));
        assert_eq!(state.body["status"], "ongoing");
        assert_eq!(state.body["to_move"], 0);

        // Before the friend joins, nobody moves.
        assert_eq!(http::play(addr, &id, &x, "b2").status, 409);
        // Wrong invite 403, right one 200, used one 409.
        assert_eq!(http::join(addr, &id, &"0".repeat(32)).status, 403);
        let joined = http::join(addr, &id, &invite);
        assert_eq!(joined.status, 200);
        let o = joined.body["token"].as_str().unwrap().to_string();
        let used = http::join(addr, &id, &invite);
        assert_eq!(
            (used.status, used.body["code"].as_str()),
            (409, Some("invite_used"))
        );

        // No token, an unknown token (a third party): 401.
        let no_token = http::request(
            addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            None,
            Some(r#"{"move":"b2"}"#),
        );
        assert_eq!(no_token.status, 401, "{}", no_token.text);
        assert_eq!(http::play(addr, &id, &"f".repeat(32), "b2").status, 401);
        let other = http::create(addr, r#"{"game":"tictactoe","opponent":"human"}"#);
        let stranger = other["token"].as_str().unwrap();
        assert_eq!(http::play(addr, &id, stranger, "b2").status, 401);

        // The seat not to move: 409. Illegal or malformed moves: 422 with the reason. Each
        // refusal has its stable code besides the English text.
        let early = http::play(addr, &id, &o, "b2");
        assert_eq!(early.status, 409);
        assert_eq!(early.body["code"], "not_your_turn");
        assert_eq!(early.body["error"], "it is not your turn");
        let first = http::play(addr, &id, &x, "b2");
        assert_eq!(first.status, 200, "{}", first.text);
        assert_eq!(first.body["moves"][0]["move"], "b2");
        assert_eq!(first.body["to_move"], 1);
        assert_eq!(http::play(addr, &id, &x, "a1").status, 409);
        let occupied = http::play(addr, &id, &o, "b2");
        assert_eq!(occupied.status, 422);
        assert_eq!(occupied.body["code"], "illegal_move");
        assert!(occupied.body["error"].as_str().unwrap().len() > 5);
        assert_eq!(http::play(addr, &id, &o, "zz").status, 422);
        let bad_json = http::request(
            addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(&o),
            Some("{not json"),
        );
        assert_eq!(bad_json.status, 400);
        let wrong_shape = http::request(
            addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(&o),
            Some(r#"{"mv":"a1"}"#),
        );
        assert_eq!(wrong_shape.status, 422);

        // Play to the end: X wins on the diagonal; then every move is 409.
        for (token, mv) in [(&o, "a2"), (&x, "a1"), (&o, "c1"), (&x, "c3")] {
            let reply = http::play(addr, &id, token, mv);
            assert_eq!(reply.status, 200, "{mv}: {}", reply.text);
        }
        let end = http::state(addr, &id);
        assert_eq!(end["status"], "finished");
        assert_eq!(end["result"]["winner"], 0);
        assert_eq!(end["winning_line"], json!([0, 4, 8]));
        assert_eq!(http::play(addr, &id, &o, "a3").status, 409);

        // Unknown games and bad requests.
        assert_eq!(
            http::request(addr, "GET", "/api/games/nosuchgame", None, None).status,
            404
        );
        let chess = http::request(
            addr,
            "POST",
            "/api/games",
            None,
            Some(r#"{"game":"chess"}"#),
        );
        assert_eq!(chess.status, 422);
        assert!(chess.body["error"].as_str().unwrap().contains("known:"));
        let huge = format!(r#"{{"game":"tictactoe","pad":"{}"}}"#, "x".repeat(40_000));
        assert_eq!(
            http::request(addr, "POST", "/api/games", None, Some(&huge)).status,
            413
        );
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_replies_by_itself() {
    let (addr, _dir) = start(Limits::default()).await;
    blocking(move || {
        let created = http::create(
            addr,
            r#"{"game":"tictactoe","opponent":"minimax","side":"second"}"#,
        );
        assert_eq!(created["side"], "O");
        assert!(created["invite"].is_null());
        let id = created["id"].as_str().unwrap().to_string();
        let token = created["token"].as_str().unwrap().to_string();
        // The computer (X) opens by itself.
        let s = http::wait_for(addr, &id, |s| s["to_move"] == 1);
        assert_eq!(s["moves"].as_array().unwrap().len(), 1);
        let free = (0..9)
            .find(|&c| s["cells"][c] == 0)
            .map(|c| s["legal_cells"].as_array().unwrap().contains(&json!(c)))
            .unwrap();
        assert!(free);
        let mv = {
            let c = s["legal_cells"][0].as_u64().unwrap() as usize;
            format!(
                "{}{}",
                s["columns"][c % 3].as_str().unwrap(),
                s["rows"][c / 3].as_str().unwrap()
            )
        };
        assert_eq!(http::play(addr, &id, &token, &mv).status, 200);
        let s = http::wait_for(addr, &id, |s| s["moves"].as_array().unwrap().len() == 3);
        assert_eq!(s["to_move"], 1);
    })
    .await;
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(addr: SocketAddr, query: &str) -> Socket {
    let url = format!("ws://{addr}/api/games/{query}");
    tokio_tungstenite::connect_async(url).await.unwrap().0
}

/// The next text message as JSON (at most 10 s).
async fn next(socket: &mut Socket) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a message in time")
            .expect("the socket is open")
            .expect("no socket error");
        if let Message::Text(text) = msg {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

async fn send(socket: &mut Socket, text: &str) {
    socket.send(Message::Text(text.into())).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_refuse_spectators_and_bad_messages_and_stay_open() {
    let (addr, _dir) = start(Limits::default()).await;
    let (id, x, _o) = blocking(move || online_ttt(addr)).await;

    let mut watcher = connect(addr, &format!("{id}/ws")).await;
    let hello = next(&mut watcher).await;
    assert_eq!(hello["t"], "hello");
    assert!(hello["d"]["seat"].is_null());
    assert_eq!(next(&mut watcher).await["t"], "state");
    send(&mut watcher, r#"{"t":"move","d":{"move":"b2"}}"#).await;
    let refused = next(&mut watcher).await;
    assert_eq!(refused["t"], "error");
    assert!(refused["d"]["error"]
        .as_str()
        .unwrap()
        .contains("spectators"));

    let mut player = connect(addr, &format!("{id}/ws?token={x}")).await;
    assert_eq!(next(&mut player).await["d"]["seat"], 0);
    assert_eq!(next(&mut player).await["t"], "state");
    for bad in [
        "{",
        "[]",
        r#"{"t":"dance"}"#,
        r#"{"t":"move"}"#,
        r#"{"t":"move","d":{"move":"z9"}}"#,
        r#"{"t":"move","d":{"move":"b2"},"x":1}"#,
    ] {
        send(&mut player, bad).await;
        let reply = next(&mut player).await;
        assert_eq!(reply["t"], "error", "{bad}: {reply}");
    }
    player
        .send(Message::Binary(vec![1, 2, 3].into()))
        .await
        .unwrap();
    assert_eq!(next(&mut player).await["t"], "error");
    // Still open: a ping is answered and a move is played and broadcast.
    send(&mut player, r#"{"t":"ping"}"#).await;
    assert_eq!(next(&mut player).await["t"], "pong");
    send(&mut player, r#"{"t":"move","d":{"move":"b2"}}"#).await;
    let moved = next(&mut player).await;
    assert_eq!(moved["t"], "move");
    assert_eq!(moved["d"]["state"]["moves"][0]["move"], "b2");
    let seen = next(&mut watcher).await;
    assert_eq!(seen["t"], "move");
    assert_eq!(seen["v"], moved["v"]);

    // A message over the limit closes the socket with 1009; the game goes on for others.
    send(
        &mut player,
        &format!(r#"{{"t":"ping","d":"{}"}}"#, "x".repeat(8000)),
    )
    .await;
    let closed = loop {
        match tokio::time::timeout(Duration::from_secs(10), player.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => break frame,
            Ok(Some(Ok(_))) => continue,
            other => panic!("expected a close frame, got {other:?}"),
        }
    };
    assert_eq!(u16::from(closed.unwrap().code), 1009);
    send(&mut watcher, r#"{"t":"ping"}"#).await;
    assert_eq!(next(&mut watcher).await["t"], "pong");

    // An unknown token is refused at the door.
    let refused = tokio_tungstenite::connect_async(format!(
        "ws://{addr}/api/games/{id}/ws?token={}",
        "0".repeat(32)
    ))
    .await;
    assert!(refused.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnecting_with_v_replays_what_was_missed() {
    let (addr, _dir) = start(Limits::default()).await;
    let (id, x, o) = blocking(move || online_ttt(addr)).await;

    let mut socket = connect(addr, &format!("{id}/ws?token={o}")).await;
    next(&mut socket).await;
    let state = next(&mut socket).await;
    let v = state["v"].as_u64().unwrap();
    drop(socket);

    // While O is away, X moves twice (O answers in between through HTTP).
    let (id2, x2, o2) = (id.clone(), x.clone(), o.clone());
    blocking(move || {
        assert_eq!(http::play(addr, &id2, &x2, "a1").status, 200);
        assert_eq!(http::play(addr, &id2, &o2, "b1").status, 200);
        assert_eq!(http::play(addr, &id2, &x2, "c1").status, 200);
    })
    .await;

    let mut socket = connect(addr, &format!("{id}/ws?token={o}&v={v}")).await;
    assert_eq!(next(&mut socket).await["t"], "hello");
    let mut versions = Vec::new();
    for expected in ["a1", "b1", "c1"] {
        let event = next(&mut socket).await;
        assert_eq!(event["t"], "move");
        assert_eq!(event["d"]["move"], expected);
        versions.push(event["v"].as_u64().unwrap());
    }
    assert_eq!(versions, vec![v + 1, v + 2, v + 3]);

    // Up to date: hello and nothing else (a ping comes back next).
    let mut fresh = connect(addr, &format!("{id}/ws?token={o}&v={}", v + 3)).await;
    assert_eq!(next(&mut fresh).await["t"], "hello");
    send(&mut fresh, r#"{"t":"ping"}"#).await;
    assert_eq!(next(&mut fresh).await["t"], "pong");

    // A version from the future or far past gets the full state.
    let mut lost = connect(addr, &format!("{id}/ws?v=9999")).await;
    next(&mut lost).await;
    let full = next(&mut lost).await;
    assert_eq!(full["t"], "state");
    assert_eq!(full["d"]["state"]["moves"].as_array().unwrap().len(), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draws_takebacks_resignations_and_rematches() {
    let (addr, _dir) = start(Limits::default()).await;
    let (id, x, o) = blocking(move || online_ttt(addr)).await;
    let mut xs = connect(addr, &format!("{id}/ws?token={x}")).await;
    let mut os = connect(addr, &format!("{id}/ws?token={o}")).await;
    for s in [&mut xs, &mut os] {
        next(s).await;
        next(s).await;
    }
    send(&mut xs, r#"{"t":"move","d":{"move":"a1"}}"#).await;
    next(&mut xs).await;
    next(&mut os).await;
    // O has no move to take back; X asks, O accepts: the board is empty again.
    send(&mut os, r#"{"t":"takeback"}"#).await;
    assert_eq!(next(&mut os).await["t"], "error");
    send(&mut xs, r#"{"t":"takeback"}"#).await;
    assert_eq!(next(&mut os).await["t"], "offer");
    next(&mut xs).await;
    send(&mut os, r#"{"t":"takeback"}"#).await;
    let back = next(&mut xs).await;
    assert_eq!(back["t"], "takeback");
    assert_eq!(back["d"]["state"]["moves"], json!([]));
    next(&mut os).await;
    // A draw offered and accepted ends the game.
    send(&mut xs, r#"{"t":"draw"}"#).await;
    next(&mut xs).await;
    assert_eq!(next(&mut os).await["d"]["state"]["offers"]["draw"], 0);
    send(&mut os, r#"{"t":"draw"}"#).await;
    let end = next(&mut xs).await;
    assert_eq!(end["t"], "end");
    assert_eq!(end["d"]["state"]["result"]["ending"]["result"], "draw");
    next(&mut os).await;
    send(&mut os, r#"{"t":"resign"}"#).await;
    assert_eq!(next(&mut os).await["t"], "error");
    // Rematch: sides swap, tokens stay.
    send(&mut os, r#"{"t":"rematch"}"#).await;
    let reply = loop {
        let m = next(&mut os).await;
        if m["t"] == "rematch" && m["d"]["state"].is_null() {
            break m;
        }
    };
    let new_id = reply["d"]["id"].as_str().unwrap().to_string();
    blocking(move || {
        // O played second; now O (as X) moves first with the same token.
        assert_eq!(http::play(addr, &new_id, &x, "b2").status, 409);
        assert_eq!(http::play(addr, &new_id, &o, "b2").status, 200);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creating_games_is_rate_limited_per_address() {
    let limits = Limits {
        create: Rate {
            per_second: 0.01,
            burst: 3.0,
        },
        ..Limits::default()
    };
    let (addr, _dir) = start(limits).await;
    blocking(move || {
        for _ in 0..3 {
            http::create(addr, r#"{"game":"2048"}"#);
        }
        let refused = http::request(addr, "POST", "/api/games", None, Some(r#"{"game":"2048"}"#));
        assert_eq!(refused.status, 429);
        assert!(refused.body["error"].as_str().unwrap().contains("too many"));
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwarded_addresses_count_only_from_a_trusted_proxy() {
    let one_each = Rate {
        per_second: 0.001,
        burst: 1.0,
    };
    let create = |addr, forwarded: &str| {
        http::request_with(
            addr,
            "POST",
            "/api/games",
            &[("X-Forwarded-For", forwarded)],
            Some(r#"{"game":"2048"}"#),
        )
        .status
    };
    // Behind a trusted proxy (the test connects from 127.0.0.1): one game per forwarded client.
    let trusted = Limits {
        create: one_each,
        proxies: tabula_server::proxy::TrustedProxies::parse(&["127.0.0.0/8"]).unwrap(),
        ..Limits::default()
    };
    let (addr, _dir) = start(trusted).await;
    blocking(move || {
        assert_eq!(create(addr, "198.51.100.1"), 201);
        assert_eq!(create(addr, "198.51.100.2"), 201);
        // What a client writes left of the proxy's entry does not make it someone else.
        assert_eq!(create(addr, "203.0.113.5, 198.51.100.1"), 429);
    })
    .await;
    // Not trusted: the header is ignored, every request is the peer's.
    let (addr, _dir2) = start(Limits {
        create: one_each,
        ..Limits::default()
    })
    .await;
    blocking(move || {
        assert_eq!(create(addr, "198.51.100.1"), 201);
        assert_eq!(create(addr, "198.51.100.2"), 429);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_2048_game_slides_through_the_api() {
    let (addr, _dir) = start(Limits::default()).await;
    blocking(move || {
        let created = http::create(addr, r#"{"game":"2048","rules":{"goal":1024}}"#);
        let id = created["id"].as_str().unwrap().to_string();
        let token = created["token"].as_str().unwrap().to_string();
        let s = http::state(addr, &id);
        assert_eq!(
            s["cells"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| **c != 0)
                .count(),
            2
        );
        let dir = s["legal_other"][0].as_str().unwrap().to_string();
        let after = http::play(addr, &id, &token, &dir);
        assert_eq!(after.status, 200, "{}", after.text);
        assert!(after.body["moves"].as_array().unwrap().len() >= 4);
        assert_eq!(http::play(addr, &id, &token, "sideways").status, 422);
        let ws_free = http::request(addr, "GET", &format!("/api/games/{id}"), None, None);
        assert_eq!(ws_free.body["seats"].as_array().unwrap().len(), 1);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_that_runs_out_ends_the_game_on_time() {
    let (addr, _dir) = start(Limits::default()).await;
    blocking(move || {
        // 0.005 minutes: 300 ms each. Black's clock starts when White joins.
        let created = http::create(
            addr,
            r#"{"game":"gomoku","opponent":"human","clock":{"minutes":0.005}}"#,
        );
        let id = created["id"].as_str().unwrap().to_string();
        let s = http::state(addr, &id);
        assert_eq!(s["clocks"][0]["running"], false, "no clock before the join");
        assert_eq!(
            http::join(addr, &id, created["invite"].as_str().unwrap()).status,
            200
        );
        let s = http::wait_for(addr, &id, |s| s["status"] == "finished");
        assert_eq!(s["result"]["ending"]["result"], "timeout");
        assert_eq!(s["result"]["winner"], 1);
        let token = created["token"].as_str().unwrap();
        assert_eq!(http::play(addr, &id, token, "h8").status, 409);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_come_on_request_against_the_computer_only() {
    let (addr, _dir) = start(Limits::default()).await;
    let (created, online) = blocking(move || {
        (
            http::create(addr, r#"{"game":"tictactoe","opponent":"minimax"}"#),
            online_ttt(addr),
        )
    })
    .await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let mut socket = connect(addr, &format!("{id}/ws?token={token}")).await;
    next(&mut socket).await;
    next(&mut socket).await;
    send(&mut socket, r#"{"t":"hints","d":{"on":true}}"#).await;
    let hints = loop {
        let m = next(&mut socket).await;
        if let Some(h) = m["d"]["state"]["hints"].as_array() {
            break h.clone();
        }
    };
    assert_eq!(hints.len(), 9, "a value for every empty cell");
    let (id, x, _) = online;
    let mut player = connect(addr, &format!("{id}/ws?token={x}")).await;
    next(&mut player).await;
    next(&mut player).await;
    send(&mut player, r#"{"t":"hints"}"#).await;
    let refused = next(&mut player).await;
    assert_eq!(refused["t"], "error");
    assert!(refused["d"]["error"]
        .as_str()
        .unwrap()
        .contains("between people"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_and_idle_games_leave_memory_and_come_back_from_the_store() {
    let limits = Limits {
        keep_finished: Duration::ZERO,
        keep_idle: Duration::from_millis(300),
        ..Limits::default()
    };
    let (addr, app, _dir) = start_app(limits).await;
    let (id, x, o) = blocking(move || online_ttt(addr)).await;
    let mut os = connect(addr, &format!("{id}/ws?token={o}")).await;
    next(&mut os).await;
    let v0 = next(&mut os).await["v"].as_u64().unwrap();
    let (id2, x2, o2) = (id.clone(), x.clone(), o.clone());
    blocking(move || {
        for (token, mv) in [
            (&x2, "a1"),
            (&o2, "b1"),
            (&x2, "a2"),
            (&o2, "b2"),
            (&x2, "a3"),
        ] {
            assert_eq!(http::play(addr, &id2, token, mv).status, 200, "{mv}");
        }
    })
    .await;
    // Finished, but O is connected: it stays.
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(app.games_in_memory(), 1);
    drop(os);
    until("the finished game leaves memory", || {
        app.games_in_memory() == 0
    })
    .await;

    // Still readable, and a reconnecting client that saw only the start gets the full state.
    let (id2, o2) = (id.clone(), o.clone());
    let read = blocking(move || http::state(addr, &id2)).await;
    assert_eq!(read["status"], "finished");
    assert_eq!(read["result"]["winner"], 0);
    let mut os = connect(addr, &format!("{id}/ws?token={o2}&v={v0}")).await;
    assert_eq!(next(&mut os).await["d"]["seat"], 1);
    let full = next(&mut os).await;
    assert_eq!(full["t"], "state");
    assert_eq!(full["v"], read["version"]);
    assert_eq!(full["d"]["state"]["moves"].as_array().unwrap().len(), 5);
    // The rematch is made once, also across evictions.
    send(&mut os, r#"{"t":"rematch"}"#).await;
    let first = loop {
        let m = next(&mut os).await;
        if m["t"] == "rematch" && m["d"]["state"].is_null() {
            break m["d"]["id"].as_str().unwrap().to_string();
        }
    };
    drop(os);
    // The rematch (unfinished, nobody connected) goes after keep_idle; the old game sooner.
    until("both games leave memory", || app.games_in_memory() == 0).await;
    let mut os = connect(addr, &format!("{id}/ws?token={o}")).await;
    next(&mut os).await;
    assert_eq!(next(&mut os).await["d"]["state"]["rematch"], first);
    send(&mut os, r#"{"t":"rematch"}"#).await;
    let again = loop {
        let m = next(&mut os).await;
        if m["t"] == "rematch" {
            break m["d"]["id"].as_str().unwrap().to_string();
        }
    };
    assert_eq!(again, first);
    drop(os);
    // The idle rematch plays on from the store: O now moves first.
    let status = blocking(move || http::play(addr, &first, &o, "b2").status).await;
    assert_eq!(status, 200);
}

/// The next message of type `t`, skipping others.
async fn next_of(socket: &mut Socket, t: &str) -> Value {
    loop {
        let m = next(socket).await;
        if m["t"] == t {
            return m;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offers_can_be_declined_and_lapse_when_the_offerer_moves() {
    let (addr, _dir) = start(Limits::default()).await;
    let (id, x, o) = blocking(move || online_ttt(addr)).await;
    let mut xs = connect(addr, &format!("{id}/ws?token={x}")).await;
    let mut os = connect(addr, &format!("{id}/ws?token={o}")).await;
    let mut watcher = connect(addr, &format!("{id}/ws")).await;
    for s in [&mut xs, &mut os, &mut watcher] {
        next_of(s, "state").await;
    }
    send(&mut xs, r#"{"t":"move","d":{"move":"a1"}}"#).await;
    next_of(&mut os, "move").await;
    // Nothing offered yet: nothing to decline.
    send(&mut os, r#"{"t":"decline"}"#).await;
    let none = next_of(&mut os, "error").await;
    assert_eq!(none["d"]["code"], "no_offer");
    assert_eq!(none["d"]["status"], 409);

    // X offers a draw; O declines it; X sees the refusal and the offer is gone.
    send(&mut xs, r#"{"t":"draw"}"#).await;
    assert_eq!(
        next_of(&mut os, "offer").await["d"]["state"]["offers"]["draw"],
        0
    );
    send(&mut os, r#"{"t":"decline","d":{"offer":"chess"}}"#).await;
    assert_eq!(next_of(&mut os, "error").await["d"]["code"], "bad_fields");
    send(&mut watcher, r#"{"t":"decline"}"#).await;
    assert_eq!(
        next_of(&mut watcher, "error").await["d"]["code"],
        "spectator"
    );
    send(&mut os, r#"{"t":"decline","d":{"offer":"draw"}}"#).await;
    let declined = next_of(&mut xs, "declined").await;
    assert_eq!(declined["d"]["offers"], json!(["draw"]));
    assert_eq!(declined["d"]["player"], 1);
    assert!(declined["d"]["state"]["offers"]["draw"].is_null());
    // The offerer cannot decline their own offer, and a declined one cannot be accepted.
    send(&mut os, r#"{"t":"decline","d":{"offer":"draw"}}"#).await;
    assert_eq!(next_of(&mut os, "error").await["d"]["code"], "no_offer");

    // A takeback request declined too.
    send(&mut xs, r#"{"t":"takeback"}"#).await;
    next_of(&mut os, "offer").await;
    send(&mut os, r#"{"t":"decline"}"#).await;
    let declined = next_of(&mut xs, "declined").await;
    assert_eq!(declined["d"]["offers"], json!(["takeback"]));
    assert_eq!(declined["d"]["state"]["moves"].as_array().unwrap().len(), 1);

    // O offers a draw and then moves: the offer lapses, there is nothing for X to decline
    // or accept (X's draw is a new offer, not an agreement).
    send(&mut os, r#"{"t":"draw"}"#).await;
    assert_eq!(
        next_of(&mut xs, "offer").await["d"]["state"]["offers"]["draw"],
        1
    );
    send(&mut os, r#"{"t":"move","d":{"move":"b2"}}"#).await;
    let moved = next_of(&mut xs, "move").await;
    assert!(moved["d"]["state"]["offers"]["draw"].is_null());
    send(&mut xs, r#"{"t":"decline"}"#).await;
    assert_eq!(next_of(&mut xs, "error").await["d"]["code"], "no_offer");
    send(&mut xs, r#"{"t":"draw"}"#).await;
    let offer = next_of(&mut xs, "offer").await;
    assert_eq!(offer["d"]["state"]["status"], "ongoing");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn against_the_computer_both_clocks_run_and_the_engine_keeps_to_its_own() {
    let (addr, _dir) = start(Limits::default()).await;
    blocking(move || {
        // 0.03 minutes: 1,800 ms each, no increment. The engine's budget is a twentieth of what
        // it has left (90 ms); unhurried, level 8 thinks far longer on this reply.
        let created = http::create(
            addr,
            r#"{"game":"gomoku","opponent":"engine:level=8","clock":{"minutes":0.03}}"#,
        );
        let id = created["id"].as_str().unwrap().to_string();
        let token = created["token"].as_str().unwrap().to_string();
        let s = http::state(addr, &id);
        assert_eq!(
            s["clocks"][0]["running"], true,
            "the person's clock runs from the start"
        );
        assert_eq!(http::play(addr, &id, &token, "h8").status, 200);
        let s = http::wait_for(addr, &id, |s| s["moves"].as_array().unwrap().len() == 2);
        let engine_left = s["clocks"][1]["remaining_ms"].as_u64().unwrap();
        // 90 ms plus the time to stop, answer and publish (a loaded debug build: under 900).
        assert!(
            engine_left >= 900,
            "the engine used {} ms of its 1,800",
            1800 - engine_left
        );
        assert_eq!(s["clocks"][1]["running"], false);
        assert_eq!(s["clocks"][0]["running"], true);
        assert_eq!(s["status"], "ongoing");
        // The person does not move again: their flag falls and the computer wins on time.
        let s = http::wait_for(addr, &id, |s| s["status"] == "finished");
        assert_eq!(s["result"]["ending"]["result"], "timeout");
        assert_eq!(s["result"]["ending"]["player"], 0);
        assert_eq!(s["result"]["winner"], 1);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn renju_forbidden_points_are_in_the_state_and_refused() {
    let (addr, _dir) = start(Limits::default()).await;
    blocking(move || {
        let created = http::create(
            addr,
            r#"{"game":"gomoku","opponent":"human","rules":{"rule":"renju"}}"#,
        );
        let id = created["id"].as_str().unwrap().to_string();
        let black = created["token"].as_str().unwrap().to_string();
        let invite = created["invite"].as_str().unwrap().to_string();
        let white = http::join(addr, &id, &invite).body["token"]
            .as_str()
            .unwrap()
            .to_string();
        // Black f8 g8 h9 h10, white far away: h8 is a double three for black.
        for (i, mv) in ["f8", "a1", "g8", "a3", "h9", "a5", "h10", "a7"]
            .iter()
            .enumerate()
        {
            let token = if i % 2 == 0 { &black } else { &white };
            let reply = http::play(addr, &id, token, mv);
            assert_eq!(reply.status, 200, "{mv}: {}", reply.text);
        }
        let s = http::state(addr, &id);
        let h8 = 7 * 15 + 7;
        assert!(
            s["forbidden"]
                .as_array()
                .unwrap()
                .contains(&serde_json::json!({"cell": h8, "reason": "double-three"})),
            "{s}"
        );
        let refused = http::play(addr, &id, &black, "h8");
        assert_eq!(refused.status, 422);
        assert!(
            refused
                .text
                .contains("forbidden to black under renju: a double three"),
            "{}",
            refused.text
        );
    })
    .await;
}

/// `POST /api/games/{id}/choices`: a swap opening's answer with a seat token.
fn choose(addr: SocketAddr, id: &str, token: &str, choice: &str) -> http::Reply {
    let body = json!({ "choice": choice }).to_string();
    http::request(
        addr,
        "POST",
        &format!("/api/games/{id}/choices"),
        Some(token),
        Some(&body),
    )
}

/// Asserts a refusal's status and code.
fn refused(reply: &http::Reply, status: u16, code: &str) {
    assert_eq!(reply.status, status, "{}", reply.text);
    assert_eq!(reply.body["code"], code, "{}", reply.text);
}

/// A cell's name in a state (`h8`).
fn cell_name(s: &Value, cell: usize) -> String {
    let width = s["width"].as_u64().unwrap() as usize;
    format!(
        "{}{}",
        s["columns"][cell % width].as_str().unwrap(),
        s["rows"][cell / width].as_str().unwrap()
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn swap1_against_the_computer_to_the_end_of_the_opening_and_back_from_the_store() {
    let limits = Limits {
        keep_idle: Duration::from_millis(200),
        ..Limits::default()
    };
    let (addr, app, _dir) = start_app(limits).await;
    let (id, token) = blocking(move || {
        let created = http::create(
            addr,
            r#"{"game":"gomoku","opponent":"engine:level=2","rules":{"opening":"swap1"}}"#,
        );
        let id = created["id"].as_str().unwrap().to_string();
        let token = created["token"].as_str().unwrap().to_string();
        assert_eq!(created["player"], 0, "the creator places the opening");
        // Nothing to choose while the stones go down; the person places all three.
        refused(&choose(addr, &id, &token, "black"), 409, "no_choice");
        refused(&choose(addr, &id, &token, "purple"), 422, "bad_choice");
        // Two black stones together and a white one in the corner: black is better, so the
        // computer takes black and the seats swap.
        for (i, stone) in ["h8", "a1", "h9"].into_iter().enumerate() {
            let s = http::state(addr, &id);
            assert_eq!(s["to_move"], 0, "seat 0 places stone {}", i + 1);
            assert_eq!(s["opening"]["ask"]["kind"], "place");
            assert_eq!(s["opening"]["ask"]["stone"], i + 1);
            assert_eq!(s["opening"]["ask"]["colour"], i % 2, "black, white, black");
            let reply = http::play(addr, &id, &token, stone);
            assert_eq!(reply.status, 200, "{stone}: {}", reply.text);
        }
        (id, token)
    })
    .await;
    // The computer (seat 1) is asked; the person may neither choose nor place meanwhile.
    let (id2, token2) = (id.clone(), token.clone());
    let chosen = blocking(move || {
        let (id, token) = (id2, token2);
        let s = http::state(addr, &id);
        if s["opening"].is_object() {
            assert_eq!(s["opening"]["seat"], 1);
            assert_eq!(s["opening"]["ask"]["kind"], "choose");
            assert!(s["opening"]["agent"].is_string(), "{s}");
            refused(&choose(addr, &id, &token, "white"), 409, "not_your_turn");
            refused(&http::play(addr, &id, &token, "a1"), 409, "not_your_turn");
        }
        let s = http::wait_for(addr, &id, |s| s["opening"].is_null());
        let choices = s["choices"].as_array().unwrap();
        assert_eq!(choices.len(), 1, "{s}");
        assert_eq!(choices[0]["seat"], 1);
        assert_eq!(choices[0]["after"], 3);
        let computer = match choices[0]["choice"].as_str().unwrap() {
            "black" => 0,
            "white" => 1,
            other => panic!("the computer chose {other}"),
        };
        assert_eq!(computer, 0, "the computer takes the better colour: {s}");
        // The seats follow the choice: the person has the other colour.
        assert_eq!(s["seats"][1]["colour"], computer);
        assert_eq!(s["seats"][0]["colour"], 1 - computer);
        assert_eq!(s["seats"][1]["kind"], "computer");
        refused(&choose(addr, &id, &token, "black"), 409, "no_choice");
        // White moves after the three stones: the person if the computer took black.
        let s = http::wait_for(addr, &id, |s| s["to_move"] == 0);
        assert_eq!(s["to_move_colour"], s["seats"][0]["colour"]);
        let stones = s["moves"].as_array().unwrap().len();
        assert_eq!(stones, if computer == 0 { 3 } else { 4 }, "{s}");
        for m in &s["moves"].as_array().unwrap()[3..] {
            assert_eq!(m["seat"], 1, "the computer's move");
            assert_eq!(m["player"], computer);
        }
        let legal = s["legal_cells"][0].as_u64().unwrap() as usize;
        let reply = http::play(addr, &id, &token, &cell_name(&s, legal));
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["moves"][stones]["player"], 1 - computer);
        http::wait_for(addr, &id, |s| s["to_move"] == 0);
        computer
    })
    .await;
    // Out of memory and back from the store: the choice and the seats' colours are kept, and
    // the computer still plays its own colour.
    until("the game leaves memory", || app.games_in_memory() == 0).await;
    blocking(move || {
        let s = http::state(addr, &id);
        assert_eq!(s["choices"][0]["seat"], 1);
        assert_eq!(s["seats"][1]["colour"], chosen);
        assert_eq!(s["to_move"], 0);
        let before = s["moves"].as_array().unwrap().len();
        let legal = s["legal_cells"][0].as_u64().unwrap() as usize;
        let reply = http::play(addr, &id, &token, &cell_name(&s, legal));
        assert_eq!(reply.status, 200, "{}", reply.text);
        let s = http::wait_for(addr, &id, |s| {
            s["moves"].as_array().unwrap().len() == before + 2
        });
        let last = &s["moves"][before + 1];
        assert_eq!(last["seat"], 1);
        assert_eq!(last["player"], chosen, "the computer kept its colour");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn swap2_between_people_over_the_socket_refuses_the_wrong_seat() {
    let (addr, _dir) = start(Limits::default()).await;
    let (id, a, b) = blocking(move || {
        let created = http::create(
            addr,
            r#"{"game":"gomoku","opponent":"human","rules":{"opening":"swap2"}}"#,
        );
        let id = created["id"].as_str().unwrap().to_string();
        let joined = http::join(addr, &id, created["invite"].as_str().unwrap());
        assert_eq!(joined.body["player"], 1);
        let a = created["token"].as_str().unwrap().to_string();
        (id, a, joined.body["token"].as_str().unwrap().to_string())
    })
    .await;
    let mut xs = connect(addr, &format!("{id}/ws?token={a}")).await;
    let mut ys = connect(addr, &format!("{id}/ws?token={b}")).await;
    let mut watcher = connect(addr, &format!("{id}/ws")).await;
    for socket in [&mut xs, &mut ys, &mut watcher] {
        next_of(socket, "state").await;
    }
    async fn error_code(socket: &mut Socket) -> Value {
        next_of(socket, "error").await["d"]["code"].clone()
    }
    for stone in ["h8", "i9", "g10"] {
        send(&mut ys, r#"{"t":"move","d":{"move":"a1"}}"#).await;
        assert_eq!(error_code(&mut ys).await, "not_your_turn");
        send(&mut xs, &json!({"t":"move","d":{"move":stone}}).to_string()).await;
        next_of(&mut xs, "move").await;
    }
    // Both players and the watcher see the question put to seat 1.
    let mut last = Value::Null;
    for socket in [&mut ys, &mut watcher] {
        last = loop {
            let m = next_of(socket, "move").await;
            if m["d"]["state"]["moves"].as_array().unwrap().len() == 3 {
                break m["d"]["state"].clone();
            }
        };
    }
    assert_eq!(last["opening"]["seat"], 1);
    assert_eq!(
        last["opening"]["ask"]["options"],
        json!(["black", "white", "place_two"])
    );
    assert_eq!(last["to_move"], 1);
    // The wrong seat, a stone instead of an answer, an unknown answer, a malformed message,
    // a spectator.
    send(&mut xs, r#"{"t":"choose","d":{"choice":"black"}}"#).await;
    assert_eq!(error_code(&mut xs).await, "not_your_turn");
    send(&mut xs, r#"{"t":"move","d":{"move":"a1"}}"#).await;
    assert_eq!(error_code(&mut xs).await, "not_your_turn");
    send(&mut ys, r#"{"t":"move","d":{"move":"a1"}}"#).await;
    assert_eq!(error_code(&mut ys).await, "choice_awaited");
    send(&mut ys, r#"{"t":"choose","d":{"choice":"purple"}}"#).await;
    assert_eq!(error_code(&mut ys).await, "bad_choice");
    send(&mut ys, r#"{"t":"choose","d":{}}"#).await;
    assert_eq!(error_code(&mut ys).await, "bad_fields");
    send(&mut watcher, r#"{"t":"choose","d":{"choice":"white"}}"#).await;
    assert_eq!(error_code(&mut watcher).await, "spectator");
    // Seat 1 places two more (white, black) and hands the choice back.
    send(&mut ys, r#"{"t":"choose","d":{"choice":"place_two"}}"#).await;
    let chose = next_of(&mut xs, "choice").await;
    assert_eq!(chose["d"]["seat"], 1);
    assert_eq!(chose["d"]["choice"], "place_two");
    assert_eq!(chose["d"]["state"]["opening"]["ask"]["kind"], "place");
    for stone in ["j8", "g8"] {
        send(&mut xs, &json!({"t":"move","d":{"move":"a1"}}).to_string()).await;
        assert_eq!(error_code(&mut xs).await, "not_your_turn");
        send(&mut ys, &json!({"t":"move","d":{"move":stone}}).to_string()).await;
        next_of(&mut ys, "move").await;
    }
    let s = loop {
        let m = next_of(&mut xs, "move").await;
        if m["d"]["state"]["moves"].as_array().unwrap().len() == 5 {
            break m["d"]["state"].clone();
        }
    };
    assert_eq!(s["opening"]["seat"], 0);
    assert_eq!(s["opening"]["ask"]["options"], json!(["black", "white"]));
    send(&mut ys, r#"{"t":"choose","d":{"choice":"black"}}"#).await;
    assert_eq!(error_code(&mut ys).await, "not_your_turn");
    let (id2, a2) = (id.clone(), a.clone());
    let s = blocking(move || {
        refused(&choose(addr, &id2, &a2, "place_two"), 422, "bad_choice");
        refused(
            &choose(addr, &id2, "not-a-token", "white"),
            401,
            "unauthorized",
        );
        let reply = choose(addr, &id2, &a2, "white");
        assert_eq!(reply.status, 200, "{}", reply.text);
        refused(&choose(addr, &id2, &a2, "white"), 409, "no_choice");
        reply.body
    })
    .await;
    // Seat 0 took white: it moves now (white after five stones), and seat 1 plays black.
    assert!(s["opening"].is_null());
    assert_eq!(s["seats"][0]["colour"], 1);
    assert_eq!(s["seats"][0]["name"], "white");
    assert_eq!(s["seats"][1]["colour"], 0);
    assert_eq!(
        (s["to_move"].clone(), s["to_move_colour"].clone()),
        (json!(0), json!(1))
    );
    // The watcher saw both choices, each with who made it.
    let first = next_of(&mut watcher, "choice").await;
    assert_eq!(
        (&first["d"]["seat"], &first["d"]["choice"]),
        (&json!(1), &json!("place_two"))
    );
    let second = next_of(&mut watcher, "choice").await;
    assert_eq!(
        (&second["d"]["seat"], &second["d"]["choice"]),
        (&json!(0), &json!("white"))
    );
    send(&mut ys, r#"{"t":"move","d":{"move":"a1"}}"#).await;
    assert_eq!(error_code(&mut ys).await, "not_your_turn");
    send(&mut xs, r#"{"t":"move","d":{"move":"a1"}}"#).await;
    let moved = next_of(&mut ys, "move").await;
    let state = &moved["d"]["state"];
    assert_eq!(state["moves"][5]["player"], 1, "seat 0's stone is white");
    assert_eq!(state["moves"][5]["seat"], 0);
    assert_eq!(state["to_move"], 1);
    // Seat 1 (black) resigns: white, seat 0, wins. The rematch swaps the seats: seat 1's
    // token now places the opening.
    send(&mut ys, r#"{"t":"resign"}"#).await;
    let end = next_of(&mut xs, "end").await;
    let result = &end["d"]["state"]["result"];
    assert_eq!(result["ending"]["player"], 0, "black resigned: {result}");
    assert_eq!(
        (&result["winner"], &result["winner_seat"]),
        (&json!(1), &json!(0))
    );
    send(&mut xs, r#"{"t":"rematch"}"#).await;
    let rematch = loop {
        let m = next_of(&mut xs, "rematch").await;
        if m["d"]["state"].is_null() {
            break m["d"]["id"].as_str().unwrap().to_string();
        }
    };
    blocking(move || {
        let s = http::state(addr, &rematch);
        assert_eq!(s["rules"]["opening"], "swap2");
        assert_eq!(s["opening"]["seat"], 0);
        refused(&http::play(addr, &rematch, &a, "h8"), 409, "not_your_turn");
        assert_eq!(http::play(addr, &rematch, &b, "h8").status, 200);
        refused(&choose(addr, &rematch, &b, "black"), 409, "no_choice");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_swap_opening_the_clock_of_the_seat_asked_runs() {
    let (addr, _dir) = start(Limits::default()).await;
    blocking(move || {
        let created = http::create(
            addr,
            r#"{"game":"gomoku","opponent":"human","rules":{"opening":"swap1"},"clock":{"minutes":1}}"#,
        );
        let id = created["id"].as_str().unwrap().to_string();
        let a = created["token"].as_str().unwrap().to_string();
        let joined = http::join(addr, &id, created["invite"].as_str().unwrap());
        let b = joined.body["token"].as_str().unwrap().to_string();
        let running = |s: &Value| {
            let clocks = s["clocks"].as_array().unwrap();
            (0..2)
                .filter(|&p| clocks[p]["running"] == true)
                .collect::<Vec<_>>()
        };
        assert_eq!(running(&http::state(addr, &id)), [0]);
        for stone in ["h8", "i9", "g10"] {
            let s = http::play(addr, &id, &a, stone).body;
            assert_eq!(running(&s), [s["to_move"].as_u64().unwrap() as usize]);
        }
        // Seat 0 placed all three on its own clock; now seat 1's runs while it chooses.
        assert_eq!(running(&http::state(addr, &id)), [1]);
        let s = choose(addr, &id, &b, "black").body;
        assert_eq!(s["to_move"], 0, "white (seat 0) moves after the choice");
        assert_eq!(running(&s), [0]);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_between_people_goes_back_through_the_colour_choice() {
    let (addr, _dir) = start(Limits::default()).await;
    let (id, a, b) = blocking(move || {
        let created = http::create(
            addr,
            r#"{"game":"gomoku","opponent":"human","rules":{"opening":"swap1"}}"#,
        );
        let id = created["id"].as_str().unwrap().to_string();
        let a = created["token"].as_str().unwrap().to_string();
        let joined = http::join(addr, &id, created["invite"].as_str().unwrap());
        let b = joined.body["token"].as_str().unwrap().to_string();
        for stone in ["h8", "i9", "g10"] {
            assert_eq!(http::play(addr, &id, &a, stone).status, 200);
        }
        assert_eq!(choose(addr, &id, &b, "black").status, 200);
        assert_eq!(
            http::play(addr, &id, &a, "a1").status,
            200,
            "seat 0 plays white"
        );
        (id, a, b)
    })
    .await;
    let mut xs = connect(addr, &format!("{id}/ws?token={a}")).await;
    let mut ys = connect(addr, &format!("{id}/ws?token={b}")).await;
    // Seat 1's last decision was its choice of black: taking it back undoes seat 0's reply and
    // the choice, and the question is put again.
    send(&mut ys, r#"{"t":"takeback"}"#).await;
    next_of(&mut xs, "offer").await;
    send(&mut xs, r#"{"t":"takeback"}"#).await;
    let back = next_of(&mut ys, "takeback").await;
    let s = &back["d"]["state"];
    assert_eq!(s["moves"].as_array().unwrap().len(), 3, "{s}");
    assert_eq!(s["choices"], json!([]));
    assert_eq!(s["opening"]["seat"], 1);
    assert_eq!(s["opening"]["ask"]["kind"], "choose");
    assert_eq!(
        s["seats"][0]["colour"], 0,
        "seat 0 is black again until the choice"
    );
    // Seat 1 answers again, differently.
    send(&mut ys, r#"{"t":"choose","d":{"choice":"white"}}"#).await;
    let chose = next_of(&mut xs, "choice").await;
    assert_eq!(chose["d"]["state"]["seats"][1]["colour"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swap_opening_reloads_from_the_store_mid_opening() {
    let limits = Limits {
        keep_idle: Duration::from_millis(200),
        ..Limits::default()
    };
    let (addr, app, _dir) = start_app(limits).await;
    let (id, a, b) = blocking(move || {
        let created = http::create(
            addr,
            r#"{"game":"gomoku","opponent":"human","rules":{"opening":"swap2","size":15}}"#,
        );
        let id = created["id"].as_str().unwrap().to_string();
        let joined = http::join(addr, &id, created["invite"].as_str().unwrap());
        let a = created["token"].as_str().unwrap().to_string();
        let b = joined.body["token"].as_str().unwrap().to_string();
        for stone in ["h8", "i9", "g10"] {
            assert_eq!(http::play(addr, &id, &a, stone).status, 200);
        }
        assert_eq!(choose(addr, &id, &b, "place_two").status, 200);
        assert_eq!(http::play(addr, &id, &b, "j8").status, 200);
        (id, a, b)
    })
    .await;
    until("the game leaves memory", || app.games_in_memory() == 0).await;
    let (id2, a2, b2) = (id.clone(), a.clone(), b.clone());
    blocking(move || {
        let s = http::state(addr, &id2);
        assert_eq!(
            s["choices"],
            json!([{"after": 3, "seat": 1, "choice": "place_two"}])
        );
        assert_eq!(s["opening"]["seat"], 1, "seat 1 still places: {s}");
        assert_eq!(s["opening"]["ask"]["stone"], 2);
        assert_eq!(s["opening"]["ask"]["colour"], 0);
        refused(&choose(addr, &id2, &b2, "black"), 409, "no_choice");
        assert_eq!(http::play(addr, &id2, &b2, "g8").status, 200);
        refused(&http::play(addr, &id2, &a2, "a1"), 409, "choice_awaited");
        assert_eq!(choose(addr, &id2, &a2, "white").status, 200);
    })
    .await;
    until("the game leaves memory again", || {
        app.games_in_memory() == 0
    })
    .await;
    blocking(move || {
        let s = http::state(addr, &id);
        assert_eq!(s["choices"].as_array().unwrap().len(), 2);
        assert_eq!(s["seats"][0]["colour"], 1, "seat 0 took white: {s}");
        assert!(s["opening"].is_null());
        // White (seat 0) to move; seat 1's token plays black.
        refused(&http::play(addr, &id, &b, "a1"), 409, "not_your_turn");
        let reply = http::play(addr, &id, &a, "a1");
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["moves"][5]["player"], 1);
        assert_eq!(http::play(addr, &id, &b, "a2").status, 200);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_that_waited_for_the_engine_still_keeps_to_its_clock() {
    // One engine permit. Game A's reply takes it for about 1.1 s (1,200 ms bank, a 10 s
    // increment: the budget is nearly all it has left). Game B (2,400 ms, the same increment)
    // waits for it meanwhile; if B's engine then budgeted from its full bank it would think
    // about 2.3 s and B's computer would lose on time.
    let (addr, _dir) = start(Limits::default()).await;
    blocking(move || {
        let game = |minutes: &str| {
            let body = format!(
                r#"{{"game":"gomoku","opponent":"engine:level=8","clock":{{"minutes":{minutes},"increment":10}}}}"#
            );
            let created = http::create(addr, &body);
            (
                created["id"].as_str().unwrap().to_string(),
                created["token"].as_str().unwrap().to_string(),
            )
        };
        let (a, a_token) = game("0.02");
        let (b, b_token) = game("0.04");
        assert_eq!(http::play(addr, &a, &a_token, "h8").status, 200);
        std::thread::sleep(Duration::from_millis(200));
        assert_eq!(http::play(addr, &b, &b_token, "h8").status, 200);
        let s = http::wait_for(addr, &a, |s| s["moves"].as_array().unwrap().len() == 2);
        assert_eq!(
            s["status"], "ongoing",
            "A's computer moved in time: {} {}",
            s["result"], s["clocks"]
        );
        let s = http::wait_for(addr, &b, |s| {
            s["moves"].as_array().unwrap().len() == 2 || s["status"] == "finished"
        });
        assert_eq!(
            s["status"], "ongoing",
            "B's computer, after waiting for the engine, moved in time: {} {}",
            s["result"],
            s["clocks"]
        );
        assert_eq!(s["moves"].as_array().unwrap().len(), 2);
        let left = s["clocks"][1]["remaining_ms"].as_u64().unwrap();
        assert!(left >= 10_000, "B's computer got its increment: {left} ms");
    })
    .await;
}
