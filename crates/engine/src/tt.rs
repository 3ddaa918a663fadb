//! The transposition table, shared by all search threads (Lazy SMP).
//!
//! One entry is two 64-bit words: the key XOR the data, and the data. A reader checks that
//! `word0 ^ word1 == key`, so an entry torn by two threads writing at once reads as a miss
//! instead of a wrong hit (the "lockless hashing" trick of Hyatt and Mann), which lets the
//! table be plain atomics with relaxed ordering and no locks. A move read from the table is
//! only ever used after it is found in the position's legal move list.

use shatar_rules::{Move, Role, Square};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// Which side of the true score a stored score is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this (fail low).
    Upper,
    /// The true score is at least this (fail high).
    Lower,
    /// The exact score.
    Exact,
}

/// What the table remembers about a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TtEntry {
    /// The best move found, packed by [`pack_move`].
    pub mv: u16,
    /// The score, with mate distances relative to this node.
    pub score: i32,
    /// The static evaluation.
    pub eval: i32,
    /// The depth searched.
    pub depth: i32,
    /// The bound.
    pub bound: Bound,
    /// Whether the position was ever on a principal variation (Stockfish's `ttPv`).
    pub pv: bool,
}

/// Packs a move's squares and promotion into 16 bits.
pub fn pack_move(m: &Move) -> u16 {
    let promo = m.promotion.map_or(0, |r| r.index() as u16 + 1);
    m.from.index() as u16 | (m.to.index() as u16) << 6 | promo << 12
}

/// Whether `m` is the packed move `packed`.
pub fn same_move(m: &Move, packed: u16) -> bool {
    packed != 0 && pack_move(m) == packed
}

/// The from-square, to-square and promotion of a packed move (for tests and display).
pub fn unpack_move(packed: u16) -> Option<(Square, Square, Option<Role>)> {
    let from = Square::new((packed & 63) as u8)?;
    let to = Square::new((packed >> 6 & 63) as u8)?;
    let promo = match packed >> 12 {
        0 => None,
        n => Some(*Role::ALL.get(usize::from(n - 1))?),
    };
    Some((from, to, promo))
}

/// Where an entry's data word keeps the principal-variation flag and the search
/// generation (the bits above the bound).
const PV_SHIFT: u32 = 58;
const GENERATION_SHIFT: u32 = 59;
/// Searches told apart by the generation before it wraps around.
const GENERATIONS: u64 = 32;

/// Entries per bucket: a new position goes into the bucket's least valuable slot.
const BUCKET: usize = 2;

/// The shared table.
#[derive(Debug)]
pub struct Tt {
    words: Vec<AtomicU64>,
    entries: usize,
    generation: AtomicU8,
}

impl Tt {
    /// A table of about `mb` megabytes (at least one entry).
    pub fn new(mb: usize) -> Tt {
        let entries = (mb.max(1) * 1024 * 1024 / 16 / BUCKET).max(1) * BUCKET;
        let mut words = Vec::with_capacity(entries * 2);
        words.resize_with(entries * 2, || AtomicU64::new(0));
        Tt {
            words,
            entries,
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets everything (`ucinewgame`).
    pub fn clear(&self) {
        for w in &self.words {
            w.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become easier to replace.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store(((u64::from(g) + 1) % GENERATIONS) as u8, Ordering::Relaxed);
    }

    /// The word index of the first entry of `key`'s bucket.
    fn index(&self, key: u64) -> usize {
        let buckets = self.entries / BUCKET;
        ((u128::from(key) * buckets as u128) >> 64) as usize * BUCKET * 2
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let first = self.index(key);
        let data = (0..BUCKET).find_map(|k| {
            let i = first + 2 * k;
            let w0 = self.words.get(i)?.load(Ordering::Relaxed);
            let data = self.words.get(i + 1)?.load(Ordering::Relaxed);
            (w0 ^ data == key && data != 0).then_some(data)
        })?;
        let bound = match data >> 56 & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        Some(TtEntry {
            mv: data as u16,
            score: i32::from((data >> 16) as u16 as i16),
            eval: i32::from((data >> 32) as u16 as i16),
            depth: i32::from((data >> 48) as u8) - 1,
            bound,
            pv: data >> PV_SHIFT & 1 == 1,
        })
    }

    /// The slot (word index) for `key`: its own entry if the bucket has one, else the
    /// entry worth least, by depth less eight plies per search of age (Stockfish's
    /// replacement rule, so deep entries of the current search survive shallow ones).
    fn slot_for(&self, key: u64, gen_now: u64) -> usize {
        let first = self.index(key);
        let mut victim = first;
        let mut worst = i32::MAX;
        for k in 0..BUCKET {
            let i = first + 2 * k;
            let (Some(a), Some(b)) = (self.words.get(i), self.words.get(i + 1)) else {
                continue;
            };
            let data = b.load(Ordering::Relaxed);
            if data == 0 || a.load(Ordering::Relaxed) ^ data == key {
                return i;
            }
            let depth = i32::from((data >> 48) as u8) - 1;
            let age = ((gen_now + GENERATIONS - (data >> GENERATION_SHIFT)) % GENERATIONS) as i32;
            let value = depth - 8 * age;
            if value < worst {
                worst = value;
                victim = i;
            }
        }
        victim
    }

    /// Stores an entry, replacing the old one of the same position unless that is deeper
    /// and from this search.
    pub fn store(&self, key: u64, e: TtEntry) {
        let gen_now = u64::from(self.generation.load(Ordering::Relaxed));
        let i = self.slot_for(key, gen_now);
        let (Some(a), Some(b)) = (self.words.get(i), self.words.get(i + 1)) else {
            return;
        };
        let old = b.load(Ordering::Relaxed);
        let old_key = a.load(Ordering::Relaxed) ^ old;
        let old_depth = i32::from((old >> 48) as u8) - 1;
        let old_gen = old >> GENERATION_SHIFT;
        let mut mv = e.mv;
        if old_key == key && mv == 0 {
            mv = old as u16; // keep the known best move
        }
        if old_key == key
            && old_gen == gen_now
            && e.bound != Bound::Exact
            && old_depth > e.depth + 2
        {
            return;
        }
        let bound = match e.bound {
            Bound::Upper => 1u64,
            Bound::Lower => 2,
            Bound::Exact => 3,
        };
        let depth = (e.depth + 1).clamp(0, 255) as u64;
        let data = u64::from(mv)
            | u64::from(e.score.clamp(-32767, 32767) as i16 as u16) << 16
            | u64::from(e.eval.clamp(-32767, 32767) as i16 as u16) << 32
            | depth << 48
            | bound << 56
            | u64::from(e.pv) << PV_SHIFT
            | gen_now << GENERATION_SHIFT;
        a.store(key ^ data, Ordering::Relaxed);
        b.store(data, Ordering::Relaxed);
    }

    /// Permille of sampled entries written in the current search (`info hashfull`).
    pub fn hashfull(&self) -> u32 {
        let gen_now = u64::from(self.generation.load(Ordering::Relaxed));
        let n = self.entries.min(1000);
        let used = (0..n)
            .filter(|&e| {
                let d = self
                    .words
                    .get(e * 2 + 1)
                    .map_or(0, |w| w.load(Ordering::Relaxed));
                d != 0 && d >> GENERATION_SHIFT == gen_now
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_reads_back() {
        let tt = Tt::new(1);
        let e = TtEntry {
            mv: 0x1234,
            score: -31000,
            eval: 17,
            depth: 9,
            bound: Bound::Lower,
            pv: true,
        };
        tt.store(0xdead_beef_0000_0001, e);
        assert_eq!(tt.probe(0xdead_beef_0000_0001), Some(e));
        assert_eq!(tt.probe(0xdead_beef_0000_0002), None);
    }

    #[test]
    fn a_bucket_keeps_two_positions_and_replaces_the_shallower() {
        // Keys that differ only in their low bits fall into the same bucket.
        let tt = Tt::new(1);
        let entry = |depth| TtEntry {
            mv: 0,
            score: 0,
            eval: 0,
            depth,
            bound: Bound::Upper,
            pv: false,
        };
        let (a, b, c) = (
            0x4000_0000_0000_0001,
            0x4000_0000_0000_0002,
            0x4000_0000_0000_0003,
        );
        tt.store(a, entry(9));
        tt.store(b, entry(3));
        assert_eq!(tt.probe(a), Some(entry(9)));
        assert_eq!(tt.probe(b), Some(entry(3)));
        // A third position replaces the shallower entry, not the deep one.
        tt.store(c, entry(5));
        assert_eq!(tt.probe(a), Some(entry(9)));
        assert_eq!(tt.probe(b), None);
        assert_eq!(tt.probe(c), Some(entry(5)));
    }
}
