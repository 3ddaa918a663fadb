//! Accelerated pairings for the FIDE Dutch system: the Baku Acceleration Method
//! (C.04.5.1), an organiser's choice.
//!
//! Before round 1 the players to be paired are split by pairing number: group A is the
//! first half, rounded up to an even number (`2 × ⌈N / 4⌉`: 82 of 161 players), group B
//! the rest; the last player of group A stays the last one for the whole event, so late
//! entries with a higher number are in group B. The accelerated rounds are the first
//! half of the event, rounded up. Group A's players get a virtual point before pairing
//! the first half (rounded up) of them and half a point before the rest; virtual points
//! count for the pairing only, never in the standings.
//!
//! ```
//! use shatar_tournament::pairing::swiss::acceleration::baku_virtual_halves;
//!
//! // Nine rounds: five accelerated, a point in rounds 1-3, half a point in rounds 4-5.
//! let halves: Vec<i64> = (1..=10).map(|r| baku_virtual_halves(9, r)).collect();
//! assert_eq!(halves, [2, 2, 2, 1, 1, 0, 0, 0, 0, 0]);
//! ```

use serde::{Deserialize, Serialize};

use crate::event::{Event, System};
use crate::numbers::{EntrantNo, RoundNo};

/// How a Swiss event accelerates its first rounds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum Acceleration {
    /// No acceleration: scores are the points won.
    #[default]
    None,
    /// The Baku Acceleration Method (C.04.5.1).
    Baku,
}

impl Acceleration {
    /// The setting's name on the command line and in files.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Acceleration::None => "none",
            Acceleration::Baku => "baku",
        }
    }

    /// The setting named `code`, if any.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Acceleration> {
        match code {
            "none" => Some(Acceleration::None),
            "baku" => Some(Acceleration::Baku),
            _ => None,
        }
    }
}

/// Virtual points, in half points, that a group-A player gets before pairing `round`
/// of an event of `rounds` rounds under the Baku method.
#[must_use]
pub fn baku_virtual_halves(rounds: u32, round: u32) -> i64 {
    let accelerated = rounds.div_ceil(2);
    let full = accelerated.div_ceil(2);
    if round == 0 || round > accelerated {
        0
    } else if round <= full {
        2
    } else {
        1
    }
}

/// The number of group A's last player: the `2 × ⌈N / 4⌉`-th of the `N` players to be
/// paired in round 1, by pairing number; `None` without players.
#[must_use]
pub fn baku_last_of_group_a(event: &Event) -> Option<EntrantNo> {
    let mut first_round: Vec<EntrantNo> = event
        .entrant_numbers()
        .into_iter()
        .filter(|n| event.is_active_in(*n, RoundNo::FIRST))
        .collect();
    first_round.sort_unstable();
    let size = 2 * first_round.len().div_ceil(4);
    first_round.get(size.checked_sub(1)?).copied()
}

/// Virtual points, in half points, of each entrant before pairing `round` under the
/// event's acceleration: `(entrant, halves)` for those who have any. Only the FIDE
/// Dutch system is accelerated.
#[must_use]
pub fn virtual_points(event: &Event, round: RoundNo) -> Vec<(EntrantNo, i64)> {
    if event.system != System::Dutch {
        return Vec::new();
    }
    match event.settings.acceleration {
        Acceleration::None => Vec::new(),
        Acceleration::Baku => {
            let halves = baku_virtual_halves(event.rounds_planned, round.get());
            let Some(last) = baku_last_of_group_a(event).filter(|_| halves > 0) else {
                return Vec::new();
            };
            event
                .entrant_numbers()
                .into_iter()
                .filter(|n| *n <= last)
                .map(|n| (n, halves))
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// C.04.5.1's own examples: 161 players give 82 in group A; nine rounds accelerate
    /// five, the first three with a whole point.
    #[test]
    fn the_method_s_examples() {
        assert_eq!(2 * 161usize.div_ceil(4), 82);
        assert_eq!(
            (1..=9).map(|r| baku_virtual_halves(9, r)).sum::<i64>(),
            2 * 3 + 2
        );
        // Seven rounds: four accelerated, two with a point.
        let seven: Vec<i64> = (1..=7).map(|r| baku_virtual_halves(7, r)).collect();
        assert_eq!(seven, [2, 2, 1, 1, 0, 0, 0]);
        // Ten rounds: five accelerated, three with a point.
        let ten: Vec<i64> = (1..=6).map(|r| baku_virtual_halves(10, r)).collect();
        assert_eq!(ten, [2, 2, 2, 1, 1, 0]);
        assert_eq!(Acceleration::from_code("baku"), Some(Acceleration::Baku));
        assert_eq!(Acceleration::Baku.code(), "baku");
    }
}
