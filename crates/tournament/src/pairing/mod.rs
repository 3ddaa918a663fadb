//! Pairing systems. Each system has its own module; this one dispatches and holds what
//! they share (bye points, board numbering).

pub mod elimination;
pub mod group;
pub mod round_robin;
pub mod swiss;

use crate::error::{EventError, PairingError, StateReason};
use crate::event::{Event, Pairing, Round, System};
use crate::numbers::{BoardNo, EntrantNo, RoundNo};
use crate::score::Score;

/// Pairs round `number` of `event` by its system.
pub fn pair_round(event: &Event, number: RoundNo) -> Result<Round, EventError> {
    match event.system {
        System::RoundRobin | System::DoubleRoundRobin => {
            let cycles = if event.system == System::DoubleRoundRobin {
                2
            } else {
                1
            };
            let entrants = event.entrant_numbers();
            Ok(round_robin_round(
                event,
                &entrants,
                number,
                number.get(),
                cycles,
                BoardNo::FIRST,
            )?)
        }
        System::GroupRoundRobin => group::pair_round(event, number),
        System::Swiss | System::SwissElimination => {
            Ok(swiss::score_group::pair_round(event, number)?)
        }
        System::Dutch => Ok(swiss::dutch::pair_round(event, number)?),
        System::SingleElimination | System::DoubleElimination => {
            elimination::pair_round(event, number)
        }
        System::Arena => Err(EventError::State(StateReason::ArenaHasNoRounds)),
    }
}

/// Draws what a system fixes at the start (brackets, groups).
pub fn start_system(event: &mut Event) -> Result<(), EventError> {
    match event.system {
        System::SingleElimination | System::DoubleElimination => elimination::start(event),
        System::GroupRoundRobin => group::start(event),
        _ => Ok(()),
    }
}

/// Bye points in force.
#[must_use]
pub fn bye_points(event: &Event) -> Score {
    event
        .settings
        .bye_points
        .unwrap_or(if event.system.is_round_robin() {
            // A round-robin bye is a rest round, the same for everyone.
            Score::ZERO
        } else {
            Score::ONE
        })
}

/// One round of a Berger table over `entrants` (draw number k = `entrants[k-1]`), table
/// round `table_round`, numbered `number`; boards start at `first_board`.
pub(crate) fn round_robin_round(
    event: &Event,
    entrants: &[EntrantNo],
    number: RoundNo,
    table_round: u32,
    cycles: u32,
    first_board: BoardNo,
) -> Result<Round, PairingError> {
    let n = entrants.len() as u32;
    let pairs = round_robin::round_pairs(n, table_round, cycles)?;
    let cancelled = event.cancelled_entrants();
    let entrant = |k: u32| {
        entrants
            .get((k as usize).wrapping_sub(1))
            .copied()
            .filter(|e| !cancelled.contains(e))
    };
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for (w, b) in pairs {
        match (entrant(w), entrant(b)) {
            (Some(w), Some(b)) => games.push((w, Some(b))),
            (Some(x), None) | (None, Some(x)) => byes.push((x, None)),
            (None, None) => {}
        }
    }
    let bye = bye_points(event);
    let pairings = games
        .into_iter()
        .chain(byes)
        .enumerate()
        .map(|(i, (white, black))| Pairing {
            board: BoardNo::from_index(first_board.index() + i),
            white,
            black,
            bye_points: black.is_none().then_some(bye),
            games: Vec::new(),
            team_match: None,
            decided_for: None,
            slot: None,
        })
        .collect();
    Ok(Round {
        number,
        pairings,
        explanation: Vec::new(),
    })
}
