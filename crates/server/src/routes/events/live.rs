//! `GET /events/{id}/live`: `{"version": N}`, the event's version now, which an open page
//! polls (`static/live.js`) to bring itself up to date when it has moved past the version
//! the page showed. Polling rather than a held stream: a browser opens at most six HTTP/1.1
//! connections to a site, and a hall of phones behind one address would exhaust the
//! per-address connection places.
//!
//! `GET /api/account/event-game`: `{"game", "text"}`, the online event game the signed-in
//! visitor is to play now (`null` when none) and the call to it in their language, which
//! every page of a signed-in visitor polls (`static/notify.js`) to call them to a round
//! that has started.

use crate::db::events as store;
use crate::error::{AppError, AppResult};
use crate::i18n::Msg;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};

async fn version(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> AppResult<impl IntoResponse> {
    let version = store::version(&state.db, &id)
        .await?
        .ok_or_else(|| AppError::NotFound(Msg::new("event-error-no-event").arg("id", &id)))?;
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(serde_json::json!({ "version": version })),
    ))
}

async fn event_game(
    State(state): State<AppState>,
    v: crate::auth::Visitor,
) -> AppResult<impl IntoResponse> {
    let user = v.require_user()?;
    let answer = match crate::db::event_games::playing(&state.db, user.id).await? {
        Some((game, event, round)) => serde_json::json!({
            "game": game,
            "text": v.lang.t_args(
                "event-online-called",
                &[("event", &event), ("round", &round.to_string())],
            ),
        }),
        None => serde_json::json!({ "game": null }),
    };
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(answer)))
}

/// The routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/events/{id}/live", get(version))
        .route("/api/account/event-game", get(event_game))
}
