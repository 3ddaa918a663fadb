//! The pairing sheet's forms for the board links (`routes/events/reports/sheet.rs`), the
//! staff only: `POST /events/{id}/rounds/{r}/links` makes a link for every game of the
//! round without one, `POST /events/{id}/rounds/{r}/boards/{b}/link/revoke` revokes one
//! board's (its printed QR code stops opening the tablet; the next links made give the
//! board a new key). Both go back to the sheet.
//!
//! The event's arbiter PIN, which unlocks the arbiter's actions on those tablets, is set
//! and removed from the same sheet: `POST /events/{id}/arbiter-pin` with `pin` and the
//! `round` whose sheet it came from, `POST /events/{id}/arbiter-pin/remove` with `round`
//! (the API's `PUT` and `DELETE /api/events/{id}/arbiter-pin` do the same).

use super::StaffForm;
use super::round::{board_no, round_no};
use super::tablet::refusal;
use crate::auth::Visitor;
use crate::error::{AppError, AppResult};
use crate::events::arbiter_pin::{self, Pin};
use crate::events::board_sync;
use crate::redirect::SameSitePath;
use crate::routes::see_other;
use crate::state::AppState;
use axum::Form;
use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::post;
use serde::Deserialize;
use shatar_tournament::RoundNo;

fn to_sheet(id: &str, round: RoundNo) -> Response {
    see_other(
        &SameSitePath::internal(format!("/events/{id}/rounds/{round}/pairing-sheet")),
        &[],
    )
}

async fn make(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, round)): Path<(String, String)>,
    Form(f): Form<StaffForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let round = round_no(&round)?;
    board_sync::links(&state.db, Some(v.require_user()?), &id, round)
        .await
        .map_err(refusal)?;
    Ok(to_sheet(&id, round))
}

async fn revoke(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, round, board)): Path<(String, String, String)>,
    Form(f): Form<StaffForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let round = round_no(&round)?;
    let board = board_no(&board)?;
    board_sync::revoke(&state.db, Some(v.require_user()?), &id, round, board)
        .await
        .map_err(refusal)?;
    Ok(to_sheet(&id, round))
}

#[derive(Deserialize)]
struct PinForm {
    /// Absent for the remove button.
    #[serde(default)]
    pin: String,
    /// The round whose pairing sheet the form is on, to go back to.
    round: String,
    csrf: Option<String>,
}

async fn set_pin(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Form(f): Form<PinForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let round = round_no(&f.round)?;
    let user = v.require_user()?;
    let pin = Pin::parse(&f.pin).map_err(AppError::BadRequest)?;
    arbiter_pin::set(
        &state.db,
        Some(user),
        &id,
        &pin,
        state.config.argon2_memory_kib,
    )
    .await
    .map_err(|e| refusal(e.into()))?;
    Ok(to_sheet(&id, round))
}

async fn remove_pin(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Form(f): Form<PinForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let round = round_no(&f.round)?;
    arbiter_pin::clear(&state.db, Some(v.require_user()?), &id)
        .await
        .map_err(|e| refusal(e.into()))?;
    Ok(to_sheet(&id, round))
}

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/events/{id}/arbiter-pin", post(set_pin))
        .route("/events/{id}/arbiter-pin/remove", post(remove_pin))
        .route("/events/{id}/rounds/{r}/links", post(make))
        .route(
            "/events/{id}/rounds/{r}/boards/{b}/link/revoke",
            post(revoke),
        )
}
