//! The public report pages of an event: standings after a round with every tie-break
//! column named, the crosstable, the knock-out bracket drawn as a tree, the team match
//! cards with signature lines, a round's pairing sheet, the awards, and the hall screen. Phone first (each table scrolls inside its
//! own box) and printable on A4 (`@media print` in `style.css`).
//!
//! Every value comes from the tournament library — its standings, its report tables, its
//! match winners — computed on the event as the visitor may see it: the public sees the
//! rounds that are published with all their results in (from round 1 on, without a gap),
//! the event's staff see everything.
//!
//! | file | what |
//! |---|---|
//! | `tables.rs` | standings, crosstable, awards |
//! | `bracket.rs` | the knock-out tree |
//! | `cards.rs` | team match cards |
//! | `sheet.rs` | a round's pairing sheet, with the board links' QR codes for the staff |
//! | `hall.rs` | the hall screen: pairings, live boards and standings in turn, for a projector |

mod bracket;
mod cards;
mod hall;
mod sheet;
mod tables;

use crate::auth::Visitor;
use crate::db::events as store;
use crate::error::{AppError, AppResult};
use crate::events::{EventState, Standing};
use crate::i18n::PageLang;
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use axum::Router;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use maud::{Markup, html};
use shatar_tournament::report;
use shatar_tournament::{EntrantNo, Event, Round, RoundNo, System};

/// The report routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/events/{id}/standings", get(tables::standings))
        .route("/events/{id}/crosstable", get(tables::crosstable))
        .route("/events/{id}/awards", get(tables::awards))
        .route("/events/{id}/bracket", get(bracket::show))
        .route("/events/{id}/rounds/{r}/cards", get(cards::show))
        .route("/events/{id}/rounds/{r}/pairing-sheet", get(sheet::show))
        .route("/events/{id}/hall", get(hall::show))
}

/// An event as one visitor may see it.
struct Visible {
    /// The stored event.
    stored: store::StoredEvent,
    /// Whether the visitor is one of its staff (sees unpublished rounds).
    staff: bool,
}

impl Visible {
    async fn load(state: &AppState, v: &Visitor, id: &str) -> AppResult<Visible> {
        let stored = store::load(&state.db, id)
            .await?
            .ok_or_else(|| AppError::NotFound(Msg::new("event-error-no-event").arg("id", id)))?;
        let staff = Standing::of(v.user.as_ref(), &stored.state).is_staff();
        Ok(Visible { stored, staff })
    }

    fn state(&self) -> &EventState {
        &self.stored.state
    }

    fn event(&self) -> &Event {
        &self.stored.state.event
    }

    fn id(&self) -> &str {
        &self.stored.id
    }

    /// The rounds the public may see standings after ([`EventState::public_rounds`]).
    fn public_rounds(&self) -> usize {
        self.state().public_rounds()
    }

    /// The last round this visitor may see standings after.
    fn last_round(&self) -> usize {
        if self.staff {
            self.event().rounds.len()
        } else {
            self.public_rounds()
        }
    }

    /// The round `after` asks for (the last one this visitor may see when absent), or
    /// not found.
    fn after(&self, after: Option<&str>) -> AppResult<usize> {
        let last = self.last_round();
        match after.map(str::trim) {
            None | Some("") => Ok(last),
            Some(text) => text
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=last).contains(n))
                .ok_or_else(|| {
                    AppError::NotFound(Msg::new("event-error-no-round").arg("round", text))
                }),
        }
    }

    /// Whether round `round` is shown to this visitor (published, or the visitor is
    /// staff).
    fn shows_round(&self, round: RoundNo) -> bool {
        self.staff || self.state().is_published(round)
    }

    /// The round `text` names, if this visitor may see it; not found otherwise.
    fn round(&self, text: &str) -> AppResult<&Round> {
        text.parse::<RoundNo>()
            .ok()
            .filter(|n| self.shows_round(*n))
            .and_then(|n| self.event().rounds.get(n.index()))
            .ok_or_else(|| AppError::NotFound(Msg::new("event-error-no-round").arg("round", text)))
    }
}

/// The event as it stood after its first `n` rounds.
fn after_round(event: &Event, n: usize) -> Event {
    crate::events::state::event_after(event, n)
}

/// Whether the event is a knock-out (it has a bracket page).
fn is_knock_out(e: &Event) -> bool {
    matches!(
        e.system,
        System::SingleElimination | System::DoubleElimination
    )
}

/// An entrant's name as the reports write it: in Mongolian with the traditional-script
/// name added where given.
fn entrant_name(event: &Event, n: EntrantNo, l: Lang) -> String {
    let base = event.entrant_name(n);
    match event.player(n).and_then(|p| p.name_traditional.as_deref()) {
        Some(tr) if l == Lang::Mn && !event.is_team_event() => format!("{base} ({tr})"),
        _ => base,
    }
}

/// The report pages, for the links bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Which {
    Standings,
    Crosstable,
    Bracket,
    Cards,
    Sheet,
    Awards,
    /// The hall screen, a page of its own: never the current one in the bar.
    Hall,
}

/// The links from one report to the others and back to the event.
fn links(v: &Visitor, seen: &Visible, current: Which) -> Markup {
    let l = v.lang;
    let id = seen.id();
    let e = seen.event();
    let cards_round = e
        .rounds
        .iter()
        .rev()
        .find(|r| seen.shows_round(r.number))
        .map(|r| r.number);
    let mut items: Vec<(Which, String, String)> = vec![
        (
            Which::Standings,
            format!("/events/{id}/standings"),
            l.t("event-standings"),
        ),
        (
            Which::Crosstable,
            format!("/events/{id}/crosstable"),
            l.t("event-report-crosstable"),
        ),
    ];
    if is_knock_out(e) {
        items.push((
            Which::Bracket,
            format!("/events/{id}/bracket"),
            l.t("event-report-bracket"),
        ));
    }
    if let (true, Some(r)) = (e.is_team_event(), cards_round) {
        items.push((
            Which::Cards,
            format!("/events/{id}/rounds/{r}/cards"),
            l.t("event-report-cards"),
        ));
    }
    if let Some(r) = cards_round {
        items.push((
            Which::Sheet,
            format!("/events/{id}/rounds/{r}/pairing-sheet"),
            l.t("event-sheet"),
        ));
    }
    items.push((
        Which::Awards,
        format!("/events/{id}/awards"),
        l.t("event-report-awards"),
    ));
    items.push((
        Which::Hall,
        format!("/events/{id}/hall"),
        l.t("event-report-hall"),
    ));
    html! {
        div.report-links {
            a href={ "/events/" (id) } { (l.t("event-report-event")) }
            @for (which, href, text) in &items {
                @if *which == current {
                    a.current href=(href) aria-current="page" { (text) }
                } @else {
                    a href=(href) { (text) }
                }
            }
        }
    }
}

/// A report page: the event's name, the links bar, the report (in `div.report`, with
/// `class` added for its print rules).
fn report_page(
    v: &Visitor,
    seen: &Visible,
    which: Which,
    path: &str,
    title: &str,
    class: &str,
    body: Markup,
) -> Response {
    let name = &seen.event().name;
    let markup = html! {
        div class={ "report " (class) } {
            p.report-event { a href={ "/events/" (seen.id()) } { (name) } }
            (links(v, seen, which))
            h1 { (title) }
            (body)
        }
    };
    crate::html::page(v, path, &format!("{name} · {title}"), &markup.into_string()).into_response()
}

/// A library report table in a scroll box; `class` names the table.
fn table(t: &report::Table, class: &str) -> Markup {
    html! {
        div.scroll {
            table class={ "report-table " (class) } {
                thead { tr { @for h in &t.headers { th scope="col" { (h) } } } }
                tbody {
                    @for row in &t.rows {
                        tr { @for c in row { td { (c) } } }
                    }
                }
            }
        }
    }
}
