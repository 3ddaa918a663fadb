//! The event's arbiter PIN through the API (`events/arbiter_pin.rs`), for the event's staff:
//!
//! - `GET /api/events/{id}/arbiter-pin` → `{"pin": bool}`: whether the event has one.
//! - `PUT` the same path with `{"pin": "204817"}` (6 to 12 digits) → `{"pin": true}`: sets
//!   it, replacing the one before (tablets holding that one are locked again).
//! - `DELETE` the same path → `{"removed": bool}`: no PIN unlocks the event's tablets.
//!
//! A tablet opened with a board's link sends the PIN in the `x-shatar-arbiter-pin` header
//! (`board_log.rs`); after five wrong ones a minute from an address for an event, or sixty
//! from all addresses together, a request with a PIN for the event is 429.

use super::api::writer;
use super::json::{ApiError, ApiJson, ApiResult, ApiVisitor};
use crate::events::arbiter_pin::{self, Pin};
use crate::state::AppState;
use axum::Json;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::get;
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Deserialize)]
struct PinBody {
    pin: String,
}

async fn read(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let set = arbiter_pin::is_set(&state.db, v.user.as_ref(), &id).await?;
    Ok(Json(json!({"pin": set})))
}

async fn set(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PinBody>,
) -> ApiResult<Json<Value>> {
    let author = writer(&v, &headers)?;
    let pin = Pin::parse(&body.pin).map_err(|m| ApiError::field("pin", m))?;
    arbiter_pin::set(&state.db, author, &id, &pin, state.config.argon2_memory_kib).await?;
    Ok(Json(json!({"pin": true})))
}

async fn clear(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let author = writer(&v, &headers)?;
    let removed = arbiter_pin::clear(&state.db, author, &id).await?;
    Ok(Json(json!({"removed": removed})))
}

/// The arbiter PIN's routes.
pub fn router() -> Router<AppState> {
    Router::new().route(
        "/api/events/{id}/arbiter-pin",
        get(read).put(set).delete(clear),
    )
}
