//! Why a request was refused: its HTTP status, a stable machine code (the page shows the
//! catalog's `web-error-<code>` text for it) and an English message for people using curl.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// The machine code of a refusal; stable across versions (clients translate by it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// The body or message is not JSON, or not a message the server knows.
    BadRequest,
    /// A binary socket message.
    BinaryMessage,
    /// A socket message of an unknown type.
    UnknownMessage,
    /// A message or body with the wrong fields.
    BadFields,
    /// No seat token, or one that is not of this game.
    Unauthorized,
    /// A wrong invite code.
    Forbidden,
    /// No game with this id.
    NotFound,
    /// Too many requests from this address.
    TooManyRequests,
    /// The database failed.
    Storage,
    /// Not this seat's turn.
    NotYourTurn,
    /// The game is over.
    GameOver,
    /// Nothing to take back.
    NothingToTakeBack,
    /// The other player has not joined yet.
    NotJoined,
    /// Draw offers are only between people.
    DrawsBetweenPeople,
    /// Hints are off between people.
    HintsBetweenPeople,
    /// The invite was used.
    InviteUsed,
    /// The game has no seat for a second person.
    NoSeat,
    /// A rematch is made only after the end.
    NotOver,
    /// A spectator tried to play.
    Spectator,
    /// No offer from the other player to decline.
    NoOffer,
    /// An illegal or malformed move.
    IllegalMove,
    /// Game settings the server does not take.
    BadSettings,
    /// A stone while a swap opening waits for a colour choice.
    ChoiceAwaited,
    /// A choice when nothing is to be chosen.
    NoChoice,
    /// A choice that is unknown or not offered now.
    BadChoice,
}

impl Code {
    /// Every code, for the catalog check.
    pub const ALL: [Code; 25] = [
        Code::BadRequest,
        Code::BinaryMessage,
        Code::UnknownMessage,
        Code::BadFields,
        Code::Unauthorized,
        Code::Forbidden,
        Code::NotFound,
        Code::TooManyRequests,
        Code::Storage,
        Code::NotYourTurn,
        Code::GameOver,
        Code::NothingToTakeBack,
        Code::NotJoined,
        Code::DrawsBetweenPeople,
        Code::HintsBetweenPeople,
        Code::InviteUsed,
        Code::NoSeat,
        Code::NotOver,
        Code::Spectator,
        Code::NoOffer,
        Code::IllegalMove,
        Code::BadSettings,
        Code::ChoiceAwaited,
        Code::NoChoice,
        Code::BadChoice,
    ];

    /// The code as sent (`not_your_turn`).
    pub fn as_str(self) -> &'static str {
        match self {
            Code::BadRequest => "bad_request",
            Code::BinaryMessage => "binary_message",
            Code::UnknownMessage => "unknown_message",
            Code::BadFields => "bad_fields",
            Code::Unauthorized => "unauthorized",
            Code::Forbidden => "forbidden",
            Code::NotFound => "not_found",
            Code::TooManyRequests => "too_many_requests",
            Code::Storage => "storage",
            Code::NotYourTurn => "not_your_turn",
            Code::GameOver => "game_over",
            Code::NothingToTakeBack => "nothing_to_take_back",
            Code::NotJoined => "not_joined",
            Code::DrawsBetweenPeople => "draws_between_people",
            Code::HintsBetweenPeople => "hints_between_people",
            Code::InviteUsed => "invite_used",
            Code::NoSeat => "no_seat",
            Code::NotOver => "not_over",
            Code::Spectator => "spectator",
            Code::NoOffer => "no_offer",
            Code::IllegalMove => "illegal_move",
            Code::BadSettings => "bad_settings",
            Code::ChoiceAwaited => "choice_awaited",
            Code::NoChoice => "no_choice",
            Code::BadChoice => "bad_choice",
        }
    }
}

/// A refused request.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is not what the API takes (bad JSON, unknown message types).
    #[error("{1}")]
    BadRequest(Code, String),
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
    #[error("{1}")]
    Conflict(Code, String),
    /// An illegal or malformed move, or settings the game does not support.
    #[error("{1}")]
    Unprocessable(Code, String),
    /// Too many requests from this address.
    #[error("too many requests; wait a moment and try again")]
    TooMany,
    /// The database failed; nothing was changed.
    #[error("the server could not save this; nothing was changed ({0})")]
    Storage(String),
}

impl ApiError {
    /// A conflict with its code.
    pub fn conflict(code: Code, text: impl Into<String>) -> ApiError {
        ApiError::Conflict(code, text.into())
    }

    /// The HTTP status of this refusal.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(..) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden => StatusCode::FORBIDDEN,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::Conflict(..) => StatusCode::CONFLICT,
            ApiError::Unprocessable(..) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::TooMany => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Storage(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    /// The machine code for clients.
    pub fn code(&self) -> Code {
        match self {
            ApiError::BadRequest(code, _)
            | ApiError::Conflict(code, _)
            | ApiError::Unprocessable(code, _) => *code,
            ApiError::Unauthorized => Code::Unauthorized,
            ApiError::Forbidden => Code::Forbidden,
            ApiError::NotFound => Code::NotFound,
            ApiError::TooMany => Code::TooManyRequests,
            ApiError::Storage(_) => Code::Storage,
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
        let body = serde_json::json!({"error": self.to_string(), "code": self.code().as_str()});
        (self.status(), Json(body)).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_distinct_and_has_a_text_in_both_catalogs() {
        let codes: std::collections::HashSet<_> = Code::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(codes.len(), Code::ALL.len());
        for (name, text) in [
            ("en", include_str!("../../i18n/locales/en.ftl")),
            ("zh-CN", include_str!("../../i18n/locales/zh-CN.ftl")),
        ] {
            for code in &codes {
                let key = format!("\nweb-error-{code} =");
                assert!(text.contains(&key), "{name}.ftl lacks web-error-{code}");
            }
        }
    }
}
