//! `BP`: board points (台分) of two-game team matches: each board 1/½/0 by its game
//! points (S4 ch.2 §6.2.1(2)).

use super::Context;
use crate::numbers::EntrantNo;
use crate::score::Score;

pub(super) fn value(ctx: &Context<'_>, entrant: EntrantNo) -> Score {
    ctx.tallies
        .get(&entrant)
        .map_or(Score::ZERO, crate::scoring::Tally::board_points)
}
