//! The game socket: `GET /api/games/{id}/ws?token=…&v=N`.
//!
//! The server sends `{"t", "v", "d"}` messages: `hello` first (the client's seat and the
//! version), then the events the client missed since `v` (from a short buffer, else one full
//! `state`), then every new event (`move`, `end`, `offer`, `takeback`, `joined`, `rematch`,
//! `state`, `declined`, `choice`). A client sends `{"t": "move", "d": {"move": "e6"}}`,
//! `choose` (a swap opening's answer: `{"choice": "black"}`, `white`, `place_two`), `resign`, `draw`,
//! `takeback`, `decline` (`{"offer": "draw"}`; without it every pending offer), `hints`
//! (`{"on": true}`), `rematch` and `ping`. A malformed message gets an `error` (with a stable
//! `code`) and the socket stays open; a message over the size limit closes it with 1009.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{json, Value};
use tabula_core::Player;
use tokio::sync::broadcast::error::RecvError;

use crate::error::{ApiError, Code};
use crate::limits::Bucket;
use crate::{App, GameCell};

/// Frames above this are refused by the protocol layer itself.
const FRAME_CAP: usize = 64 * 1024;

/// Each socket's read buffer (the protocol's default, 128 KiB, would cost 256 MB for 2,000
/// players; client messages are small) and the write size that triggers a flush.
const BUFFER: usize = 8 * 1024;

#[derive(Deserialize)]
pub struct SocketQuery {
    token: Option<String>,
    v: Option<u64>,
}

pub async fn upgrade(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    Query(query): Query<SocketQuery>,
    headers: axum::http::HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let ip = app.client(addr, &headers);
    let cell = app.get(&id)?;
    let seat = match query.token.as_deref().filter(|t| !t.is_empty()) {
        Some(token) => Some(cell.lock().seat_of(token).ok_or(ApiError::Unauthorized)?),
        None => None,
    };
    let since = query.v;
    Ok(upgrade
        .max_message_size(FRAME_CAP)
        .max_frame_size(FRAME_CAP)
        .read_buffer_size(BUFFER)
        .write_buffer_size(BUFFER)
        .on_upgrade(move |socket| session(socket, app, cell, seat, since, ip)))
}

fn message(t: &str, v: u64, d: Value) -> Message {
    Message::Text(json!({"t": t, "v": v, "d": d}).to_string().into())
}

fn error_message(v: u64, e: &ApiError) -> Message {
    message(
        "error",
        v,
        json!({"error": e.to_string(), "code": e.code().as_str(), "status": e.status().as_u16()}),
    )
}

async fn session(
    socket: WebSocket,
    app: Arc<App>,
    cell: Arc<GameCell>,
    seat: Option<Player>,
    since: Option<u64>,
    ip: IpAddr,
) {
    let (mut tx, mut rx) = socket.split();
    // Subscribe before catching up so that nothing falls between; versions skip duplicates.
    let (mut events, backlog, mut seen) = {
        let live = cell.lock();
        (live.subscribe(), live.catch_up(since), live.version())
    };
    let hello = message(
        "hello",
        seen,
        json!({"seat": seat, "engines": app.engines.size()}),
    );
    if tx.send(hello).await.is_err() {
        return;
    }
    for text in backlog {
        if tx.send(Message::Text(text.as_ref().into())).await.is_err() {
            return;
        }
    }
    let rate = app.limits.per_socket;
    let mut bucket = Bucket::full(rate, Instant::now());
    loop {
        tokio::select! {
            event = events.recv() => match event {
                Ok(event) => {
                    if event.version > seen {
                        seen = event.version;
                        if tx.send(Message::Text(event.text.as_ref().into())).await.is_err() {
                            return;
                        }
                    }
                }
                Err(RecvError::Lagged(_)) => {
                    let (text, version) = {
                        let live = cell.lock();
                        (live.full_state_message(), live.version())
                    };
                    seen = version;
                    if tx.send(Message::Text(text.as_ref().into())).await.is_err() {
                        return;
                    }
                }
                Err(RecvError::Closed) => return,
            },
            incoming = rx.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Binary(_))) => {
                        let e = ApiError::BadRequest(Code::BinaryMessage, "send JSON text messages, not binary".into());
                        if tx.send(error_message(seen, &e)).await.is_err() {
                            return;
                        }
                        continue;
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_))) | None => return,
                    Some(Err(_)) => {
                        // Most often a frame over the protocol's cap.
                        let _ = tx.send(too_big()).await;
                        return;
                    }
                };
                if text.len() > app.limits.message_bytes {
                    let _ = tx.send(too_big()).await;
                    return;
                }
                let reply = if !bucket.take(rate, Instant::now()) || !app.message_limiter.allow(ip) {
                    Some(error_message(seen, &ApiError::TooMany))
                } else {
                    match handle(&app, &cell, seat, text.as_str()) {
                        Ok(reply) => reply.map(|(t, d)| message(t, seen, d)),
                        Err(e) => Some(error_message(seen, &e)),
                    }
                };
                if let Some(reply) = reply {
                    if tx.send(reply).await.is_err() {
                        return;
                    }
                }
            }
        }
    }
}

fn too_big() -> Message {
    Message::Close(Some(CloseFrame {
        code: close_code::SIZE,
        reason: "message too big".into(),
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClientMessage {
    t: String,
    #[serde(default)]
    d: Value,
}

/// Carries out one client message; `Ok(Some)` is a direct reply (`pong`, `rematch`).
fn handle(
    app: &Arc<App>,
    cell: &Arc<GameCell>,
    seat: Option<Player>,
    text: &str,
) -> Result<Option<(&'static str, Value)>, ApiError> {
    let msg: ClientMessage = serde_json::from_str(text).map_err(|e| {
        ApiError::BadRequest(Code::BadRequest, format!(
            "not a message: {e}; send {{\"t\": \"move\", \"d\": {{\"move\": \"e6\"}}}}, choose, resign, draw, takeback, decline, hints, rematch or ping"
        ))
    })?;
    if msg.t == "ping" {
        return Ok(Some(("pong", json!({}))));
    }
    let known = [
        "move", "choose", "resign", "draw", "takeback", "decline", "hints", "rematch",
    ];
    if !known.contains(&msg.t.as_str()) {
        return Err(ApiError::BadRequest(Code::UnknownMessage, format!(
            "unknown message type {:?} (known: move, choose, resign, draw, takeback, decline, hints, rematch, ping)",
            crate::setup::short(&msg.t)
        )));
    }
    let player = seat.ok_or_else(|| {
        ApiError::conflict(
            Code::Spectator,
            "spectators can watch but not play; join with a seat token",
        )
    })?;
    if msg.t == "rematch" {
        let id = app.rematch(cell)?;
        return Ok(Some(("rematch", json!({"id": id}))));
    }
    {
        let mut live = cell.lock();
        match msg.t.as_str() {
            "move" => {
                let mv = msg.d.get("move").and_then(Value::as_str).ok_or_else(|| {
                    ApiError::Unprocessable(
                        Code::BadFields,
                        "a move message is {\"t\": \"move\", \"d\": {\"move\": \"e6\"}}".into(),
                    )
                })?;
                live.play(&app.store, player, mv)?
            }
            "choose" => {
                let choice = msg.d.get("choice").and_then(Value::as_str).ok_or_else(|| {
                    ApiError::Unprocessable(
                        Code::BadFields,
                        "a choose message is {\"t\": \"choose\", \"d\": {\"choice\": \"black\"}}"
                            .into(),
                    )
                })?;
                live.choose(&app.store, player, choice)?
            }
            "resign" => live.resign(&app.store, player)?,
            "draw" => live.draw(&app.store, player)?,
            "takeback" => live.takeback(&app.store, player)?,
            "decline" => {
                let kind = msg.d.get("offer").and_then(Value::as_str);
                live.decline(&app.store, player, kind)?
            }
            "hints" => {
                let on = msg.d.get("on").and_then(Value::as_bool).unwrap_or(true);
                live.hints(&app.store, on)?
            }
            _ => unreachable!("checked against the known types"),
        }
    }
    app.kick(cell);
    Ok(None)
}
