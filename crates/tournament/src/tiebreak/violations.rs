//! `VIOL`: fewer violations rank first (S4 ch.2 §6.1.2(1)D). Stored negated so that
//! higher is better, like every other column.

use super::Context;
use crate::numbers::EntrantNo;
use crate::score::Score;

pub(super) fn value(ctx: &Context<'_>, entrant: EntrantNo) -> Score {
    Score::from_int(-i64::from(ctx.event.violations(entrant)))
}
