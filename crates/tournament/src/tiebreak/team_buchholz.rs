//! `TBH`: team Buchholz (团体对手分): the sum of the match points of every team met
//! (S4 ch.2 §6.2.2(2)A).

use super::Context;
use crate::numbers::EntrantNo;
use crate::score::Score;

pub(super) fn value(ctx: &Context<'_>, entrant: EntrantNo) -> Score {
    let Some(tally) = ctx.tallies.get(&entrant) else {
        return Score::ZERO;
    };
    tally
        .opponents()
        .map(|o| {
            ctx.tallies
                .get(&o)
                .map_or(Score::ZERO, crate::scoring::Tally::match_points)
        })
        .sum()
}
