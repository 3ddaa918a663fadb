//! The arbiter's and organiser's corrections through the API: hand-over and arbiters,
//! a player's details, byes, withdrawals, violations, unpairing, a pairing changed by
//! hand, a knock-out decision, time given in an online event's live game, and undo. Each write takes `?version=N` (the version the
//! caller saw) and `?dry_run=true` (say what it would do, make nothing); each answers
//! `{"message", "changed", "version", …}`.

use super::api::{At, Seen, apply, from_one, load, pairing_json, person, writer};
use super::json::{ApiError, ApiJson, ApiResult, ApiVisitor, body_does_not_fit};
use crate::events::change::{self, Changed};
use crate::events::{Action, NewPlayer};
use crate::i18n::Msg;
use crate::state::AppState;
use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, post, put};
use serde::Deserialize;
use serde_json::{Value, json};
use shatar_tournament::{BoardNo, ByeKind, EntrantNo};

/// Makes `action` (or only previews it, with `?dry_run=true`) and answers what was done,
/// with `extra` fields from the state after it.
pub(super) async fn run(
    state: &AppState,
    v: &crate::auth::Visitor,
    headers: &HeaderMap,
    id: &str,
    action: Action,
    seen: Seen,
    extra: impl FnOnce(&Changed) -> Value,
) -> ApiResult<Response> {
    if seen.dry_run {
        let user = writer(v, headers)?;
        let summary = change::preview(&state.db, id, user, &action).await?;
        return Ok(Json(json!({"preview": summary.text(v.lang)})).into_response());
    }
    let done = apply(state, v, headers, id, action, seen.version).await?;
    let mut answer = json!({
        "message": done.message.text(v.lang),
        "changed": done.changed,
        "version": done.version,
    });
    if let (Some(o), Value::Object(more)) = (answer.as_object_mut(), extra(&done)) {
        o.extend(more);
    }
    Ok(Json(answer).into_response())
}

pub(super) fn nothing(_: &Changed) -> Value {
    Value::Null
}

#[derive(Deserialize)]
struct TimeBody {
    color: String,
    seconds: u32,
}

/// `POST /api/events/{id}/rounds/{r}/boards/{b}/time` with `{"color": "white"|"black",
/// "seconds": N}`: the staff give a player of an online event's game being played more
/// time. Who may and whether the board is being played are checked before the clock is
/// touched; the game's clock gets the time, then the history keeps the decision.
async fn give_time(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path((id, round, board)): Path<(String, String, String)>,
    Query(seen): Query<Seen>,
    ApiJson(body): ApiJson<TimeBody>,
) -> ApiResult<Response> {
    use shatar_tournament::Color;
    let round = super::api::round_no(&round)?;
    let board = board_no(&board)?;
    let color = match body.color.as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        other => {
            return Err(ApiError::field(
                "color",
                Msg::new("api-error-side").arg("value", other),
            ));
        }
    };
    let action = Action::GiveTime {
        round,
        board,
        color,
        seconds: body.seconds,
    };
    if seen.dry_run {
        return run(&state, &v, &headers, &id, action, seen, nothing).await;
    }
    let done = crate::events::live_tools::give_time(
        &state,
        writer(&v, &headers)?,
        &id,
        round,
        board,
        color,
        body.seconds,
    )
    .await?;
    Ok(Json(json!({
        "message": done.message.text(v.lang),
        "changed": done.changed,
        "version": done.version,
    }))
    .into_response())
}

/// `{id}/players/{n}` in a path.
#[derive(Deserialize)]
pub(super) struct PlayerAt {
    pub(super) id: String,
    pub(super) n: String,
}

pub(super) fn entrant(text: &str) -> ApiResult<EntrantNo> {
    text.parse().map_err(|_| {
        ApiError::not_found(Msg::new("api-error-no-player").arg("number", format!("{text:?}")))
    })
}

pub(super) fn board_no(text: &str) -> ApiResult<BoardNo> {
    text.parse().map_err(|_| {
        ApiError::not_found(Msg::new("api-error-no-board").arg("board", format!("{text:?}")))
    })
}

#[derive(Deserialize)]
struct UsernameBody {
    username: String,
}

async fn hand_over(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(seen): Query<Seen>,
    ApiJson(body): ApiJson<UsernameBody>,
) -> ApiResult<Response> {
    let organiser = person(&state, &body.username).await?;
    run(
        &state,
        &v,
        &headers,
        &id,
        Action::HandOver { organiser },
        seen,
        |d| json!({"organiser": d.state.organiser.name}),
    )
    .await
}

async fn remove_arbiter(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path((id, username)): Path<(String, String)>,
    Query(seen): Query<Seen>,
) -> ApiResult<Response> {
    let arbiter = person(&state, &username).await?;
    run(
        &state,
        &v,
        &headers,
        &id,
        Action::RemoveArbiter { arbiter },
        seen,
        |d| json!({"arbiters": d.state.arbiters.iter().map(|a| &a.name).collect::<Vec<_>>()}),
    )
    .await
}

/// A correction: the fields given replace the player's; the fields left out keep theirs
/// (`null` clears a club, region, rating or birth year).
#[derive(Deserialize)]
struct CorrectionBody {
    #[serde(default)]
    name: Option<String>,
    #[serde(default, with = "patch")]
    club: Option<Option<String>>,
    #[serde(default, with = "patch")]
    region: Option<Option<String>>,
    #[serde(default, with = "patch")]
    rating: Option<Option<u32>>,
    #[serde(default, with = "patch")]
    birth_year: Option<Option<u16>>,
}

/// A field that may be left out (`None`), sent as `null` (`Some(None)`) or given.
mod patch {
    use serde::{Deserialize, Deserializer};

    pub fn deserialize<'de, T, D>(d: D) -> Result<Option<Option<T>>, D::Error>
    where
        T: Deserialize<'de>,
        D: Deserializer<'de>,
    {
        Option::<T>::deserialize(d).map(Some)
    }
}

async fn correct_player(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(at): Path<PlayerAt>,
    Query(seen): Query<Seen>,
    ApiJson(body): ApiJson<CorrectionBody>,
) -> ApiResult<Response> {
    let number = entrant(&at.n)?;
    let stored = load(&state, &at.id).await?;
    let p = stored.state.event.player(number).ok_or_else(|| {
        ApiError::not_found(Msg::new("event-error-no-player-number").arg("number", number))
    })?;
    let keep = |s: &str| (!s.is_empty()).then(|| s.to_owned());
    let player = NewPlayer {
        name: body.name.unwrap_or_else(|| p.name.clone()),
        club: body.club.unwrap_or_else(|| keep(&p.club)),
        region: body.region.unwrap_or_else(|| keep(&p.region)),
        rating: body.rating.unwrap_or(p.rating),
        birth_year: body.birth_year.unwrap_or(p.birth_year),
        ..NewPlayer::default()
    };
    let action = Action::CorrectPlayer { number, player };
    run(&state, &v, &headers, &at.id, action, seen, nothing).await
}

/// A body that may be left empty: the defaults then.
pub(super) fn optional_json<T: serde::de::DeserializeOwned + Default>(body: &[u8]) -> ApiResult<T> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(body).map_err(|e| ApiError::field("body", body_does_not_fit(e)))
}

#[derive(Deserialize, Default)]
struct WithdrawBody {
    #[serde(default)]
    reason: String,
}

async fn withdraw(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(at): Path<PlayerAt>,
    Query(seen): Query<Seen>,
    body: Bytes,
) -> ApiResult<Response> {
    let entrant = entrant(&at.n)?;
    let reason = optional_json::<WithdrawBody>(&body)?.reason;
    if reason.chars().count() > 200 {
        return Err(ApiError::field(
            "reason",
            Msg::new("event-error-at-most-chars").arg("max", 200),
        ));
    }
    let action = Action::Withdraw { entrant, reason };
    run(&state, &v, &headers, &at.id, action, seen, nothing).await
}

#[derive(Deserialize)]
struct ViolationsBody {
    count: u32,
}

async fn set_violations(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(at): Path<PlayerAt>,
    Query(seen): Query<Seen>,
    ApiJson(body): ApiJson<ViolationsBody>,
) -> ApiResult<Response> {
    let entrant = entrant(&at.n)?;
    if body.count > 100 {
        return Err(ApiError::field(
            "count",
            Msg::new("api-error-violations-max"),
        ));
    }
    let action = Action::SetViolations {
        entrant,
        count: body.count,
    };
    run(&state, &v, &headers, &at.id, action, seen, nothing).await
}

#[derive(Deserialize)]
struct ByeBody {
    round: u32,
    kind: ByeKind,
}

async fn request_bye(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(at): Path<PlayerAt>,
    Query(seen): Query<Seen>,
    ApiJson(body): ApiJson<ByeBody>,
) -> ApiResult<Response> {
    let entrant = entrant(&at.n)?;
    let round = shatar_tournament::RoundNo::new(body.round)
        .ok_or_else(|| ApiError::field("round", Msg::new("api-error-rounds-from-one")))?;
    let action = Action::RequestBye {
        entrant,
        round,
        bye: body.kind,
    };
    run(&state, &v, &headers, &at.id, action, seen, nothing).await
}

async fn unpair(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(at): Path<At>,
    Query(seen): Query<Seen>,
) -> ApiResult<Response> {
    let round = at.round()?;
    run(
        &state,
        &v,
        &headers,
        &at.id,
        Action::UnpairRound { round },
        seen,
        |d| json!({"rounds": d.state.event.rounds.len()}),
    )
    .await
}

#[derive(Deserialize)]
struct ExchangeBody {
    a: u32,
    b: u32,
}

async fn exchange(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(at): Path<At>,
    Query(seen): Query<Seen>,
    ApiJson(body): ApiJson<ExchangeBody>,
) -> ApiResult<Response> {
    let round = at.round()?;
    let number = |field: &'static str, n: u32| {
        EntrantNo::new(n).ok_or_else(|| ApiError::field(field, from_one()))
    };
    let action = Action::Exchange {
        round,
        a: number("a", body.a)?,
        b: number("b", body.b)?,
    };
    run(&state, &v, &headers, &at.id, action, seen, |d| {
        let pairings = d
            .state
            .event
            .rounds
            .get(round.index())
            .map(|r| r.pairings.iter().map(pairing_json).collect::<Vec<_>>())
            .unwrap_or_default();
        json!({ "pairings": pairings })
    })
    .await
}

#[derive(Deserialize)]
struct DecisionBody {
    winner: u32,
}

async fn decide(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path((id, round, board)): Path<(String, String, String)>,
    Query(seen): Query<Seen>,
    ApiJson(body): ApiJson<DecisionBody>,
) -> ApiResult<Response> {
    let round = super::api::round_no(&round)?;
    let board = board_no(&board)?;
    let winner =
        EntrantNo::new(body.winner).ok_or_else(|| ApiError::field("winner", from_one()))?;
    let action = Action::DecideMatch {
        round,
        board,
        winner,
    };
    run(&state, &v, &headers, &id, action, seen, nothing).await
}

#[derive(Deserialize, Default)]
struct UndoBody {
    /// The history entry to undo; the latest change when left out.
    #[serde(default)]
    seq: Option<i64>,
}

async fn undo(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(seen): Query<Seen>,
    body: Bytes,
) -> ApiResult<Response> {
    let seq = optional_json::<UndoBody>(&body)?.seq.unwrap_or(0);
    run(
        &state,
        &v,
        &headers,
        &id,
        Action::Undo { seq },
        seen,
        nothing,
    )
    .await
}

/// The corrections' routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/events/{id}/organiser", post(hand_over))
        .route(
            "/api/events/{id}/arbiters/{username}",
            delete(remove_arbiter),
        )
        .route("/api/events/{id}/players/{n}", put(correct_player))
        .route("/api/events/{id}/players/{n}/withdraw", post(withdraw))
        .route(
            "/api/events/{id}/players/{n}/violations",
            put(set_violations),
        )
        .route("/api/events/{id}/players/{n}/byes", post(request_bye))
        .route("/api/events/{id}/rounds/{r}", delete(unpair))
        .route("/api/events/{id}/rounds/{r}/exchange", post(exchange))
        .route(
            "/api/events/{id}/rounds/{r}/boards/{b}/decision",
            put(decide),
        )
        .route("/api/events/{id}/undo", post(undo))
        .route(
            "/api/events/{id}/rounds/{r}/boards/{b}/time",
            post(give_time),
        )
}
