//! `DE`: direct encounter (直胜, S4 ch.2 §6.1.2(1)C): among the entrants still tied,
//! the points each scored against the others. Applied only when every pair of the tied
//! group has met; otherwise it separates nobody (the value is 0 for all).

use super::Context;
use crate::numbers::EntrantNo;
use crate::score::Score;

pub(super) fn value(ctx: &Context<'_>, entrant: EntrantNo, group: &[EntrantNo]) -> Score {
    if group.len() < 2 {
        return Score::ZERO;
    }
    let met = |a: EntrantNo, b: EntrantNo| {
        ctx.tallies
            .get(&a)
            .is_some_and(|t| t.opponents().any(|o| o == b))
    };
    let all_met = group
        .iter()
        .enumerate()
        .all(|(i, a)| group.iter().skip(i + 1).all(|b| met(*a, *b)));
    if !all_met {
        return Score::ZERO;
    }
    ctx.tallies.get(&entrant).map_or(Score::ZERO, |t| {
        t.encounters
            .iter()
            .filter(|e| e.opponent.is_some_and(|o| group.contains(&o)))
            .map(|e| e.primary(ctx.format))
            .sum()
    })
}
