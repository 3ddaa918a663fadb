//! `GP`: game points (局分), every game's 1/½/0 summed (S4 ch.2 §6.1.1).

use super::Context;
use crate::numbers::EntrantNo;
use crate::score::Score;

pub(super) fn value(ctx: &Context<'_>, entrant: EntrantNo) -> Score {
    ctx.tallies
        .get(&entrant)
        .map_or(Score::ZERO, crate::scoring::Tally::game_points)
}
