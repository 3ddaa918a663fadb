//! `WIN`: games won (胜局) at the board (S4 ch.2 §6.1.2(1)B, docs/competition.md §3). A
//! forfeit win and an adjudicated game (even ½-0) are not won games: their points count
//! in the score, not here.

use super::Context;
use crate::numbers::EntrantNo;
use crate::score::Score;

pub(super) fn value(ctx: &Context<'_>, entrant: EntrantNo) -> Score {
    Score::from_int(i64::from(
        ctx.tallies
            .get(&entrant)
            .map_or(0, crate::scoring::Tally::wins),
    ))
}
