//! `WIN`: games won (胜局), over the board or by forfeit (003 ch.2 §6.1.2(1)B).

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
