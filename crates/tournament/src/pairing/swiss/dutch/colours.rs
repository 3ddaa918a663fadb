//! The colours of a pair (C.04.3 E.1–E.5).

use super::Dutch;
use super::player::Strength;
use crate::result::Color;

impl Dutch {
    /// Colours (C.04.3 E.1–E.5); returns (White, Black).
    pub(super) fn colours(&self, a: u32, b: u32) -> (u32, u32) {
        let (Some(pa), Some(pb)) = (self.players.get(&a), self.players.get(&b)) else {
            return (a, b);
        };
        let (ca, sa) = pa.preference();
        let (cb, sb) = pb.preference();
        let give = |to: u32, c: Color| {
            if c == Color::White {
                (to, if to == a { b } else { a })
            } else {
                (if to == a { b } else { a }, to)
            }
        };
        // E.1: both preferences.
        if let (Some(x), Some(y)) = (ca, cb)
            && x != y
        {
            return give(a, x);
        }
        if let (Some(x), None) = (ca, cb) {
            return give(a, x);
        }
        if let (None, Some(y)) = (ca, cb) {
            return give(b, y);
        }
        let higher = if (pb.score, std::cmp::Reverse(b)) > (pa.score, std::cmp::Reverse(a)) {
            b
        } else {
            a
        };
        if let (Some(x), Some(_)) = (ca, cb) {
            // E.2: the stronger preference (both absolute: the wider difference).
            if sa != sb {
                return if sa > sb { give(a, x) } else { give(b, x) };
            }
            if sa == Strength::Absolute {
                let (da, db) = (pa.colors.difference().abs(), pb.colors.difference().abs());
                if da != db {
                    return if da > db { give(a, x) } else { give(b, x) };
                }
            }
            // E.3: alternate from the most recent round where their colours differed.
            let (ha, hb) = (pa.colors.as_slice(), pb.colors.as_slice());
            let n = ha.len().min(hb.len());
            for k in 1..=n {
                let (x1, y1) = (ha[ha.len() - k], hb[hb.len() - k]);
                if x1 != y1 {
                    return give(a, !x1);
                }
            }
            // E.4: the higher-ranked player's preference.
            let pref = if higher == a { ca } else { cb };
            return give(higher, pref.unwrap_or(Color::White));
        }
        // E.5: no preferences: the higher-ranked player gets the initial colour if their
        // pairing number is odd, the other colour if even.
        let c = if higher % 2 == 1 {
            self.initial
        } else {
            !self.initial
        };
        give(higher, c)
    }
}
