//! Strength levels (Stockfish's `Skill`): a depth cap and a choice among the best few lines
//! that favours good moves but sometimes takes a weaker one.

use super::root::RootMove;
use super::{MATE_BOUND, SearchConfig};
use crate::limits::Limits;

/// A small deterministic random generator (xorshift64*) for the strength levels.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Stockfish's `Skill::pick_best`: each of the best lines gets a random push that grows
/// as the level falls, but never more than the spread of the scores or a pawn.
pub(super) fn pick_weaker(moves: &[RootMove], skill: f64, seed: u64) -> usize {
    let mut rng = Rng(seed | 1);
    let n = moves.len().min(4);
    let top = moves.first().map_or(0, |r| r.score);
    let last = moves.get(n - 1).map_or(0, |r| r.score);
    let weakness = (120.0 - 2.0 * skill * 5.0 / 5.0).max(1.0) as i64;
    let delta = i64::from((top - last).min(100));
    let mut best = (i64::MIN, 0);
    for (i, rm) in moves.iter().take(n).enumerate() {
        if rm.score <= -MATE_BOUND && i > 0 {
            continue;
        }
        let push = (weakness * i64::from(top - rm.score)
            + delta * (rng.next() % weakness as u64) as i64)
            / 128;
        let value = i64::from(rm.score) + push;
        if value > best.0 {
            best = (value, i);
        }
    }
    best.1
}

/// Sets up a search below full strength: at least four lines to choose among, and a depth
/// cap that grows with the level.
pub(super) fn weaken(cfg: &mut SearchConfig, limits: &mut Limits) {
    cfg.multipv = cfg.multipv.max(4);
    let cap = 1 + (cfg.skill.max(0.0) as u32) / 2;
    limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
}
