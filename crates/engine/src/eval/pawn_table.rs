//! The pawn hash table, Stockfish's `Pawns::Table`: what the evaluation works out from the
//! pawns alone (the pawn structure and which pawns are passed), kept by pawn placement.
//! The pawns move far less often than the pieces, so most evaluations in a search find
//! their pawns already worked out.
//!
//! Each search thread has its own table. An entry holds both sides' pawns in full, so a
//! hit is never a different placement.

use super::params::{Params, TUNED};
use super::{Score, passed, pawns};
use shatar_rules::{Bitboard, Color, Position, Role};

/// What depends on the pawns alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PawnInfo {
    /// White's pawn structure less Black's (`pawns.rs`).
    pub structure: Score,
    /// Each side's passed pawns (`passed.rs`), by colour index.
    pub passers: [Bitboard; 2],
}

impl PawnInfo {
    /// Works out the pawn information of `pos` with the weights `p`. It reads only the
    /// pawns of `pos`.
    pub fn compute(p: &Params, pos: &Position) -> PawnInfo {
        PawnInfo {
            structure: pawns::pawn_structure(p, pos, Color::White)
                - pawns::pawn_structure(p, pos, Color::Black),
            passers: [
                passed::passed_pawns(pos, Color::White),
                passed::passed_pawns(pos, Color::Black),
            ],
        }
    }
}

/// One slot: the pawn placement (White's, Black's) and its information. The empty
/// slot (no pawns) holds the right information for a board without pawns.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    pawns: [Bitboard; 2],
    info: PawnInfo,
}

/// Slots per table (a power of two): 16,384 slots of 40 bytes, 640 KiB per thread.
const SLOTS: usize = 1 << 14;

/// A table of pawn information for the weights in play ([`TUNED`]).
///
/// ```
/// use shatar_engine::eval::{self, PawnTable};
/// use shatar_rules::{Position, Ruleset};
/// let pos = Position::start(Ruleset::OFFICIAL);
/// let mut table = PawnTable::new();
/// assert_eq!(eval::evaluate_cached(&pos, &mut table), eval::evaluate(&pos));
/// ```
pub struct PawnTable {
    slots: Box<[Slot]>,
}

impl Default for PawnTable {
    fn default() -> Self {
        PawnTable::new()
    }
}

impl PawnTable {
    /// An empty table.
    pub fn new() -> PawnTable {
        PawnTable::with_slots(SLOTS)
    }

    /// An empty table of `slots` slots (a power of two, at most 2^24).
    fn with_slots(slots: usize) -> PawnTable {
        debug_assert!(slots.is_power_of_two() && slots <= 1 << 24);
        PawnTable {
            slots: vec![Slot::default(); slots].into_boxed_slice(),
        }
    }

    /// The pawn information of `pos`, worked out and stored unless the table has it.
    pub fn probe(&mut self, pos: &Position) -> PawnInfo {
        let b = pos.board();
        let pawns = [
            b.pieces(Color::White, Role::Pawn),
            b.pieces(Color::Black, Role::Pawn),
        ];
        let mask = self.slots.len() - 1;
        let slot = &mut self.slots[index(pawns) & mask];
        if slot.pawns != pawns {
            *slot = Slot {
                pawns,
                info: PawnInfo::compute(&TUNED, pos),
            };
        }
        slot.info
    }
}

/// A hash of a pawn placement, 24 bits: the high bits of a multiplicative hash of both
/// sides' pawns (the table takes as many of the low ones as it has slots for).
fn index(pawns: [Bitboard; 2]) -> usize {
    let mixed = (pawns[0].0 ^ pawns[1].0.rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (mixed >> 40) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::Ruleset;

    /// Positions of seeded random games: every evaluation through one table (many
    /// placements, some of them met again, some sharing a slot) equals the evaluation
    /// that works everything out.
    #[test]
    fn cached_evaluation_equals_the_full_one() {
        let mut table = PawnTable::new();
        let positions = crate::eval::random_positions();
        for pos in &positions {
            assert_eq!(
                crate::eval::evaluate_cached(pos, &mut table),
                crate::eval::evaluate(pos)
            );
        }
        assert!(positions.len() > 3000, "{}", positions.len());
    }

    #[test]
    fn placements_sharing_a_slot_are_told_apart() {
        let mut table = PawnTable::with_slots(1);
        let read = |t: &str| shatar_rules::fen::read(t, Ruleset::OFFICIAL).unwrap();
        let a = read("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1");
        let b = read("4k3/8/8/3p4/8/8/P7/4K3 w - - 0 1");
        assert_ne!(PawnInfo::compute(&TUNED, &a), PawnInfo::compute(&TUNED, &b));
        for pos in [&a, &b, &a, &a] {
            assert_eq!(table.probe(pos), PawnInfo::compute(&TUNED, pos));
        }
    }

    #[test]
    fn the_empty_slot_is_right_for_a_board_without_pawns() {
        let pos =
            shatar_rules::fen::read("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        assert_eq!(PawnInfo::compute(&TUNED, &pos), PawnInfo::default());
    }
}
