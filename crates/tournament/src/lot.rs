//! Drawing lots, reproducibly. The event file stores a seed; every lot is drawn from a
//! SplitMix64 stream keyed by that seed, the round and the purpose, so the same file
//! always gives the same draw (and a change of crate versions cannot change it).

/// A reproducible stream of lots.
#[derive(Debug, Clone)]
pub struct Lot {
    state: u64,
}

impl Lot {
    /// A stream for one purpose (e.g. `"swiss-colours"`) in one round of one event.
    #[must_use]
    pub fn new(seed: u64, round: u32, purpose: &str) -> Lot {
        let mut state = seed ^ (u64::from(round)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for b in purpose.bytes() {
            state = (state ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3);
        }
        Lot { state }
    }

    /// The next 64 random bits (SplitMix64).
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), without modulo bias worth noticing for draws.
    pub fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        // Multiply-shift keeps the result in range without a division.
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A coin toss.
    pub fn coin(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }

    /// Shuffles in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_draw() {
        let mut a = Lot::new(7, 3, "x");
        let mut b = Lot::new(7, 3, "x");
        let mut c = Lot::new(7, 4, "x");
        let va: Vec<u64> = (0..4).map(|_| a.next_u64()).collect();
        let vb: Vec<u64> = (0..4).map(|_| b.next_u64()).collect();
        let vc: Vec<u64> = (0..4).map(|_| c.next_u64()).collect();
        assert_eq!(va, vb);
        assert_ne!(va, vc);
        assert!((0..1000).all(|_| a.below(7) < 7));
    }
}
