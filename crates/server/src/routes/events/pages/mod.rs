//! The event pages: the list, a new event, an event (players, the latest published round,
//! standings, and for its staff the controls), and a round's boards with one tap per result.
//! Written with maud, which escapes every interpolated value; forms carry the CSRF token
//! and the version the page showed, so a change made on a stale page is refused by name.

use crate::auth::Visitor;
use crate::db::events as store;
use crate::error::{AppError, AppResult};
use crate::events::access::may_create;
use crate::events::action::NewEvent;
use crate::events::change::{self, ChangeError};
use crate::events::online::Online;
use crate::events::state::EventState;
use crate::events::{Action, Person, Standing, Status, board_log};
use crate::html::page;
use crate::i18n::PageLang;
use crate::i18n::{Lang, Msg, ruleset_name};
use crate::redirect::SameSitePath;
use crate::routes::see_other;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get, post};
use axum::{Form, Router};
use maud::{Markup, html};
use serde::Deserialize;
use shatar_tournament::report::lang::tiebreak_name;
use shatar_tournament::{EntrantNo, Event, Round, RoundNo, System, Tiebreak};
use std::collections::HashMap;

mod board_links;
mod manage;
mod round;
mod tablet;

/// The result buttons of a board, White first.
pub(super) const RESULT_WORDS: [&str; 6] = ["1-0", "1/2-1/2", "0-1", "+-", "-+", "--"];

pub(super) use crate::html::csrf_input as csrf;
pub(in crate::routes::events) use tablet::refusal;

pub(super) fn version_field(version: i64) -> Markup {
    html! { input type="hidden" name="version" value=(version); }
}

/// Each entrant's points so far, for the pairing lists.
pub(super) fn points(event: &Event) -> HashMap<EntrantNo, String> {
    shatar_tournament::standings(event)
        .lines
        .iter()
        .map(|l| {
            let p = l.values.first().copied().unwrap_or_default();
            (l.entrant, p.to_string())
        })
        .collect()
}

fn system_name(l: Lang, s: System) -> String {
    l.t(&format!("event-system-{}", s.code()))
}

async fn list(State(state): State<AppState>, v: Visitor) -> AppResult<Response> {
    let l = v.lang;
    let events = store::list(&state.db).await?;
    let body = html! {
        h1 { (l.t("events-title")) }
        @if v.user.as_ref().is_some_and(may_create) {
            p { a.button href="/events/new" { (l.t("events-new")) } }
        }
        @if events.is_empty() {
            p.hint { (l.t("events-none")) }
        } @else {
            ul.events {
                @for e in &events {
                    li { a href={ "/events/" (e.id) } { (e.name) } }
                }
            }
        }
    };
    Ok(page(&v, "/events", &l.t("events-title"), &body.into_string()).into_response())
}

fn new_form(v: &Visitor, error: Option<&str>) -> Markup {
    let l = v.lang;
    html! {
        h1 { (l.t("events-new")) }
        @if let Some(e) = error { p.error { (e) } }
        form.card method="post" action="/events/new" {
            (csrf(v))
            label { (l.t("event-field-name")) " " input name="name" required maxlength="200"; }
            label { (l.t("event-field-system")) " "
                select name="system" {
                    @for s in System::ALL {
                        option value=(s.code()) selected[s == System::Swiss] { (system_name(l, s)) }
                    }
                }
            }
            label { (l.t("event-field-rounds")) " "
                input name="rounds" type="number" min="0" max="100" placeholder="0";
                " " span.hint { (l.t("event-field-rounds-hint")) }
            }
            label { (l.t("event-field-ruleset")) " "
                select name="ruleset" {
                    @for r in ["official", "competition", "traditional", "fsf"] {
                        option value=(r) { (ruleset_name(l, r)) }
                    }
                }
            }
            label { (l.t("event-field-time-control")) " "
                input name="time_control" list="time-controls" maxlength="40" placeholder="5400";
                datalist id="time-controls" {
                    @for tc in ["5400", "3600+30", "1800+30", "1800", "900+10", "300+3"] {
                        option value=(tc) {}
                    }
                }
            }
            details.team {
                summary { (l.t("event-field-team")) }
                label { (l.t("event-field-boards")) " "
                    input name="boards" type="number" min="1" max="20" placeholder="–";
                    " " span.hint { (l.t("event-field-boards-hint")) }
                }
                label { (l.t("event-field-lineup")) " "
                    select name="lineup" {
                        @for m in LINEUP_MODES {
                            option value=(m) selected[m == "ordered-substitutes"] { (l.t(&format!("event-lineup-{m}"))) }
                        }
                    }
                }
            }
            details.online {
                summary { (l.t("event-field-online")) }
                label { input type="checkbox" name="online" value="1"; " " (l.t("event-field-online-hint")) }
                label { input type="checkbox" name="rated" value="1" checked; " " (l.t("event-field-rated")) }
                label { (l.t("event-field-start-at")) " "
                    input type="datetime-local" name="start_at";
                    input type="hidden" name="behind_utc" value="0";
                }
                label { (l.t("event-field-pause")) " "
                    input name="pause_s" type="number" min="0" max="3600" value=(crate::events::online::DEFAULT_PAUSE_S);
                }
                label { (l.t("event-field-limit")) " "
                    input name="limit" type="number" min="2" max="10000" placeholder=(crate::events::online::DEFAULT_LIMIT);
                }
                label { (l.t("event-field-default-s")) " "
                    input name="default_s" type="number" min="5" max="3600" placeholder="–";
                    " " span.hint { (l.t("event-field-default-s-hint")) }
                }
                label { (l.t("event-field-duration")) " "
                    input name="duration_min" type="number" min="5" max=(crate::events::arena::MAX_DURATION_MIN) placeholder=(crate::events::arena::DEFAULT_DURATION_MIN);
                    " " span.hint { (l.t("event-field-duration-hint")) }
                }
                script src="/static/localtime.js" defer {}
            }
            details.more {
                summary { (l.t("event-field-more")) }
                label { (l.t("event-field-games")) " "
                    select name="games" {
                        option value="" { (l.t("event-field-games-default")) }
                        option value="1" { "1" }
                        option value="2" { "2" }
                    }
                }
                label { (l.t("event-field-drawn-match")) " "
                    select name="drawn_match" {
                        option value="extra-games" { (l.t("event-drawn-extra-games")) }
                        option value="armageddon" { (l.t("event-drawn-armageddon")) }
                    }
                }
                label { input type="checkbox" name="acceleration" value="baku"; " " (l.t("event-field-baku")) }
                label { (l.t("event-field-tiebreaks")) " "
                    input name="tiebreaks" maxlength="100" placeholder="SB, WIN, DE";
                }
                p.hint {
                    (l.t("event-field-tiebreaks-hint")) " "
                    @for (i, tb) in Tiebreak::ALL.iter().enumerate() {
                        @if i > 0 { ", " }
                        abbr title=(tiebreak_name(v.lang, *tb)) { (tb.code()) }
                    }
                }
                label { (l.t("event-field-default-time")) " "
                    input name="default_time_min" type="number" min="0" max="240" value=(crate::events::state::DEFAULT_TIME_MIN);
                }
                label { input type="checkbox" name="clock_only" value="1"; " " (l.t("event-field-clock-only")) }
            }
            button type="submit" { (l.t("events-create")) }
        }
    }
}

/// The line-up modes of S4 ch.2 §4, by the library's codes.
const LINEUP_MODES: [&str; 5] = [
    "fixed-boards",
    "ordered-substitutes",
    "free-lineup",
    "all-play-all",
    "members-total",
];

async fn new_page(v: Visitor) -> AppResult<Response> {
    let user = v.require_user()?;
    if !may_create(user) {
        return Err(AppError::Forbidden(Msg::new("events-may-not-create")));
    }
    let l = v.lang;
    Ok(page(
        &v,
        "/events/new",
        &l.t("events-new"),
        &new_form(&v, None).into_string(),
    )
    .into_response())
}

/// The new-event form.
#[derive(Deserialize)]
struct NewEventForm {
    name: String,
    system: String,
    #[serde(default)]
    rounds: String,
    #[serde(default)]
    ruleset: String,
    #[serde(default)]
    time_control: String,
    #[serde(default)]
    boards: String,
    #[serde(default)]
    lineup: String,
    #[serde(default)]
    games: String,
    #[serde(default)]
    drawn_match: String,
    #[serde(default)]
    acceleration: String,
    #[serde(default)]
    tiebreaks: String,
    #[serde(default)]
    default_time_min: String,
    #[serde(default)]
    clock_only: Option<String>,
    #[serde(default)]
    online: Option<String>,
    #[serde(default)]
    rated: Option<String>,
    #[serde(default)]
    start_at: String,
    #[serde(default)]
    behind_utc: String,
    #[serde(default)]
    pause_s: String,
    #[serde(default)]
    limit: String,
    #[serde(default)]
    default_s: String,
    #[serde(default)]
    duration_min: String,
    csrf: Option<String>,
}

pub(super) fn opt(s: &str) -> Option<String> {
    let s = s.trim();
    (!s.is_empty()).then(|| s.to_owned())
}

async fn create(
    State(state): State<AppState>,
    v: Visitor,
    Form(f): Form<NewEventForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let user = v.require_user()?;
    let l = v.lang;
    let refuse = |msg: String| {
        let body = new_form(&v, Some(&msg)).into_string();
        Ok((
            StatusCode::BAD_REQUEST,
            page(&v, "/events/new", &l.t("events-new"), &body),
        )
            .into_response())
    };
    let rounds = match f.rounds.trim() {
        "" => None,
        r => match r.parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => return refuse(l.t_args("event-error-rounds", &[("value", r)])),
        },
    };
    let whole = |field: &str, text: &str| -> Result<Option<u32>, String> {
        match text.trim() {
            "" => Ok(None),
            t => t.parse().map(Some).map_err(|_| {
                l.t_args(
                    "event-error-number",
                    &[("field", &l.t(field)), ("value", t)],
                )
            }),
        }
    };
    let (boards, games, default_time_min) = match (
        whole("event-field-boards", &f.boards),
        whole("event-field-games", &f.games),
        whole("event-field-default-time", &f.default_time_min),
    ) {
        (Ok(b), Ok(g), Ok(t)) => (b, g, t),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return refuse(e),
    };
    let online = f.online.is_some();
    let (pause_s, limit, default_s) = match (
        whole("event-field-pause", &f.pause_s),
        whole("event-field-limit", &f.limit),
        whole("event-field-default-s", &f.default_s),
    ) {
        (Ok(p), Ok(n), Ok(d)) => (p, n, d),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return refuse(e),
    };
    let duration_min = match whole("event-field-duration", &f.duration_min) {
        Ok(d) => d,
        Err(e) => return refuse(e),
    };
    // The start time as typed, in the organiser's zone (static/localtime.js), as RFC 3339.
    let start_at = match opt(&f.start_at) {
        None => None,
        Some(text) => {
            let behind = f.behind_utc.trim().parse::<i32>().unwrap_or(0);
            match crate::timestamps::from_local(&text, behind) {
                Some(ms) => Some(crate::timestamps::to_rfc3339(ms)),
                None => {
                    return refuse(l.t_args("event-error-time-syntax", &[("value", &text)]));
                }
            }
        }
    };
    let tiebreaks = opt(&f.tiebreaks).map(|t| {
        t.split([',', ' '])
            .filter(|c| !c.is_empty())
            .map(|c| c.to_uppercase())
            .collect()
    });
    // The draw's lots are the event's own: a fresh seed, kept in the history.
    let lot_seed = u64::from_str_radix(&crate::auth::random_token()?[..16], 16).ok();
    let new = NewEvent {
        name: f.name,
        system: f.system,
        rounds,
        ruleset: opt(&f.ruleset),
        time_control: opt(&f.time_control),
        boards: boards.map(|b| u8::try_from(b).unwrap_or(u8::MAX)),
        lineup: boards.and(opt(&f.lineup)),
        settings: crate::events::EventSettings {
            tiebreaks,
            games: games.map(|g| u8::try_from(g).unwrap_or(u8::MAX)),
            drawn_match: opt(&f.drawn_match),
            acceleration: opt(&f.acceleration),
            lot_seed,
            default_time_min,
            score_sheet: f.clock_only.is_some().then_some(false),
            ..Default::default()
        },
        online,
        online_settings: crate::events::action::OnlineSettings {
            rated: Some(f.rated.is_some()),
            pause_s,
            limit,
            start_at,
            default_s,
            duration_min,
        },
    };
    match change::create(&state.db, user, new).await {
        Ok((id, _)) => Ok(see_other(
            &SameSitePath::internal(format!("/events/{id}")),
            &[],
        )),
        Err(ChangeError::Forbidden(_)) => {
            Err(AppError::Forbidden(Msg::new("events-may-not-create")))
        }
        Err(ChangeError::Storage(e)) => Err(e),
        Err(ChangeError::Unauthorized) => Err(AppError::Unauthorized),
        Err(ChangeError::NotFound(id)) => Err(AppError::NotFound(
            Msg::new("event-error-no-event").arg("id", id),
        )),
        Err(ChangeError::Action(e)) => refuse(e.message().text(l)),
        Err(ChangeError::Stale(m)) => refuse(m.text(l)),
    }
}

pub(super) async fn load(state: &AppState, id: &str) -> AppResult<store::StoredEvent> {
    store::load(&state.db, id)
        .await?
        .ok_or_else(|| AppError::NotFound(Msg::new("event-error-no-event").arg("id", id)))
}

fn event_body(v: &Visitor, stored: &store::StoredEvent, error: Option<&str>) -> Markup {
    let l = v.lang;
    let s: &EventState = &stored.state;
    let e = &s.event;
    let id = stored.id.as_str();
    let standing = Standing::of(v.user.as_ref(), s);
    let staff = standing.is_staff();
    let shown: Vec<&Round> = e
        .rounds
        .iter()
        .filter(|r| staff || s.is_published(r.number))
        .collect();
    let table = shatar_tournament::standings(e);
    html! {
        (manage::event_nav(v, stored))
        h1 { (e.name) }
        p.event-meta {
            (system_name(l, e.system)) " · " (l.t(&format!("event-status-{}", s.status().name())))
            @if e.rounds_planned > 0 { " · " (l.t_args("event-rounds-planned", &[("n", &e.rounds_planned.to_string())])) }
            @if !e.time_control.is_empty() { " · " (e.time_control) }
        }
        @if let Some(err) = error { p.error { (err) } }
        @if let Some(online) = &s.online { (online_card(v, stored, online)) }
        @if let Some(run) = &s.arena {
            (super::arena::arena_card(v, s, run))
            @if e.started { (live_boards(v, stored, None)) }
        } @else if e.started && (s.online.is_some() || board_log::keeps_logs(s).is_ok()) {
            (live_boards(v, stored, shown.last().map(|r| r.number)))
        }
        @if staff {
            section.card.staff {
                h2 { (l.t("event-staff")) }
                @if !e.started {
                    form method="post" action={ "/events/" (id) "/players" } {
                        (csrf(v)) (version_field(stored.version))
                        label { (l.t("event-field-player")) " " input name="name" required maxlength="100"; }
                        label { (l.t("event-field-club")) " " input name="club" maxlength="100"; }
                        label { (l.t("event-field-region")) " " input name="region" maxlength="100"; }
                        label { (l.t("event-field-rating")) " " input name="rating" type="number" min="0" max="4000"; }
                        label { (l.t("event-field-birth-year")) " " input name="birth_year" type="number" min="1900" max="2100"; }
                        button type="submit" { (l.t("event-add-player")) }
                    }
                    form method="post" action={ "/events/" (id) "/start" } {
                        (csrf(v)) (version_field(stored.version))
                        button type="submit" { (l.t("event-start")) }
                    }
                } @else if let Some(run) = &s.arena {
                    @if !run.ended {
                        form method="post" action={ "/events/" (id) "/arena/end" } {
                            (csrf(v)) (version_field(stored.version))
                            button type="submit" { (l.t("event-arena-end-now")) }
                        }
                    }
                } @else {
                    form method="post" action={ "/events/" (id) "/rounds" } {
                        (csrf(v)) (version_field(stored.version))
                        button type="submit" { (l.t("event-pair-next")) }
                    }
                    @for r in &e.rounds {
                        @if !s.is_published(r.number) {
                            form method="post" action={ "/events/" (id) "/rounds/" (r.number) "/publish" } {
                                (csrf(v)) (version_field(stored.version))
                                button type="submit" { (l.t_args("event-publish", &[("round", &r.number.to_string())])) }
                            }
                        }
                    }
                }
            }
        }
        @if !shown.is_empty() {
            div.rounds {
                @for r in &shown {
                    a href={ "/events/" (id) "/rounds/" (r.number) } { (l.t_args("event-round", &[("round", &r.number.to_string())])) }
                    " "
                }
            }
        }
        @if let Some(last) = shown.last() {
            h2 { (l.t_args("event-round", &[("round", &last.number.to_string())])) }
            (round::round_table(v, id, stored.version, s, last, staff))
        }
        h2 { (l.t("event-players")) }
        div.scroll {
            table.entrants {
                thead { tr {
                    th { "#" } th { (l.t("event-field-player")) } th { (l.t("event-field-club")) }
                    th { (l.t("event-field-region")) } th { (l.t("event-field-rating")) }
                } }
                tbody {
                    @for p in &e.players {
                        tr {
                            td.num { (p.number) }
                            td { (p.name) @if let Some(a) = s.accounts.get(&p.number) { " " span.hint { "@" (a.name) } } }
                            td { (p.club) } td { (p.region) }
                            td.num { @if let Some(r) = p.rating { (r) } }
                        }
                    }
                }
            }
        }
        @if e.started && s.arena.is_none() {
            h2 { (l.t("event-standings")) }
            div.scroll {
                table.standings {
                    thead { tr {
                        th { (l.t("event-place")) } th { (l.t("event-field-player")) }
                        @for tb in &table.order { th title=(tiebreak_name(l, *tb)) { (tb.code()) } }
                    } }
                    tbody {
                        @for line in &table.lines {
                            tr {
                                td.num { (line.place_label()) }
                                td { (line.entrant) ". " (e.entrant_name(line.entrant)) }
                                @for val in &line.values { td.num { (val) } }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// An online event's live boards: the latest round's games as small boards and the top
/// board large, drawn and kept up to date by `static/event_boards.js` from
/// `GET /api/events/{id}/boards`; hidden until the first answer has boards.
fn live_boards(v: &Visitor, stored: &store::StoredEvent, round: Option<RoundNo>) -> Markup {
    let l = v.lang;
    // An arena has no rounds: its boards are the games played now.
    let title = match round {
        Some(round) => l.t_args("event-live-boards", &[("round", &round.to_string())]),
        None => l.t("event-arena-live-boards"),
    };
    html! {
        @if round.is_some() || stored.state.arena.is_some() {
            section.card #event-boards hidden data-src={ "/api/events/" (stored.id) "/boards" } {
                h2 { (title) }
                div.live-boards {}
            }
            script src="/static/board.js" defer {}
            script src="/static/event_boards.js" defer {}
        }
    }
}

/// An online event's card: its clock and rules, when it starts, how many have joined, and
/// the visitor's own button to join or leave (before the start) or their game.
fn online_card(v: &Visitor, stored: &store::StoredEvent, online: &Online) -> Markup {
    let l = v.lang;
    let s = &stored.state;
    let e = &s.event;
    let id = stored.id.as_str();
    let joined = s.players_taking_part();
    let mine = v
        .user
        .as_ref()
        .and_then(|u| s.entrant_of(u.id))
        .filter(|&n| e.withdrawal(n).is_none());
    let my_board = mine.and_then(|n| {
        if let Some(run) = &s.arena {
            let b = run.playing(n)?;
            return Some((
                RoundNo::new(b.wave)?,
                shatar_tournament::BoardNo::new(b.board)?,
            ));
        }
        let r = e.rounds.last()?;
        let p = r
            .pairings
            .iter()
            .find(|p| p.involves(n) && p.black.is_some())?;
        (!p.is_complete()).then_some((r.number, p.board))
    });
    // A team event: the team the visitor captains, while it is entered.
    let my_team = v
        .user
        .as_ref()
        .and_then(|u| s.captain_of(u.id))
        .filter(|&t| e.withdrawal(t).is_none());
    let running = e.started && s.status() != Status::Finished;
    html! {
        section.card.online {
            h2 { (l.t("event-online")) }
            p {
                (e.time_control) " · "
                (l.t(if online.rated { "event-online-rated" } else { "event-online-casual" })) " · "
                (l.t_args("event-online-joined", &[("n", &joined.to_string()), ("limit", &online.limit.to_string())])) " · "
                (l.t_args("event-online-default", &[("s", &online.default_s.to_string())]))
                // An arena has no rounds to pause between.
                @if s.arena.is_none() {
                    " · " (l.t_args("event-online-pause", &[("s", &online.pause_s.to_string())]))
                }
            }
            @if let (Some(at), false) = (online.start_at_ms, e.started) {
                p {
                    (l.t("event-online-starts")) " "
                    time data-local datetime=(crate::timestamps::to_rfc3339(at)) { (crate::archive::utc_minute(at)) " UTC" }
                }
                script src="/static/localtime.js" defer {}
            }
            @if let Some((round, board)) = my_board {
                p.echo role="status" {
                    a.button href={ "/events/" (id) "/rounds/" (round) "/boards/" (board) "/game" } {
                        @if s.arena.is_some() {
                            (l.t("event-arena-your-game"))
                        } @else {
                            (l.t_args("event-online-your-game", &[("round", &round.to_string())]))
                        }
                    }
                }
            }
            @if let (Some(t), true) = (my_team, running) {
                details {
                    summary { (l.t("event-online-team-withdraw")) }
                    p.hint { (l.t_args("event-online-team-withdraw-warning", &[("team", &e.entrant_name(t))])) }
                    form method="post" action={ "/events/" (id) "/leave" } {
                        (csrf(v))
                        button type="submit" { (l.t("event-online-team-withdraw")) }
                    }
                }
            }
            @if let (Some(n), true, false) = (mine, running, e.is_team_event()) {
                @if s.paused.contains(&n) {
                    p.hint role="status" { (l.t("event-online-paused-note")) }
                }
                div.buttons {
                    @if e.system.is_swiss() || s.arena.is_some() {
                        form method="post" action={ "/events/" (id) (if s.paused.contains(&n) { "/unpause" } else { "/pause" }) } {
                            (csrf(v))
                            button type="submit" {
                                (l.t(if s.paused.contains(&n) { "event-online-unpause-button" } else { "event-online-pause-button" }))
                            }
                        }
                    }
                    details {
                        summary { (l.t("event-online-withdraw")) }
                        p.hint { (l.t("event-online-withdraw-warning")) }
                        form method="post" action={ "/events/" (id) "/leave" } {
                            (csrf(v))
                            button type="submit" { (l.t("event-online-withdraw")) }
                        }
                    }
                }
            }
            @if !e.started || s.arena.as_ref().is_some_and(|r| !r.ended && mine.is_none()) {
                @if v.user.is_none() {
                    p.hint { a href="/signin" { (l.t("event-online-sign-in")) } }
                } @else if let Some(t) = my_team {
                    form method="post" action={ "/events/" (id) "/leave" } {
                        (csrf(v))
                        button type="submit" { (l.t_args("event-online-team-leave", &[("team", &e.entrant_name(t))])) }
                    }
                } @else if let (Some(n), true) = (mine, e.is_team_event()) {
                    // Entered by a captain: the member may decline.
                    @let team = e.team_of(n).map(|t| t.name.clone()).unwrap_or_default();
                    p.hint { (l.t_args("event-online-team-decline-hint", &[("team", &team)])) }
                    form method="post" action={ "/events/" (id) "/leave" } {
                        (csrf(v))
                        button type="submit" { (l.t("event-online-team-decline")) }
                    }
                } @else if mine.is_some() {
                    form method="post" action={ "/events/" (id) "/leave" } {
                        (csrf(v))
                        button type="submit" { (l.t("event-online-leave")) }
                    }
                } @else if e.is_team_event() {
                    // A team event: a captain registers his team of accounts.
                    form.join-team method="post" action={ "/events/" (id) "/teams/join" } {
                        (csrf(v))
                        label { (l.t("event-field-team-name")) " " input name="name" required maxlength="100"; }
                        label { (l.t("event-field-team-accounts")) " "
                            textarea name="members" rows="5" required maxlength="2000" {}
                            span.hint { (l.t("event-field-team-accounts-hint")) }
                        }
                        button type="submit" { (l.t("event-online-join-team")) }
                    }
                } @else {
                    form method="post" action={ "/events/" (id) "/join" } {
                        (csrf(v))
                        button type="submit" { (l.t("event-online-join")) }
                    }
                }
            }
        }
    }
}

async fn show(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
) -> AppResult<Response> {
    let stored = load(&state, &id).await?;
    let body = event_body(&v, &stored, None).into_string();
    Ok(page(
        &v,
        &format!("/events/{id}"),
        &stored.state.event.name,
        &body,
    )
    .into_response())
}

/// A staff form: CSRF, the version the page showed.
#[derive(Deserialize)]
pub(super) struct StaffForm {
    pub(super) csrf: Option<String>,
    pub(super) version: Option<i64>,
}

/// The page a staff form came from, shown again with the message when its change is
/// refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum From {
    /// The event's page.
    Event,
    /// The players' page.
    Players,
    /// The organiser's page (arbiters, hand-over, registration).
    Staff,
    /// The history.
    History,
}

/// Makes a change from a page; a refusal re-shows the page it came from with its message.
pub(super) async fn change_from_page(
    state: &AppState,
    v: &Visitor,
    id: &str,
    action: Action,
    seen: Option<i64>,
    back: String,
) -> AppResult<Response> {
    change_from(state, v, id, action, seen, back, From::Event).await
}

/// [`change_from_page`] for a form of the page `from`.
pub(super) async fn change_from(
    state: &AppState,
    v: &Visitor,
    id: &str,
    action: Action,
    seen: Option<i64>,
    back: String,
    from: From,
) -> AppResult<Response> {
    v.require_user()?;
    match change::change(&state.db, id, v.user.as_ref(), action, seen).await {
        Ok(_) => Ok(see_other(&SameSitePath::internal(back), &[])),
        Err(ChangeError::NotFound(id)) => Err(AppError::NotFound(
            Msg::new("event-error-no-event").arg("id", id),
        )),
        Err(ChangeError::Unauthorized) => Err(AppError::Unauthorized),
        Err(ChangeError::Forbidden(_)) => {
            Err(AppError::Forbidden(Msg::new("event-error-staff-only")))
        }
        Err(ChangeError::Storage(e)) => Err(e),
        Err(ChangeError::Stale(m)) => refused(state, v, id, from, StatusCode::CONFLICT, &m).await,
        Err(ChangeError::Action(a)) => {
            refused(state, v, id, from, StatusCode::BAD_REQUEST, &a.message()).await
        }
    }
}

/// The page `from` again, with a refusal in the visitor's language.
async fn refused(
    state: &AppState,
    v: &Visitor,
    id: &str,
    from: From,
    status: StatusCode,
    message: &Msg,
) -> AppResult<Response> {
    let message = message.text(v.lang);
    let stored = load(state, id).await?;
    let (path, body) = match from {
        From::Event => (
            format!("/events/{id}"),
            event_body(v, &stored, Some(&message)),
        ),
        From::Players => (
            format!("/events/{id}/players"),
            manage::players_body(v, &stored, Some(&message)),
        ),
        From::Staff => (
            format!("/events/{id}/staff"),
            manage::staff_body(v, &stored, Some(&message)),
        ),
        From::History => {
            let history = store::history(&state.db, id, 0).await?;
            (
                format!("/events/{id}/history"),
                manage::history_body(v, &stored, &history, Some(&message)),
            )
        }
    };
    Ok((
        status,
        page(v, &path, &stored.state.event.name, &body.into_string()),
    )
        .into_response())
}

/// Registers a player from the event page's form (the players' page's details form).
async fn add_player(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Form(f): Form<manage::DetailsForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let action = Action::AddPlayer {
        player: f.player()?,
        account: None,
    };
    change_from_page(&state, &v, &id, action, f.version, format!("/events/{id}")).await
}

/// A signed-in account joins an online event from its page.
async fn join(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Form(f): Form<StaffForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let user = v.require_user()?;
    let stored = load(&state, &id).await?;
    let rating = crate::events::online::seed_rating(&state.db, &stored.state, user.id).await?;
    let account = Person::of(user);
    let action = Action::Join { account, rating };
    change_from_page(&state, &v, &id, action, None, format!("/events/{id}")).await
}

/// The captain's team form: the team's name and its members' usernames, one a line.
#[derive(Deserialize)]
struct TeamOfAccountsForm {
    csrf: Option<String>,
    name: String,
    members: String,
}

/// A signed-in captain registers a team of accounts in an online team event from its page.
async fn join_team(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Form(f): Form<TeamOfAccountsForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let user = v.require_user()?;
    let stored = load(&state, &id).await?;
    let usernames: Vec<String> = f
        .members
        .split(['\n', ','])
        .map(str::trim)
        .filter(|u| !u.is_empty())
        .take(crate::events::action::MAX_TEAM_MEMBERS + 1)
        .map(str::to_owned)
        .collect();
    let made =
        crate::events::online::team_of_accounts(&state.db, &stored.state, f.name, None, &usernames)
            .await;
    let (team, members) = match made {
        Ok(made) => made,
        Err(crate::events::online::TeamOfAccountsError::NoAccount(name)) => {
            let msg = Msg::new("event-error-no-account").arg("name", name);
            return refused(&state, &v, &id, From::Event, StatusCode::BAD_REQUEST, &msg).await;
        }
        Err(crate::events::online::TeamOfAccountsError::Storage(e)) => return Err(e),
    };
    let action = Action::JoinTeam {
        captain: Person::of(user),
        team,
        members,
    };
    change_from_page(&state, &v, &id, action, None, format!("/events/{id}")).await
}

/// A signed-in player pauses in (`paused`) or comes back to an online Swiss from its page.
async fn pause(
    state: &AppState,
    v: &Visitor,
    id: &str,
    f: &StaffForm,
    paused: bool,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let user = v.require_user()?;
    let action = Action::Pause {
        account: Person::of(user),
        paused,
    };
    change_from_page(state, v, id, action, None, format!("/events/{id}")).await
}

/// A signed-in account leaves an online event from its page: before the start it takes its
/// entry back, after it it withdraws.
async fn leave(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Form(f): Form<StaffForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let user = v.require_user()?;
    let account = Person::of(user);
    let action = Action::Leave { account };
    change_from_page(&state, &v, &id, action, None, format!("/events/{id}")).await
}

/// Where a staff form was posted: the event, and the round when the path names one.
#[derive(Deserialize)]
pub(super) struct At {
    pub(super) id: String,
    #[serde(default)]
    pub(super) r: Option<String>,
}

impl At {
    pub(super) fn round(&self) -> AppResult<RoundNo> {
        let text = self.r.as_deref().unwrap_or_default();
        text.parse()
            .map_err(|_| AppError::NotFound(Msg::new("event-error-no-round").arg("round", text)))
    }
}

/// A staff button with nothing to fill in (start, pair the next round, publish a round):
/// the path says which change, the form only carries the CSRF token and the version.
fn staff_button(make: fn(&At) -> AppResult<Action>) -> MethodRouter<AppState> {
    post(
        move |State(state): State<AppState>,
              v: Visitor,
              Path(at): Path<At>,
              Form(f): Form<StaffForm>| async move {
            v.check_csrf(f.csrf.as_deref())?;
            let action = make(&at)?;
            let back = format!("/events/{}", at.id);
            change_from_page(&state, &v, &at.id, action, f.version, back).await
        },
    )
}

/// The event pages.
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(board_links::router())
        .merge(manage::router())
        .merge(round::router())
        .merge(tablet::router())
        .route("/events", get(list))
        .route("/events/new", get(new_page).post(create))
        .route("/events/{id}", get(show))
        .route("/events/{id}/players", post(add_player))
        .route("/events/{id}/join", post(join))
        .route("/events/{id}/teams/join", post(join_team))
        .route("/events/{id}/leave", post(leave))
        .route(
            "/events/{id}/pause",
            post(
                |State(state): State<AppState>,
                 v: Visitor,
                 Path(id): Path<String>,
                 Form(f): Form<StaffForm>| async move {
                    pause(&state, &v, &id, &f, true).await
                },
            ),
        )
        .route(
            "/events/{id}/unpause",
            post(
                |State(state): State<AppState>,
                 v: Visitor,
                 Path(id): Path<String>,
                 Form(f): Form<StaffForm>| async move {
                    pause(&state, &v, &id, &f, false).await
                },
            ),
        )
        .route("/events/{id}/start", staff_button(|_| Ok(Action::Start)))
        .route(
            "/events/{id}/arena/end",
            staff_button(|_| Ok(Action::ArenaEnd)),
        )
        .route(
            "/events/{id}/rounds",
            staff_button(|_| Ok(Action::PairRound)),
        )
        .route(
            "/events/{id}/rounds/{r}/publish",
            staff_button(|at| Ok(Action::Publish { round: at.round()? })),
        )
}
