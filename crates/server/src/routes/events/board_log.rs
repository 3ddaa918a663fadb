//! An over-the-board board's log through the API (`events/board_sync.rs`), for the event's
//! staff, or with `?key=KEY` for whoever holds the board's link (the players' lines only):
//!
//! - `GET /api/events/{id}/rounds/{r}/boards/{b}/log`: the log as JSON lines
//!   (`application/x-ndjson`, each line ended by a newline), its first line the server's
//!   `open` (written on the first request for the board). It replays with `shatar arbiter
//!   replay`.
//! - `POST` the same path with `{"from": K, "lines": [...]}`: lines K onward (line 1 is
//!   `open`), each a log entry as a JSON object or as its JSON text. Lines the server has are
//!   accepted again when they say the same; a different one is 409, a missing stretch before
//!   K is 409, a line the arbiter library refuses is 400 naming the line and the library's
//!   reason; nothing of a refused request is stored. A refusal about one line names it in the
//!   `x-shatar-log-line` header too. The answer: `{"stored": N, "appended":
//!   k, "result": "1-0" | null, "message"?: the event's answer to the result entered,
//!   "result_error"?: why it was not (a different result is there)}`.
//!   The answer also has `"state"`: the tablet's view of the game after the stored lines
//!   (as below).
//! - `GET /api/events/{id}/rounds/{r}/boards/{b}/state`: the tablet's view of the game
//!   (`events/tablet.rs`): the position with the legal moves while the clock may run, the
//!   move list in the visitor's notation and language, both clock faces and the periods,
//!   offers, a claim waiting for a ruling, the result; with `origin_ms` (when line 1 was
//!   stored, Unix ms: the log's time 0), `server_ms` (the server's clock now) and
//!   `arbiter` (whether the asker may send the arbiter's lines).
//! - `POST /api/events/{id}/rounds/{r}/links` (staff): every game's link in the round, made
//!   for the boards without one → `{"round", "links": [{"board", "white", "black", "key",
//!   "log"}]}` (`log`: the log's path with the key), for the pairing sheet's QR codes.
//! - `DELETE /api/events/{id}/rounds/{r}/boards/{b}/link` (staff): revokes the board's link →
//!   `{"revoked": bool}`; the next links made give the board a new key.

use super::api::{round_no, writer};
use super::corrections::board_no;
use super::json::{ApiError, ApiJson, ApiResult, ApiVisitor};
use crate::archive::notation_of;
use crate::db::users::User;
use crate::events::board_log::{BoardLogError, MAX_LINE_BYTES, Sender};
use crate::events::board_sync::{self, Access, BoardError};
use crate::events::tablet;
use crate::events::words;
use crate::i18n::Msg;
use crate::state::AppState;
use axum::Json;
use axum::Router;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use serde::Deserialize;
use serde_json::{Value, json};
use shatar_arbiter::LogEntry;
use std::net::{IpAddr, SocketAddr};
use std::time::Instant;

/// The most lines one request sends (a tablet back on the network after a whole game
/// offline sends a few hundred).
pub const MAX_LINES_PER_REQUEST: usize = 1_000;

/// The largest request body: that many lines of the longest size, and the wrapping.
const MAX_BODY: usize = 512 * 1024;

/// A board's refusal as the API answers it (also for the routes that read a whole round:
/// its PGN, its live boards).
pub(super) fn error(e: BoardError) -> ApiError {
    match e {
        BoardError::Change(c) => c.into(),
        BoardError::BadPin => ApiError::forbidden(Msg::new("board-log-bad-pin")),
        BoardError::Log(l) => {
            let msg = l.message();
            match l {
                BoardLogError::NoBoard(_) => ApiError::not_found(msg),
                BoardLogError::ArbiterOnly { .. } => ApiError::forbidden(msg),
                BoardLogError::NotOverTheBoard(_)
                | BoardLogError::Header(_)
                | BoardLogError::Gap { .. }
                | BoardLogError::Contradicts { .. } => ApiError::conflict(msg),
                BoardLogError::Refused { .. } | BoardLogError::TooLong { .. } => {
                    ApiError::field("lines", msg)
                }
            }
        }
    }
}

/// The response header that names the first line a refused request's refusal is about, for
/// a tablet that drops that line and what follows.
pub const LINE_HEADER: &str = "x-shatar-log-line";

/// The line a refusal is about, if it is about one.
fn line_of(e: &BoardError) -> Option<usize> {
    match e {
        BoardError::Log(
            BoardLogError::Contradicts { line }
            | BoardLogError::Refused { line, .. }
            | BoardLogError::ArbiterOnly { line, .. }
            | BoardLogError::TooLong { line },
        ) => Some(*line),
        _ => None,
    }
}

/// A refusal of lines, naming the line in [`LINE_HEADER`].
fn refused_lines(e: BoardError) -> Response {
    let line = line_of(&e);
    let mut res = error(e).into_response();
    if let Some(line) = line
        && let Ok(value) = header::HeaderValue::from_str(&line.to_string())
    {
        res.headers_mut().insert(LINE_HEADER, value);
    }
    res
}

/// `?key=KEY`: a board link's key.
#[derive(Deserialize)]
pub(super) struct LinkKey {
    key: Option<String>,
}

impl LinkKey {
    /// The access this query gives `user` (with the arbiter PIN `pin`, if one was given):
    /// the link's holder when a key is given, the account otherwise; a malformed key is no
    /// key of ours.
    pub(super) fn access<'a>(
        &'a self,
        user: Option<&'a User>,
        pin: Option<&'a str>,
    ) -> Result<Access<'a>, Msg> {
        match self.key.as_deref() {
            Some(k) if crate::auth::is_token(k) => Ok(Access::Link { key: k, user, pin }),
            Some(_) => Err(Msg::new("board-log-bad-link")),
            None => Ok(Access::Account(user)),
        }
    }

    /// The query string that carries the key on, if one was given.
    pub(super) fn query(&self) -> String {
        self.key
            .as_deref()
            .map(|k| format!("?key={k}"))
            .unwrap_or_default()
    }
}

/// The request header a tablet unlocked with the event's arbiter PIN sends it in (a header,
/// not the address, so that it stays out of logs and histories).
pub const PIN_HEADER: &str = "x-shatar-arbiter-pin";

/// The arbiter PIN the request carries, if any (a value too long for a PIN is none).
pub(super) fn pin_of(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(PIN_HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|p| p.len() <= 64)
}

/// Runs `work` for a request that may carry an arbiter PIN under the PIN's rate limit:
/// refused (429, and `work` never runs) while the address or the event has had too many
/// wrong PINs lately; otherwise `work`'s answer, a wrong PIN counted.
pub(super) async fn pin_limited<T>(
    state: &AppState,
    ip: IpAddr,
    id: &str,
    headers: &HeaderMap,
    work: impl Future<Output = Result<T, BoardError>>,
) -> ApiResult<Result<T, BoardError>> {
    if pin_of(headers).is_some() && !state.pins.allowed(ip, id, Instant::now()) {
        return Err(ApiError::from(crate::error::AppError::RateLimited));
    }
    let done = work.await;
    if matches!(done, Err(BoardError::BadPin)) {
        state.pins.failed(ip, id, Instant::now());
    }
    Ok(done)
}

/// Who asks: the link's holder when a key is given, else the visitor; writes carry the
/// CSRF header (the staff may hold a link too).
fn access<'a>(
    v: &'a crate::auth::Visitor,
    headers: &'a HeaderMap,
    key: &'a LinkKey,
    writes: bool,
) -> ApiResult<Access<'a>> {
    let user = if writes {
        writer(v, headers)?
    } else {
        v.user.as_ref()
    };
    key.access(user, pin_of(headers))
        .map_err(ApiError::forbidden)
}

async fn read(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path((id, round, board)): Path<(String, String, String)>,
    Query(key): Query<LinkKey>,
) -> ApiResult<Response> {
    let round = round_no(&round)?;
    let board = board_no(&board)?;
    let access = access(&v, &headers, &key, false)?;
    let lines = board_sync::read(&state.db, access, &id, round, board);
    let lines = pin_limited(&state, addr.ip(), &id, &headers, lines)
        .await?
        .map_err(error)?;
    let body: String = lines.iter().flat_map(|l| [l.as_str(), "\n"]).collect();
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], body).into_response())
}

/// The tablet's view of the game after `lines` stored lines, with the clocks' anchors.
fn tablet_view(
    game: &shatar_arbiter::ArbiterGame,
    lines: usize,
    headers: &HeaderMap,
    lang: crate::i18n::Lang,
) -> Value {
    tablet::view(game, lines, notation_of(headers), lang)
}

async fn board_state(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path((id, round, board)): Path<(String, String, String)>,
    Query(key): Query<LinkKey>,
) -> ApiResult<Json<Value>> {
    let round = round_no(&round)?;
    let board = board_no(&board)?;
    let access = access(&v, &headers, &key, false)?;
    let opened = board_sync::open(&state.db, access, &id, round, board);
    let opened = pin_limited(&state, addr.ip(), &id, &headers, opened)
        .await?
        .map_err(error)?;
    let mut view = tablet_view(&opened.game, opened.lines, &headers, v.lang);
    view["origin_ms"] = json!(opened.origin_ms);
    view["server_ms"] = json!(crate::db::now_ms());
    view["arbiter"] = json!(opened.sender == Sender::Staff);
    Ok(Json(view))
}

#[derive(Deserialize)]
struct SendBody {
    from: usize,
    lines: Vec<Value>,
}

/// Line `line` as sent: an entry object, or its JSON text.
fn entry(line: usize, value: &Value) -> Result<LogEntry, BoardError> {
    let text = match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if text.len() > MAX_LINE_BYTES {
        return Err(BoardError::Log(BoardLogError::TooLong { line }));
    }
    text.parse()
        .map_err(|e: shatar_arbiter::ParseLogEntryError| {
            BoardError::Log(BoardLogError::Refused {
                line,
                reason: e.to_string(),
            })
        })
}

async fn send(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path((id, round, board)): Path<(String, String, String)>,
    Query(key): Query<LinkKey>,
    ApiJson(body): ApiJson<SendBody>,
) -> Result<Json<Value>, Response> {
    let access = access(&v, &headers, &key, true).map_err(IntoResponse::into_response)?;
    let round = round_no(&round).map_err(IntoResponse::into_response)?;
    let board = board_no(&board).map_err(IntoResponse::into_response)?;
    if body.from == 0 {
        return Err(ApiError::field("from", Msg::new("board-log-from")).into_response());
    }
    if body.lines.len() > MAX_LINES_PER_REQUEST {
        return Err(ApiError::field(
            "lines",
            Msg::new("board-log-too-many").arg("max", MAX_LINES_PER_REQUEST),
        )
        .into_response());
    }
    let sent = body
        .lines
        .iter()
        .enumerate()
        .map(|(k, l)| entry(body.from + k, l))
        .collect::<Result<Vec<_>, _>>()
        .map_err(refused_lines)?;
    let done = board_sync::send(&state.db, access, &id, round, board, body.from, &sent);
    let done = pin_limited(&state, addr.ip(), &id, &headers, done)
        .await
        .map_err(IntoResponse::into_response)?
        .map_err(refused_lines)?;
    let mut answer = json!({
        "stored": done.stored,
        "appended": done.appended,
        "result": done.result.as_ref().map(words::write),
        "state": tablet_view(&done.game, done.stored, &headers, v.lang),
    });
    match &done.entered {
        Some(Ok(m)) => answer["message"] = json!(m.text(v.lang)),
        Some(Err(m)) => answer["result_error"] = json!(m.text(v.lang)),
        None => {}
    }
    Ok(Json(answer))
}

async fn links(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path((id, round)): Path<(String, String)>,
) -> ApiResult<Json<Value>> {
    let author = writer(&v, &headers)?;
    let round = round_no(&round)?;
    let links = board_sync::links(&state.db, author, &id, round)
        .await
        .map_err(error)?;
    let links: Vec<Value> = links
        .iter()
        .map(|l| {
            json!({
                "board": l.board,
                "white": l.white,
                "black": l.black,
                "key": l.key,
                "log": format!("/api/events/{id}/rounds/{round}/boards/{}/log?key={}", l.board, l.key),
            })
        })
        .collect();
    Ok(Json(json!({"round": round, "links": links})))
}

async fn revoke(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path((id, round, board)): Path<(String, String, String)>,
) -> ApiResult<Json<Value>> {
    let author = writer(&v, &headers)?;
    let round = round_no(&round)?;
    let board = board_no(&board)?;
    let revoked = board_sync::revoke(&state.db, author, &id, round, board)
        .await
        .map_err(error)?;
    Ok(Json(json!({"revoked": revoked})))
}

/// The board log's and the board links' routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/events/{id}/rounds/{r}/boards/{b}/log",
            get(read).post(send).layer(DefaultBodyLimit::max(MAX_BODY)),
        )
        .route(
            "/api/events/{id}/rounds/{r}/boards/{b}/state",
            get(board_state),
        )
        .route("/api/events/{id}/rounds/{r}/links", post(links))
        .route(
            "/api/events/{id}/rounds/{r}/boards/{b}/link",
            delete(revoke),
        )
}
