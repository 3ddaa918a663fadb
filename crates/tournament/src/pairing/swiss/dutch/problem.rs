//! One bracket's matching problem, and its solves: the pairs' compatibilities and
//! weights computed once, every solve building the same edge list in the same order (so
//! the matcher returns the same matching), and the duals of each solve kept when they
//! check out.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::digits::Digits;
use super::{BYE, Dutch};
use crate::matching::{Duals, Edge, max_weight_matching_with_duals_owned};

/// One bracket's matching problem: the players still to pair, with every pair's
/// compatibility and weight computed once (neither changes while the bracket's pairs are
/// fixed).
pub(super) struct Problem<'a> {
    pub(super) players: &'a [u32],
    /// Index in `players` by player id.
    pub(super) index: HashMap<u32, usize>,
    /// By index: the player is in the bracket (the others are below it).
    pub(super) in_bracket: Vec<bool>,
    /// The pairs `i < j`, row by row: the weight, `None` for an incompatible pair.
    pub(super) weights: Vec<Option<i128>>,
    /// Some player below the bracket may take the bye.
    pub(super) players_below: bool,
    /// Index of the bye pseudo-player.
    pub(super) bye: Option<usize>,
}

impl Dutch {
    /// The matching problem of `bracket` over `players` (the bracket and everyone below).
    pub(super) fn problem<'a>(
        &self,
        players: &'a [u32],
        bracket: &BTreeSet<u32>,
        digits: &Digits,
    ) -> Problem<'a> {
        let n = players.len();
        let index = players.iter().enumerate().map(|(i, id)| (*id, i)).collect();
        let in_bracket: Vec<bool> = players.iter().map(|x| bracket.contains(x)).collect();
        let bye = players.iter().position(|x| *x == BYE);
        let players_below = bye.is_some()
            && players.iter().any(|x| {
                *x != BYE
                    && !bracket.contains(x)
                    && self.players.get(x).is_some_and(|p| p.bye_eligible)
            });
        let mut weights = Vec::with_capacity(n * n.saturating_sub(1) / 2);
        for (i, &a) in players.iter().enumerate() {
            for &b in players.iter().skip(i + 1) {
                weights.push(
                    self.compatible(a, b)
                        .then(|| self.weight(a, b, bracket, digits)),
                );
            }
        }
        Problem {
            players,
            index,
            in_bracket,
            weights,
            players_below,
            bye,
        }
    }
}

impl Problem<'_> {
    pub(super) fn index(&self, id: u32) -> Option<usize> {
        self.index.get(&id).copied()
    }

    pub(super) fn pairs(&self) -> usize {
        let n = self.players.len();
        n * n.saturating_sub(1) / 2
    }

    /// Position of the pair `i`–`j` in `weights`.
    pub(super) fn pair(&self, i: usize, j: usize) -> usize {
        let (i, j) = (i.min(j), i.max(j));
        let n = self.players.len();
        i * (2 * n - i - 1) / 2 + (j - i - 1)
    }

    /// The players below the bracket, in order.
    pub(super) fn below(&self) -> impl Iterator<Item = u32> + '_ {
        self.players
            .iter()
            .zip(&self.in_bracket)
            .filter(|&(_, inside)| !inside)
            .map(|(x, _)| *x)
    }

    /// The bye with a bracket player.
    pub(super) fn bye_bracket(&self, i: usize, j: usize) -> bool {
        (self.bye == Some(i) && self.in_bracket[j]) || (self.bye == Some(j) && self.in_bracket[i])
    }

    /// The best pairing with the pairs `forced` and without the pairs `banned`: the bye
    /// kept in the lowest bracket if possible, else anywhere.
    pub(super) fn matching(
        &self,
        forced: &[(u32, u32)],
        banned: &BTreeSet<(u32, u32)>,
    ) -> Option<Solved> {
        match self.matching_with(forced, banned, true) {
            Some(s) => Some(s),
            // Without eligible players below, both graphs are the same: no second solve.
            None if self.players_below => self.matching_with(forced, banned, false),
            None => None,
        }
    }

    /// [`Problem::matching`] in one graph: with `bye_to_lowest`, without the bye's pairs
    /// with bracket players while someone below may take it.
    fn matching_with(
        &self,
        forced: &[(u32, u32)],
        banned: &BTreeSet<(u32, u32)>,
        bye_to_lowest: bool,
    ) -> Option<Solved> {
        let n = self.players.len();
        // Forced partners and fixed players by index; a fixed player keeps only its forced
        // edge.
        let mut fixed = vec![false; n];
        let mut partner: Vec<Option<usize>> = vec![None; n];
        for &(a, b) in forced {
            let (ia, ib) = (self.index(a), self.index(b));
            if let Some(i) = ia {
                fixed[i] = true;
                if ib.is_some() {
                    partner[i] = ib;
                }
            }
            if let Some(j) = ib {
                fixed[j] = true;
                if ia.is_some() {
                    partner[j] = ia;
                }
            }
        }
        let mut is_banned = vec![false; self.pairs()];
        for &(a, b) in banned {
            if let (Some(i), Some(j)) = (self.index(a), self.index(b))
                && i != j
            {
                is_banned[self.pair(i, j)] = true;
            }
        }
        // The bye belongs to the lowest bracket: a player of this bracket may take it only
        // when nobody eligible for it is left below (C.04.3 A.2: the PAB is a downfloat of
        // the last bracket; C.2: only eligible players).
        let keep_bye_below = bye_to_lowest && self.players_below;
        let mut edges: Vec<Edge> = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if keep_bye_below && self.bye_bracket(i, j) {
                    continue;
                }
                if (fixed[i] || fixed[j]) && partner[i] != Some(j) {
                    continue;
                }
                let k = self.pair(i, j);
                if is_banned[k] {
                    continue;
                }
                if let Some(w) = self.weights[k] {
                    edges.push((i, j, w));
                }
            }
        }
        // The matcher keeps this list rather than a copy, and hands it back for the check
        // of its duals; no slack from growing it (half a million pairs at 1,000 players).
        edges.shrink_to_fit();
        let (mate, duals, edges) = max_weight_matching_with_duals_owned(n, edges, true);
        if mate.iter().any(Option::is_none) {
            return None;
        }
        let mut total = 0i128;
        let mut out = BTreeMap::new();
        for (i, m) in mate.iter().enumerate() {
            let Some(j) = *m else { continue };
            out.insert(self.players[i], self.players[j]);
            if i < j {
                total += self.weights[self.pair(i, j)].unwrap_or(0);
            }
        }
        let cert = duals
            .filter(|d| d.certify(&edges, &mate))
            .and_then(|duals| {
                // Pairs this graph left out but a later trial may use (the bye with a
                // bracket player, once no one below can take it): raise the bye's dual
                // until they too have slack ≥ 0.
                let mut delta = 0i128;
                if keep_bye_below && let Some(b) = self.bye {
                    for i in (0..n).filter(|&i| i != b && self.in_bracket[i]) {
                        if let Some(w) = self.weights[self.pair(i, b)] {
                            delta = delta.max(duals.slack(i, b, w)?.checked_neg()?);
                        }
                    }
                }
                Some(Cert {
                    duals,
                    weight: total,
                    delta,
                    tight: std::cell::OnceCell::new(),
                })
            });
        Some(Solved {
            lowest: bye_to_lowest,
            weight: total,
            mate: out,
            cert,
        })
    }
}

/// A solved matching: its weight, the pairs (both ways) and, when they check out, the
/// duals that bound every more constrained matching.
pub(super) struct Solved {
    /// Solved with the bye kept in the lowest bracket (the first graph tried).
    pub(super) lowest: bool,
    pub(super) weight: i128,
    pub(super) mate: BTreeMap<u32, u32>,
    pub(super) cert: Option<Cert>,
}

/// Optimal duals of a solve, for [`Optimum::rejects`](super::shortcuts::Optimum::rejects).
pub(super) struct Cert {
    pub(super) duals: Duals,
    /// Weight of the solve's matching.
    pub(super) weight: i128,
    /// Raise of the bye's dual that covers the bye pairs the solve's graph left out.
    pub(super) delta: i128,
    /// The compatible pairs with slack 0 (the bye's raise not counted), by player index:
    /// the only pairs a matching as heavy as the solve's can use.
    pub(super) tight: std::cell::OnceCell<Vec<Vec<usize>>>,
}
