//! Load benchmark (not a test): N concurrent online gomoku games on 127.0.0.1, each playing
//! moves through the socket, against a `tabula-server` in a child process (this same program
//! with `--serve`, rate limits off, its own SQLite file). Reports moves per second, the move
//! latency (from sending a move to receiving its broadcast) and the server's memory.
//!
//! ```sh
//! ulimit -n 8192
//! cargo run --release -p tabula-server --example load -- 1000 10        # as fast as it goes
//! cargo run --release -p tabula-server --example load -- 1000 10 2000   # a move per 2 s per game
//! ```
//!
//! Without a pace every game sends its next move as soon as the last one is back, which
//! measures throughput (and the latency of a saturated server); with a pace (milliseconds
//! between a game's moves, games started at random offsets) it measures the latency at that
//! offered load.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--serve") {
        return run_server(&args[1]);
    }
    let games: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let moves: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let pace = Duration::from_millis(args.get(2).and_then(|a| a.parse().ok()).unwrap_or(0));
    let dir = std::env::temp_dir().join(format!("tabula-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut server = Command::new(std::env::current_exe().unwrap())
        .arg("--serve")
        .arg(dir.join("games.sqlite"))
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr: SocketAddr = line.trim().parse().unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let result = runtime.block_on(drive(addr, games, moves, pace));
    let status =
        std::fs::read_to_string(format!("/proc/{}/status", server.id())).unwrap_or_default();
    let memory = |key: &str| {
        status
            .lines()
            .find(|l| l.starts_with(key))
            .map(|l| l[key.len()..].trim().to_string())
            .unwrap_or_else(|| "?".into())
    };
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
    let (mut latencies, elapsed, errors) = result;
    latencies.sort();
    let pct = |p: f64| {
        latencies
            .get(((latencies.len() as f64 * p) as usize).min(latencies.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "{games} games, pace {} ms, {} moves in {:.2} s: {:.0} moves/s; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; {errors} errors; server RSS {} (peak {})",
        pace.as_millis(),
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        pct(0.5),
        pct(0.99),
        pct(1.0),
        memory("VmRSS:"),
        memory("VmHWM:"),
    );
}

fn run_server(db: &str) {
    let config = tabula_server::Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: db.into(),
        engines: None,
        limits: tabula_server::Limits::unlimited_rates(),
    };
    tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(tabula_server::serve(config, |addr| println!("{addr}")))
        .unwrap();
}

/// One HTTP request with a JSON body; the JSON answer.
async fn post(addr: SocketAddr, path: &str, body: &str) -> Value {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).await.unwrap();
    let body = raw.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    serde_json::from_str(body).unwrap_or(Value::Null)
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn open(addr: SocketAddr, id: &str, token: &str) -> Socket {
    let url = format!("ws://{addr}/api/games/{id}/ws?token={token}");
    let mut socket = tokio_tungstenite::connect_async(url).await.unwrap().0;
    // hello and the state
    for _ in 0..2 {
        socket.next().await;
    }
    socket
}

/// Plays every game at once; the latencies, the wall time and the count of errors.
async fn drive(
    addr: SocketAddr,
    games: usize,
    moves: usize,
    pace: Duration,
) -> (Vec<Duration>, Duration, usize) {
    let mut seated = Vec::new();
    for chunk in (0..games).collect::<Vec<_>>().chunks(100) {
        let set: Vec<_> = chunk
            .iter()
            .map(|_| {
                tokio::spawn(async move {
                    let created = post(
                        addr,
                        "/api/games",
                        r#"{"game":"gomoku","opponent":"human"}"#,
                    )
                    .await;
                    let id = created["id"].as_str().unwrap().to_string();
                    let invite = created["invite"].as_str().unwrap();
                    let joined = post(
                        addr,
                        &format!("/api/games/{id}/join"),
                        &format!(r#"{{"invite":"{invite}"}}"#),
                    )
                    .await;
                    let black = open(addr, &id, created["token"].as_str().unwrap()).await;
                    let white = open(addr, &id, joined["token"].as_str().unwrap()).await;
                    (black, white)
                })
            })
            .collect();
        for task in set {
            seated.push(task.await.unwrap());
        }
    }
    let start = Instant::now();
    let tasks: Vec<_> = seated
        .into_iter()
        .enumerate()
        .map(|(i, (black, white))| {
            let offset = pace.mul_f64((i as f64 * 0.618_034).fract());
            tokio::spawn(play(black, white, moves, pace, offset))
        })
        .collect();
    let mut latencies = Vec::new();
    let mut errors = 0;
    for task in tasks {
        let (l, e) = task.await.unwrap();
        latencies.extend(l);
        errors += e;
    }
    (latencies, start.elapsed(), errors)
}

/// Plays `moves` moves, alternating, each from the socket of the player to move; a move's
/// latency ends when its broadcast comes back.
async fn play(
    black: Socket,
    white: Socket,
    moves: usize,
    pace: Duration,
    offset: Duration,
) -> (Vec<Duration>, usize) {
    let mut sockets = [black, white];
    tokio::time::sleep(offset).await;
    let mut latencies = Vec::new();
    let mut errors = 0;
    for i in 0..moves {
        let cell = (i * 17) % 225;
        let name = format!("{}{}", char::from(b'a' + (cell % 15) as u8), 15 - cell / 15);
        let mover = i % 2;
        let text = format!(r#"{{"t":"move","d":{{"move":"{name}"}}}}"#);
        if i > 0 {
            tokio::time::sleep(pace).await;
        }
        let sent = Instant::now();
        sockets[mover]
            .send(Message::Text(text.into()))
            .await
            .unwrap();
        loop {
            let Some(Ok(Message::Text(reply))) =
                tokio::time::timeout(Duration::from_secs(30), sockets[mover].next())
                    .await
                    .ok()
                    .flatten()
            else {
                errors += 1;
                break;
            };
            let reply: Value = serde_json::from_str(&reply).unwrap();
            match reply["t"].as_str() {
                Some("move") => {
                    latencies.push(sent.elapsed());
                    break;
                }
                Some("error") => {
                    errors += 1;
                    break;
                }
                _ => {}
            }
        }
        // The other side reads the broadcast too.
        let _ = tokio::time::timeout(Duration::from_secs(30), sockets[1 - mover].next()).await;
    }
    (latencies, errors)
}
