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
//!
//! `GET /api/events/{id}/boards`: an event's live boards — the games of its latest round
//! the visitor may see, board 1 first (at most `?limit=`, 12 unless said, 48 at most):
//! each with its players, men, last move, clocks and result, which the event page polls
//! (`static/event_boards.js`) to draw the round as small boards and the top board large.
//! An online event's are its live games; an over-the-board event's, the boards whose
//! tablets have opened their logs (`events/hall.rs`), each linking to its round.

use super::json::{ApiResult, ApiVisitor};
use crate::db::events as store;
use crate::error::{AppError, AppResult};
use crate::events::{Standing, board_log, board_sync, hall};
use crate::i18n::Msg;
use crate::i18n::PageLang;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;
use shatar_tournament::EntrantNo;

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
        Some(p) => {
            // An arena has no rounds: its call names the event only.
            let arena = crate::db::events::load(&state.db, &p.event_id)
                .await?
                .is_some_and(|e| e.state.arena.is_some());
            let text = if arena {
                v.lang.t_args("event-arena-called", &[("event", &p.event)])
            } else {
                v.lang.t_args(
                    "event-online-called",
                    &[("event", &p.event), ("round", &p.round.to_string())],
                )
            };
            serde_json::json!({ "game": p.game, "text": text })
        }
        None => serde_json::json!({ "game": null }),
    };
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(answer)))
}

/// Boards a live-boards answer has unless the visitor asks for fewer or more.
pub const BOARDS_SHOWN: usize = 12;
/// The most boards one live-boards answer has.
pub const MOST_BOARDS: usize = 48;

#[derive(serde::Deserialize)]
struct BoardsQuery {
    limit: Option<usize>,
}

async fn boards(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    Path(id): Path<String>,
    Query(q): Query<BoardsQuery>,
) -> ApiResult<impl IntoResponse> {
    let stored = super::api::load(&state, &id).await?;
    let s = &stored.state;
    let standing = Standing::of(v.user.as_ref(), s);
    let limit = q.limit.unwrap_or(BOARDS_SHOWN).clamp(1, MOST_BOARDS);
    let round = s
        .event
        .rounds
        .iter()
        .rev()
        .find(|r| standing.is_staff() || s.is_published(r.number));
    let mut boards = Vec::new();
    if let Some(run) = &s.arena {
        let ids: std::collections::HashMap<(u32, u32), String> =
            crate::db::event_games::of_event(&state.db, &id)
                .await?
                .into_iter()
                .map(|(wave, board, _, game)| ((wave, board), game))
                .collect();
        for (shown, wave, board, white, black) in
            super::arena::playing_now(s, run).into_iter().take(limit)
        {
            let Some(game) = ids.get(&(wave, board)) else {
                continue;
            };
            let mut view = state.hub.glance(game).await?;
            if let Some(o) = view.as_object_mut() {
                o.insert("board".into(), json!(shown));
                o.insert("game".into(), json!(game));
                o.insert("href".into(), json!(format!("/game/{game}")));
                o.insert("white".into(), json!(s.event.entrant_name(white)));
                o.insert("black".into(), json!(s.event.entrant_name(black)));
            }
            boards.push(view);
        }
    } else if let (Some(round), Some(_)) = (round, s.online) {
        let games = crate::db::event_games::of_round(&state.db, &id, round.number.get()).await?;
        let name = |n: EntrantNo| {
            s.event
                .player(n)
                .map(|p| p.name.clone())
                .unwrap_or_default()
        };
        for p in round
            .pairings
            .iter()
            .filter(|p| p.black.is_some())
            .take(limit)
        {
            // The board's current game: its latest, in a match of several.
            let Some(g) = games.iter().rev().find(|g| g.board == p.board.get()) else {
                continue;
            };
            let mut view = state.hub.glance(&g.game.id).await?;
            if let Some(o) = view.as_object_mut() {
                o.insert("board".into(), json!(p.board));
                o.insert("game".into(), json!(g.game.id));
                o.insert("href".into(), json!(format!("/game/{}", g.game.id)));
                // White and Black of this game (a match's colours swap each game).
                let (white, black) = match (g.game_no % 2, p.black) {
                    (0, Some(b)) => (b, p.white),
                    (_, Some(b)) => (p.white, b),
                    (_, None) => continue,
                };
                o.insert("white".into(), json!(name(white)));
                o.insert("black".into(), json!(name(black)));
            }
            boards.push(view);
        }
    } else if let (Some(round), Ok(())) = (round, board_log::keeps_logs(s)) {
        let name = |n: EntrantNo| s.event.player(n).map_or("", |p| p.name.as_str());
        let now = crate::db::now_ms();
        let logged = board_sync::round_boards(&state.db, &id, s, round.number)
            .await
            .map_err(super::board_log::error)?;
        // The boards whose tablets have opened their logs: a board whose result the
        // arbiter only types in has nothing to follow.
        let opened = logged.iter().filter(|b| b.stored);
        for b in opened.take(limit) {
            let mut view = hall::glance(b, name(b.pairing.white), name(b.black), now)
                .map_err(|e| super::board_log::error(e.into()))?;
            if let Some(o) = view.as_object_mut() {
                o.insert(
                    "href".into(),
                    json!(format!("/events/{id}/rounds/{}", round.number)),
                );
            }
            boards.push(view);
        }
    }
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(json!({
            "round": round.map(|r| r.number),
            "boards": boards,
        })),
    ))
}

/// The routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/events/{id}/live", get(version))
        .route("/api/events/{id}/boards", get(boards))
        .route("/api/account/event-game", get(event_game))
}
