//! `GET /lobby/live`: `{"signature": S}`, what the lobby shows in brief (its open seeks
//! and games in play, `db::seeks::lobby_signature`), which an open lobby page polls
//! (`static/live.js`) to bring itself up to date when it differs from the one the page
//! showed. A signed-in visitor polling is there: their open seeks stay open.

use crate::auth::Visitor;
use crate::db::{now_ms, seeks};
use crate::error::AppResult;
use crate::routes::lobby::seek_cutoff;
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};

async fn signature(State(state): State<AppState>, v: Visitor) -> AppResult<impl IntoResponse> {
    if let Some(u) = &v.user {
        seeks::owner_seen(&state.db, u.id, now_ms()).await?;
    }
    let signature = seeks::lobby_signature(&state.db, &seek_cutoff(&state)).await?;
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(serde_json::json!({ "signature": signature })),
    ))
}

/// The route.
pub fn router() -> Router<AppState> {
    Router::new().route("/lobby/live", get(signature))
}
