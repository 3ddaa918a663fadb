//! Standings after a round (every tie-break column headed by its full name, its code in
//! the legend), the crosstable and the awards, as the tournament library computes them.

use super::{Visible, Which, after_round, entrant_name, report_page, table};
use crate::auth::Visitor;
use crate::error::AppResult;
use crate::i18n::Lang;
use crate::i18n::PageLang;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::response::Response;
use maud::{Markup, html};
use serde::Deserialize;
use shatar_tournament::report::{self, Kind};
use shatar_tournament::{Event, Tiebreak};

/// `?after=N`: the report after round N.
#[derive(Deserialize)]
pub(super) struct AfterQuery {
    #[serde(default)]
    after: Option<String>,
}

/// The page's path with its `?after=N`, for the language switcher to come back to.
fn with_after(base: &str, q: &AfterQuery) -> String {
    match &q.after {
        Some(a) => format!("{base}?after={}", crate::html::url_encode(a)),
        None => base.to_owned(),
    }
}

/// A tie-break's full name in the page language.
fn tiebreak_name(l: Lang, t: Tiebreak) -> String {
    l.t(match t {
        Tiebreak::Points => "event-tiebreak-pts",
        Tiebreak::MatchPoints => "event-tiebreak-mp",
        Tiebreak::GamePoints => "event-tiebreak-gp",
        Tiebreak::BoardPoints => "event-tiebreak-bp",
        Tiebreak::SonnebornBerger => "event-tiebreak-sb",
        Tiebreak::Wins => "event-tiebreak-win",
        Tiebreak::DirectEncounter => "event-tiebreak-de",
        Tiebreak::FewerViolations => "event-tiebreak-viol",
        Tiebreak::Buchholz => "event-tiebreak-bh",
        Tiebreak::BuchholzCut1 => "event-tiebreak-bh-c1",
        Tiebreak::BuchholzMedian => "event-tiebreak-bh-m1",
        Tiebreak::TeamBuchholz => "event-tiebreak-tbh",
    })
}

/// The round selector: a link per round this visitor may see the report after.
fn round_select(l: Lang, base: &str, last: usize, current: usize) -> Markup {
    html! {
        @if last > 1 {
            p.round-select {
                span { (l.t("event-report-after")) }
                @for n in 1..=last {
                    " "
                    @if n == current {
                        a.current href={ (base) "?after=" (n) } aria-current="page" { (n) }
                    } @else {
                        a href={ (base) "?after=" (n) } { (n) }
                    }
                }
            }
        }
    }
}

/// The hints above a report after round `n`: the staff's wider view, a round still
/// missing results.
fn hints(l: Lang, seen: &Visible, n: usize) -> Markup {
    let public = seen.public_rounds();
    let incomplete = n
        .checked_sub(1)
        .and_then(|i| seen.event().rounds.get(i))
        .is_some_and(|r| {
            !r.pairings
                .iter()
                .all(shatar_tournament::Pairing::is_complete)
        });
    html! {
        @if seen.staff && public == 0 {
            p.hint.no-print { (l.t("event-report-staff-view-none")) }
        } @else if seen.staff && seen.event().rounds.len() > public {
            p.hint.no-print { (l.t_args("event-report-staff-view", &[("round", &public.to_string())])) }
        }
        @if incomplete {
            p.hint { (l.t_args("event-report-incomplete", &[("round", &n.to_string())])) }
        }
    }
}

fn nothing_yet(l: Lang, e: &Event) -> Markup {
    html! {
        p.hint {
            @if e.started { (l.t("event-report-nothing-yet")) } @else { (l.t("event-report-no-draw")) }
        }
    }
}

/// The standings body: place, number, name, club (individual events), region, then one
/// column per criterion of the event's order, each headed by its full name.
pub(super) fn standings_body(l: Lang, e: &Event) -> Markup {
    let s = shatar_tournament::standings(e);
    let team = e.is_team_event();
    let region = |n| {
        if team {
            e.team(n).map(|t| t.region.clone())
        } else {
            e.player(n).map(|p| p.region.clone())
        }
        .unwrap_or_default()
    };
    let club = |n| e.player(n).map(|p| p.club.clone()).unwrap_or_default();
    html! {
        div.scroll {
            table.report-table.standings-report {
                thead { tr {
                    th scope="col" { (l.t("event-place")) }
                    th scope="col" { "#" }
                    th scope="col" { (l.t(if team { "event-report-team" } else { "event-field-player" })) }
                    @if !team { th scope="col" { (l.t("event-field-club")) } }
                    th scope="col" { (l.t("event-field-region")) }
                    @for tb in &s.order {
                        th.tb scope="col" title=(tb.code()) data-tb=(tb.code()) { (tiebreak_name(l, *tb)) }
                    }
                } }
                tbody {
                    @for line in &s.lines {
                        tr data-entrant=(line.entrant) {
                            td.num.place { (line.place_label()) }
                            td.num { (line.entrant) }
                            td.name { (entrant_name(e, line.entrant, l)) }
                            @if !team { td { (club(line.entrant)) } }
                            td { (region(line.entrant)) }
                            @for (tb, value) in s.order.iter().zip(&line.values) {
                                td.num data-tb=(tb.code()) { (tb.display(*value)) }
                            }
                        }
                    }
                }
            }
        }
        div.tb-legend {
            p.legend-title { (l.t("event-report-legend")) }
            dl {
                @for tb in &s.order {
                    div { dt { abbr title=(tiebreak_name(l, *tb)) { (tb.code()) } } dd { (tiebreak_name(l, *tb)) } }
                }
            }
        }
    }
}

/// `GET /events/{id}/standings[?after=N]`.
pub(super) async fn standings(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Query(q): Query<AfterQuery>,
) -> AppResult<Response> {
    let seen = Visible::load(&state, &v, &id).await?;
    let l = v.lang;
    let n = seen.after(q.after.as_deref())?;
    let base = format!("/events/{id}/standings");
    let (title, body) = if n == 0 {
        (l.t("event-standings"), nothing_yet(l, seen.event()))
    } else {
        let e = after_round(seen.event(), n);
        let title = l.t_args("event-report-standings-after", &[("round", &n.to_string())]);
        let body = html! {
            (round_select(l, &base, seen.last_round(), n))
            (hints(l, &seen, n))
            (standings_body(l, &e))
            p.downloads {
                (l.t("event-download")) ": "
                a href={ "/api/events/" (id) "/standings.csv?lang=" (l.code()) } download { (l.t("event-download-standings")) }
            }
        };
        (title, body)
    };
    Ok(report_page(
        &v,
        &seen,
        Which::Standings,
        &with_after(&base, &q),
        &title,
        "standings-page",
        body,
    ))
}

/// `GET /events/{id}/crosstable[?after=N]`: the library's crosstable (start-number order;
/// each cell the points against that opponent, forfeits +/−).
pub(super) async fn crosstable(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Query(q): Query<AfterQuery>,
) -> AppResult<Response> {
    let seen = Visible::load(&state, &v, &id).await?;
    let l = v.lang;
    let n = seen.after(q.after.as_deref())?;
    let base = format!("/events/{id}/crosstable");
    let (title, body) = if n == 0 {
        (l.t("event-report-crosstable"), nothing_yet(l, seen.event()))
    } else {
        let e = after_round(seen.event(), n);
        let tables = report::build(&e, Kind::Crosstable, l);
        let title = l.t_args(
            "event-report-crosstable-after",
            &[("round", &n.to_string())],
        );
        let body = html! {
            (round_select(l, &base, seen.last_round(), n))
            (hints(l, &seen, n))
            @for t in &tables { (crosstable_table(t)) }
        };
        (title, body)
    };
    Ok(report_page(
        &v,
        &seen,
        Which::Crosstable,
        &with_after(&base, &q),
        &title,
        "crosstable-page",
        body,
    ))
}

/// The library's crosstable: number, name, one column per opponent (headed by the
/// opponent's number), total. Each row carries its entrant's number, each opponent cell
/// the opponent's.
fn crosstable_table(t: &report::Table) -> Markup {
    let opponents = t.headers.len().saturating_sub(3);
    html! {
        div.scroll {
            table.report-table.crosstable {
                thead { tr { @for h in &t.headers { th scope="col" { (h) } } } }
                tbody {
                    @for row in &t.rows {
                        tr data-entrant=[row.first()] {
                            @for (i, c) in row.iter().enumerate() {
                                @if i == 1 {
                                    td.name { (c) }
                                } @else if (2..2 + opponents).contains(&i) {
                                    td.num.cell data-vs=[t.headers.get(i)] { (c) }
                                } @else {
                                    td.num { (c) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `GET /events/{id}/awards`: the library's award list on what the visitor may see;
/// provisional until every round is played and shown.
pub(super) async fn awards(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
) -> AppResult<Response> {
    let seen = Visible::load(&state, &v, &id).await?;
    let l = v.lang;
    let n = seen.last_round();
    let title = l.t("event-report-awards");
    let body = if n == 0 {
        nothing_yet(l, seen.event())
    } else {
        let e = after_round(seen.event(), n);
        let finished = n == seen.event().rounds.len()
            && seen.state().status() == crate::events::Status::Finished;
        let tables = report::build(&e, Kind::Awards, l);
        html! {
            @if !finished { p.hint { (l.t("event-report-provisional")) } }
            @for t in &tables { (table(t, "awards")) }
        }
    };
    Ok(report_page(
        &v,
        &seen,
        Which::Awards,
        &format!("/events/{id}/awards"),
        &title,
        "awards-page",
        body,
    ))
}
