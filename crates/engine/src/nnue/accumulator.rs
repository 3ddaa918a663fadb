//! The accumulators along the search's path, updated by what a move changes.
//!
//! Each ply keeps its position's men (a bitboard per colour and kind) and both
//! perspectives' accumulators. A node's accumulator is its parent's with the features
//! that differ between the two boards taken out and put in: a move changes two squares,
//! so two or three rows each way instead of all the men's. Going back up the path undoes
//! the move without work, since the parent's accumulator is still in its slot. The
//! difference is found from the boards themselves, so it holds for every ruleset's
//! moves, marks and promotions alike, and after a null move (no difference at all).

use super::features::{KINDS, Kind, index};
use super::network::{Network, Values};
use shatar_rules::{Bitboard, Color, Position, Role};

/// The men of a position: a bitboard per colour and kind (`color · 8 + kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Men([u64; 2 * KINDS]);

impl Men {
    /// The men of `pos`.
    #[inline]
    pub fn of(pos: &Position) -> Men {
        let b = pos.board();
        let returning = b.returning();
        let weak = pos.weak_bers();
        let mut men = [0u64; 2 * KINDS];
        for color in Color::ALL {
            let ours = b.by_color(color);
            let set = |kind: Kind, bb: Bitboard| (color.index() * KINDS + kind as usize, bb);
            let pawns = ours & b.by_role(Role::Pawn);
            let bers = ours & b.by_role(Role::Bers);
            for (slot, bb) in [
                set(Kind::Pawn, pawns.without(returning)),
                set(Kind::ReturningPawn, pawns & returning),
                set(Kind::Horse, ours & b.by_role(Role::Horse)),
                set(Kind::Camel, ours & b.by_role(Role::Camel)),
                set(Kind::Rook, ours & b.by_role(Role::Rook)),
                set(Kind::FullBers, bers.without(weak)),
                set(Kind::WeakBers, bers & weak),
                set(Kind::King, ours & b.by_role(Role::King)),
            ] {
                men[slot] = bb.0;
            }
        }
        Men(men)
    }

    /// How many men differ between two positions (each man that left, came or changed
    /// kind counts).
    #[inline]
    pub fn difference(&self, other: &Men) -> u32 {
        self.0
            .iter()
            .zip(&other.0)
            .map(|(a, b)| (a ^ b).count_ones())
            .sum()
    }

    /// Every feature of these men for `perspective`.
    pub fn features(&self, perspective: Color) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(move |(slot, &bb)| {
            let (color, kind) = slot_parts(slot);
            bits(bb).map(move |sq| index(perspective, color, kind, sq))
        })
    }
}

fn slot_parts(slot: usize) -> (Color, Kind) {
    let color = if slot < KINDS {
        Color::White
    } else {
        Color::Black
    };
    (color, Kind::ALL[slot % KINDS])
}

fn bits(mut bb: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bb != 0).then(|| {
            let sq = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            sq
        })
    })
}

/// A position's accumulators, both perspectives, with the men they were made from.
#[derive(Clone)]
pub struct Accumulator {
    /// The men the values belong to.
    pub men: Men,
    /// White's perspective and Black's.
    pub values: [Values; 2],
}

impl Accumulator {
    /// The accumulator of `men` from scratch.
    pub fn fresh(net: &Network, men: &Men) -> Accumulator {
        Accumulator {
            men: *men,
            values: Color::ALL.map(|c| net.accumulate(men.features(c))),
        }
    }

    /// Turns this accumulator into that of `men`: the rows of the men that differ are
    /// taken out and put in.
    pub fn update(&mut self, net: &Network, men: &Men) {
        for (slot, (&old, &new)) in self.men.0.iter().zip(&men.0).enumerate() {
            let (color, kind) = slot_parts(slot);
            for sq in bits(old & !new) {
                for p in Color::ALL {
                    let f = index(p, color, kind, sq);
                    super::network::sub(&mut self.values[p.index()], &net.feature_weights[f]);
                }
            }
            for sq in bits(new & !old) {
                for p in Color::ALL {
                    let f = index(p, color, kind, sq);
                    super::network::add(&mut self.values[p.index()], &net.feature_weights[f]);
                }
            }
        }
        self.men = *men;
    }

    /// The evaluation for the side to move.
    pub fn output(&self, net: &Network, turn: Color) -> i32 {
        net.output(&self.values[turn.index()], &self.values[(!turn).index()])
    }
}

/// Beyond this many changed men a fresh accumulator costs less than an update.
const REFRESH_ABOVE: u32 = 12;

/// The accumulators of a search path, one slot per ply.
pub struct Stack {
    slots: Vec<Option<Accumulator>>,
}

impl Stack {
    /// A stack of `plies` slots.
    pub fn new(plies: usize) -> Stack {
        Stack {
            slots: vec![None; plies],
        }
    }

    /// Forgets every slot (a new network, or a new search).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    /// The evaluation of `pos` at `ply` for the side to move. Its accumulator is made
    /// from the one of the two nearest in men: the previous ply's (the parent's, when it
    /// was evaluated) or this ply's last (a sibling's); fresh when both differ too much.
    pub fn evaluate(&mut self, net: &Network, pos: &Position, ply: usize) -> i32 {
        let men = Men::of(pos);
        let ply = ply.min(self.slots.len() - 1);
        let (before, here) = self.slots.split_at_mut(ply);
        let here = &mut here[0];
        let parent = before.last().and_then(Option::as_ref);
        let far = u32::MAX;
        let from_parent = parent.map_or(far, |a| a.men.difference(&men));
        let from_here = here.as_ref().map_or(far, |a| a.men.difference(&men));
        let acc = match (here.take(), parent) {
            (Some(mut acc), _) if from_here <= from_parent && from_here <= REFRESH_ABOVE => {
                acc.update(net, &men);
                acc
            }
            (_, Some(parent)) if from_parent <= REFRESH_ABOVE => {
                let mut acc = parent.clone();
                acc.update(net, &men);
                acc
            }
            _ => Accumulator::fresh(net, &men),
        };
        let score = acc.output(net, pos.turn());
        *here = Some(acc);
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::network::random_network;
    use proptest::prelude::*;
    use shatar_rules::{Preset, Ruleset, fen};

    /// A walk like a search's: moves down, undos back up (the parent's position
    /// again), now and then a null move; at every node the stack's evaluation and
    /// accumulators equal a fresh computation's.
    fn walk(net: &Network, start: Position, seed: u64, steps: usize) {
        let mut rng = crate::rng::Xorshift::new(seed);
        let mut stack = Stack::new(40);
        let mut path = vec![start];
        for _ in 0..steps {
            let pos = path.last().unwrap().clone();
            let ply = path.len() - 1;
            let moves = pos.legal_moves();
            let choice = rng.below(10);
            if (choice < 3 || moves.is_empty() || ply + 1 >= 40) && path.len() > 1 {
                path.pop();
            } else if choice == 3 {
                if let Some(null) = pos.null_move() {
                    path.push(null);
                }
            } else if !moves.is_empty() {
                path.push(pos.after(moves[rng.below(moves.len())]));
            }
            let pos = path.last().unwrap();
            let ply = path.len() - 1;
            let got = stack.evaluate(net, pos, ply);
            let fresh = Accumulator::fresh(net, &Men::of(pos));
            assert_eq!(got, fresh.output(net, pos.turn()), "{}", fen::write(pos));
            let slot = stack.slots[ply].as_ref().unwrap();
            assert!(slot.values == fresh.values, "{}", fen::write(pos));
            assert_eq!(slot.men, Men::of(pos));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn the_stack_equals_a_fresh_accumulator_in_every_ruleset(seed in any::<u64>()) {
            let net = random_network(seed ^ 1);
            for preset in Preset::ALL {
                walk(&net, Position::start(preset.ruleset()), seed, 600);
            }
            // Pawns a step from their last rank: under step-back they turn into returning
            // pawns, then weak and full bers.
            for preset in [Preset::TraditionalStepBack, Preset::Fsf, Preset::Official] {
                let pos = fen::read("r3k3/PPP5/8/8/8/8/ppp5/R3K3 w - - 0 30", preset.ruleset());
                walk(&net, pos.unwrap(), seed, 600);
            }
        }
    }

    #[test]
    fn the_men_tell_the_kinds_apart() {
        let pos = fen::read(
            "4k3/1P~6/8/3j4/8/8/6Q1/4K3 w - - 0 41",
            Ruleset::TRADITIONAL_STEP_BACK,
        )
        .unwrap();
        let men = Men::of(&pos);
        let white = |k: Kind| men.0[k as usize];
        let black = |k: Kind| men.0[KINDS + k as usize];
        assert_eq!(white(Kind::ReturningPawn), 1 << 49);
        assert_eq!(white(Kind::Pawn), 0);
        assert_eq!(white(Kind::FullBers), 1 << 14);
        assert_eq!(black(Kind::WeakBers), 1 << 35);
        assert_eq!(black(Kind::King), 1 << 60);
        // The same men but a full bers for the weak one: two features differ.
        let other = fen::read(
            "4k3/1P~6/8/3q4/8/8/6Q1/4K3 w - - 0 41",
            Ruleset::TRADITIONAL_STEP_BACK,
        )
        .unwrap();
        assert_eq!(men.difference(&Men::of(&other)), 2);
        assert_eq!(men.features(Color::White).count(), 5);
    }
}
