//! An over-the-board board's log through the API (`events/board_sync.rs`), for the event's
//! staff:
//!
//! - `GET /api/events/{id}/rounds/{r}/boards/{b}/log`: the log as JSON lines
//!   (`application/x-ndjson`, each line ended by a newline), its first line the server's
//!   `open` (written on the first request for the board). It replays with `shatar arbiter
//!   replay`.
//! - `POST` the same path with `{"from": K, "lines": [...]}`: lines K onward (line 1 is
//!   `open`), each a log entry as a JSON object or as its JSON text. Lines the server has are
//!   accepted again when they say the same; a different one is 409, a missing stretch before
//!   K is 409, a line the arbiter library refuses is 400 naming the line and the library's
//!   reason; nothing of a refused request is stored. The answer: `{"stored": N, "appended":
//!   k, "result": "1-0" | null, "message"?: the event's answer to the result entered,
//!   "result_error"?: why it was not (a different result is there)}`.

use super::api::{round_no, writer};
use super::corrections::board_no;
use super::json::{ApiError, ApiJson, ApiResult, ApiVisitor};
use crate::events::board_log::{BoardLogError, MAX_LINE_BYTES};
use crate::events::board_sync::{self, BoardError};
use crate::events::words;
use crate::i18n::Msg;
use crate::state::AppState;
use axum::Json;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use serde_json::{Value, json};
use shatar_arbiter::LogEntry;

/// The most lines one request sends (a tablet back on the network after a whole game
/// offline sends a few hundred).
pub const MAX_LINES_PER_REQUEST: usize = 1_000;

/// The largest request body: that many lines of the longest size, and the wrapping.
const MAX_BODY: usize = 512 * 1024;

fn error(e: BoardError) -> ApiError {
    match e {
        BoardError::Change(c) => c.into(),
        BoardError::Log(l) => {
            let msg = l.message();
            match l {
                BoardLogError::NoBoard(_) => ApiError::not_found(msg),
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

async fn read(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    Path((id, round, board)): Path<(String, String, String)>,
) -> ApiResult<Response> {
    let round = round_no(&round)?;
    let board = board_no(&board)?;
    let lines = board_sync::read(&state.db, v.user.as_ref(), &id, round, board)
        .await
        .map_err(error)?;
    let body: String = lines.iter().flat_map(|l| [l.as_str(), "\n"]).collect();
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], body).into_response())
}

#[derive(Deserialize)]
struct SendBody {
    from: usize,
    lines: Vec<Value>,
}

/// Line `line` as sent: an entry object, or its JSON text.
fn entry(line: usize, value: &Value) -> ApiResult<LogEntry> {
    let text = match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if text.len() > MAX_LINE_BYTES {
        return Err(error(BoardError::Log(BoardLogError::TooLong { line })));
    }
    text.parse()
        .map_err(|e: shatar_arbiter::ParseLogEntryError| {
            error(BoardError::Log(BoardLogError::Refused {
                line,
                reason: e.to_string(),
            }))
        })
}

async fn send(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path((id, round, board)): Path<(String, String, String)>,
    ApiJson(body): ApiJson<SendBody>,
) -> ApiResult<Json<Value>> {
    let author = writer(&v, &headers)?;
    let round = round_no(&round)?;
    let board = board_no(&board)?;
    if body.from == 0 {
        return Err(ApiError::field("from", Msg::new("board-log-from")));
    }
    if body.lines.len() > MAX_LINES_PER_REQUEST {
        return Err(ApiError::field(
            "lines",
            Msg::new("board-log-too-many").arg("max", MAX_LINES_PER_REQUEST),
        ));
    }
    let sent = body
        .lines
        .iter()
        .enumerate()
        .map(|(k, l)| entry(body.from + k, l))
        .collect::<ApiResult<Vec<_>>>()?;
    let done = board_sync::send(&state.db, author, &id, round, board, body.from, &sent)
        .await
        .map_err(error)?;
    let mut answer = json!({
        "stored": done.stored,
        "appended": done.appended,
        "result": done.result.as_ref().map(words::write),
    });
    match &done.entered {
        Some(Ok(m)) => answer["message"] = json!(m.text(v.lang)),
        Some(Err(m)) => answer["result_error"] = json!(m.text(v.lang)),
        None => {}
    }
    Ok(Json(answer))
}

/// The board log's routes.
pub fn router() -> Router<AppState> {
    Router::new().route(
        "/api/events/{id}/rounds/{r}/boards/{b}/log",
        get(read).post(send).layer(DefaultBodyLimit::max(MAX_BODY)),
    )
}
