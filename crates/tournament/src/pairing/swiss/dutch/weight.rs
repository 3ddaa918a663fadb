//! The weight of one pair in a bracket's matching: each quality criterion (C.5–C.19)
//! read into its digit.

use std::collections::BTreeSet;

use super::digits::{Digits, Repeat, digit};
use super::player::{Float, Player, Strength};
use super::{BYE, Dutch};
use crate::result::Color;

impl Dutch {
    /// Edge weight of `a`–`b` when pairing the bracket `bracket` (with the next score
    /// group `digits.next`).
    pub(super) fn weight(&self, a: u32, b: u32, bracket: &BTreeSet<u32>, digits: &Digits) -> i128 {
        use digit::*;
        let mut d = [0i128; COUNT];
        if a == BYE || b == BYE {
            // The bye: its receiver floats down out of the bracket and plays nobody, so
            // no colour preference is missed (C.8–C.11), but the downfloat counts.
            let other = if a == BYE { b } else { a };
            let Some(p) = self.players.get(&other) else {
                return 0;
            };
            if bracket.contains(&other) {
                Self::unjudged_floater(&mut d, p, digits);
                // Fewest unplayed games for the bye's receiver (C.04.3 2025, after the
                // next bracket's criteria, as bbpPairings weighs it).
                d[BYE_PLAYED] = i128::from(p.played);
            }
            return digits.weight(&d);
        }
        let (Some(pa), Some(pb)) = (self.players.get(&a), self.players.get(&b)) else {
            return 0;
        };
        let in_a = bracket.contains(&a);
        let in_b = bracket.contains(&b);
        let diff = (pa.score - pb.score).abs();
        if in_a && in_b {
            d[C5] = 1;
            d[PSD_SCORES] = (pa.score + pb.score - 2 * digits.base).max(0) as i128;
            d[PSD_SQUARES] =
                (digits.span * digits.span - (diff * diff).min(digits.span * digits.span)) as i128;
        }
        // C.7: pairs of the next bracket — its residents with each other or with this
        // bracket's downfloaters (a downfloater may not skip the next bracket for free).
        let next = digits.next;
        let next_a = !in_a && pa.score == next;
        let next_b = !in_b && pb.score == next;
        if (next_a && (next_b || in_b)) || (next_b && in_a) {
            d[C7_PAIRS] = 1;
            d[C7_SCORES] = (pa.score + pb.score - 2 * next).max(0) as i128;
        }
        if in_a != in_b {
            // A downfloater's game belongs to the next bracket: only its downfloat counts
            // here (C.12, C.14); colours and the partner's upfloat are judged there.
            Self::unjudged_floater(&mut d, if in_a { pa } else { pb }, digits);
        } else if in_a && in_b {
            let (ca, sa) = pa.preference();
            let (cb, sb) = pb.preference();
            let clash = ca.is_some() && ca == cb;
            if self.last_round {
                let (c8, c9) = self.topscorer_misses(a, b);
                d[C8] = 2 - c8;
                d[C9] = 2 - c9;
            }
            // C.10: both get their preference unless they clash.
            d[C10] = if clash { 1 } else { 2 };
            // C.11: a clash of two strong (or absolute) preferences leaves one unmet.
            d[C11] = if clash && sa >= Strength::Strong && sb >= Strength::Strong {
                1
            } else {
                2
            };
            let (high, low) = if pa.score >= pb.score {
                (pa, pb)
            } else {
                (pb, pa)
            };
            if diff > 0 {
                d[C12] = i128::from(high.float_ago(1) != Float::Down);
                d[C13] = i128::from(low.float_ago(1) != Float::Up);
                d[C14] = i128::from(high.float_ago(2) != Float::Down);
                d[C15] = i128::from(low.float_ago(2) != Float::Up);
            } else {
                d[C12] = 1;
                d[C13] = 1;
                d[C14] = 1;
                d[C15] = 1;
            }
            // C.16–C.19: the score difference a watched player floats again by.
            for ((repeat, position), rd) in Repeat::ALL.iter().zip(REPEATS).zip(digits.repeats) {
                for (p, q) in [(pa, pb), (pb, pa)] {
                    if repeat.watches(p) {
                        let again = match repeat {
                            Repeat::Down(_) => p.score > q.score,
                            Repeat::Up(_) => p.score < q.score,
                        };
                        d[position] += rd.value(if again { diff } else { 0 });
                    }
                }
            }
        }
        digits.weight(&d)
    }

    /// The digits of a bracket player who floats out of it: colours are judged in the
    /// bracket where it plays, the downfloat here (C.12, C.14, and C.16, C.18 with one
    /// point beyond the bracket's lowest score, A.8).
    fn unjudged_floater(d: &mut [i128; digit::COUNT], p: &Player, digits: &Digits) {
        use digit::*;
        d[C8] = 2;
        d[C9] = 2;
        d[C10] = 2;
        d[C11] = 2;
        d[C12] = i128::from(p.float_ago(1) != Float::Down);
        d[C13] = 1;
        d[C14] = i128::from(p.float_ago(2) != Float::Down);
        d[C15] = 1;
        for ((repeat, position), rd) in Repeat::ALL.iter().zip(REPEATS).zip(digits.repeats) {
            if repeat.watches(p) {
                let again = match repeat {
                    Repeat::Down(_) => p.score - digits.base + 2,
                    Repeat::Up(_) => 0,
                };
                d[position] = rd.value(again);
            }
        }
    }

    /// Players of the pair `a`–`b`, with the colours E.1–E.5 give them, who reach a
    /// colour difference beyond ±2 (C.8) or the same colour three times in a row (C.9);
    /// counted only when a topscorer plays (C.04.3 C.8, C.9: topscorers or their
    /// opponents, in the last round).
    fn topscorer_misses(&self, a: u32, b: u32) -> (i128, i128) {
        if !(self.topscorer(a) || self.topscorer(b)) {
            return (0, 0);
        }
        let (white, black) = self.colours(a, b);
        let mut c8 = 0;
        let mut c9 = 0;
        for (id, c) in [(white, Color::White), (black, Color::Black)] {
            let Some(p) = self.players.get(&id) else {
                continue;
            };
            if p.colors.difference_after(c).abs() > 2 {
                c8 += 1;
            }
            let colors = p.colors.as_slice();
            if colors.len() >= 2 && colors.iter().rev().take(2).all(|x| *x == c) {
                c9 += 1;
            }
        }
        (c8, c9)
    }
}
