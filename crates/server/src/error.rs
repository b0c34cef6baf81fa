//! Why a request was refused, with its HTTP status and a message a person can read.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A refused request.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is not what the API takes (bad JSON, unknown fields' values).
    #[error("{0}")]
    BadRequest(String),
    /// No seat token, or one that is not of this game.
    #[error("a seat token of this game is needed (Authorization: Bearer <token>)")]
    Unauthorized,
    /// A wrong invite code.
    #[error("the invite code is not right for this game")]
    Forbidden,
    /// No game with this id.
    #[error("no game with this id")]
    NotFound,
    /// Not now: not this seat's turn, the game is over, the invite is used, ….
    #[error("{0}")]
    Conflict(String),
    /// An illegal or malformed move, or settings the game does not support.
    #[error("{0}")]
    Unprocessable(String),
    /// Too many requests from this address.
    #[error("too many requests; wait a moment and try again")]
    TooMany,
    /// The database failed; nothing was changed.
    #[error("the server could not save this; nothing was changed ({0})")]
    Storage(String),
}

impl ApiError {
    /// The HTTP status of this refusal.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden => StatusCode::FORBIDDEN,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::TooMany => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Storage(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    /// A short machine-readable name (`not_your_turn` is a conflict, …) for clients.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadRequest(_) => "bad_request",
            ApiError::Unauthorized => "unauthorized",
            ApiError::Forbidden => "forbidden",
            ApiError::NotFound => "not_found",
            ApiError::Conflict(_) => "conflict",
            ApiError::Unprocessable(_) => "unprocessable",
            ApiError::TooMany => "too_many_requests",
            ApiError::Storage(_) => "storage",
        }
    }
}

impl From<crate::store::StoreError> for ApiError {
    fn from(e: crate::store::StoreError) -> Self {
        ApiError::Storage(e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({"error": self.to_string(), "code": self.code()});
        (self.status(), Json(body)).into_response()
    }
}
