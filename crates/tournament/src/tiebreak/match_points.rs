//! `MP`: match points (场分), 1/½/0 for individual multi-game pairings, 2/1/0 for teams
//! (S4 ch.2 §6.1.1, §6.2.1).

use super::Context;
use crate::numbers::EntrantNo;
use crate::score::Score;

pub(super) fn value(ctx: &Context<'_>, entrant: EntrantNo) -> Score {
    ctx.tallies
        .get(&entrant)
        .map_or(Score::ZERO, crate::scoring::Tally::match_points)
}
