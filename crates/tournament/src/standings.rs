//! Standings: rank by the tie-break order, refining tied groups one criterion at a time;
//! entrants equal on every criterion share the place (003 ch.2 §6: "名次并列").

use crate::event::Event;
use crate::numbers::EntrantNo;
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
/// the same group place share the places).
#[must_use]
pub fn standings(event: &Event) -> Standings {
    if event.system == crate::event::System::GroupRoundRobin && !event.groups.is_empty() {
        return group_event_standings(event);
    }
    standings_with(event, &event.tiebreak_order())
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
