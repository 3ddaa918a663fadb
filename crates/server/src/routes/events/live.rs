//! `GET /events/{id}/live`: `{"version": N}`, the event's version now, which an open page
//! polls (`static/live.js`) to bring itself up to date when it has moved past the version
//! the page showed. Polling rather than a held stream: a browser opens at most six HTTP/1.1
//! connections to a site, and a hall of phones behind one address would exhaust the
//! per-address connection places.

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

/// The route.
pub fn router() -> Router<AppState> {
    Router::new().route("/events/{id}/live", get(version))
}
