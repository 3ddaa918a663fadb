//! One score bracket paired in the Dutch order: the moved-down players first, then the
//! residents by the first transposition or exchange (C.04.3 D.2) that keeps the optimum,
//! each pair fixed only while some best matching of the bracket and everyone below still
//! holds it.

use std::collections::{BTreeMap, BTreeSet};

use super::exchange::exchange_order;
use super::problem::{Cert, Solved};
use super::shortcuts::{Optimum, Verdict};
use super::{BYE, Dutch, Paired, half};
use crate::error::{NoPairingReason, PairingError};
use crate::numbers::RoundNo;

/// What pairing one bracket leaves.
pub(super) struct Outcome {
    /// The pairs fixed, in order; the bye's as a pair with [`BYE`].
    pub(super) pairs: Vec<(u32, u32)>,
    /// The players who float down to the next bracket, in order.
    pub(super) floaters: Vec<u32>,
}

/// A score bracket while its pairs are fixed: the optimum to keep, the matching at hand
/// and what is fixed so far.
struct Bracket<'a> {
    dutch: &'a Dutch,
    optimum: Optimum<'a>,
    /// The moved-down players in rank order, then the residents.
    players: Vec<u32>,
    /// The moved-down players, in rank order.
    moved_down: Vec<u32>,
    /// The bracket's score as the explanation names it.
    label: String,
    explain: &'a mut Vec<String>,
    /// An optimal matching of the constraints so far.
    current: BTreeMap<u32, u32>,
    /// The duals of the last solve, when they check out.
    cert: Option<Cert>,
    /// `current` is an optimum of the constraints so far in the graph of the optimum, so
    /// the shortcuts may decide from it (see [`Bracket::first_optimal`]).
    clean: bool,
    /// The pairs fixed so far.
    forced: Vec<(u32, u32)>,
    /// The pairs refused: those of a player who floats, and those the adopted shape rules
    /// out.
    banned: BTreeSet<(u32, u32)>,
    /// The players paired or floated.
    done: BTreeSet<u32>,
    /// The players who float down, in order.
    floaters: Vec<u32>,
}

/// The S1 and S2 adopted for a bracket's residents.
struct Shape {
    /// Reached by an exchange, not a transposition.
    exchanged: bool,
    s1: Vec<u32>,
    s2: Vec<u32>,
}

impl Dutch {
    /// Pairs the next bracket of `rest` (the players still to pair, in rank order, the bye
    /// last): the moved-down players `floaters`, then the highest score group left.
    pub(super) fn pair_bracket(
        &self,
        rest: &[u32],
        floaters: &[u32],
        round: RoundNo,
        explain: &mut Vec<String>,
    ) -> Result<Outcome, PairingError> {
        let residents_score = rest
            .iter()
            .filter(|x| !floaters.contains(x))
            .map(|x| self.score(*x))
            .max();
        let mut players: Vec<u32> = floaters.to_vec();
        players.sort_by_key(|x| self.rank_of(*x));
        let residents: Vec<u32> = rest
            .iter()
            .copied()
            .filter(|x| !floaters.contains(x) && Some(self.score(*x)) == residents_score)
            .collect();
        players.extend(residents.iter().copied());
        let bracket: BTreeSet<u32> = players.iter().copied().collect();
        let next = rest
            .iter()
            .filter(|x| !bracket.contains(x))
            .map(|x| self.score(*x))
            .max()
            .unwrap_or(-1);
        let digits = self.digits(rest.len(), &bracket, next)?;
        let problem = self.problem(rest, &bracket, &digits);
        let Some(Solved {
            lowest,
            weight: best,
            mate: current,
            cert,
        }) = problem.matching(&[], &BTreeSet::new())
        else {
            return Err(PairingError::NoValidPairing {
                round,
                players: rest.len(),
                why: NoPairingReason::AbsoluteCriteria,
            });
        };
        let moved_down: Vec<u32> = players
            .iter()
            .copied()
            .filter(|x| floaters.contains(x))
            .collect();
        let label = match residents_score {
            Some(s) if s >= 0 => half(s),
            _ => "of the bye".to_owned(),
        };
        let mut bracket = Bracket {
            dutch: self,
            optimum: Optimum {
                problem: &problem,
                best,
                lowest,
            },
            players,
            moved_down,
            label,
            explain,
            current,
            cert,
            clean: true,
            forced: Vec::new(),
            banned: BTreeSet::new(),
            done: BTreeSet::new(),
            floaters: Vec::new(),
        };
        bracket.pair_moved_down();
        bracket.pair_residents();
        Ok(Outcome {
            pairs: bracket.forced,
            floaters: bracket.floaters,
        })
    }

    /// The last bracket when only moved-down players are left in `rest`: one best
    /// matching, its pairs read in rank order.
    pub(super) fn pair_last_bracket(
        &self,
        rest: &[u32],
        round: RoundNo,
    ) -> Result<Paired, PairingError> {
        let last: BTreeSet<u32> = rest.iter().copied().collect();
        let digits = self.digits(rest.len(), &last, -1)?;
        let problem = self.problem(rest, &last, &digits);
        let Some(Solved { mate: m, .. }) = problem.matching(&[], &BTreeSet::new()) else {
            return Err(PairingError::NoValidPairing {
                round,
                players: rest.len(),
                why: NoPairingReason::LastPlayers,
            });
        };
        let mut pairs = Vec::new();
        let mut bye = None;
        let mut seen = BTreeSet::new();
        let mut ordered = rest.to_vec();
        ordered.sort_by_key(|x| self.rank_of(*x));
        for a in ordered {
            if seen.contains(&a) {
                continue;
            }
            if let Some(&b) = m.get(&a) {
                seen.insert(a);
                seen.insert(b);
                match Self::is_floater_pair(a, b) {
                    Some(x) => bye = Some(x),
                    None => pairs.push(self.colours(a, b)),
                }
            }
        }
        Ok((pairs, bye))
    }
}

impl Bracket<'_> {
    /// Moved-down players first (S1 of a heterogeneous bracket), each taking the first
    /// resident that keeps the optimum.
    fn pair_moved_down(&mut self) {
        for p in self.moved_down.clone() {
            if self.done.contains(&p) {
                continue;
            }
            let candidates = self.candidates(p);
            self.fix(p, &candidates, false);
        }
    }

    /// The homogeneous remainder: S1 the first MaxPairs players, S2 the rest. FIDE tries
    /// every transposition (S1 against S2 in order, the surplus of S2 floating) before any
    /// exchange, and exchanges in the order of C.04.3 D.2.
    fn pair_residents(&mut self) {
        let open: Vec<u32> = self
            .players
            .iter()
            .copied()
            .filter(|x| !self.done.contains(x))
            .collect();
        // S1 holds as many players as the bracket can pair (MaxPairs, C.04.3 B.2), read
        // from the optimal matching.
        let h = open
            .iter()
            .filter(|x| self.current.get(x).is_some_and(|y| open.contains(y)))
            .count()
            / 2;
        let (s1, s2) = open.split_at(h.min(open.len() / 2));
        let adopted = self.adopt_shape(s1, s2);
        let order: Vec<u32> = match &adopted {
            Some(shape) => {
                if shape.exchanged {
                    self.explain.push(format!(
                        "bracket {}: no transposition is optimal; exchange S1 {:?} / S2 {:?}",
                        self.label, shape.s1, shape.s2
                    ));
                }
                shape.s1.iter().chain(shape.s2.iter()).copied().collect()
            }
            None => {
                self.explain.push(format!(
                    "bracket {}: no exchange tried is optimal; players take the first opponent keeping the optimum",
                    self.label
                ));
                open.clone()
            }
        };
        for &p in &order {
            if self.done.contains(&p) {
                continue;
            }
            let candidates: Vec<u32> = match &adopted {
                Some(shape) => {
                    if shape.s1.contains(&p) {
                        shape
                            .s2
                            .iter()
                            .copied()
                            .filter(|x| !self.done.contains(x))
                            .collect()
                    } else {
                        Vec::new()
                    }
                }
                None => self.candidates(p),
            };
            self.fix(p, &candidates, true);
        }
    }

    /// The first shape of the residents `s1` against `s2` that reaches the optimum: the
    /// transposition shape (S1 and S2 as they are), then the exchanges in the order of
    /// C.04.3 D.2 (BSN = position in S1 then S2), only two-player exchanges in small
    /// brackets, where their number stays modest. A shape bans the pairs inside S1,
    /// inside S2, and of S1 with the players below the bracket; the adopted one's bans
    /// are kept.
    fn adopt_shape(&mut self, s1: &[u32], s2: &[u32]) -> Option<Shape> {
        let exchanges = exchange_order(s1.len(), s2.len());
        let dutch = self.dutch;
        let rank_of = |x: u32| dutch.rank_of(x);
        let shapes = std::iter::once((s1.to_vec(), s2.to_vec()))
            .chain(exchanges.iter().map(|e| e.apply(s1, s2, &rank_of)));
        for (k, (t1, t2)) in shapes.enumerate() {
            let mut shape = self.banned.clone();
            for group in [&t1, &t2] {
                for (i, &a) in group.iter().enumerate() {
                    for &b in group.iter().skip(i + 1) {
                        shape.insert((a.min(b), a.max(b)));
                    }
                }
            }
            for &a in &t1 {
                for b in self.optimum.problem.below() {
                    shape.insert((a.min(b), a.max(b)));
                }
            }
            let adopted = Shape {
                exchanged: k > 0,
                s1: t1,
                s2: t2,
            };
            // Decided by the duals and the matching at hand where they suffice (see
            // `Optimum::decide`).
            if self.clean
                && let Some(c) = self.cert.as_ref()
            {
                match self.optimum.decide(c, &self.current, &self.forced, &shape) {
                    Verdict::Optimal(m) => {
                        self.banned = shape;
                        self.current = m;
                        return Some(adopted);
                    }
                    Verdict::Short => continue,
                    Verdict::Unknown => {}
                }
            }
            if let Some(solved) = self.optimum.problem.matching(&self.forced, &shape)
                && solved.weight == self.optimum.best
            {
                self.clean &= solved.lowest == self.optimum.lowest;
                self.banned = shape;
                self.current = solved.mate;
                self.cert = solved.cert;
                return Some(adopted);
            }
        }
        None
    }

    /// Opponents to try for `p`, in the Dutch order: moved-down players take residents in
    /// rank order; residents split into S1 (upper half) and S2; an S1 player takes S2 in
    /// order, then S1 players from the bottom (exchanges); an S2 player the rest in order.
    fn candidates(&self, p: u32) -> Vec<u32> {
        let open: Vec<u32> = self
            .players
            .iter()
            .copied()
            .filter(|x| *x != p && !self.done.contains(x))
            .collect();
        if self.moved_down.contains(&p) {
            let mut residents: Vec<u32> = open
                .iter()
                .copied()
                .filter(|x| !self.moved_down.contains(x))
                .collect();
            let others: Vec<u32> = open
                .iter()
                .copied()
                .filter(|x| self.moved_down.contains(x))
                .collect();
            residents.extend(others);
            return residents;
        }
        let residents: Vec<u32> = self
            .players
            .iter()
            .copied()
            .filter(|x| !self.moved_down.contains(x) && (!self.done.contains(x) || *x == p))
            .collect();
        let h = residents.len() / 2;
        let i = residents.iter().position(|x| *x == p).unwrap_or(0);
        if i < h {
            let mut c: Vec<u32> = residents.get(h..).unwrap_or_default().to_vec();
            let mut s1: Vec<u32> = residents
                .get(i + 1..h)
                .unwrap_or_default()
                .iter()
                .rev()
                .copied()
                .collect();
            c.append(&mut s1);
            c
        } else {
            residents.into_iter().filter(|x| *x != p).collect()
        }
    }

    /// Fixes `p`: the first candidate that keeps the optimum, or a float. With
    /// `shortcuts` (only once S1 and S2 are read), pairs are decided from the duals and
    /// the matching at hand where they suffice.
    fn fix(&mut self, p: u32, candidates: &[u32], shortcuts: bool) {
        match self.first_optimal(p, candidates, shortcuts) {
            Some(q) => self.fix_pair(p, q),
            None => self.float_down(p, shortcuts),
        }
    }

    /// The first of `candidates` that some optimum pairs with `p`; the matching at hand
    /// becomes one that does.
    fn first_optimal(&mut self, p: u32, candidates: &[u32], shortcuts: bool) -> Option<u32> {
        for &q in candidates {
            if self.current.get(&p) == Some(&q) {
                return Some(q);
            }
            // A pair the duals of the last solve already exclude from the optimum needs
            // no solve of its own (see `Optimum::rejects`).
            if let Some(c) = self.cert.as_ref()
                && self.optimum.rejects(c, &self.forced, &self.banned, (p, q))
            {
                continue;
            }
            // Decided by the duals and the matching at hand, without a solve (see
            // `Optimum::decide`), once S1 and S2 are read and while the matching is clean.
            if shortcuts
                && self.clean
                && let Some(c) = self.cert.as_ref()
            {
                let mut trial = self.forced.clone();
                trial.push((p, q));
                match self.optimum.decide(c, &self.current, &trial, &self.banned) {
                    Verdict::Optimal(m) => {
                        self.current = m;
                        return Some(q);
                    }
                    Verdict::Short => continue,
                    Verdict::Unknown => {}
                }
            }
            let mut trial = self.forced.clone();
            trial.push((p, q));
            if let Some(solved) = self.optimum.problem.matching(&trial, &self.banned)
                && solved.weight == self.optimum.best
            {
                // Found only once the bye may leave the lowest bracket: the optimum of
                // another graph, which the shortcuts do not cover; solve every step of
                // this bracket from here on.
                if solved.lowest != self.optimum.lowest {
                    self.clean = false;
                }
                self.current = solved.mate;
                self.cert = solved.cert;
                return Some(q);
            }
        }
        None
    }

    /// Fixes the pair `p`–`q` (or `p`'s bye).
    fn fix_pair(&mut self, p: u32, q: u32) {
        self.forced.push((p, q));
        self.done.insert(p);
        self.done.insert(q);
        let score = |x: u32| half(self.dutch.score(x));
        let line = if q == BYE || p == BYE {
            let x = if q == BYE { p } else { q };
            format!(
                "bracket {}: {x} ({}) takes the pairing-allocated bye",
                self.label,
                score(x)
            )
        } else {
            format!(
                "bracket {}: {p} ({}) v {q} ({})",
                self.label,
                score(p),
                score(q)
            )
        };
        self.explain.push(line);
    }

    /// `p` floats: no pair inside the bracket for it.
    fn float_down(&mut self, p: u32, shortcuts: bool) {
        for &q in &self.players {
            if q != p {
                self.banned.insert((p.min(q), p.max(q)));
            }
        }
        // With shortcuts, the clean matching at hand already pairs p below the bracket
        // (its partner would have been a candidate otherwise): still optimal.
        let kept = shortcuts
            && self.clean
            && self
                .current
                .get(&p)
                .is_some_and(|m| !self.banned.contains(&(p.min(*m), p.max(*m))));
        if !kept {
            match self.optimum.problem.matching(&self.forced, &self.banned) {
                Some(solved) if solved.weight == self.optimum.best => {
                    self.clean &= solved.lowest == self.optimum.lowest;
                    self.current = solved.mate;
                    self.cert = solved.cert;
                }
                // The matching at hand keeps a pair now banned.
                _ => self.clean = false,
            }
        }
        self.done.insert(p);
        self.floaters.push(p);
        let line = format!(
            "bracket {}: {p} ({}) floats down",
            self.label,
            half(self.dutch.score(p))
        );
        self.explain.push(line);
    }
}
