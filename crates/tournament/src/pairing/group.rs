//! Group round robin (分组循环, S4 ch.2 §5.4): entrants are seeded into groups by snake
//! (rank 1 to group A, 2 to B, …, then back), each group plays a Berger round robin with
//! draw numbers by lot, and the top `advance_per_group` of each group play a final round
//! robin (numbered in order of group place, then group).

use crate::error::{EventError, InvalidReason, PairingError};
use crate::event::{Event, Round};
use crate::lot::Lot;
use crate::numbers::{BoardNo, EntrantNo, RoundNo};
use crate::pairing::round_robin;
use crate::standings::{Standings, standings};

/// Draws the groups.
pub fn start(event: &mut Event) -> Result<(), EventError> {
    let groups = event.settings.groups.max(1) as usize;
    let entrants = event.entrant_numbers();
    if entrants.len() < 2 * groups {
        return Err(PairingError::TooFewEntrants {
            system: "group-round-robin".into(),
            needed: 2 * groups,
            found: entrants.len(),
        }
        .into());
    }
    if event.settings.advance_per_group == 0 {
        return Err(EventError::Invalid(InvalidReason::NoAdvancePerGroup));
    }
    // Entrant numbers are in ranking order (seed class, rating) after `start`.
    let mut out = vec![Vec::new(); groups];
    for (i, e) in entrants.iter().enumerate() {
        let lap = i / groups;
        let pos = i % groups;
        let g = if lap.is_multiple_of(2) {
            pos
        } else {
            groups - 1 - pos
        };
        if let Some(group) = out.get_mut(g) {
            group.push(*e);
        }
    }
    for (g, group) in out.iter_mut().enumerate() {
        // Draw numbers within the group by lot (S4 ch.2 §5.3.1).
        Lot::new(event.settings.lot_seed, g as u32, "group draw").shuffle(group);
    }
    let group_rounds = group_stage_rounds(&out);
    let finalists = out
        .iter()
        .map(|g| g.len().min(event.settings.advance_per_group as usize))
        .sum::<usize>() as u32;
    event.rounds_planned = group_rounds
        + if finalists >= 2 {
            finalists + finalists % 2 - 1
        } else {
            0
        };
    event.groups = out;
    Ok(())
}

fn group_stage_rounds(groups: &[Vec<EntrantNo>]) -> u32 {
    groups
        .iter()
        .map(|g| {
            let n = g.len() as u32;
            n + n % 2 - 1
        })
        .max()
        .unwrap_or(0)
}

/// Pairs round `number`: a group round, or a round of the final.
pub fn pair_round(event: &Event, number: RoundNo) -> Result<Round, EventError> {
    let group_rounds = group_stage_rounds(&event.groups);
    let mut pairings = Vec::new();
    if number.get() <= group_rounds {
        for group in &event.groups {
            let n = group.len() as u32;
            if number.get() > n + n % 2 - 1 {
                continue;
            }
            let first = BoardNo::from_index(pairings.len());
            let r =
                crate::pairing::round_robin_round(event, group, number, number.get(), 1, first)?;
            pairings.extend(r.pairings);
        }
        return Ok(Round {
            number,
            pairings,
            explanation: Vec::new(),
        });
    }
    let finalists = finalists(event);
    let table_round = number.get() - group_rounds;
    let n = finalists.len() as u32;
    if n < 2 || table_round > n + n % 2 - 1 {
        return Err(PairingError::EventComplete(number.get() - 1).into());
    }
    round_robin::berger_table(n)?;
    Ok(crate::pairing::round_robin_round(
        event,
        &finalists,
        number,
        table_round,
        1,
        BoardNo::FIRST,
    )?)
}

/// The event restricted to some entrants and rounds.
fn restricted(
    event: &Event,
    members: &[EntrantNo],
    rounds: std::ops::RangeInclusive<u32>,
) -> Event {
    let mut e = event.clone();
    e.system = crate::event::System::RoundRobin;
    e.rounds.retain(|r| rounds.contains(&r.number.get()));
    if e.is_team_event() {
        e.teams.retain(|t| members.contains(&t.number));
    } else {
        e.players.retain(|p| members.contains(&p.number));
    }
    e
}

/// Standings of group `g` (0-based) over the group stage.
#[must_use]
pub fn group_table(event: &Event, g: usize) -> Option<Standings> {
    let group = event.groups.get(g)?;
    let last = group_stage_rounds(&event.groups);
    Some(standings(&restricted(event, group, 1..=last)))
}

/// The finalists, ordered by group place then group: A1, B1, A2, B2, …
#[must_use]
pub fn finalists(event: &Event) -> Vec<EntrantNo> {
    let k = event.settings.advance_per_group as usize;
    let tables: Vec<Standings> = (0..event.groups.len())
        .filter_map(|g| group_table(event, g))
        .collect();
    let mut out = Vec::new();
    for place in 0..k {
        for t in &tables {
            if let Some(line) = t.lines.get(place) {
                out.push(line.entrant);
            }
        }
    }
    out
}

/// Standings of the final over the final rounds.
#[must_use]
pub fn final_table(event: &Event) -> Standings {
    let first = group_stage_rounds(&event.groups) + 1;
    standings(&restricted(event, &finalists(event), first..=u32::MAX))
}
