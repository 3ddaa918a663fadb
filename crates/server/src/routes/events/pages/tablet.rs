//! The board's tablet (At the board): `GET /events/{id}/rounds/{r}/boards/{b}/tablet`, a
//! page for a tablet or phone lying between the players of an over-the-board game. It is
//! the game's clock (two halves, each pressed by its player), its score sheet (moves
//! entered from the legal moves the server sends) and, for the event's arbiter, the
//! arbiter's actions; everything it does is a line of the board's log
//! (`routes/events/board_log.rs`), sent as it happens and kept on the device while the
//! network is away (`static/tablet.js`, cached for offline use by `static/tablet-sw.js`).
//!
//! Opened by the event's staff (signed in) or with the board's link (`?key=`): the
//! players' actions only, the arbiter's behind the arbiter's sign-in or the event's arbiter
//! PIN (kept on the device once entered, sent with every request, until locked again).

use super::round::{board_no, round_no};
use crate::auth::Visitor;
use crate::error::{AppError, AppResult};
use crate::events::board_log::{BoardLogError, Sender};
use crate::events::board_sync::{self, BoardError};
use crate::events::change::ChangeError;
use crate::html::json_in_script;
use crate::i18n::PageLang;
use crate::i18n::{Lang, Msg};
use crate::routes::events::api::CSRF_HEADER;
use crate::routes::events::board_log::{LinkKey, PIN_HEADER};
use crate::state::AppState;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use maud::{DOCTYPE, Markup, PreEscaped, html};
use serde_json::{Value, json};
use shatar_arbiter::{ClaimKind, ViolationKind};

/// The page's refusal as an error page.
pub(in crate::routes::events) fn refusal(e: BoardError) -> AppError {
    match e {
        BoardError::Change(ChangeError::Unauthorized) => AppError::Unauthorized,
        BoardError::Change(ChangeError::Forbidden(m)) => AppError::Forbidden(m),
        BoardError::Change(ChangeError::NotFound(id)) => {
            AppError::NotFound(Msg::new("event-error-no-event").arg("id", id))
        }
        BoardError::Change(ChangeError::Storage(e)) => e,
        BoardError::Change(ChangeError::Stale(m)) => AppError::Conflict(m),
        BoardError::Change(ChangeError::Action(a)) => AppError::Conflict(a.message()),
        BoardError::Log(BoardLogError::NoBoard(m)) => AppError::NotFound(m),
        BoardError::Log(l) => AppError::Conflict(l.message()),
        BoardError::BadPin => AppError::Forbidden(Msg::new("board-log-bad-pin")),
    }
}

/// The words the script shows, in the page's language.
fn texts(l: Lang) -> Value {
    let keys = [
        "press",
        "press-only",
        "enter-move",
        "entered",
        "offer",
        "accept",
        "claim",
        "claim-with-move",
        "resign-confirm",
        "moves",
        "saved",
        "sending",
        "offline",
        "refused",
        "discard-confirm",
        "result",
        "awaiting",
        "claim-waits",
        "adjourned",
        "not-started",
        "violation",
        "add-time",
        "minutes",
        "correct",
        "move-number",
        "adjourn",
        "resume",
        "decide",
        "reason",
        "ruling-granted",
        "ruling-refused",
        "no-show",
        "note",
        "unchecked",
    ];
    let mut out = serde_json::Map::new();
    for k in keys {
        out.insert(k.to_owned(), json!(l.t(&format!("tablet-{k}"))));
    }
    for c in [shatar_rules::Color::White, shatar_rules::Color::Black] {
        let name = format!("player-{}", c.name());
        out.insert(name, json!(l.t(crate::i18n::color_id(c))));
    }
    Value::Object(out)
}

/// A violation kind's words in the page's language (the library's text of S4).
fn violation_text(l: Lang, k: ViolationKind) -> &'static str {
    match l {
        Lang::Zh => k.text_zh(),
        Lang::Mn => k.text_mn(),
        Lang::En => k.text_en(),
    }
}

async fn show(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, round, board)): Path<(String, String, String)>,
    Query(key): Query<LinkKey>,
) -> AppResult<Response> {
    let l = v.lang;
    let round = round_no(&round)?;
    let board = board_no(&board)?;
    let access = key
        .access(v.user.as_ref(), None)
        .map_err(AppError::Forbidden)?;
    let opened = board_sync::open(&state.db, access, &id, round, board)
        .await
        .map_err(refusal)?;
    let arbiter = opened.sender == Sender::Staff;
    let query = key.query();
    let api = format!("/api/events/{id}/rounds/{round}/boards/{board}");
    let header = opened.game.header();
    let config = json!({
        "state": format!("{api}/state{query}"),
        "log": format!("{api}/log{query}"),
        "storage": format!("shatar-tablet:{id}:{round}:{board}"),
        "csrf_header": CSRF_HEADER,
        "pin_header": PIN_HEADER,
        "pin_storage": format!("shatar-pin:{id}"),
        "csrf": v.user.as_ref().map(|_| v.csrf.as_str()),
        "arbiter": arbiter,
        "lang": l.code(),
        "texts": texts(l),
        "violations": ViolationKind::ALL
            .iter()
            .map(|k| json!([k.name(), violation_text(l, *k)]))
            .collect::<Vec<_>>(),
        "claims": ClaimKind::ALL
            .iter()
            .map(|k| json!([k.name(), l.t(&format!("tablet-claim-{}", k.name()))]))
            .collect::<Vec<_>>(),
    });
    let title = l.t_args(
        "tablet-title",
        &[
            ("event", opened.event_name.as_str()),
            ("round", &round.to_string()),
            ("board", &board.to_string()),
        ],
    );
    let white = header.white.clone().unwrap_or_default();
    let black = header.black.clone().unwrap_or_default();
    let body = page(
        l,
        &title,
        (&white, &black),
        &config,
        arbiter,
        header.clock_only,
    );
    Ok((
        [(header::CACHE_CONTROL, "no-cache")],
        axum::response::Html(body.into_string()),
    )
        .into_response())
}

/// One half of the clock: the player's name, time and moves, and the player's own buttons
/// (turned towards the player on the far side).
fn half(l: Lang, color: &str, name: &str) -> Markup {
    html! {
        section class={ "half half-" (color) } data-color=(color) {
            div class="half-actions" {
                button type="button" class="act-offer" data-color=(color) { (l.t("tablet-offer")) }
                button type="button" class="act-claim" data-color=(color) { (l.t("tablet-claim")) }
                button type="button" class="act-resign" data-color=(color) { (l.t("tablet-resign")) }
            }
            button type="button" class="face" data-color=(color) aria-live="off" {
                span class="name" { (name) }
                span class="time" { "–:––" }
                span class="info" {}
            }
        }
    }
}

fn page(
    l: Lang,
    title: &str,
    (white, black): (&str, &str),
    config: &Value,
    arbiter: bool,
    clock_only: bool,
) -> Markup {
    html! {
        (DOCTYPE)
        html lang=(l.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1, user-scalable=no";
                meta name="theme-color" content="#1d2b36";
                title { (title) " · " (l.t("site-name")) }
                link rel="stylesheet" href="/static/style.css";
                link rel="icon" href="/static/favicon.svg" type="image/svg+xml";
            }
            body class="tablet-body" {
                div id="tablet" class={ "tablet" @if clock_only { " clock-only" } } data-state="loading" {
                    (half(l, "black", black))
                    div class="tablet-middle" {
                        header class="tablet-head" {
                            h1 { (title) }
                            span id="tablet-sync" class="sync" role="status" {}
                            button type="button" id="tablet-swap" {
                                (l.t(if clock_only { "tablet-swap-clock" } else { "tablet-swap" }))
                            }
                        }
                        div id="tablet-problem" class="problem" role="alert" hidden {
                            p class="problem-text" {}
                            button type="button" id="tablet-discard" { (l.t("tablet-discard")) }
                            button type="button" id="tablet-retry" { (l.t("tablet-retry")) }
                        }
                        div id="tablet-result" class="tablet-result" hidden {}
                        div class="tablet-controls" {
                            button type="button" id="tablet-start" hidden { (l.t("tablet-start")) }
                            span id="tablet-prompt" class="prompt" {}
                        }
                        // A clock-only event's players keep paper score sheets.
                        @if !clock_only {
                            div class="tablet-sheet" {
                                div id="board" class="board tablet-board" {}
                                ol id="tablet-moves" class="tablet-moves" {}
                            }
                        }
                        div id="tablet-claims" class="tablet-menu" hidden {
                            p class="menu-title" {}
                            div class="choices" {}
                            button type="button" class="menu-close" { (l.t("tablet-close")) }
                        }
                        div id="tablet-promotion" class="promotion" hidden { div class="choices" {} }
                        // Shown when the arbiter is signed in, or (tablet.js) once the
                        // event's PIN unlocked it.
                        details id="tablet-arbiter" class="tablet-arbiter" hidden[!arbiter] {
                            summary { (l.t("tablet-arbiter")) }
                            div id="tablet-arbiter-forms" {}
                            @if !arbiter {
                                button type="button" id="tablet-lock" { (l.t("tablet-lock")) }
                            }
                        }
                        @if !arbiter {
                            div id="tablet-arbiter-locked" class="tablet-arbiter-locked" {
                                form id="tablet-pin" {
                                    label {
                                        (l.t("tablet-pin")) " "
                                        input type="password" name="pin" inputmode="numeric"
                                            autocomplete="off" required minlength="6" maxlength="12"
                                            pattern="[0-9]{6,12}";
                                    }
                                    " "
                                    button type="submit" { (l.t("tablet-unlock")) }
                                }
                                p class="pin-problem" role="alert" hidden {}
                                p {
                                    a href="/signin" target="_blank" { (l.t("tablet-or-sign-in")) }
                                }
                            }
                        }
                    }
                    (half(l, "white", white))
                }
                script type="application/json" id="tablet-config" {
                    (PreEscaped(json_in_script(config)))
                }
                script src="/static/board.js" {}
                script src="/static/tablet.js" {}
            }
        }
    }
}

/// The tablet page's route.
pub(super) fn router() -> Router<AppState> {
    Router::new().route("/events/{id}/rounds/{r}/boards/{b}/tablet", get(show))
}
