//! The players as the Dutch pairing sees them: each one's pairing score, colours,
//! floats, opponents and bye eligibility, read from the rounds before this one.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::event::Event;
use crate::numbers::{EntrantNo, RoundNo};
use crate::pairing::swiss::acceleration;
use crate::pairing::swiss::colour_history::ColourHistory;
use crate::result::Color;
use crate::scoring::{EncounterKind, Format, tallies};

/// A player's float in one round (C.04.3 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Float {
    Down,
    Up,
    None,
}

/// How strongly a colour is preferred (C.04.3 A.6), weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

/// One player to pair, as the rounds before this one leave them.
#[derive(Debug, Clone)]
pub(super) struct Player {
    /// Score in half points.
    pub(super) score: i64,
    /// Colours of the rounds before this one.
    pub(super) colors: ColourHistory,
    /// Float of each past round, oldest first.
    pub(super) floats: Vec<Float>,
    /// Opponents met over the board.
    pub(super) opponents: BTreeSet<u32>,
    /// Games played over the board (not byes, forfeits or absences).
    pub(super) played: u32,
    /// May receive the pairing-allocated bye (C.04.3 C.2).
    pub(super) bye_eligible: bool,
    /// [`Player::read_preference`], once the colours are in.
    pub(super) preference: (Option<Color>, Strength),
}

impl Player {
    /// Colour preference (C.04.3 A.6), as computed when the colours were read.
    pub(super) fn preference(&self) -> (Option<Color>, Strength) {
        self.preference
    }

    /// Colour preference (C.04.3 A.6) from the colours played.
    fn read_preference(&self) -> (Option<Color>, Strength) {
        let d = self.colors.difference();
        let last = self.colors.last();
        let colors = self.colors.as_slice();
        let repeated = colors.len() >= 2 && colors.get(colors.len() - 2).copied() == last;
        if !(-1..=1).contains(&d) || repeated {
            let c = if d > 1 {
                Color::Black
            } else if d < -1 {
                Color::White
            } else {
                last.map_or(Color::White, |c| !c)
            };
            return (Some(c), Strength::Absolute);
        }
        if d == 1 {
            return (Some(Color::Black), Strength::Strong);
        }
        if d == -1 {
            return (Some(Color::White), Strength::Strong);
        }
        match last {
            Some(c) => (Some(!c), Strength::Mild),
            None => (None, Strength::None),
        }
    }

    /// The float `rounds_ago` rounds before this one (`Float::None` before the first).
    pub(super) fn float_ago(&self, rounds_ago: usize) -> Float {
        self.floats
            .len()
            .checked_sub(rounds_ago)
            .and_then(|i| self.floats.get(i).copied())
            .unwrap_or(Float::None)
    }
}

/// The players to pair in `round_no`, by pairing number.
pub(super) fn read_players(event: &Event, round_no: RoundNo) -> HashMap<u32, Player> {
    // Inside the pairing players and rounds are plain numbers.
    let round = round_no.get();
    let format = Format::of(event);
    let t = tallies(event);
    // Pairing scores before each round, for brackets and floats: the points won plus
    // the virtual points of an accelerated round (C.04.5.1).
    let virtual_points: BTreeMap<(u32, u32), i64> = (1..=round)
        .flat_map(|r| {
            RoundNo::new(r)
                .map(|r_no| acceleration::virtual_points(event, r_no))
                .unwrap_or_default()
                .into_iter()
                .map(move |(id, halves)| ((id.get(), r), halves))
        })
        .collect();
    let mut score_before: BTreeMap<(u32, u32), i64> = BTreeMap::new();
    for (id, tally) in &t {
        let id = id.get();
        let mut s = 0;
        for r in 1..=round {
            let bonus = virtual_points.get(&(id, r)).copied().unwrap_or(0);
            score_before.insert((id, r), s + bonus);
            s += tally
                .encounters
                .iter()
                .filter(|e| e.round.get() == r)
                .map(|e| e.primary(format).halves())
                .sum::<i64>();
        }
    }
    let mut players = HashMap::new();
    for entrant in event.entrant_numbers() {
        if !event.is_to_be_paired(entrant, round_no) {
            continue;
        }
        let Some(tally) = t.get(&entrant) else {
            continue;
        };
        let id = entrant.get();
        let mut p = Player {
            score: score_before.get(&(id, round)).copied().unwrap_or(0),
            // The rounds before this one, an encounter each, as the floats below read them.
            colors: ColourHistory::of(
                (1..round).filter_map(|r| tally.encounters.iter().find(|e| e.round.get() == r)),
            ),
            floats: Vec::new(),
            opponents: BTreeSet::new(),
            played: 0,
            bye_eligible: true,
            preference: (None, Strength::None),
        };
        for r in 1..round {
            let enc = tally.encounters.iter().find(|e| e.round.get() == r);
            let mine = score_before.get(&(id, r)).copied().unwrap_or(0);
            // Floats by the scores before the round (C.04.3 1.4.2), and a downfloat for
            // whoever scores more than a loss without playing (1.4.3: a bye, a forfeit
            // win). A forfeit loss floats by the scores as a played game would, as
            // bbpPairings reads it; an absence without points does not float.
            let by_scores = |opponent: Option<EntrantNo>| {
                let theirs = opponent
                    .and_then(|o| score_before.get(&(o.get(), r)).copied())
                    .unwrap_or(mine);
                match theirs.cmp(&mine) {
                    std::cmp::Ordering::Less => Float::Down,
                    std::cmp::Ordering::Greater => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                }
            };
            let f = match enc {
                None => Float::None,
                Some(e) => match e.kind {
                    EncounterKind::Bye | EncounterKind::ForfeitWin => {
                        // A requested bye (TRF H, F, Z) leaves the player eligible for
                        // the pairing-allocated one, as bbpPairings reads TRF.
                        let requested = event.requested_bye(entrant, e.round).is_some();
                        if (e.kind == EncounterKind::Bye && !requested) || e.opponent.is_some() {
                            p.bye_eligible = false;
                        }
                        if e.primary(format).halves() > 0 {
                            Float::Down
                        } else {
                            Float::None
                        }
                    }
                    EncounterKind::Played => {
                        if let Some(o) = e.opponent {
                            p.opponents.insert(o.get());
                            p.played += 1;
                        }
                        by_scores(e.opponent)
                    }
                    EncounterKind::ForfeitLoss | EncounterKind::DoubleForfeit => {
                        by_scores(e.opponent)
                    }
                },
            };
            p.floats.push(f);
        }
        p.preference = p.read_preference();
        players.insert(id, p);
    }
    players
}
