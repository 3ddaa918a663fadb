//! What the tuning examples (`examples/texel_data.rs`, `examples/fsf_label.rs`) share: the
//! test of a quiet position and their seeded generator (the engine's), one definition for
//! both so that their positions are chosen alike.

use shatar_engine::movepick::see;
pub use shatar_engine::rng::Xorshift;
use shatar_rules::Position;

/// A position the evaluation can be fitted on: not in check, and no capture or promotion
/// wins material by static exchange (the score would belong to the exchange, not to the
/// position).
///
/// ```
/// use shatar_engine_tools::tuning::is_quiet;
/// use shatar_rules::{Position, Ruleset};
///
/// assert!(is_quiet(&Position::start(Ruleset::FSF)));
/// ```
pub fn is_quiet(pos: &Position) -> bool {
    !pos.is_check()
        && pos
            .legal_captures_and_promotions()
            .iter()
            .all(|m| see(pos, m) <= 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{Ruleset, fen};

    #[test]
    fn a_hanging_man_is_not_quiet() {
        // White's rook on a1 takes the unguarded horse on a8.
        let pos = fen::read("n3k3/8/8/8/8/8/8/R3K3 w - - 0 1", Ruleset::FSF).unwrap();
        assert!(!is_quiet(&pos));
    }
}
