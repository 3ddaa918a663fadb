//! Front-end assets, embedded in the binary (no CDN, no files at run time).

use crate::state::AppState;
use axum::Router;
use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;

/// Every asset: name, content type, bytes.
pub const ASSETS: &[(&str, &str, &[u8])] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_bytes!("../static/style.css"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/board.js"),
    ),
    (
        "game.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/game.js"),
    ),
    (
        "replay.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/replay.js"),
    ),
    (
        "copy.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/copy.js"),
    ),
    (
        "live.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/live.js"),
    ),
    (
        "notify.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/notify.js"),
    ),
    (
        "localtime.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/localtime.js"),
    ),
    (
        "event_boards.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/event_boards.js"),
    ),
    (
        "analysis.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/analysis.js"),
    ),
    (
        "pieces-shatar.svg",
        "image/svg+xml",
        include_bytes!("../static/pieces-shatar.svg"),
    ),
    (
        "pieces-chess.svg",
        "image/svg+xml",
        include_bytes!("../static/pieces-chess.svg"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_bytes!("../static/favicon.svg"),
    ),
];

async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, mime, bytes)) => (
            [
                (header::CONTENT_TYPE, *mime),
                (header::CACHE_CONTROL, "public, max-age=3600"),
            ],
            *bytes,
        )
            .into_response(),
        None => {
            crate::error::AppError::NotFound(crate::i18n::Msg::new("error-no-page")).into_response()
        }
    }
}

/// `GET /static/{name}`.
pub fn router() -> Router<AppState> {
    Router::new().route("/static/{name}", get(asset))
}
