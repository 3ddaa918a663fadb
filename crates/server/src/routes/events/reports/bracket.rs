//! The knock-out bracket drawn as a tree: a column per bracket round, each match a box
//! with both sides, their points and the winner marked, the lines between rounds drawn
//! in CSS; a double elimination's losers' bracket below. Which match is which comes from
//! the library's schedule and the pairings' slot tags, the winner from the library's
//! `match_winner`; a match not yet paired (or in a round the visitor may not see) is an
//! empty box.

use super::{Visible, Which, entrant_name, is_knock_out, report_page};
use crate::auth::Visitor;
use crate::error::{AppError, AppResult};
use crate::i18n::PageLang;
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::response::Response;
use maud::{Markup, html};
use shatar_tournament::pairing::elimination::{MatchId, match_winner, schedule};
use shatar_tournament::scoring::encounters_of;
use shatar_tournament::{EntrantNo, Event, Pairing, RoundNo, System};
use std::collections::HashMap;

/// How a column's matches lead into the next column's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Join {
    /// Two matches into one (the next column has half as many).
    Pairs,
    /// One into one (as many).
    Straight,
    /// The last column.
    End,
}

impl Join {
    const fn class(self) -> &'static str {
        match self {
            Join::Pairs => "col join-pairs",
            Join::Straight => "col join-straight",
            Join::End => "col",
        }
    }
}

/// A column of the tree.
struct Column {
    label: String,
    matches: Vec<MatchId>,
}

/// What the tree is drawn from: the event as the visitor sees it, the played matches by
/// slot tag, each entrant's draw position.
struct Drawn<'a> {
    event: &'a Event,
    played: HashMap<String, (RoundNo, &'a Pairing)>,
    position: HashMap<EntrantNo, usize>,
}

impl<'a> Drawn<'a> {
    fn new(event: &'a Event) -> Drawn<'a> {
        let played = event
            .rounds
            .iter()
            .flat_map(|r| r.pairings.iter().map(move |p| (r.number, p)))
            .filter_map(|(r, p)| p.slot.clone().map(|tag| (tag, (r, p))))
            .collect();
        let position = event
            .bracket
            .iter()
            .flat_map(|b| b.positions.iter().enumerate())
            .filter_map(|(i, n)| n.map(|n| (n, i)))
            .collect();
        Drawn {
            event,
            played,
            position,
        }
    }

    fn played(&self, id: MatchId) -> Option<(RoundNo, &'a Pairing)> {
        self.played.get(&id.tag()).copied()
    }
}

/// The labels of a single elimination's rounds: the last three by name.
fn single_label(l: Lang, round: u32, rounds: u32) -> String {
    match rounds - round {
        0 => l.t("event-bracket-final"),
        1 => l.t("event-bracket-semi-finals"),
        2 => l.t("event-bracket-quarter-finals"),
        _ => l.t_args("event-bracket-round", &[("round", &round.to_string())]),
    }
}

fn round_label(l: Lang, round: u32) -> String {
    l.t_args("event-bracket-round", &[("round", &round.to_string())])
}

/// The columns of the winners' tree (the whole tree of a single elimination, with the
/// grand finals after it in a double elimination) and of the losers' tree.
fn columns(l: Lang, d: &Drawn<'_>, size: usize) -> (Vec<Column>, Vec<Column>) {
    let rounds = size.trailing_zeros();
    if d.event.system == System::SingleElimination {
        let winners = (1..=rounds)
            .map(|r| Column {
                label: single_label(l, r, rounds),
                matches: (1..=(size >> r) as u32)
                    .map(|m| MatchId::Winners(r, m))
                    .collect(),
            })
            .collect();
        return (winners, Vec::new());
    }
    let mut winners: Vec<Column> = Vec::new();
    let mut losers: Vec<Column> = Vec::new();
    let mut finals: Vec<Column> = Vec::new();
    for id in schedule(size).into_iter().flatten() {
        let (list, round, label) = match id {
            MatchId::Winners(r, _) => (&mut winners, r, round_label(l, r)),
            MatchId::Losers(r, _) => (&mut losers, r, round_label(l, r)),
            MatchId::Final => (&mut finals, 1, l.t("event-bracket-grand-final")),
            // The second final only when it was played.
            MatchId::Reset if d.played(id).is_none() => continue,
            MatchId::Reset => (&mut finals, 2, l.t("event-bracket-reset")),
        };
        let i = round as usize - 1;
        if list.len() <= i {
            list.resize_with(i + 1, || Column {
                label: String::new(),
                matches: Vec::new(),
            });
        }
        list[i].label = label;
        list[i].matches.push(id);
    }
    winners.extend(finals);
    (winners, losers)
}

/// The points an entrant scored in a played match (game points), when a result is in.
fn points(d: &Drawn<'_>, round: RoundNo, p: &Pairing, n: EntrantNo) -> Option<String> {
    encounters_of(d.event, round, p)
        .into_iter()
        .find(|(e, _)| *e == n)
        .map(|(_, enc)| enc.game_points.to_string())
}

fn side(
    l: Lang,
    d: &Drawn<'_>,
    who: Option<EntrantNo>,
    score: Option<String>,
    won: bool,
) -> Markup {
    html! {
        @match who {
            Some(n) => {
                div class=(if won { "entry winner" } else { "entry" }) {
                    span.no { (n) }
                    @let name = entrant_name(d.event, n, l);
                    span.name title=(name) { (name) }
                    @if let Some(s) = score { span.score { (s) } }
                    @if won { span.mark role="img" aria-label=(l.t("event-bracket-winner")) title=(l.t("event-bracket-winner")) { "✔" } }
                }
            }
            None => { div.entry.empty { span.no {} span.name { "–" } } }
        }
    }
}

/// One match's box.
fn match_box(l: Lang, d: &Drawn<'_>, id: MatchId) -> Markup {
    let tag = id.tag();
    let Some((round, p)) = d.played(id) else {
        return html! {
            div.match.unplayed data-slot=(tag) {
                div.tag { (tag) }
                (side(l, d, None, None, false))
                (side(l, d, None, None, false))
            }
        };
    };
    let winner = match p.black {
        None => Some(p.white),
        Some(_) => match_winner(d.event, p),
    };
    // In the winners' bracket the side from the upper half of the draw goes on top.
    let (top, bottom) = match (id, p.black) {
        (MatchId::Winners(..), Some(b))
            if d.position.get(&b).copied().unwrap_or(usize::MAX)
                < d.position.get(&p.white).copied().unwrap_or(usize::MAX) =>
        {
            (b, Some(p.white))
        }
        _ => (p.white, p.black),
    };
    let score = |n| points(d, round, p, n);
    html! {
        div class=(if winner.is_some() { "match decided" } else { "match" }) data-slot=(tag) {
            div.tag { (tag) " · " (l.t_args("event-bracket-played-in", &[("round", &round.to_string())])) }
            (side(l, d, Some(top), bottom.and_then(|_| score(top)), winner == Some(top)))
            @match bottom {
                Some(b) => { (side(l, d, Some(b), score(b), winner == Some(b))) }
                None => { div.entry.bye { span.no {} span.name { (l.t("event-bye")) } } }
            }
        }
    }
}

fn tree(l: Lang, d: &Drawn<'_>, cols: &[Column]) -> Markup {
    html! {
        div.scroll.tree-box {
            div.tree {
                @for (i, col) in cols.iter().enumerate() {
                    @let join = match cols.get(i + 1) {
                        None => Join::End,
                        Some(next) if next.matches.len() * 2 == col.matches.len() => Join::Pairs,
                        Some(_) => Join::Straight,
                    };
                    div class=(join.class()) {
                        div.col-head { (col.label) }
                        div.cells {
                            @for id in &col.matches {
                                div.cell { (match_box(l, d, *id)) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `GET /events/{id}/bracket`: knock-out events only.
pub(super) async fn show(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
) -> AppResult<Response> {
    let seen = Visible::load(&state, &v, &id).await?;
    if !is_knock_out(seen.event()) {
        return Err(AppError::NotFound(
            Msg::new("event-report-not-knock-out").arg("id", &id),
        ));
    }
    let l = v.lang;
    let mut view = seen.event().clone();
    view.rounds.retain(|r| seen.shows_round(r.number));
    let body = match view.bracket.as_ref().map(|b| b.size()) {
        None => html! { p.hint { (l.t("event-report-no-draw")) } },
        Some(size) => {
            let d = Drawn::new(&view);
            let (winners, losers) = columns(l, &d, size);
            let standings = shatar_tournament::standings(&view);
            let champion = standings
                .lines
                .first()
                .filter(|s| s.place == 1 && s.place_to == 1 && !view.rounds.is_empty())
                .map(|s| entrant_name(&view, s.entrant, l));
            html! {
                @if let Some(name) = champion {
                    p.champion { (l.t_args("event-report-champion", &[("name", &name)])) }
                }
                @if losers.is_empty() {
                    (tree(l, &d, &winners))
                } @else {
                    h2 { (l.t("event-bracket-winners")) }
                    (tree(l, &d, &winners))
                    h2 { (l.t("event-bracket-losers")) }
                    (tree(l, &d, &losers))
                }
            }
        }
    };
    Ok(report_page(
        &v,
        &seen,
        Which::Bracket,
        &format!("/events/{id}/bracket"),
        &l.t("event-report-bracket"),
        "bracket-page",
        body,
    ))
}
