//! `BH`, `BH-C1`, `BH-M1`: Buchholz (对手分, S4 ch.2 §6.1.2(3)): the sum of the final
//! points of every opponent met (over the board or by forfeit); byes add nothing. The cut
//! variants drop the lowest opponent (cut-1) or the highest and the lowest (median).

use super::Context;
use crate::numbers::EntrantNo;
use crate::score::Score;

/// Which opponents are left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Cut {
    /// All opponents.
    None,
    /// Without the lowest.
    Lowest,
    /// Without the highest and the lowest.
    Median,
}

pub(super) fn value(ctx: &Context<'_>, entrant: EntrantNo, cut: Cut) -> Score {
    let Some(tally) = ctx.tallies.get(&entrant) else {
        return Score::ZERO;
    };
    let mut scores: Vec<Score> = tally.opponents().map(|o| ctx.primary(o)).collect();
    scores.sort();
    let (low, high) = match cut {
        Cut::None => (0, 0),
        Cut::Lowest => (1, 0),
        Cut::Median => (1, 1),
    };
    let end = scores.len().saturating_sub(high);
    scores
        .get(low.min(end)..end)
        .map_or(Score::ZERO, |s| s.iter().copied().sum())
}
