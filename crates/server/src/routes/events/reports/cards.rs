//! Team match cards of a round: per match both teams, the library's card (boards, players,
//! results), the totals the library scores, and signature lines for the captains and the
//! arbiter. A match whose line-ups are not in yet gets an empty card to fill in by hand.

use super::{Visible, Which, entrant_name, report_page, table};
use crate::auth::Visitor;
use crate::error::{AppError, AppResult};
use crate::i18n::PageLang;
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::response::Response;
use maud::{Markup, html};
use shatar_tournament::report::{self, Kind, Word, word};
use shatar_tournament::scoring::encounters_of;
use shatar_tournament::{Entrants, Event, Pairing, RoundNo};

/// A card with empty cells, one row per board, for a match without line-ups.
fn blank_card(l: Lang, e: &Event) -> Markup {
    let rl = l;
    let boards = match e.entrants {
        Entrants::Team { boards, .. } => usize::from(boards),
        Entrants::Individual => 0,
    };
    let t = report::Table {
        title: String::new(),
        headers: [Word::Board, Word::White, Word::Black, Word::Result]
            .iter()
            .map(|w| word(rl, *w).to_owned())
            .collect(),
        rows: (1..=boards)
            .map(|b| vec![b.to_string(), String::new(), String::new(), String::new()])
            .collect(),
    };
    html! {
        p.hint.no-print { (l.t("event-card-no-lineups")) }
        (table(&t, "card blank"))
    }
}

/// One match: heading, card, totals, signature lines.
fn card(l: Lang, e: &Event, round: RoundNo, p: &Pairing, t: Option<&report::Table>) -> Markup {
    let black = p.black.unwrap_or(p.white);
    let (a, b) = (entrant_name(e, p.white, l), entrant_name(e, black, l));
    let enc = encounters_of(e, round, p);
    let of = |n| enc.iter().find(|(x, _)| *x == n).map(|(_, x)| x);
    let totals = of(p.white).zip(of(black));
    html! {
        section.match-card data-board=(p.board) {
            h2 { (l.t("event-board")) " " (p.board) ": " (a) " – " (b) }
            @match t {
                Some(t) => { (table(t, "card")) }
                None => { (blank_card(l, e)) }
            }
            @match totals {
                Some((x, y)) => {
                    p.totals {
                        (l.t("event-card-total")) ": " (a) " "
                        span.total data-team=(p.white) { (x.game_points) } " – "
                        span.total data-team=(black) { (y.game_points) } " " (b)
                    }
                    p.totals.match-points {
                        (l.t("event-tiebreak-mp")) ": "
                        span { (x.match_points) } " – " span { (y.match_points) }
                    }
                }
                None => {
                    p.totals { (l.t("event-card-total")) ": " (a) " ____ – ____ " (b) }
                }
            }
            div.sign-lines {
                div.sign { (l.t_args("event-card-captain", &[("team", &a)])) }
                div.sign { (l.t_args("event-card-captain", &[("team", &b)])) }
                div.sign { (l.t("event-card-arbiter")) }
            }
        }
    }
}

/// `GET /events/{id}/rounds/{r}/cards`: team events only; the round must be one the
/// visitor may see.
pub(super) async fn show(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, r)): Path<(String, String)>,
) -> AppResult<Response> {
    let seen = Visible::load(&state, &v, &id).await?;
    let e = seen.event();
    if !e.is_team_event() {
        return Err(AppError::NotFound(
            Msg::new("event-report-not-team").arg("id", &id),
        ));
    }
    let rd = seen.round(&r)?;
    let round = rd.number;
    let l = v.lang;
    // The library writes a card for each match with both line-ups, in board order.
    let tables = report::build(e, Kind::MatchCards(Some(round)), l);
    let mut tables = tables.iter();
    let matches: Vec<(&Pairing, Option<&report::Table>)> = rd
        .pairings
        .iter()
        .filter(|p| p.black.is_some())
        .map(|p| (p, p.team_match.as_ref().and_then(|_| tables.next())))
        .collect();
    let body = html! {
        @if matches.is_empty() { p.hint { (l.t("event-card-none")) } }
        @for (p, t) in &matches { (card(l, e, round, p, *t)) }
    };
    Ok(report_page(
        &v,
        &seen,
        Which::Cards,
        &format!("/events/{id}/rounds/{round}/cards"),
        &l.t_args("event-report-cards-round", &[("round", &round.to_string())]),
        "cards-page",
        body,
    ))
}
