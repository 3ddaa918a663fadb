//! A round's page: the boards with each player's points and, for the staff, one tap per
//! result, the entry from a score sheet by start numbers, adjudication with a reason, a
//! knock-out decision, a pairing changed by hand, the unpairing of the last round, the
//! pairing's explanation and, in a team event, each match's line-ups and boards (a
//! captain submits their own team's line-up here). A result entered is said back as at
//! the board ("Board 3: Batbayar 1 – 0 Dorj"); changing one asks first, saying what it
//! affects.

use super::{RESULT_WORDS, StaffForm, csrf, load, manage, points, version_field};
use crate::auth::Visitor;
use crate::db::events::StoredEvent;
use crate::error::{AppError, AppResult};
use crate::events::action::{ActionError, lineup_for, match_points, paired_from_it};
use crate::events::change::{self, ChangeError};
use crate::events::{Action, EventState, Standing, round_pgn, words};
use crate::html::page;
use crate::i18n::Msg;
use crate::i18n::PageLang;
use crate::redirect::SameSitePath;
use crate::routes::see_other;
use crate::state::AppState;
use axum::Form;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use maud::{Markup, html};
use serde::Deserialize;
use shatar_tournament::{
    BoardNo, EntrantNo, Entrants, Event, GameResult, LineupMode, Pairing, Round, RoundNo, System,
};
use std::collections::HashMap;

/// What the page says above the boards.
enum Notice {
    /// A change was refused.
    Refused(String),
    /// A different result is there: the author confirms the change.
    Confirm {
        board: BoardNo,
        result: String,
        message: String,
    },
    /// A result was entered on this board: said back as at the board.
    Entered(BoardNo),
}

pub(super) fn round_no(text: &str) -> AppResult<RoundNo> {
    text.parse()
        .map_err(|_| AppError::NotFound(Msg::new("event-error-no-round").arg("round", text)))
}

pub(super) fn board_no(text: &str) -> AppResult<BoardNo> {
    text.parse()
        .map_err(|_| AppError::NotFound(Msg::new("event-error-no-board").arg("board", text)))
}

fn round_path(id: &str, round: RoundNo) -> String {
    format!("/events/{id}/rounds/{round}")
}

/// The boards of a round, with each player's points; for the staff, a result button row;
/// in an online event, each board's live game.
pub(super) fn round_table(
    v: &Visitor,
    id: &str,
    version: i64,
    state: &EventState,
    round: &Round,
    staff: bool,
) -> Markup {
    let event = &state.event;
    let online = state.online.is_some();
    let l = v.lang;
    let pts = points(event);
    // A team match's game points, first team first: the library's tallies, once a page.
    let tallies = if event.is_team_event() {
        shatar_tournament::scoring::tallies(event)
    } else {
        Default::default()
    };
    let who = |n: EntrantNo| -> Markup {
        html! {
            span.entrant { (n) ". " (event.entrant_name(n)) }
            " " span.points { "(" (pts.get(&n).map_or("0", String::as_str)) ")" }
        }
    };
    html! {
        div.scroll {
            table.pairings {
                thead { tr {
                    th { (l.t("event-board")) }
                    th { (l.t("color-white")) }
                    th { (l.t("event-result")) }
                    th { (l.t("color-black")) }
                } }
                tbody {
                    @for p in &round.pairings {
                        tr id={ "board-" (p.board) } {
                            td.num { (p.board) }
                            td { (who(p.white)) }
                            td.result {
                                @match p.black {
                                    None => { (l.t("event-bye")) }
                                    Some(_) => {
                                        @if let (Some(_), Some(b)) = (&p.team_match, p.black) {
                                            @let (w, bl) = match_points(&tallies, round.number, p.white, b);
                                            (w) " – " (bl)
                                        } @else if p.games.is_empty() { "–" } @else {
                                            (p.games.iter().map(words::write).collect::<Vec<_>>().join(" "))
                                        }
                                        @if online {
                                            " " a.game-link href={ "/events/" (id) "/rounds/" (round.number) "/boards/" (p.board) "/game" } {
                                                (l.t(if p.games.is_empty() { "event-game-live" } else { "event-game-replay" }))
                                            }
                                        }
                                        @if staff && !event.is_team_event() {
                                            (result_buttons(v, id, version, round.number, p.board, &p.games))
                                        }
                                    }
                                }
                            }
                            td { @if let Some(b) = p.black { (who(b)) } }
                        }
                    }
                }
            }
        }
    }
}

fn result_buttons(
    v: &Visitor,
    id: &str,
    version: i64,
    round: RoundNo,
    board: BoardNo,
    entered: &[GameResult],
) -> Markup {
    let current: Vec<String> = entered.iter().map(words::write).collect();
    html! {
        form.results method="post" action={ "/events/" (id) "/rounds/" (round) "/boards/" (board) "/result" } {
            (csrf(v))
            (version_field(version))
            @for w in RESULT_WORDS {
                button type="submit" name="result" value=(w)
                    class=[current.iter().any(|c| c == w).then_some("current")] { (w) }
            }
        }
    }
}

/// The result of a board as said at the board.
fn said(event: &Event, round: &Round, board: BoardNo) -> Option<String> {
    let p = round.pairings.iter().find(|p| p.board == board)?;
    let white = event.entrant_name(p.white);
    let black = event.entrant_name(p.black?);
    let games: Vec<String> = p
        .games
        .iter()
        .map(|g| words::spoken(g, &white, &black))
        .collect();
    (!games.is_empty()).then(|| format!("{board}: {}", games.join(", ")))
}

/// A select of results, White first.
fn result_select(name: &str, chosen: Option<&str>) -> Markup {
    html! {
        select name=(name) {
            @for w in RESULT_WORDS {
                option value=(w) selected[chosen == Some(w)] { (w) }
            }
        }
    }
}

/// The page of round `round`.
fn round_body(
    v: &Visitor,
    stored: &StoredEvent,
    round: RoundNo,
    notice: Option<&Notice>,
) -> AppResult<Markup> {
    let s = &stored.state;
    let e = &s.event;
    let id = stored.id.as_str();
    let version = stored.version;
    let staff = Standing::of(v.user.as_ref(), s).is_staff();
    let r = e
        .rounds
        .get(round.index())
        .filter(|_| staff || s.is_published(round))
        .ok_or_else(|| AppError::NotFound(Msg::new("event-error-no-round").arg("round", round)))?;
    let l = v.lang;
    let last = e.rounds.len() == round.index() + 1;
    let mut by_name: Vec<(String, EntrantNo, BoardNo)> = r
        .pairings
        .iter()
        .flat_map(|p| {
            std::iter::once(p.white)
                .chain(p.black)
                .map(move |n| (n, p.board))
        })
        .map(|(n, b)| (e.entrant_name(n), n, b))
        .collect();
    by_name.sort();
    let captain_team = v.user.as_ref().and_then(|u| s.captain_of(u.id));
    let now = crate::db::now_ms();
    let knock_out = matches!(
        e.system,
        System::SingleElimination | System::DoubleElimination
    );
    let nothing_played = r
        .pairings
        .iter()
        .all(|p| p.games.is_empty() && p.team_match.is_none());
    Ok(html! {
        (manage::event_nav(v, stored))
        h1 { (l.t_args("event-round", &[("round", &round.to_string())])) }
        @if staff && !s.is_published(round) { p.hint { (l.t("event-round-unpublished")) } }
        p.no-print {
            a href={ "/events/" (id) "/rounds/" (round) "/pairing-sheet" } { (l.t("event-sheet")) }
            @if round_pgn::unavailable(s).is_none() {
                " · " a href={ "/api/events/" (id) "/rounds/" (round) "/pgn" } download { (l.t("event-round-pgn")) }
            }
        }
        @match notice {
            Some(Notice::Refused(m)) => { p.error role="alert" { (m) } }
            Some(Notice::Entered(b)) => {
                @if let Some(text) = said(e, r, *b) { p.echo role="status" { (l.t("event-board")) " " (text) } }
            }
            Some(Notice::Confirm { board, result, message }) => {
                section.card.confirm role="alert" {
                    p { (message) }
                    form method="post" action={ "/events/" (id) "/rounds/" (round) "/boards/" (board) "/result" } {
                        (csrf(v)) (version_field(version))
                        input type="hidden" name="replace" value="1";
                        button type="submit" name="result" value=(result) {
                            (l.t_args("event-change-result", &[("board", &board.to_string()), ("result", result)]))
                        }
                        " " a href=(round_path(id, round)) { (l.t("event-cancel")) }
                    }
                }
            }
            None => {}
        }
        (round_table(v, id, version, s, r, staff))
        @if let Entrants::Team { boards, lineup } = e.entrants {
            @if lineup == LineupMode::AllPlayAll && staff {
                @for p in r.pairings.iter().filter(|p| p.black.is_some()) {
                    (all_play_all_form(v, stored, round, p, p.black.unwrap_or(p.white)))
                }
            }
            @if lineup != LineupMode::AllPlayAll && lineup != LineupMode::MembersTotal {
                (lineup_times(v, stored, round, staff, now))
                @for p in r.pairings.iter().filter(|p| p.black.is_some()) {
                    @let black = p.black.unwrap_or(p.white);
                    @if staff {
                        (match_form(v, stored, round, p, black, boards))
                    } @else if let Some(team) = captain_team.filter(|t| p.involves(*t)) {
                        @if p.team_match.is_none() && !s.lineups_are_public(round, now) {
                            (lineup_form(v, stored, round, team, boards))
                        }
                    }
                }
            }
        }
        @if staff {
            section.card.staff {
                h2 { (l.t("event-staff")) }
                @if !e.is_team_event() {
                    form method="post" action={ "/events/" (id) "/rounds/" (round) "/sheet" } {
                        (csrf(v)) (version_field(version))
                        strong { (l.t("event-from-sheet")) } " "
                        label { (l.t("color-white")) " " input name="white" type="number" min="1" required; }
                        label { (l.t("color-black")) " " input name="black" type="number" min="1" required; }
                        (result_select("result", None))
                        button type="submit" { (l.t("event-enter")) }
                    }
                    form method="post" action={ "/events/" (id) "/rounds/" (round) "/adjudicate" } {
                        (csrf(v)) (version_field(version))
                        strong { (l.t("event-adjudicate")) } " "
                        label { (l.t("event-board")) " " input name="board" type="number" min="1" required; }
                        label { (l.t("color-white")) " "
                            select name="white" { option value="1" { "1" } option value="0.5" { "½" } option value="0" { "0" } }
                        }
                        label { (l.t("color-black")) " "
                            select name="black" { option value="0" { "0" } option value="0.5" { "½" } option value="1" { "1" } }
                        }
                        input name="reason" required maxlength="100" placeholder=(l.t("event-field-reason"));
                        button type="submit" { (l.t("event-enter")) }
                    }
                }
                @if s.online.is_some() && r.pairings.iter().any(|p| !p.is_complete()) {
                    form method="post" action={ "/events/" (id) "/rounds/" (round) "/time" } {
                        (csrf(v))
                        strong { (l.t("event-give-time")) } " "
                        label { (l.t("event-board")) " " input name="board" type="number" min="1" required; }
                        label { (l.t("seek-color")) " "
                            select name="color" {
                                option value="white" { (l.t("color-white")) }
                                option value="black" { (l.t("color-black")) }
                            }
                        }
                        label { (l.t("event-seconds")) " " input name="seconds" type="number" min="1" max=(crate::events::action::MAX_TIME_GIVEN_S) value="60" required; }
                        button type="submit" { (l.t("event-give-time")) }
                    }
                }
                @if knock_out {
                    @for p in r.pairings.iter().filter(|p| p.black.is_some() && !p.games.is_empty() && p.decided_for.is_none()) {
                        form.inline method="post" action={ "/events/" (id) "/rounds/" (round) "/boards/" (p.board) "/decision" } {
                            (csrf(v)) (version_field(version))
                            (l.t("event-board")) " " (p.board) ": " (l.t("event-decide-for")) " "
                            button type="submit" name="winner" value=(p.white) { (e.entrant_name(p.white)) }
                            @if let Some(b) = p.black {
                                button type="submit" name="winner" value=(b) { (e.entrant_name(b)) }
                            }
                        }
                    }
                }
                @if last && nothing_played {
                    form method="post" action={ "/events/" (id) "/rounds/" (round) "/exchange" } {
                        (csrf(v)) (version_field(version))
                        strong { (l.t("event-exchange")) } " "
                        input name="a" type="number" min="1" required aria-label="a";
                        " ⇄ "
                        input name="b" type="number" min="1" required aria-label="b";
                        button type="submit" { (l.t("event-exchange-do")) }
                    }
                    form method="post" action={ "/events/" (id) "/rounds/" (round) "/unpair" } {
                        (csrf(v)) (version_field(version))
                        button type="submit" { (l.t("event-unpair")) }
                    }
                }
                @if !r.explanation.is_empty() {
                    details {
                        summary { (l.t("event-explanation")) }
                        ol { @for line in &r.explanation { li { (line) } } }
                    }
                }
            }
        }
        h2 { (l.t("event-find-board")) }
        div.scroll {
            table.find-board {
                tbody {
                    @for (name, n, b) in &by_name {
                        tr { td { (name) " (" (n) ")" } td.num { a href={ "#board-" (b) } { (l.t("event-board")) " " (b) } } }
                    }
                }
            }
        }
    })
}

/// When the round's line-ups are due, or that they are closed; for the staff, the form to
/// set the due time (in the browser's zone, `static/localtime.js`; UTC without it) and to
/// close them at once.
fn lineup_times(
    v: &Visitor,
    stored: &StoredEvent,
    round: RoundNo,
    staff: bool,
    now: i64,
) -> Markup {
    let l = v.lang;
    let s = &stored.state;
    let id = stored.id.as_str();
    let due = s.lineup_deadline(round);
    html! {
        @if s.lineups_are_closed(round) {
            p.hint { (l.t_args("event-lineups-closed", &[("round", &round.to_string())])) }
        } @else if let Some(at) = due {
            p.hint {
                (l.t(if at <= now { "event-lineups-were-due" } else { "event-lineups-due-by" })) " "
                time data-local datetime=(crate::timestamps::to_rfc3339(at)) { (crate::archive::utc_minute(at)) " UTC" }
            }
        }
        @if staff && !s.lineups_are_closed(round) {
            form.inline method="post" action={ "/events/" (id) "/rounds/" (round) "/lineup-deadline" } {
                (csrf(v)) (version_field(stored.version))
                input type="hidden" name="behind_utc" value="0";
                label { (l.t("event-lineups-due-label")) " " input type="datetime-local" name="at" required; }
                " " button type="submit" { (l.t("event-lineups-due-set")) }
            }
            @if due.is_some() {
                form.inline method="post" action={ "/events/" (id) "/rounds/" (round) "/lineup-deadline" } {
                    (csrf(v)) (version_field(stored.version))
                    button type="submit" name="clear" value="1" { (l.t("event-lineups-due-clear")) }
                }
            }
            form.inline method="post" action={ "/events/" (id) "/rounds/" (round) "/lineups/close" } {
                (csrf(v)) (version_field(stored.version))
                button type="submit" { (l.t("event-lineups-close")) }
            }
            script src="/static/localtime.js" defer {}
        } @else if due.is_some() {
            script src="/static/localtime.js" defer {}
        }
    }
}

/// The select of a team's members for a board, `chosen` selected.
fn member_select(event: &Event, name: &str, team: EntrantNo, chosen: Option<EntrantNo>) -> Markup {
    let members = event
        .team(team)
        .map(|t| t.members.clone())
        .unwrap_or_default();
    html! {
        select name=(name) {
            @for m in members {
                option value=(m) selected[chosen == Some(m)] { (m) ". " (event.entrant_name(m)) }
            }
        }
    }
}

/// The staff's form of a team match: both line-ups (the submitted ones, or the registered
/// order) and each board's result.
fn match_form(
    v: &Visitor,
    stored: &StoredEvent,
    round: RoundNo,
    p: &Pairing,
    black: EntrantNo,
    boards: u8,
) -> Markup {
    let l = v.lang;
    let s = &stored.state;
    let e = &s.event;
    let (white_lineup, black_lineup, results): (Vec<EntrantNo>, Vec<EntrantNo>, Vec<String>) =
        match &p.team_match {
            Some(m) => (
                m.white_lineup.clone(),
                m.black_lineup.clone(),
                m.boards
                    .iter()
                    .map(|g| g.iter().map(words::write).collect::<Vec<_>>().join(" "))
                    .collect(),
            ),
            None => (
                lineup_for(s, round, p.white, None),
                lineup_for(s, round, black, None),
                Vec::new(),
            ),
        };
    html! {
        section.card.staff.match-card id={ "match-" (p.board) } {
            h3 { (l.t("event-board")) " " (p.board) ": " (e.entrant_name(p.white)) " – " (e.entrant_name(black)) }
            form method="post" action={ "/events/" (stored.id) "/rounds/" (round) "/boards/" (p.board) "/match" } {
                (csrf(v)) (version_field(stored.version))
                @if p.team_match.is_some() { input type="hidden" name="replace" value="1"; }
                div.scroll {
                    table.pairings {
                        tbody {
                            @for k in 0..usize::from(boards) {
                                tr {
                                    td.num { (k + 1) }
                                    td { (member_select(e, &format!("w{}", k + 1), p.white, white_lineup.get(k).copied())) }
                                    td { (result_select(&format!("r{}", k + 1), results.get(k).map(String::as_str))) }
                                    td { (member_select(e, &format!("b{}", k + 1), black, black_lineup.get(k).copied())) }
                                }
                            }
                        }
                    }
                }
                p.hint { (l.t("event-match-colours")) }
                button type="submit" { (l.t("event-enter-match")) }
            }
        }
    }
}

/// The staff's form for an all-play-all match (全队轮赛, S4 ch.2 §4): every member of the
/// first team against every member of the second, a result for each game. The line-ups
/// are the whole teams in registered order; the first team has White where the row's and
/// the column's places (from 1) are both odd or both even, as the library scores it.
fn all_play_all_form(
    v: &Visitor,
    stored: &StoredEvent,
    round: RoundNo,
    p: &Pairing,
    black: EntrantNo,
) -> Markup {
    let l = v.lang;
    let s = &stored.state;
    let e = &s.event;
    let rows = lineup_for(s, round, p.white, None);
    let columns = lineup_for(s, round, black, None);
    let entered = |i: usize, j: usize| -> Option<String> {
        let m = p.team_match.as_ref()?;
        let games = m.boards.get(i * m.black_lineup.len() + j)?;
        Some(games.iter().map(words::write).collect::<Vec<_>>().join(" "))
    };
    html! {
        section.card.staff.match-card id={ "match-" (p.board) } {
            h3 { (l.t("event-board")) " " (p.board) ": " (e.entrant_name(p.white)) " – " (e.entrant_name(black)) }
            form method="post" action={ "/events/" (stored.id) "/rounds/" (round) "/boards/" (p.board) "/match" } {
                (csrf(v)) (version_field(stored.version))
                input type="hidden" name="all" value="1";
                @if p.team_match.is_some() { input type="hidden" name="replace" value="1"; }
                div.scroll {
                    table.pairings.all-play-all {
                        thead { tr {
                            th {}
                            @for c in &columns { th { (c) ". " (e.entrant_name(*c)) } }
                        } }
                        tbody {
                            @for (i, row) in rows.iter().enumerate() {
                                tr {
                                    th { (row) ". " (e.entrant_name(*row)) }
                                    @for j in 0..columns.len() {
                                        td {
                                            @if (i + j) % 2 == 0 { span.hint title=(l.t("color-white")) { "○ " } }
                                            @else { span.hint title=(l.t("color-black")) { "● " } }
                                            (result_select(&format!("g{}_{}", i + 1, j + 1), entered(i, j).as_deref()))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                p.hint { (l.t("event-all-play-all-colours")) }
                button type="submit" { (l.t("event-enter-match")) }
            }
        }
    }
}

/// A captain's form: their team's line-up for the round.
fn lineup_form(
    v: &Visitor,
    stored: &StoredEvent,
    round: RoundNo,
    team: EntrantNo,
    boards: u8,
) -> Markup {
    let l = v.lang;
    let s = &stored.state;
    let current = lineup_for(s, round, team, None);
    html! {
        section.card {
            h3 { (l.t_args("event-your-lineup", &[("team", &s.event.entrant_name(team))])) }
            @if s.lineup(round, team).is_some() { p.hint { (l.t("event-lineup-submitted")) } }
            form method="post" action={ "/events/" (stored.id) "/rounds/" (round) "/lineups/" (team) } {
                (csrf(v))
                @for k in 0..usize::from(boards) {
                    label { (l.t("event-board")) " " (k + 1) " " (member_select(&s.event, &format!("p{}", k + 1), team, current.get(k).copied())) }
                }
                button type="submit" { (l.t("event-submit-lineup")) }
            }
        }
    }
}

#[derive(Deserialize)]
struct Entered {
    #[serde(default)]
    entered: Option<String>,
}

async fn show_round(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, round)): Path<(String, String)>,
    Query(q): Query<Entered>,
) -> AppResult<Response> {
    let stored = load(&state, &id).await?;
    let round = round_no(&round)?;
    let notice = q
        .entered
        .as_deref()
        .and_then(|b| b.parse().ok())
        .map(Notice::Entered);
    let body = round_body(&v, &stored, round, notice.as_ref())?;
    let title = format!(
        "{} · {}",
        stored.state.event.name,
        v.lang
            .t_args("event-round", &[("round", &round.to_string())])
    );
    Ok(page(&v, &round_path(&id, round), &title, &body.into_string()).into_response())
}

/// Makes a change from the round page: back to the board on success, the page again with
/// the refusal (or, for a different result, the confirmation) otherwise.
async fn change_on_round(
    state: &AppState,
    v: &Visitor,
    id: &str,
    round: RoundNo,
    action: Action,
    seen: Option<i64>,
) -> AppResult<Response> {
    change_on_round_then(state, v, id, round, action, seen, None).await
}

/// [`change_on_round`], going to `after` once done when it is given.
async fn change_on_round_then(
    state: &AppState,
    v: &Visitor,
    id: &str,
    round: RoundNo,
    action: Action,
    seen: Option<i64>,
    after: Option<String>,
) -> AppResult<Response> {
    v.require_user()?;
    let board = match &action {
        Action::SetResult { board, .. } => Some(*board),
        _ => None,
    };
    let result = match &action {
        Action::SetResult { games, .. } => {
            games.iter().map(words::write).collect::<Vec<_>>().join(" ")
        }
        _ => String::new(),
    };
    let outcome = change::change(&state.db, id, v.user.as_ref(), action, seen).await;
    answer_on_round(state, v, id, round, outcome, board, result, after).await
}

/// The answer to a change made from a round page: on to the round (or `after`), or the
/// round page again with the refusal, or the question whether to replace a result.
#[allow(clippy::too_many_arguments)]
async fn answer_on_round(
    state: &AppState,
    v: &Visitor,
    id: &str,
    round: RoundNo,
    outcome: Result<change::Changed, ChangeError>,
    board: Option<BoardNo>,
    result: String,
    after: Option<String>,
) -> AppResult<Response> {
    let notice = match outcome {
        Ok(_) => {
            let back = match (after, board) {
                (Some(after), _) => after,
                (None, Some(b)) => format!("{}?entered={b}#board-{b}", round_path(id, round)),
                (None, None) => round_path(id, round),
            };
            return Ok(see_other(&SameSitePath::internal(back), &[]));
        }
        Err(ChangeError::NotFound(id)) => {
            return Err(AppError::NotFound(
                Msg::new("event-error-no-event").arg("id", id),
            ));
        }
        Err(ChangeError::Unauthorized) => return Err(AppError::Unauthorized),
        Err(ChangeError::Forbidden(_)) => {
            return Err(AppError::Forbidden(Msg::new("event-error-staff-only")));
        }
        Err(ChangeError::Storage(e)) => return Err(e),
        Err(ChangeError::Action(ActionError::ResultConflict {
            round: r,
            board,
            existing,
            later,
        })) => {
            let there = Msg::new("event-result-there")
                .arg("round", r)
                .arg("board", board)
                .arg("existing", existing);
            let there = match paired_from_it(&later) {
                Some(affects) => there.arg_msg("affects", affects),
                None => there.arg("affects", ""),
            };
            Notice::Confirm {
                board,
                result,
                message: there.text(v.lang),
            }
        }
        Err(ChangeError::Action(e)) => Notice::Refused(e.message().text(v.lang)),
        Err(ChangeError::Stale(m)) => Notice::Refused(m.text(v.lang)),
    };
    let stored = load(state, id).await?;
    let body = round_body(v, &stored, round, Some(&notice))?;
    let status = match notice {
        Notice::Confirm { .. } => StatusCode::CONFLICT,
        _ => StatusCode::BAD_REQUEST,
    };
    Ok((
        status,
        page(
            v,
            &round_path(id, round),
            &stored.state.event.name,
            &body.into_string(),
        ),
    )
        .into_response())
}

#[derive(Deserialize)]
struct ResultForm {
    result: String,
    #[serde(default)]
    replace: Option<String>,
    csrf: Option<String>,
    version: Option<i64>,
}

fn read_result(word: &str) -> AppResult<GameResult> {
    words::read(word)
        .map_err(|_| AppError::BadRequest(Msg::new("event-error-result").arg("value", word)))
}

async fn set_result(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, round, board)): Path<(String, String, String)>,
    Form(f): Form<ResultForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let round = round_no(&round)?;
    let action = Action::SetResult {
        round,
        board: board_no(&board)?,
        games: vec![read_result(&f.result)?],
        replace: f.replace.is_some(),
        sheet: None,
    };
    change_on_round(&state, &v, &id, round, action, f.version).await
}

#[derive(Deserialize)]
struct SheetForm {
    white: String,
    black: String,
    result: String,
    csrf: Option<String>,
    version: Option<i64>,
}

fn entrant_field(field: &'static str, text: &str) -> AppResult<EntrantNo> {
    text.trim().parse().map_err(|_| {
        AppError::BadRequest(
            Msg::new("event-error-number")
                .arg_id("field", field)
                .arg("value", text),
        )
    })
}

/// A result from a score sheet: the board is found by the start numbers written on it,
/// and the library checks both numbers and the colours against the pairing.
async fn from_sheet(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, round)): Path<(String, String)>,
    Form(f): Form<SheetForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let round = round_no(&round)?;
    let white = entrant_field("color-white", &f.white)?;
    let black = entrant_field("color-black", &f.black)?;
    let stored = load(&state, &id).await?;
    let board = stored
        .state
        .event
        .rounds
        .get(round.index())
        .and_then(|r| {
            r.pairings
                .iter()
                .find(|p| p.involves(white) || p.involves(black))
        })
        .map(|p| p.board);
    let Some(board) = board else {
        let message = v.lang.t_args(
            "event-error-not-paired",
            &[
                ("white", &white.to_string()),
                ("black", &black.to_string()),
                ("round", &round.to_string()),
            ],
        );
        let body = round_body(&v, &stored, round, Some(&Notice::Refused(message)))?;
        return Ok((
            StatusCode::BAD_REQUEST,
            page(
                &v,
                &round_path(&id, round),
                &stored.state.event.name,
                &body.into_string(),
            ),
        )
            .into_response());
    };
    let action = Action::SetResult {
        round,
        board,
        games: vec![read_result(&f.result)?],
        replace: false,
        sheet: Some((white, black)),
    };
    change_on_round(&state, &v, &id, round, action, f.version).await
}

#[derive(Deserialize)]
struct AdjudicateForm {
    board: String,
    white: String,
    black: String,
    reason: String,
    csrf: Option<String>,
    version: Option<i64>,
}

/// Points set by the arbiter, with the reason (S4 ch.2 §6): the library's `adj:` result.
async fn adjudicate(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, round)): Path<(String, String)>,
    Form(f): Form<AdjudicateForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let round = round_no(&round)?;
    let reason: String = f
        .reason
        .chars()
        .filter(|c| *c != ':' && !c.is_control())
        .take(100)
        .collect();
    let word = format!(
        "adj:{}-{}:{}",
        f.white.trim(),
        f.black.trim(),
        reason.trim()
    );
    let action = Action::SetResult {
        round,
        board: board_no(&f.board)?,
        games: vec![read_result(&word)?],
        replace: false,
        sheet: None,
    };
    change_on_round(&state, &v, &id, round, action, f.version).await
}

#[derive(Deserialize)]
struct DecisionForm {
    winner: String,
    csrf: Option<String>,
    version: Option<i64>,
}

async fn decide(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, round, board)): Path<(String, String, String)>,
    Form(f): Form<DecisionForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let round = round_no(&round)?;
    let action = Action::DecideMatch {
        round,
        board: board_no(&board)?,
        winner: entrant_field("event-decide-for", &f.winner)?,
    };
    change_on_round(&state, &v, &id, round, action, f.version).await
}

#[derive(Deserialize)]
struct ExchangeForm {
    a: String,
    b: String,
    csrf: Option<String>,
    version: Option<i64>,
}

async fn exchange(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, round)): Path<(String, String)>,
    Form(f): Form<ExchangeForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let round = round_no(&round)?;
    let action = Action::Exchange {
        round,
        a: entrant_field("event-exchange", &f.a)?,
        b: entrant_field("event-exchange", &f.b)?,
    };
    change_on_round(&state, &v, &id, round, action, f.version).await
}

async fn unpair(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, round)): Path<(String, String)>,
    Form(f): Form<StaffForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let round = round_no(&round)?;
    let action = Action::UnpairRound { round };
    // The round is gone once done: back to the event.
    let after = Some(format!("/events/{id}"));
    change_on_round_then(&state, &v, &id, round, action, f.version, after).await
}

#[derive(Deserialize)]
struct DeadlineForm {
    #[serde(default)]
    at: String,
    /// Minutes the browser's zone is behind UTC (`Date.getTimezoneOffset()`); 0 without
    /// the script.
    #[serde(default)]
    behind_utc: String,
    #[serde(default)]
    clear: Option<String>,
    csrf: Option<String>,
    version: Option<i64>,
}

/// The time by which the round's line-ups are due, from a `datetime-local` field in the
/// browser's zone; or none (`clear`).
async fn set_lineup_deadline(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, round)): Path<(String, String)>,
    Form(f): Form<DeadlineForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let round = round_no(&round)?;
    let at_ms = if f.clear.is_some() {
        None
    } else {
        let behind = f.behind_utc.trim().parse::<i32>().unwrap_or(0);
        Some(crate::timestamps::from_local(&f.at, behind).ok_or_else(|| {
            AppError::BadRequest(Msg::new("event-error-time-syntax").arg("value", &f.at))
        })?)
    };
    let action = Action::SetLineupDeadline { round, at_ms };
    change_on_round(&state, &v, &id, round, action, f.version).await
}

/// The round's line-ups closed by hand, at once.
async fn close_lineups(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, round)): Path<(String, String)>,
    Form(f): Form<StaffForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let round = round_no(&round)?;
    let action = Action::CloseLineups { round };
    change_on_round(&state, &v, &id, round, action, f.version).await
}

/// A team match's form: `w1…`, `b1…` the players, `r1…` the results, board 1 first.
async fn set_match(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, round, board)): Path<(String, String, String)>,
    Form(f): Form<HashMap<String, String>>,
) -> AppResult<Response> {
    v.check_csrf(f.get("csrf").map(String::as_str))?;
    let round = round_no(&round)?;
    if f.contains_key("all") {
        return set_all_play_all(&state, &v, &id, round, &board, &f).await;
    }
    let mut white = Vec::new();
    let mut black = Vec::new();
    let mut boards = Vec::new();
    for k in 1..=40 {
        let (Some(w), Some(b), Some(r)) = (
            f.get(&format!("w{k}")),
            f.get(&format!("b{k}")),
            f.get(&format!("r{k}")),
        ) else {
            break;
        };
        white.push(entrant_field("color-white", w)?);
        black.push(entrant_field("color-black", b)?);
        boards.push(vec![read_result(r)?]);
    }
    let action = Action::SetTeamResult {
        round,
        board: board_no(&board)?,
        boards,
        white_lineup: Some(white),
        black_lineup: Some(black),
        replace: f.contains_key("replace"),
    };
    let seen = f.get("version").and_then(|s| s.parse().ok());
    change_on_round(&state, &v, &id, round, action, seen).await
}

/// An all-play-all match from its grid: `g{row}_{column}` for every game, rows the first
/// team's members and columns the second's, each from 1 (at most 40 a side); the
/// line-ups are the whole teams.
async fn set_all_play_all(
    state: &AppState,
    v: &Visitor,
    id: &str,
    round: RoundNo,
    board: &str,
    f: &HashMap<String, String>,
) -> AppResult<Response> {
    let cell = |i: usize, j: usize| f.get(&format!("g{i}_{j}"));
    let rows = (1..=40).take_while(|&i| cell(i, 1).is_some()).count();
    let columns = (1..=40).take_while(|&j| cell(1, j).is_some()).count();
    let mut boards = Vec::with_capacity(rows * columns);
    for i in 1..=rows {
        for j in 1..=columns {
            let word = cell(i, j).ok_or_else(|| {
                AppError::BadRequest(
                    Msg::new("event-all-play-all-missing")
                        .arg("row", i)
                        .arg("column", j),
                )
            })?;
            boards.push(vec![read_result(word)?]);
        }
    }
    let action = Action::SetTeamResult {
        round,
        board: board_no(board)?,
        boards,
        white_lineup: None,
        black_lineup: None,
        replace: f.contains_key("replace"),
    };
    let seen = f.get("version").and_then(|s| s.parse().ok());
    change_on_round(state, v, id, round, action, seen).await
}

/// A captain's line-up: `p1…`, board 1 first. No version: it commutes with the staff's
/// work on other matches.
async fn submit_lineup(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, round, team)): Path<(String, String, String)>,
    Form(f): Form<HashMap<String, String>>,
) -> AppResult<Response> {
    v.check_csrf(f.get("csrf").map(String::as_str))?;
    let round = round_no(&round)?;
    let team = entrant_field("event-board", &team)?;
    let players = (1..=40)
        .map_while(|k| f.get(&format!("p{k}")))
        .map(|p| entrant_field("event-board", p))
        .collect::<AppResult<Vec<_>>>()?;
    let action = Action::SubmitLineup {
        round,
        team,
        players,
    };
    change_on_round(&state, &v, &id, round, action, None).await
}

#[derive(Deserialize)]
struct TimeForm {
    board: String,
    color: String,
    seconds: String,
    csrf: Option<String>,
}

/// The staff give a player of an online event's live game more time, from the round page.
async fn give_time(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, round)): Path<(String, String)>,
    Form(f): Form<TimeForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    v.require_user()?;
    let round = round_no(&round)?;
    let board = board_no(&f.board)?;
    let color = match f.color.as_str() {
        "white" => shatar_tournament::Color::White,
        "black" => shatar_tournament::Color::Black,
        other => {
            return Err(AppError::BadRequest(
                Msg::new("api-error-side").arg("value", other),
            ));
        }
    };
    let seconds: u32 = f.seconds.trim().parse().map_err(|_| {
        AppError::BadRequest(
            Msg::new("event-error-online-range")
                .arg("n", f.seconds.trim())
                .arg("min", 1)
                .arg("max", crate::events::action::MAX_TIME_GIVEN_S),
        )
    })?;
    let outcome = crate::events::live_tools::give_time(
        &state,
        v.user.as_ref(),
        &id,
        round,
        board,
        color,
        seconds,
    )
    .await;
    answer_on_round(&state, &v, &id, round, outcome, None, String::new(), None).await
}

/// An online event's board: to its live game (or its record, once over).
async fn board_game(
    State(state): State<AppState>,
    Path((id, round, board)): Path<(String, String, String)>,
) -> AppResult<Response> {
    let round = round_no(&round)?;
    let board = board_no(&board)?;
    let game = crate::db::event_games::game_at(&state.db, &id, round.get(), board.get())
        .await?
        .ok_or_else(|| {
            AppError::NotFound(
                Msg::new("event-error-no-game")
                    .arg("round", round)
                    .arg("board", board),
            )
        })?;
    Ok(see_other(
        &SameSitePath::internal(format!("/game/{game}")),
        &[],
    ))
}

/// The round page's routes.
pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/events/{id}/rounds/{r}", get(show_round))
        .route(
            "/events/{id}/rounds/{r}/boards/{b}/result",
            post(set_result),
        )
        .route("/events/{id}/rounds/{r}/boards/{b}/game", get(board_game))
        .route("/events/{id}/rounds/{r}/time", post(give_time))
        .route("/events/{id}/rounds/{r}/sheet", post(from_sheet))
        .route("/events/{id}/rounds/{r}/adjudicate", post(adjudicate))
        .route("/events/{id}/rounds/{r}/boards/{b}/decision", post(decide))
        .route("/events/{id}/rounds/{r}/exchange", post(exchange))
        .route("/events/{id}/rounds/{r}/unpair", post(unpair))
        .route("/events/{id}/rounds/{r}/boards/{b}/match", post(set_match))
        .route(
            "/events/{id}/rounds/{r}/lineup-deadline",
            post(set_lineup_deadline),
        )
        .route("/events/{id}/rounds/{r}/lineups/close", post(close_lineups))
        .route("/events/{id}/rounds/{r}/lineups/{t}", post(submit_lineup))
}
