//! `PTS`: the format's primary points (003 ch.2 §6.1.1).

use super::Context;
use crate::numbers::EntrantNo;
use crate::score::Score;

pub(super) fn value(ctx: &Context<'_>, entrant: EntrantNo) -> Score {
    ctx.primary(entrant)
}
