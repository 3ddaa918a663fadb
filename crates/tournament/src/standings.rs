//! Standings: rank by the tie-break order, refining tied groups one criterion at a time;
//! entrants equal on every criterion share the place (S4 ch.2 §6: "名次并列").

use std::collections::BTreeMap;

use crate::event::{Event, System};
use crate::numbers::EntrantNo;
use crate::pairing::elimination::match_winner;
use crate::score::Score;
use crate::tiebreak::{Context, Tiebreak};

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// Place (the first place of a shared group).
    pub place: u32,
    /// Last place of the shared group (equal to `place` when not shared).
    pub place_to: u32,
    /// Entrant number.
    pub entrant: EntrantNo,
    /// Values of each criterion, in the order of [`Standings::order`].
    pub values: Vec<Score>,
}

impl Standing {
    /// "3" or "3-4" when shared.
    #[must_use]
    pub fn place_label(&self) -> String {
        if self.place == self.place_to {
            self.place.to_string()
        } else {
            format!("{}-{}", self.place, self.place_to)
        }
    }
}

/// The standings of an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    /// The criteria, first the primary points.
    pub order: Vec<Tiebreak>,
    /// Lines, best first.
    pub lines: Vec<Standing>,
}

/// Ranks the event's (non-cancelled) entrants by its tie-break order. A group round robin
/// ranks the finalists by the final, then the others by their group place (entrants with
/// the same group place share the places). A knock-out ranks by the bracket
/// ([`knock_out_places`]); the tie-break columns are shown, and order the entrants of one
/// shared place.
#[must_use]
pub fn standings(event: &Event) -> Standings {
    if event.system == System::GroupRoundRobin && !event.groups.is_empty() {
        return group_event_standings(event);
    }
    let mut table = standings_with(event, &event.tiebreak_order());
    if let Some(places) = knock_out_places(event) {
        let place_of = |n: EntrantNo| {
            places
                .iter()
                .find(|p| p.2 == n)
                .map_or((u32::MAX, u32::MAX), |p| (p.0, p.1))
        };
        for line in &mut table.lines {
            (line.place, line.place_to) = place_of(line.entrant);
        }
        // Stable: within a shared place the tie-break order stays.
        table.lines.sort_by_key(|l| l.place);
    }
    table
}

/// The winner of a knock-out, once decided: of a single elimination, the final's
/// winner; of a double elimination, the grand final's winner when they came from the
/// winners' bracket (no loss before it) or no second final is played, else the second
/// final's winner.
fn champion(event: &Event) -> Option<EntrantNo> {
    let size = event.bracket.as_ref()?.size();
    let played = |tag: &str| {
        event.rounds.iter().find_map(|r| {
            r.pairings
                .iter()
                .find(|p| p.slot.as_deref() == Some(tag))
                .map(|p| (r.number, p))
        })
    };
    let winner_of = |tag: &str| played(tag).and_then(|(_, p)| match_winner(event, p));
    if event.system == System::SingleElimination {
        return winner_of(&format!("W{}-1", size.trailing_zeros()));
    }
    if let Some(w) = winner_of("GF2") {
        return Some(w);
    }
    let (round, final_match) = played("GF")?;
    let w = match_winner(event, final_match)?;
    let lost_before = event
        .rounds
        .iter()
        .take_while(|r| r.number < round)
        .flat_map(|r| &r.pairings)
        .any(|p| p.involves(w) && p.black.is_some() && match_winner(event, p) != Some(w));
    (!lost_before || !event.settings.bracket_reset).then_some(w)
}

/// Knock-out places (docs/competition.md §2, systems 1–2: out after one loss, or after two):
/// the champion first — the winner of the last match played, the grand final or the
/// second final after a bracket reset — then everyone else by the round of their last
/// lost match, the one that put them out, later first; those out in the same round share
/// the places. Entrants not yet out (an event under way) come after the champion and
/// before those out. `(place, last place of the shared group, entrant)`, best first;
/// `None` for systems that rank by a table.
#[must_use]
pub fn knock_out_places(event: &Event) -> Option<Vec<(u32, u32, EntrantNo)>> {
    if !matches!(
        event.system,
        System::SingleElimination | System::DoubleElimination
    ) {
        return None;
    }
    let mut out_round: BTreeMap<EntrantNo, u32> = BTreeMap::new();
    for r in &event.rounds {
        for p in &r.pairings {
            let Some(b) = p.black else { continue };
            if let Some(w) = match_winner(event, p) {
                let l = if w == p.white { b } else { p.white };
                out_round.insert(l, r.number.get());
            }
        }
    }
    let champion = champion(event);
    let mut all: Vec<(EntrantNo, u32)> = event
        .entrant_numbers()
        .into_iter()
        .map(|n| {
            let last = if Some(n) == champion {
                u32::MAX
            } else {
                out_round.get(&n).copied().unwrap_or(u32::MAX - 1)
            };
            (n, last)
        })
        .collect();
    all.sort_by_key(|x| std::cmp::Reverse(x.1));
    let mut out = Vec::with_capacity(all.len());
    for group in all.chunk_by(|a, b| a.1 == b.1) {
        let place = out.len() as u32 + 1;
        let to = place + group.len() as u32 - 1;
        out.extend(group.iter().map(|x| (place, to, x.0)));
    }
    Some(out)
}

fn group_event_standings(event: &Event) -> Standings {
    use crate::pairing::group;
    let mut table = group::final_table(event);
    let finalists = group::finalists(event);
    let mut next = table.lines.len() as u32 + 1;
    let tables: Vec<Standings> = (0..event.groups.len())
        .filter_map(|g| group::group_table(event, g))
        .collect();
    let deepest = tables.iter().map(|t| t.lines.len()).max().unwrap_or(0);
    for place in 0..deepest {
        let same: Vec<&Standing> = tables
            .iter()
            .filter_map(|t| t.lines.get(place))
            .filter(|l| !finalists.contains(&l.entrant))
            .collect();
        let size = same.len() as u32;
        for l in same {
            table.lines.push(Standing {
                place: next,
                place_to: next + size - 1,
                entrant: l.entrant,
                values: l.values.clone(),
            });
        }
        next += size;
    }
    table
}

/// Ranks with an explicit order.
#[must_use]
pub fn standings_with(event: &Event, order: &[Tiebreak]) -> Standings {
    let ctx = Context::new(event);
    let entrants: Vec<EntrantNo> = ctx.tallies.keys().copied().collect();
    // Each group carries the values computed so far.
    let mut groups: Vec<Vec<(EntrantNo, Vec<Score>)>> =
        vec![entrants.iter().map(|e| (*e, Vec::new())).collect()];
    for tb in order {
        let mut next = Vec::with_capacity(groups.len());
        for group in groups {
            let members: Vec<EntrantNo> = group.iter().map(|(e, _)| *e).collect();
            let mut valued: Vec<(EntrantNo, Vec<Score>)> = group
                .into_iter()
                .map(|(e, mut v)| {
                    v.push(tb.value(&ctx, e, &members));
                    (e, v)
                })
                .collect();
            valued.sort_by(|a, b| b.1.last().cmp(&a.1.last()).then(a.0.cmp(&b.0)));
            let mut current: Vec<(EntrantNo, Vec<Score>)> = Vec::new();
            for item in valued {
                if current
                    .last()
                    .is_some_and(|last| last.1.last() != item.1.last())
                {
                    next.push(std::mem::take(&mut current));
                }
                current.push(item);
            }
            if !current.is_empty() {
                next.push(current);
            }
        }
        groups = next;
    }
    let mut lines = Vec::with_capacity(entrants.len());
    let mut place = 1u32;
    for group in groups {
        let size = group.len() as u32;
        for (entrant, values) in group {
            lines.push(Standing {
                place,
                place_to: place + size - 1,
                entrant,
                values,
            });
        }
        place += size;
    }
    Standings {
        order: order.to_vec(),
        lines,
    }
}
