//! Deciding a trial without a solve where the duals of an earlier solve, or the
//! matching at hand, already tell (see "Speed, with the same pairings" in the `dutch`
//! module): the same answers a solve would give, and the same pairings.

use std::collections::{BTreeMap, BTreeSet};

use super::problem::{Cert, Problem};
use crate::matching;

/// The optimum a bracket's pairs must keep: its problem and the weight of its best
/// matching.
pub(super) struct Optimum<'a> {
    pub(super) problem: &'a Problem<'a>,
    pub(super) best: i128,
    /// The optimum was found with the bye kept in the lowest bracket.
    pub(super) lowest: bool,
}

/// What the duals and the matching at hand say about a trial (a pair to fix, or the
/// shape of a transposition or exchange).
pub(super) enum Verdict {
    /// This matching of the trial is as good as the optimum.
    Optimal(BTreeMap<u32, u32>),
    /// No matching of the trial reaches the optimum.
    Short,
    /// Only a solve can tell.
    Unknown,
}

impl Optimum<'_> {
    /// Whether the pair `p`–`q` added to `forced` provably misses the optimum `best`,
    /// read from the duals of an earlier solve whose constraints `forced` and `banned`
    /// include (see [`Duals`](matching::Duals)): every perfect matching `M` of the trial
    /// is a perfect matching of that solve's graph (plus the bye pairs `delta` covers), so
    /// `4 w(M) ≤ 4 w* + delta − Σ_{e ∈ M} slack(e)`, and `M` holds `p`–`q` and every
    /// forced pair. A pair outside the graph (incompatible or banned) leaves `p` alone:
    /// no perfect matching at all.
    pub(super) fn rejects(
        &self,
        cert: &Cert,
        forced: &[(u32, u32)],
        banned: &BTreeSet<(u32, u32)>,
        (p, q): (u32, u32),
    ) -> bool {
        let (problem, best) = (self.problem, self.best);
        let (Some(i), Some(j)) = (problem.index(p), problem.index(q)) else {
            return false;
        };
        if i == j {
            return false;
        }
        let Some(w) = problem.weights[problem.pair(i, j)] else {
            return true;
        };
        if banned.contains(&(p.min(q), p.max(q))) {
            return true;
        }
        let slack = |a: usize, b: usize, w: i128| -> Option<i128> {
            let s = cert.duals.slack(a, b, w)?;
            if problem.bye == Some(a) || problem.bye == Some(b) {
                s.checked_add(cert.delta)
            } else {
                Some(s)
            }
        };
        let bound = || -> Option<bool> {
            let mut sum = slack(i, j, w)?;
            for &(a, b) in forced {
                let (x, y) = (problem.index(a)?, problem.index(b)?);
                let wf = problem.weights[problem.pair(x, y)]?;
                sum = sum.checked_add(slack(x, y, wf)?)?;
            }
            let top = cert.weight.checked_mul(4)?.checked_add(cert.delta)?;
            Some(top.checked_sub(sum)? < best.checked_mul(4)?)
        };
        bound().unwrap_or(false)
    }

    /// Decides a trial — the pairs `forced` fixed, the pairs `banned` refused — without a
    /// solve where the duals of `cert` (an optimum of earlier constraints that the trial
    /// only adds to, as heavy as the optimum) and `current` (a matching as heavy as the
    /// optimum, of the constraints before the trial) suffice.
    ///
    /// A matching of the trial as heavy as the optimum uses only pairs of slack 0 (the
    /// bound in [`Duals`](matching::Duals)). Start from the pairs of `current` the trial
    /// still allows among tight pairs and grow the matching by Edmonds' augmenting-path
    /// search from each unpaired player: what is left unpaired cannot be paired by tight
    /// pairs at all (Berge; a player without an augmenting path never gains one later).
    /// Unpaired players → [`Verdict::Short`]. Everyone paired → the matching is checked
    /// in full (perfect, allowed pairs only, weight `best`: the blossom duals may still
    /// make it lighter) → [`Verdict::Optimal`], else a solve decides. While the optimum
    /// keeps the bye in the lowest bracket, a trial that cannot keep it there is solved
    /// again in the wider graph ([`Problem::matching`]): the verdict `Short` then needs
    /// the tight pairs of that graph too, and no raise of the bye's dual.
    pub(super) fn decide(
        &self,
        cert: &Cert,
        current: &BTreeMap<u32, u32>,
        forced: &[(u32, u32)],
        banned: &BTreeSet<(u32, u32)>,
    ) -> Verdict {
        self.try_decide(cert, current, forced, banned)
            .unwrap_or(Verdict::Unknown)
    }

    fn try_decide(
        &self,
        cert: &Cert,
        current: &BTreeMap<u32, u32>,
        forced: &[(u32, u32)],
        banned: &BTreeSet<(u32, u32)>,
    ) -> Option<Verdict> {
        let problem = self.problem;
        let n = problem.players.len();
        if cert.weight != self.best {
            return None;
        }
        let mut mate = Vec::with_capacity(n);
        for &x in problem.players {
            mate.push(problem.index(*current.get(&x)?)?);
        }
        let mut fixed: Vec<Option<usize>> = vec![None; n];
        for &(a, b) in forced {
            let (x, y) = (problem.index(a)?, problem.index(b)?);
            if x == y || fixed[x].is_some() || fixed[y].is_some() {
                return None;
            }
            fixed[x] = Some(y);
            fixed[y] = Some(x);
        }
        let keep_bye_below = self.lowest && problem.players_below;
        let tight = cert.tight.get_or_init(|| {
            let mut adj = vec![Vec::new(); n];
            for i in 0..n {
                for j in i + 1..n {
                    if let Some(w) = problem.weights[problem.pair(i, j)]
                        && cert.duals.slack(i, j, w) == Some(0)
                    {
                        adj[i].push(j);
                        adj[j].push(i);
                    }
                }
            }
            adj
        });
        let not_banned = |a: usize, b: usize| {
            let (x, y) = (problem.players[a], problem.players[b]);
            !banned.contains(&(x.min(y), x.max(y)))
        };
        // The tight pairs among the players the trial leaves free; `wide` also the bye
        // with bracket players. Read lazily: a search often ends after a few players.
        let allowed = |i: usize, j: usize, wide: bool| {
            fixed[i].is_none()
                && fixed[j].is_none()
                && (wide || !keep_bye_below || !problem.bye_bracket(i, j))
                && not_banned(i, j)
        };
        let mut memo: [Vec<Option<Vec<usize>>>; 2] = [vec![None; n], vec![None; n]];
        let mut neighbors = |v: usize, wide: bool| -> Vec<usize> {
            let slot = &mut memo[usize::from(wide)][v];
            slot.get_or_insert_with(|| {
                tight[v]
                    .iter()
                    .copied()
                    .filter(|&j| allowed(v, j, wide))
                    .collect()
            })
            .clone()
        };
        // The pairs of `current` the narrow graph still holds, then augment.
        let mut next: Vec<Option<usize>> = (0..n)
            .map(|i| {
                let j = mate[i];
                fixed[i].or_else(|| {
                    let tight_pair = problem.weights[problem.pair(i, j)]
                        .is_some_and(|w| cert.duals.slack(i, j, w) == Some(0));
                    (i != j && tight_pair && allowed(i, j, false)).then_some(j)
                })
            })
            .collect();
        let mut grow = |wide: bool, m: &mut Vec<Option<usize>>| {
            matching::grow_with(n, |x| neighbors(x, wide), m)
        };
        if grow(false, &mut next) {
            // The full check: a perfect matching of allowed pairs, as heavy as the optimum.
            let mut total = 0i128;
            for (i, m) in next.iter().enumerate() {
                let j = (*m)?;
                if next.get(j).copied().flatten() != Some(i) {
                    return None;
                }
                if fixed[i].is_some_and(|x| x != j)
                    || (keep_bye_below && problem.bye_bracket(i, j))
                    || !not_banned(i, j)
                {
                    return None;
                }
                if i < j {
                    total = total.checked_add(problem.weights[problem.pair(i, j)]?)?;
                }
            }
            if total != self.best {
                return None;
            }
            return Some(Verdict::Optimal(
                next.iter()
                    .enumerate()
                    .filter_map(|(i, m)| m.map(|j| (problem.players[i], problem.players[j])))
                    .collect(),
            ));
        }
        // No optimum in the narrow graph. Short only if the bound covers every graph the
        // trial may be solved in: no raise of the bye's dual, and the wide graph (when it
        // differs) has no perfect matching of tight pairs either.
        if cert.delta != 0 {
            return None;
        }
        if keep_bye_below && grow(true, &mut next) {
            return None;
        }
        Some(Verdict::Short)
    }
}
