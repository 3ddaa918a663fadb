//! `PTS`: the format's primary points (S4 ch.2 §6.1.1).

use super::Context;
use crate::numbers::EntrantNo;
use crate::score::Score;

pub(super) fn value(ctx: &Context<'_>, entrant: EntrantNo) -> Score {
    ctx.primary(entrant)
}
