//! The exchanges of a homogeneous bracket (C.04.3 D.2) and the order they are tried in.
//!
//! Only the order is kept (the positions in S1 and S2); each exchange's S1 and S2 are
//! built when it is tried: a bracket of 1,000 has 250,000 one-player exchanges and
//! seldom tries more than a few.

/// One exchange of a homogeneous bracket (C.04.3 D.2): the positions in S1 and in S2 of
/// the one or two players each side gives up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Exchange {
    /// Players exchanged each way: 1 or 2.
    size: u8,
    from1: [u16; 2],
    from2: [u16; 2],
}

impl Exchange {
    /// Positions in S1 of the players moved to S2.
    fn from1(&self) -> impl Iterator<Item = usize> {
        self.from1
            .into_iter()
            .take(usize::from(self.size))
            .map(usize::from)
    }

    /// Positions in S2 of the players moved to S1.
    fn from2(&self) -> impl Iterator<Item = usize> {
        self.from2
            .into_iter()
            .take(usize::from(self.size))
            .map(usize::from)
    }

    /// S1 and S2 after the exchange: each side without its players given up, with the
    /// other side's, in rank order (`rank_of`).
    pub(super) fn apply(
        &self,
        s1: &[u32],
        s2: &[u32],
        rank_of: &impl Fn(u32) -> usize,
    ) -> (Vec<u32>, Vec<u32>) {
        let from1: Vec<u32> = self.from1().filter_map(|i| s1.get(i)).copied().collect();
        let from2: Vec<u32> = self.from2().filter_map(|j| s2.get(j)).copied().collect();
        let mut n1: Vec<u32> = s1
            .iter()
            .copied()
            .filter(|x| !from1.contains(x))
            .chain(from2.iter().copied())
            .collect();
        let mut n2: Vec<u32> = s2
            .iter()
            .copied()
            .filter(|x| !from2.contains(x))
            .chain(from1.iter().copied())
            .collect();
        n1.sort_by_key(|x| rank_of(*x));
        n2.sort_by_key(|x| rank_of(*x));
        (n1, n2)
    }

    /// The D.2 order, with BSN = position in the bracket (S1 first, then S2 at `s1`):
    /// fewest players; smallest difference of the BSN sums moved S2→S1 and S1→S2; the
    /// highest BSNs moved from S1 (compared highest first); the lowest BSNs moved from
    /// S2. Unused second places are 0 on both sides of a comparison, as only exchanges
    /// of one size are compared beyond the size.
    fn key(&self, s1: usize) -> (u8, i64, [i64; 2], [i64; 2]) {
        // Positions are stored in increasing order (`i1 < i2`, `j1 < j2`).
        let [i1, i2] = self.from1.map(i64::from);
        let [j1, j2] = self.from2.map(|j| s1 as i64 + i64::from(j));
        if self.size == 1 {
            (1, j1 - i1, [-i1, 0], [j1, 0])
        } else {
            (self.size, j1 + j2 - i1 - i2, [-i2, -i1], [j1, j2])
        }
    }
}

/// The exchanges of a bracket with `s1` and `s2` players in S1 and S2, in the order of
/// C.04.3 D.2: one-player exchanges, and two-player ones where `s1 × s2 ≤ 100`. Each
/// side's players are taken in order (pairs `i < j`), S1's outer, and the sort is stable,
/// so exchanges of equal keys keep that order.
pub(super) fn exchange_order(s1: usize, s2: usize) -> Vec<Exchange> {
    let subsets = |n: usize, size: u8| -> Vec<[u16; 2]> {
        let n = u16::try_from(n).unwrap_or(u16::MAX);
        let mut out = Vec::new();
        for i in 0..n {
            if size == 1 {
                out.push([i, 0]);
            } else {
                for j in i + 1..n {
                    out.push([i, j]);
                }
            }
        }
        out
    };
    let max_size: u8 = if s1 * s2 <= 100 { 2 } else { 1 };
    let mut out = Vec::new();
    for size in 1..=max_size.min(u8::try_from(s1).unwrap_or(u8::MAX)) {
        let side2 = subsets(s2, size);
        for from1 in subsets(s1, size) {
            for &from2 in &side2 {
                out.push(Exchange { size, from1, from2 });
            }
        }
    }
    out.sort_by_key(|e| e.key(s1));
    out
}

#[cfg(test)]
mod tests {
    use super::exchange_order;

    /// The exchanges of S1 = {1, 2, 3}, S2 = {4, 5, 6} (BSNs) in the order of C.04.3 D.2,
    /// worked by hand: one player each way before two; then the smallest difference of
    /// the sums moved S2→S1 and S1→S2; then the highest BSN from S1; then the lowest
    /// from S2.
    #[test]
    fn exchanges_follow_the_d2_order() {
        let order: Vec<(Vec<usize>, Vec<usize>)> = exchange_order(3, 3)
            .iter()
            .map(|e| {
                (
                    e.from1().map(|i| i + 1).collect(),
                    e.from2().map(|j| j + 4).collect(),
                )
            })
            .collect();
        let expected: [(&[usize], &[usize]); 18] = [
            (&[3], &[4]),
            (&[3], &[5]),
            (&[2], &[4]),
            (&[3], &[6]),
            (&[2], &[5]),
            (&[1], &[4]),
            (&[2], &[6]),
            (&[1], &[5]),
            (&[1], &[6]),
            (&[2, 3], &[4, 5]),
            (&[2, 3], &[4, 6]),
            (&[1, 3], &[4, 5]),
            (&[2, 3], &[5, 6]),
            (&[1, 3], &[4, 6]),
            (&[1, 2], &[4, 5]),
            (&[1, 3], &[5, 6]),
            (&[1, 2], &[4, 6]),
            (&[1, 2], &[5, 6]),
        ];
        assert_eq!(order.len(), expected.len());
        for (got, (a, b)) in order.iter().zip(expected) {
            assert_eq!((got.0.as_slice(), got.1.as_slice()), (a, b));
        }
        // Larger brackets (S1 × S2 > 100) exchange one player only.
        assert_eq!(exchange_order(10, 11).len(), 110);
        assert_eq!(exchange_order(10, 10).len(), 100 + 45 * 45);
    }
}
