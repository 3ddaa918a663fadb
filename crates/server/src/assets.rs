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
        "tablet.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/tablet.js"),
    ),
    (
        "hall.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/hall.js"),
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

/// The board tablet's service worker. It is served from the site's root, not `/static/`,
/// because a worker controls only pages at or below its own path, and the tablet pages are
/// under `/events/`.
async fn tablet_worker() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            // A new worker reaches the tablets at their next load.
            (header::CACHE_CONTROL, "no-cache"),
        ],
        include_bytes!("../static/tablet-sw.js").as_slice(),
    )
        .into_response()
}

/// `GET /static/{name}`, and the tablet's worker at `GET /tablet-sw.js`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/static/{name}", get(asset))
        .route("/tablet-sw.js", get(tablet_worker))
}
