//! The HTTP API: create, join, read, move, and a swap opening's choice. Every answer is JSON; refusals carry
//! `{"error", "code"}` and the status the API documents.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, FromRequest, Path, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use tabula_core::Player;

use crate::error::{ApiError, Code};
use crate::game::Live;
use crate::setup::{self, CreateRequest};
use crate::store::Store;
use crate::App;

/// A JSON body whose refusals are API errors: not JSON → 400, the wrong fields → 422.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(Body(value)),
            Err(JsonRejection::JsonDataError(e)) => {
                Err(ApiError::Unprocessable(Code::BadFields, e.body_text()))
            }
            Err(e) => Err(ApiError::BadRequest(Code::BadRequest, e.body_text())),
        }
    }
}

pub fn routes(body_bytes: usize) -> Router<Arc<App>> {
    Router::new()
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(read))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/choices", post(choose))
        .route("/api/games/{id}/ws", get(crate::socket::upgrade))
        .layer(tower_http::limit::RequestBodyLimitLayer::new(body_bytes))
}

async fn create(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(request): Body<CreateRequest>,
) -> Result<impl IntoResponse, ApiError> {
    if !app.create_limiter.allow(app.client(addr, &headers)) {
        return Err(ApiError::TooMany);
    }
    let plan = setup::plan(request, rand::random(), rand::random())?;
    let (cell, created) = app.create(&plan)?;
    let live = cell.lock();
    let side = live.state()["seats"][plan.creator]["name"].clone();
    let body = json!({
        "id": live.id(),
        "side": side,
        "player": plan.creator,
        "token": created.token,
        "invite": created.invite,
    });
    Ok((StatusCode::CREATED, Json(body)))
}

async fn read(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, ApiError> {
    let cell = app.get(&id)?;
    let state = cell.lock().state();
    Ok(Json(state))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    invite: String,
}

async fn join(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(request): Body<JoinRequest>,
) -> Result<impl IntoResponse, ApiError> {
    if !app.create_limiter.allow(app.client(addr, &headers)) {
        return Err(ApiError::TooMany);
    }
    let cell = app.get(&id)?;
    let (player, token, side) = {
        let mut live = cell.lock();
        let (player, token) = live.join(&app.store, &request.invite)?;
        let side = live.state()["seats"][player]["name"].clone();
        (player, token, side)
    };
    app.kick(&cell);
    Ok(Json(
        json!({"side": side, "player": player, "token": token}),
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    mv: String,
}

/// The seat token of `Authorization: Bearer <token>`.
fn bearer(headers: &HeaderMap) -> Result<&str, ApiError> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or(ApiError::Unauthorized)
}

async fn play(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(request): Body<MoveRequest>,
) -> Result<impl IntoResponse, ApiError> {
    act(&app, addr, &id, &headers, |live, store, player| {
        live.play(store, player, &request.mv)
    })
}

/// What a seat's request does to its game (a move, a swap opening's answer): limited per client,
/// authorised by the seat's token, then the new state.
fn act(
    app: &Arc<App>,
    addr: SocketAddr,
    id: &str,
    headers: &HeaderMap,
    action: impl FnOnce(&mut Live, &Store, Player) -> Result<(), ApiError>,
) -> Result<Json<Value>, ApiError> {
    if !app.message_limiter.allow(app.client(addr, headers)) {
        return Err(ApiError::TooMany);
    }
    let token = bearer(headers)?;
    let cell = app.get(id)?;
    {
        let mut live = cell.lock();
        let player = live.seat_of(token).ok_or(ApiError::Unauthorized)?;
        action(&mut live, &app.store, player)?;
    }
    app.kick(&cell);
    let state = cell.lock().state();
    Ok(Json(state))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChoiceRequest {
    choice: String,
}

/// A swap opening's answer: `{"choice": "black" | "white" | "place_two"}`.
async fn choose(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(request): Body<ChoiceRequest>,
) -> Result<impl IntoResponse, ApiError> {
    act(&app, addr, &id, &headers, |live, store, player| {
        live.choose(store, player, &request.choice)
    })
}
