//! An online arena as the API and the event page show it: its clock, its standings (the
//! library's, in the event's numbers) and its games; the live boards it plays now, the
//! leader's game first.

use crate::auth::Visitor;
use crate::events::arena::{self, ArenaRun};
use crate::events::{EventState, words};
use crate::i18n::Lang;
use crate::i18n::PageLang;
use maud::{Markup, html};
use serde_json::{Value, json};
use shatar_tournament::EntrantNo;
use shatar_tournament::arena::ArenaStanding;
use std::collections::HashMap;

/// The standings, or none when the library refuses the games (it never does for the games
/// the server records: each is a win, a draw or a loss between two of the players).
fn table(s: &EventState, run: &ArenaRun) -> Vec<ArenaStanding> {
    arena::standings(s, run).unwrap_or_else(|e| {
        tracing::error!(error = %e, "an arena's standings failed");
        Vec::new()
    })
}

/// The `"arena"` object of `GET /api/events/{id}`; `games` the live game of each (wave,
/// board).
pub fn arena_json(
    s: &EventState,
    run: &ArenaRun,
    games: &HashMap<(u32, u32), Vec<String>>,
) -> Value {
    let game_of = |wave: u32, board: u32| games.get(&(wave, board)).and_then(|g| g.last());
    let now_playing = run.now_playing();
    let standings: Vec<Value> = table(s, run)
        .iter()
        .enumerate()
        .map(|(k, st)| {
            let mut v = json!({
                "rank": k + 1,
                "number": st.entrant,
                "name": s.event.entrant_name(st.entrant),
                "rating": st.rating,
                "score": st.score,
                "games": st.games,
                "on_fire": st.on_fire,
                "sheet": st.sheet.to_string(),
                "performance": st.performance,
            });
            let o = v.as_object_mut().expect("a JSON object");
            if let Some(a) = s.accounts.get(&st.entrant) {
                o.insert("username".into(), json!(a.name));
            }
            if s.paused.contains(&st.entrant) {
                o.insert("paused".into(), json!(true));
            }
            if s.event.withdrawal(st.entrant).is_some() {
                o.insert("withdrawn".into(), json!(true));
            }
            if let Some(g) = now_playing
                .get(&st.entrant)
                .and_then(|b| game_of(b.wave, b.board))
            {
                o.insert("playing".into(), json!(g));
            }
            v
        })
        .collect();
    let played: Vec<Value> = run
        .games
        .iter()
        .map(|g| {
            let mut v = json!({
                "wave": g.wave,
                "board": g.board,
                "white": g.white,
                "black": g.black,
                "result": g.result.as_ref().map(words::write),
                "moves": g.moves,
                "white_berserk": g.white_berserk,
                "black_berserk": g.black_berserk,
                "counted": g.counted,
            });
            if let (Some(id), Some(o)) = (game_of(g.wave, g.board), v.as_object_mut()) {
                o.insert("game".into(), json!(id));
            }
            v
        })
        .collect();
    let at = |ms: Option<i64>| ms.map(crate::timestamps::to_rfc3339);
    json!({
        "duration_min": run.duration_min,
        "started_at": at(run.started_ms),
        "ends_at": at(run.ends_ms()),
        "ended": run.ended,
        "standings": standings,
        "games": played,
    })
}

/// The games being played now, the best-placed player's first, as (board shown, wave,
/// board, White, Black): the live boards number them 1, 2, … in that order.
pub fn playing_now(s: &EventState, run: &ArenaRun) -> Vec<(usize, u32, u32, EntrantNo, EntrantNo)> {
    let places: HashMap<EntrantNo, usize> = table(s, run)
        .iter()
        .enumerate()
        .map(|(k, st)| (st.entrant, k))
        .collect();
    let place = |n: EntrantNo| places.get(&n).copied().unwrap_or(usize::MAX);
    let mut now: Vec<_> = run
        .games
        .iter()
        .filter(|g| g.is_playing())
        .map(|g| (place(g.white).min(place(g.black)), g))
        .collect();
    now.sort_by_key(|(p, g)| (*p, g.wave, g.board));
    now.into_iter()
        .enumerate()
        .map(|(k, (_, g))| (k + 1, g.wave, g.board, g.white, g.black))
        .collect()
}

/// The arena's card on the event page: when it ends (or ended) and its standings, each
/// player's score sheet with a streak's doubled points marked.
pub fn arena_card(v: &Visitor, s: &EventState, run: &ArenaRun) -> Markup {
    let l: Lang = v.lang;
    let lines = table(s, run);
    html! {
        section.card.arena {
            h2 { (l.t("event-arena")) }
            p {
                (l.t_args("event-arena-duration", &[("minutes", &run.duration_min.to_string())]))
                @if let Some(ends) = run.ends_ms() {
                    " · "
                    (l.t(if run.ended { "event-arena-ended-at" } else { "event-arena-ends-at" })) " "
                    time data-local datetime=(crate::timestamps::to_rfc3339(ends)) { (crate::archive::utc_minute(ends)) " UTC" }
                    script src="/static/localtime.js" defer {}
                }
            }
            p.hint { (l.t("event-arena-rules")) }
            @if !lines.is_empty() && s.event.started {
                div.scroll {
                    table.standings.arena-standings {
                        thead { tr {
                            th { (l.t("event-place")) } th { (l.t("event-field-player")) }
                            th { (l.t("event-arena-score")) } th { (l.t("event-arena-games")) }
                            th { (l.t("event-arena-sheet")) } th { (l.t("event-arena-performance")) }
                        } }
                        tbody {
                            @for (k, st) in lines.iter().enumerate() {
                                tr {
                                    td.num { (k + 1) }
                                    td {
                                        (s.event.entrant_name(st.entrant))
                                        @if st.on_fire { " " span.fire title=(l.t("event-arena-on-fire")) { "×2" } }
                                        @if s.paused.contains(&st.entrant) { " " span.hint { (l.t("event-arena-paused")) } }
                                    }
                                    td.num { strong { (st.score) } }
                                    td.num { (st.games) }
                                    td.sheet { (st.sheet) }
                                    td.num { @if let Some(p) = st.performance { (p) } }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
