//! `SB`: Sonneborn–Berger (小分): the final points of every opponent beaten plus half
//! those of every opponent drawn (S4 ch.2 §6.1.2(1)A). In multi-game events it is
//! counted on match points (§6.1.2(2)A). Byes add nothing; forfeits count like results.

use super::Context;
use crate::numbers::EntrantNo;
use crate::score::Score;

pub(super) fn value(ctx: &Context<'_>, entrant: EntrantNo) -> Score {
    let Some(tally) = ctx.tallies.get(&entrant) else {
        return Score::ZERO;
    };
    let full = ctx.format_win();
    tally
        .encounters
        .iter()
        .filter_map(|e| e.opponent.map(|o| (o, e.primary(ctx.format))))
        .map(|(opponent, scored)| {
            let opp = ctx.primary(opponent);
            if scored >= full {
                opp
            } else if scored.quarters() * 2 == full.quarters() {
                Score::from_quarters(opp.quarters() / 2)
            } else {
                Score::ZERO
            }
        })
        .sum()
}

impl Context<'_> {
    /// Primary points for winning one pairing in this format.
    pub(super) fn format_win(&self) -> Score {
        if self.format.team {
            Score::from_int(2)
        } else {
            Score::ONE
        }
    }
}
