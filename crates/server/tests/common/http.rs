//! A minimal blocking HTTP/1.1 client for the server's tests (one request per connection).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// A response: status and body (parsed as JSON when it is JSON, else a JSON string).
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub body: serde_json::Value,
    pub text: String,
}

/// Sends one request to `addr`.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> Reply {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    request_with(addr, method, path, &headers, body)
}

/// Sends one request with extra header lines.
#[allow(dead_code)] // not every test binary sends headers of its own
pub fn request_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Reply {
    let mut stream = TcpStream::connect(addr).expect("connect to the server");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        head += &format!("{name}: {value}\r\n");
    }
    let body = body.unwrap_or("");
    if method != "GET" {
        head += &format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        );
    }
    head += "\r\n";
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body.as_bytes()).unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let raw = String::from_utf8_lossy(&raw).to_string();
    let (head, rest) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let text = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    let body = serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text.clone()));
    Reply { status, body, text }
}

fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || tail.len() < n {
            break;
        }
        out.push_str(&tail[..n]);
        rest = tail[n..].trim_start_matches("\r\n");
    }
    out
}

/// `GET /api/games/{id}`.
pub fn state(addr: SocketAddr, id: &str) -> serde_json::Value {
    let reply = request(addr, "GET", &format!("/api/games/{id}"), None, None);
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.body
}

/// `POST /api/games/{id}/moves` with a seat token.
pub fn play(addr: SocketAddr, id: &str, token: &str, mv: &str) -> Reply {
    let body = serde_json::json!({ "move": mv }).to_string();
    request(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(token),
        Some(&body),
    )
}

/// Creates a game from a JSON body; panics unless 201.
pub fn create(addr: SocketAddr, body: &str) -> serde_json::Value {
    let reply = request(addr, "POST", "/api/games", None, Some(body));
    assert_eq!(reply.status, 201, "{}", reply.text);
    reply.body
}

/// Joins with an invite code.
pub fn join(addr: SocketAddr, id: &str, invite: &str) -> Reply {
    let body = serde_json::json!({ "invite": invite }).to_string();
    request(
        addr,
        "POST",
        &format!("/api/games/{id}/join"),
        None,
        Some(&body),
    )
}

/// Polls the state until `done` holds (at most 20 s).
pub fn wait_for(
    addr: SocketAddr,
    id: &str,
    done: impl Fn(&serde_json::Value) -> bool,
) -> serde_json::Value {
    let start = std::time::Instant::now();
    loop {
        let s = state(addr, id);
        if done(&s) {
            return s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "timed out waiting; last state {s}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}
