//! The page, built into the binary: HTML, CSS and JS modules, and the Fluent catalogs the
//! terminal uses. `/g/{id}` serves the same page, which opens that game.

use std::sync::Arc;

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tabula_i18n::Lang;

use crate::App;

const INDEX: &str = include_str!("../web/index.html");
const STYLE: &str = include_str!("../web/style.css");
const APP_JS: &str = include_str!("../web/app.js");
const BOARD_JS: &str = include_str!("../web/board.js");
const I18N_JS: &str = include_str!("../web/i18n.js");

pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/", get(index))
        .route("/g/{id}", get(index))
        .route("/style.css", get(|| asset("text/css", STYLE)))
        .route("/app.js", get(|| asset("text/javascript", APP_JS)))
        .route("/board.js", get(|| asset("text/javascript", BOARD_JS)))
        .route("/i18n.js", get(|| asset("text/javascript", I18N_JS)))
        .route("/locales/{file}", get(locale))
}

async fn index() -> Response {
    asset("text/html; charset=utf-8", INDEX).await
}

async fn asset(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
        .into_response()
}

async fn locale(Path(file): Path<String>) -> Response {
    let lang = file
        .strip_suffix(".ftl")
        .and_then(|code| Lang::ALL.into_iter().find(|l| l.code() == code));
    match lang {
        Some(lang) => asset("text/plain; charset=utf-8", lang.source()).await,
        None => (StatusCode::NOT_FOUND, "known: en.ftl, zh-CN.ftl").into_response(),
    }
}
