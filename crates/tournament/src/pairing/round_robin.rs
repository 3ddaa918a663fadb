//! Round robin by the Berger tables (S4 table 3 and ch.4 §2.2): first round "first against
//! last, moving inward"; from round 2 the largest number alternates colours and meets the
//! number that stood last in the previous round; the other pairs follow in the same
//! order. Equivalently: with `m = N − 1` and `o` the largest number's opponent,
//! `o = (r − 1)·N/2 mod m + 1`, and the k-th other pair is `(o + k) − (o − k)` (mod m),
//! the first-named playing White.

use crate::error::PairingError;

/// One pairing of a Berger table: `(white, black)` draw numbers; the largest number of
/// an odd field is the bye.
pub type TablePair = (u32, u32);

/// The Berger table for `n` entrants (an odd `n` is padded with the bye number `n + 1`):
/// one list per round, pairs in board order, the largest number's pair first.
pub fn berger_table(n: u32) -> Result<Vec<Vec<TablePair>>, PairingError> {
    if n < 2 {
        return Err(PairingError::TooFewEntrants {
            system: "round-robin".into(),
            needed: 2,
            found: n as usize,
        });
    }
    let big = n + n % 2;
    let m = big - 1;
    let wrap = |x: u32| (x + m - 1) % m + 1; // into 1..=m
    let mut rounds = Vec::with_capacity(m as usize);
    for r in 1..=m {
        let o = ((r - 1) * (big / 2)) % m + 1;
        let mut pairs = Vec::with_capacity((big / 2) as usize);
        // S4 ch.4 §2.2.3: the largest number has White in even rounds.
        pairs.push(if r % 2 == 1 { (o, big) } else { (big, o) });
        for k in 1..big / 2 {
            pairs.push((wrap(o + k), wrap(o + m - k)));
        }
        rounds.push(pairs);
    }
    Ok(rounds)
}

/// Pairs of round `round` (1-based) of a round robin with `cycles` cycles; the second
/// cycle swaps colours (S4 ch.4 §2.1).
pub fn round_pairs(n: u32, round: u32, cycles: u32) -> Result<Vec<TablePair>, PairingError> {
    let table = berger_table(n)?;
    let per_cycle = table.len() as u32;
    if round == 0 || round > per_cycle * cycles {
        return Err(PairingError::EventComplete(per_cycle * cycles));
    }
    let cycle = (round - 1) / per_cycle;
    let pairs = table
        .get(((round - 1) % per_cycle) as usize)
        .cloned()
        .unwrap_or_default();
    Ok(if cycle % 2 == 1 {
        pairs.into_iter().map(|(w, b)| (b, w)).collect()
    } else {
        pairs
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pair_meets_once() {
        for n in 2..=20 {
            let t = berger_table(n).unwrap_or_default();
            let mut seen = std::collections::BTreeSet::new();
            for r in &t {
                for &(a, b) in r {
                    assert!(seen.insert((a.min(b), a.max(b))), "n={n} repeats {a}-{b}");
                }
            }
            let big = n + n % 2;
            assert_eq!(seen.len() as u32, big * (big - 1) / 2);
        }
    }
}
