//! The weight digits of a bracket's matching: which criterion each digit holds (the
//! table of the `dutch` module, most important highest) and how wide each must be so
//! that no digit spills into the next.

use std::collections::BTreeSet;

use super::player::{Float, Player};
use super::{BYE, Dutch, MAX_FIELD};
use crate::error::{PairingError, UnsupportedPairing};

/// Positions of the weight digits, least significant first.
pub(super) mod digit {
    pub const C19: usize = 0;
    pub const C18: usize = 1;
    pub const C17: usize = 2;
    pub const C16: usize = 3;
    pub const C15: usize = 4;
    pub const C14: usize = 5;
    pub const C13: usize = 6;
    pub const C12: usize = 7;
    pub const C11: usize = 8;
    pub const C10: usize = 9;
    pub const C9: usize = 10;
    pub const C8: usize = 11;
    pub const BYE_PLAYED: usize = 12;
    pub const C7_SCORES: usize = 13;
    pub const C7_PAIRS: usize = 14;
    pub const PSD_SQUARES: usize = 15;
    pub const PSD_SCORES: usize = 16;
    pub const C5: usize = 17;
    pub const COUNT: usize = 18;
    /// The score-difference criteria of repeated floats, most significant first.
    pub const REPEATS: [usize; 4] = [C16, C17, C18, C19];
}

/// The kind of repeated float a score-difference criterion (C.16–C.19) weighs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Repeat {
    /// C.16 (one round ago), C.18 (two rounds ago).
    Down(usize),
    /// C.17 (one round ago), C.19 (two rounds ago).
    Up(usize),
}

impl Repeat {
    /// C.16, C.17, C.18, C.19, in the order of [`digit::REPEATS`].
    pub(super) const ALL: [Repeat; 4] = [
        Repeat::Down(1),
        Repeat::Up(1),
        Repeat::Down(2),
        Repeat::Up(2),
    ];

    /// Whether `p` floated this way then: a player the criterion watches.
    pub(super) fn watches(self, p: &Player) -> bool {
        match self {
            Repeat::Down(ago) => p.float_ago(ago) == Float::Down,
            Repeat::Up(ago) => p.float_ago(ago) == Float::Up,
        }
    }
}

/// One score-difference criterion of repeated floats (C.16–C.19) in a bracket: the
/// watched players' score differences, compared as C.04.3 compares score differences
/// (A.8, like the PSD): the largest first, then their numbers. Each difference that can
/// occur has a sub-digit counting the watched players who get it, the larger differences
/// the more significant; a watched player adds `top − 2^(unit·rank)` to the weight (just
/// `top` when it does not float again), so the heaviest matching has the smallest list.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct RepeatDigit {
    /// The differences that can occur, in half points (bit `v` for `v` half points).
    values: u128,
    /// Bits of one sub-digit: enough to count every watched player.
    unit: u32,
}

impl RepeatDigit {
    /// The weight a watched player adds with `difference` half points (0: no repeat).
    pub(super) fn value(&self, difference: i64) -> i128 {
        if self.unit == 0 {
            return 0;
        }
        let levels = self.values.count_ones();
        let top = 1i128 << (levels * self.unit);
        let Ok(v) = u32::try_from(difference) else {
            return top;
        };
        if v == 0 || v >= 128 {
            return top;
        }
        let rank = (self.values & ((1u128 << v) - 1)).count_ones();
        top - (1i128 << (rank * self.unit))
    }

    /// Bits of the digit's largest sum, `watched` players at `top` each.
    fn width(&self, watched: u32) -> u32 {
        if self.unit == 0 {
            return 0;
        }
        self.values.count_ones() * self.unit + (32 - watched.leading_zeros())
    }
}

/// Bit widths of the weight digits of one bracket's matching, least significant first.
#[derive(Debug, Clone, Copy)]
pub(super) struct Digits {
    shifts: [u32; digit::COUNT],
    /// Total width; the matcher doubles weights and sums a matching, so keep under 120.
    bits: u32,
    /// The lowest score of the bracket: score digits count from it.
    pub(super) base: i64,
    /// The widest score difference inside the bracket (half points).
    pub(super) span: i64,
    /// The next bracket's score: C.7 score digits count from it.
    pub(super) next: i64,
    /// C.16–C.19, in the order of [`digit::REPEATS`]; empty when left out.
    pub(super) repeats: [RepeatDigit; 4],
}

/// The widest weight the matcher handles without overflow.
pub(super) const MAX_WEIGHT_BITS: u32 = 118;

impl Digits {
    /// Widths for `n` players to match, `b` of them in a bracket whose scores run from
    /// `base` to `top` above a next bracket of score `next`, with the topscorer digits
    /// (C.8, C.9) only in the last round. Each digit is as wide as its largest possible sum over a matching,
    /// so no digit spills into the one above; scores count from the bracket's lowest (and
    /// the next bracket's) score because the number of pairs above them is already fixed
    /// by a more significant digit.
    ///
    /// The score-difference criteria of repeated floats (C.16–C.19, `repeats` with the
    /// number of players each watches) come last and are weighed while they fit the
    /// matcher's width: when one does not, it and the ones after it are left out, so
    /// the criteria weighed are always a prefix of C.04.3's order.
    fn new(
        n: usize,
        b: usize,
        (base, top, next): (i64, i64, i64),
        (last_round, rounds_played): (bool, u32),
        repeats: [Option<(RepeatDigit, u32)>; 4],
    ) -> Digits {
        let pairs = n.div_ceil(2).max(1) as u128;
        // Every edge touching the bracket holds at least one of its `b` players, so the
        // bracket's own digits sum over at most `b` edges (`b / 2` pairs inside it).
        let b = b.max(1) as u128;
        let inside = b / 2 + 1;
        let bits = |max_sum: u128| 128 - max_sum.leading_zeros();
        let span = (top - base).max(0) as u128;
        let above_next = (top - next).max(0) as u128;
        let mut widths = [0u32; digit::COUNT];
        widths[digit::C15] = bits(b);
        widths[digit::C14] = bits(b);
        widths[digit::C13] = bits(b);
        widths[digit::C12] = bits(b);
        widths[digit::C11] = bits(2 * b);
        widths[digit::C10] = bits(2 * b);
        if last_round {
            widths[digit::C9] = bits(2 * b);
            widths[digit::C8] = bits(2 * b);
        }
        widths[digit::BYE_PLAYED] = bits(u128::from(rounds_played));
        widths[digit::C7_SCORES] = bits(pairs * 2 * above_next);
        widths[digit::C7_PAIRS] = bits(pairs);
        widths[digit::PSD_SQUARES] = bits(inside * span * span);
        widths[digit::PSD_SCORES] = bits(inside * 2 * span);
        widths[digit::C5] = bits(inside);
        let mut kept = [RepeatDigit::default(); 4];
        let mut total: u32 = widths.iter().sum();
        for ((slot, repeat), position) in kept.iter_mut().zip(repeats).zip(digit::REPEATS) {
            let Some((repeat, watched)) = repeat else {
                break;
            };
            let width = repeat.width(watched);
            if total + width > MAX_WEIGHT_BITS {
                break;
            }
            total += width;
            widths[position] = width;
            *slot = repeat;
        }
        let mut shifts = [0u32; digit::COUNT];
        let mut s = 0;
        for (i, w) in widths.iter().enumerate() {
            shifts[i] = s;
            s += w;
        }
        Digits {
            shifts,
            bits: s,
            base,
            span: span as i64,
            next,
            repeats: kept,
        }
    }

    /// The weight of a pair whose digits hold the values `d`.
    pub(super) fn weight(&self, d: &[i128; digit::COUNT]) -> i128 {
        d.iter().zip(self.shifts).map(|(v, s)| v << s).sum::<i128>() + 1
    }
}

impl Dutch {
    /// The weight digits of a bracket's matching over `n` players, refused by name when
    /// they do not fit the matcher's weights.
    pub(super) fn digits(
        &self,
        n: usize,
        bracket: &BTreeSet<u32>,
        next: i64,
    ) -> Result<Digits, PairingError> {
        let scores = || {
            bracket
                .iter()
                .filter(|x| **x != BYE)
                .map(|x| self.score(*x))
        };
        let base = scores().min().unwrap_or(0);
        let top = scores().max().unwrap_or(0);
        let repeats = Repeat::ALL.map(|repeat| self.repeat_digit(repeat, bracket, base));
        let digits = Digits::new(
            n,
            bracket.len(),
            (base, top, next),
            (self.last_round, self.rounds_played),
            repeats,
        );
        if digits.bits > MAX_WEIGHT_BITS {
            return Err(PairingError::Unsupported(
                UnsupportedPairing::DutchBracketTooLarge {
                    max_players: MAX_FIELD,
                    max_bits: MAX_WEIGHT_BITS,
                    players: bracket.len(),
                    bits: digits.bits,
                },
            ));
        }
        Ok(digits)
    }

    /// The differences `repeat` can meet in `bracket` (lowest score `base`), with the
    /// number of players it watches; `None` when a difference is too wide to encode.
    fn repeat_digit(
        &self,
        repeat: Repeat,
        bracket: &BTreeSet<u32>,
        base: i64,
    ) -> Option<(RepeatDigit, u32)> {
        let members = || bracket.iter().filter_map(|id| self.players.get(id));
        let scores: BTreeSet<i64> = members().map(|p| p.score).collect();
        let mut values = 0u128;
        let mut watched = 0u32;
        for p in members().filter(|p| repeat.watches(p)) {
            watched += 1;
            let differences: Vec<i64> = match repeat {
                // Paired lower in the bracket, or floating out of it: a float out counts
                // one point beyond the bracket's lowest score (A.8).
                Repeat::Down(_) => scores
                    .range(..p.score)
                    .map(|s| p.score - s)
                    .chain([p.score - base + 2])
                    .collect(),
                Repeat::Up(_) => scores.range(p.score + 1..).map(|s| s - p.score).collect(),
            };
            for v in differences {
                values |= 1u128.checked_shl(u32::try_from(v).ok()?)?;
            }
        }
        let unit = if watched == 0 {
            0
        } else {
            32 - watched.leading_zeros()
        };
        Some((RepeatDigit { values, unit }, watched))
    }
}

#[cfg(test)]
mod tests {
    use super::RepeatDigit;

    /// Watched players' differences compare largest first, then by how many have it
    /// (as the PSD, C.04.3 A.8): the heavier sum is the better list.
    #[test]
    fn repeat_digits_compare_the_largest_difference_first() {
        // Two watched players; differences of 1, 2 and 3 half points can occur.
        let digit = RepeatDigit {
            values: 0b1110,
            unit: 2,
        };
        let sum = |ds: &[i64]| ds.iter().map(|d| digit.value(*d)).sum::<i128>();
        // {1, 1} beats {2, 0}: its largest difference is smaller.
        assert!(sum(&[1, 1]) > sum(&[2, 0]));
        // {2, 1} beats {2, 2}, and {3, 0} loses to both.
        assert!(sum(&[2, 1]) > sum(&[2, 2]));
        assert!(sum(&[2, 2]) > sum(&[3, 0]));
        // No repeat at all is best; the width holds the largest sum.
        assert!(sum(&[0, 0]) > sum(&[1, 0]));
        assert!(sum(&[0, 0]) < 1 << digit.width(2));
        assert_eq!(sum(&[0, 0]), 2 * (1 << 6));
    }
}
