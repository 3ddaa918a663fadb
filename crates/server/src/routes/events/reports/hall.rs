//! `GET /events/{id}/hall[?every=S]`: the hall screen, for a projector or a television in
//! the playing hall. Three panels shown in turn, each for `S` seconds (15 unless said, 5 to
//! 300): the latest round's pairings with their results, the round's live boards (an
//! online event's games, an over-the-board event's tablets; skipped while there are none)
//! and the standings after the rounds the visitor may see. Large type, no site menu; the
//! page reloads itself when the event changes (`static/live.js`) and carries on with the
//! panel it showed (`static/hall.js`); the arrow keys step through the panels, the space bar
//! holds one, a click asks for full screen.

use super::tables::standings_body;
use super::{Visible, after_round};
use crate::auth::Visitor;
use crate::error::AppResult;
use crate::events::board_log;
use crate::i18n::Lang;
use crate::i18n::PageLang;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::response::{Html, IntoResponse, Response};
use maud::{DOCTYPE, Markup, html};
use shatar_tournament::report::{self, Kind};

/// Seconds a panel is shown unless the address says.
pub const PANEL_SECONDS: u32 = 15;
/// The shortest and longest a panel may be asked to stay.
const SECONDS_RANGE: std::ops::RangeInclusive<u32> = 5..=300;

#[derive(serde::Deserialize)]
pub(super) struct HallQuery {
    every: Option<String>,
}

/// How long each panel stays: the address's `every` when it is a whole number of seconds,
/// held to the range; else the default.
fn panel_seconds(every: Option<&str>) -> u32 {
    every
        .and_then(|t| t.trim().parse::<u32>().ok())
        .map_or(PANEL_SECONDS, |s| {
            s.clamp(*SECONDS_RANGE.start(), *SECONDS_RANGE.end())
        })
}

pub(super) async fn show(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Query(q): Query<HallQuery>,
) -> AppResult<Response> {
    let seen = Visible::load(&state, &v, &id).await?;
    let l = v.lang;
    let s = seen.state();
    let e = seen.event();
    let round = e.rounds.iter().rev().find(|r| seen.shows_round(r.number));
    let pairings = round.and_then(|r| {
        report::build(e, Kind::Pairings(Some(r.number)), l)
            .into_iter()
            .next()
    });
    let live = e.started && (s.online.is_some() || board_log::keeps_logs(s).is_ok());
    let after = seen.last_round();
    let standings = (after > 0).then(|| after_round(e, after));
    let every = panel_seconds(q.every.as_deref());
    let title = format!("{} · {}", e.name, l.t("event-hall"));
    let markup = html! {
        (DOCTYPE)
        html lang=(l.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · " (l.t("site-name")) }
                link rel="stylesheet" href="/static/style.css";
                link rel="icon" href="/static/favicon.svg" type="image/svg+xml";
            }
            body.hall-body {
                p.notice #live hidden data-src={ "/events/" (id) "/live" } data-since=(seen.stored.version) {}
                main #hall data-every=(every) data-event=(id) {
                    header.hall-head {
                        h1 { (e.name) }
                        @if let Some(r) = round {
                            p.hall-round { (l.t_args("event-round", &[("round", &r.number.to_string())])) }
                        }
                        p.hall-hint { (l.t("event-hall-keys")) }
                    }
                    (pairings_panel(l, round.map(|r| r.number.get()), pairings.as_ref()))
                    @if let (true, Some(r)) = (live, round) {
                        section.hall-panel.card #event-boards data-panel="boards" hidden data-src={ "/api/events/" (id) "/boards?limit=12" } {
                            h2 { (l.t_args("event-live-boards", &[("round", &r.number.to_string())])) }
                            div.live-boards {}
                        }
                    }
                    section.hall-panel data-panel="standings" {
                        @match &standings {
                            Some(after_event) => {
                                h2 { (l.t_args("event-report-standings-after", &[("round", &after.to_string())])) }
                                (standings_body(l, after_event))
                            }
                            None => {
                                h2 { (l.t("event-standings")) }
                                p.hint { (l.t("event-report-nothing-yet")) }
                            }
                        }
                    }
                }
                script src="/static/live.js" defer {}
                @if live {
                    script src="/static/board.js" defer {}
                    script src="/static/event_boards.js" defer {}
                }
                script src="/static/hall.js" defer {}
            }
        }
    };
    Ok(Html(markup.into_string()).into_response())
}

/// The pairings panel: the round's table as the library writes it.
fn pairings_panel(l: Lang, round: Option<u32>, table: Option<&report::Table>) -> Markup {
    html! {
        section.hall-panel data-panel="pairings" {
            @match (round, table) {
                (Some(r), Some(t)) => {
                    h2 { (l.t_args("event-hall-pairings", &[("round", &r.to_string())])) }
                    table.report-table.hall-pairings {
                        thead { tr { @for h in &t.headers { th scope="col" { (h) } } } }
                        tbody { @for row in &t.rows { tr { @for c in row { td { (c) } } } } }
                    }
                }
                _ => {
                    h2 { (l.t("event-hall-no-round")) }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_panels_time_is_held_to_its_range() {
        assert_eq!(panel_seconds(None), 15);
        assert_eq!(panel_seconds(Some("30")), 30);
        assert_eq!(panel_seconds(Some(" 30 ")), 30);
        assert_eq!(panel_seconds(Some("1")), 5);
        assert_eq!(panel_seconds(Some("100000")), 300);
        assert_eq!(panel_seconds(Some("ten")), 15);
        assert_eq!(panel_seconds(Some("-4")), 15);
    }
}
