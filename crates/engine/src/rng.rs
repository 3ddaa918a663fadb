//! The seeded generator the engine's tests and the tuning tools share, so that the
//! positions they pick are the same on every machine.

/// Marsaglia's xorshift64 (13, 7, 17): a fixed, seedable sequence, so that the data the
/// examples write is the same on every machine.
#[derive(Debug, Clone)]
pub struct Xorshift(u64);

impl Xorshift {
    /// A generator from `seed`, spread over the bits (a zero state would stay zero).
    pub fn new(seed: u64) -> Self {
        Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// The next number of the sequence.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xorshift_gives_its_fixed_sequence() {
        // From the state 1: 1 ^ 1<<13 = 8193; ^ 8193>>7 = 8193 ^ 64 = 8257;
        // ^ 8257<<17 = 8257 ^ 1082261504 = 1082269761.
        let mut r = Xorshift(1);
        assert_eq!(r.next_u64(), 1_082_269_761);
    }
}
