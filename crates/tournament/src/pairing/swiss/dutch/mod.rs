//! FIDE Dutch system (C.04.3), bracket by bracket with the chess-free matcher.
//!
//! Each score bracket (moved-down players first, then residents) is paired by one
//! maximum-weight matching over the bracket and every lower player, so that the absolute
//! criteria (C.1 no rematch, C.3 no meeting of equal absolute colour preferences except
//! topscorers in the last round) and completion (C.4) hold for the whole round. The edge
//! weight encodes the quality criteria lexicographically, most important first:
//!
//! | digit | criterion |
//! |---|---|
//! | pairs inside the bracket | C.5 (fewest downfloaters) |
//! | scores of the paired bracket players | C.6 (PSD: float the lowest) |
//! | squared score differences of bracket pairs | C.6 (PSD: smallest differences) |
//! | pairs of the next bracket (its residents, or them and our downfloaters) | C.7 |
//! | the bye's receiver: fewest unplayed games | C.04.3 2025 |
//! | last round: topscorers and their opponents kept within ±2 | C.8 |
//! | last round: … and without a third colour in a row | C.9 |
//! | colour preferences met | C.10 |
//! | strong colour preferences met | C.11 |
//! | no repeated downfloat / upfloat (previous round) | C.12, C.13 |
//! | no repeated downfloat / upfloat (two rounds before) | C.14, C.15 |
//! | score differences of repeated downfloats / upfloats (previous round) | C.16, C.17 |
//! | score differences of repeated downfloats / upfloats (two rounds before) | C.18, C.19 |
//!
//! Colour and float digits count only the games inside the bracket, plus the downfloat of
//! each downfloater; a downfloater's own game is judged in the next bracket.
//!
//! Among pairings of equal quality the Dutch order is emulated: moved-down players take
//! the first resident that keeps the optimum; then the residents' S1 takes S2 in order
//! (transpositions) if that shape reaches the optimum, else the first exchange of one (or,
//! in small brackets, two) players in C.04.3 D.2 order that does, else each player the
//! first opponent keeping the optimum. Colours follow E.1–E.5. The pairing-allocated
//! bye is a pseudo-player below everyone: whoever floats out of the last bracket meets
//! it. Its receiver's score is settled first, as the rules in force since July 2025 and
//! bbpPairings have it: the lowest score any complete pairing allows (one matching over
//! the field, `lowest_bye_score`); the bye may then go to nobody above that score, and a
//! higher bracket gives up a pair when it must.
//!
//! Floats follow C.04.3 (2025) 1.4: by the scores before the round, and a downfloat for
//! whoever scores more than a loss without playing (bye, forfeit win). A forfeit loss
//! floats by the scores as a played game would (bbpPairings' reading); an absence
//! without points does not float.
//!
//! Scores in the digits count from the bracket's lowest score (and the next bracket's),
//! so the widths follow the bracket rather than the field.
//!
//! C.16–C.19 compare the watched players' score differences as the PSD does (largest
//! first): each has a sub-digit per difference that can occur (`RepeatDigit`). They are
//! weighed while they fit the matcher's 118 bits, most significant first; in a bracket
//! too wide for them the last of them are left out.
//!
//! Baku acceleration (C.04.5.1, an organiser's setting) adds its virtual points to the
//! pairing scores of the accelerated rounds: brackets, floats and the bye all read them
//! (`acceleration`).
//!
//! # Speed, with the same pairings
//!
//! Emulating the Dutch order asks, pair after pair, "does some best matching still hold
//! this pair?" — each a fresh cubic solve when asked naively. The answers come cheaper,
//! and are the same:
//!
//! - Each bracket's weights and compatibilities are computed once (`Problem`); every
//!   solve builds the same edge list in the same order, so the matcher returns the same
//!   matching as before.
//! - Every solve keeps its optimal duals when they check out (`Duals::certify`: all
//!   slacks ≥ 0, matched pairs tight, blossoms with a positive dual full). By LP duality
//!   over the perfect-matching polytope, a perfect matching `M` of any graph the later
//!   constraints leave (pairs fixed or banned only add to those of the solve) weighs
//!   `4 w(M) ≤ 4 w* + δ − Σ_{e ∈ M} slack(e)`, `δ` the raise of the bye's dual that
//!   covers the bye pairs the solve left out. A trial whose pair and fixed pairs carry more
//!   slack than that margin cannot reach the optimum: refused without a solve
//!   (`rejects`).
//! - Once S1 and S2 are read, the matching at hand is an optimum of the constraints so
//!   far ("clean") and only its being an optimum matters, not which one: the next
//!   decisions are "is there an optimum with this pair / this shape", and a clean
//!   matching holding the pair answers yes. A trial is then decided on the tight pairs
//!   (`decide`): a matching as heavy as the optimum uses tight pairs only, so Edmonds'
//!   augmenting-path search from the pairs of the matching at hand either finds none
//!   (no optimum: refused) or finds a perfect matching, accepted when its weight, summed
//!   again, is the optimum (and kept as the new clean matching). Anything else — a
//!   matching not clean, a bye raise, a lighter result — falls back to the solve, as
//!   before. The optimum with the bye kept in the lowest bracket differs from the one
//!   without (`matching` tries both): a trial that is only optimal in the second graph
//!   makes the bracket fall back to solves from then on, with the very matching the solve
//!   returns, so the old order of events resumes exactly.
//!
//! The moved-down players and the reading of S1 (`MaxPairs` from the matching) still use
//! solves: there the matching's identity could matter.
//!
//! # Where each part lives
//!
//! This module reads the round, settles the bye's score (`lowest_bye_score`), pairs the
//! brackets from the top and numbers the boards. The rules apart from the matcher
//! (`crate::matching`), one file each:
//!
//! - `player`: the players as the rounds before this one leave them (scores, colours,
//!   floats, bye eligibility);
//! - `digits`: the weight digits, their order and widths; `weight`: one pair's weight;
//! - `problem`: one bracket's matching problem and its solves;
//! - `shortcuts`: trials decided from the duals and the matching at hand;
//! - `bracket`: one score bracket in the Dutch order (moved-down players, then the
//!   transpositions and exchanges of the residents);
//! - `exchange`: the exchanges and their D.2 order;
//! - `colours`: the colours of a pair (E.1–E.5).

use std::collections::{BTreeMap, HashMap};

use crate::error::{PairingError, UnsupportedPairing};
use crate::event::{Event, Pairing, Round};
use crate::lot::Lot;
use crate::matching;
use crate::numbers::{BoardNo, EntrantNo, RoundNo};
use crate::pairing::swiss::acceleration;
use crate::result::Color;
use crate::score::Score;

use player::{Player, Strength, read_players};

mod bracket;
mod colours;
mod digits;
mod exchange;
mod player;
mod problem;
mod shortcuts;
mod weight;

/// The games of a round (White, Black) and the bye.
type Paired = (Vec<(u32, u32)>, Option<u32>);

/// The pairing-allocated bye, as a pseudo-player ranked below everyone.
const BYE: u32 = u32::MAX;

/// The largest field paired: each bracket still needs at least one cubic solve over itself
/// and every lower player, so larger fields take too long to pair.
const MAX_FIELD: usize = 1000;

/// One round's pairing: the players and what the criteria read about the round.
struct Dutch {
    /// By pairing number; looked up for every pair of every bracket, so hashed.
    players: HashMap<u32, Player>,
    /// Ranking: score, then pairing number.
    rank: BTreeMap<u32, usize>,
    last_round: bool,
    topscore: i64,
    initial: Color,
    /// Rounds before this one.
    rounds_played: u32,
    /// The highest score the pairing-allocated bye may go to: the lowest score any
    /// complete pairing gives it (C.04.3 2025, as bbpPairings pairs); `None` for an
    /// even field.
    bye_ceiling: Option<i64>,
}

/// Pairs `round` by the Dutch system.
pub fn pair_round(event: &Event, round_no: RoundNo) -> Result<Round, PairingError> {
    // Inside the pairing players and rounds are plain numbers.
    let round = round_no.get();
    let players = read_players(event, round_no);
    if players.len() > MAX_FIELD {
        return Err(PairingError::Unsupported(
            UnsupportedPairing::DutchFieldTooLarge {
                max: MAX_FIELD,
                players: players.len(),
            },
        ));
    }
    let mut order: Vec<u32> = players.keys().copied().collect();
    order.sort_by(|a, b| players[b].score.cmp(&players[a].score).then(a.cmp(b)));
    let rank = order.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    let last_round = event.rounds_planned > 0 && round >= event.rounds_planned;
    let initial = if Lot::new(event.settings.lot_seed, 0, "dutch initial colour").coin() {
        Color::White
    } else {
        Color::Black
    };
    let d = Dutch {
        players,
        rank,
        last_round,
        // Topscorers: more than half the maximum possible score (C.04.3 A.7).
        topscore: i64::from(round.saturating_sub(1)),
        initial,
        rounds_played: round.saturating_sub(1),
        bye_ceiling: None,
    };
    let d = Dutch {
        bye_ceiling: d.lowest_bye_score(&order),
        ..d
    };
    let mut explanation = Vec::new();
    let accelerated = acceleration::virtual_points(event, round_no);
    if let Some(&(_, halves)) = accelerated.first() {
        explanation.push(format!(
            "Baku acceleration (C.04.5.1): {} virtual point(s) for players 1-{} in this round's pairing scores",
            half(halves),
            accelerated.iter().map(|(n, _)| n.get()).max().unwrap_or(0)
        ));
    }
    if let Some(ceiling) = d.bye_ceiling {
        explanation.push(format!(
            "bye: to a player of at most {} points, the lowest score a complete pairing allows (C.04.3, 2025)",
            half(ceiling)
        ));
    }
    let (pairs, bye) = d.pair(&order, round_no, &mut explanation)?;
    let pairings = d.boards(pairs, bye, crate::pairing::bye_points(event))?;
    Ok(Round {
        number: round_no,
        pairings,
        explanation,
    })
}

impl Dutch {
    /// The pairing score in half points; the bye's is below everyone's.
    fn score(&self, id: u32) -> i64 {
        if id == BYE {
            return -1;
        }
        self.players.get(&id).map_or(0, |p| p.score)
    }

    fn rank_of(&self, id: u32) -> usize {
        self.rank.get(&id).copied().unwrap_or(usize::MAX)
    }

    /// The player of a pair with the bye.
    fn is_floater_pair(a: u32, b: u32) -> Option<u32> {
        if a == BYE {
            Some(b)
        } else if b == BYE {
            Some(a)
        } else {
            None
        }
    }

    /// A topscorer of the last round (C.04.3 A.7).
    fn topscorer(&self, id: u32) -> bool {
        self.last_round && self.score(id) > self.topscore
    }

    /// Absolute criteria C.1 and C.3; the bye (C.2) only for eligible players.
    fn compatible(&self, a: u32, b: u32) -> bool {
        if a == BYE || b == BYE {
            let other = if a == BYE { b } else { a };
            return self.players.get(&other).is_some_and(|p| {
                p.bye_eligible && self.bye_ceiling.is_none_or(|ceiling| p.score <= ceiling)
            });
        }
        let (Some(pa), Some(pb)) = (self.players.get(&a), self.players.get(&b)) else {
            return false;
        };
        if pa.opponents.contains(&b) {
            return false;
        }
        let (ca, sa) = pa.preference();
        let (cb, sb) = pb.preference();
        if sa == Strength::Absolute
            && sb == Strength::Absolute
            && ca == cb
            && !(self.topscorer(a) || self.topscorer(b))
        {
            return false;
        }
        true
    }

    /// The lowest score of a player the bye can go to while everyone else is paired
    /// (C.1–C.4). One maximum matching of the field leaves one player out; each
    /// bye-eligible player, lowest score first, is tried by taking them out and looking
    /// for an augmenting path from their partner (Edmonds' search, exact). `None` for an
    /// even field or when no complete pairing exists (the brackets then say why).
    fn lowest_bye_score(&self, order: &[u32]) -> Option<i64> {
        if order.len().is_multiple_of(2) {
            return None;
        }
        let n = order.len();
        let adj: Vec<Vec<usize>> = order
            .iter()
            .enumerate()
            .map(|(i, &a)| {
                order
                    .iter()
                    .enumerate()
                    .filter(|&(j, &b)| j != i && self.compatible(a, b))
                    .map(|(j, _)| j)
                    .collect()
            })
            .collect();
        // A maximum matching: greedy, then grown by augmenting paths.
        let mut mate: Vec<Option<usize>> = vec![None; n];
        for v in 0..n {
            if mate[v].is_none()
                && let Some(&w) = adj[v].iter().find(|&&w| mate[w].is_none())
            {
                mate[v] = Some(w);
                mate[w] = Some(v);
            }
        }
        matching::grow_with(n, |v| adj[v].clone(), &mut mate);
        let exposed: Vec<usize> = (0..n).filter(|v| mate[*v].is_none()).collect();
        let &[exposed] = exposed.as_slice() else {
            return None;
        };
        let mut candidates: Vec<usize> =
            (0..n).filter(|&i| self.compatible(order[i], BYE)).collect();
        candidates.sort_by_key(|&i| self.score(order[i]));
        candidates.into_iter().find_map(|c| {
            let score = self.score(order[c]);
            if c == exposed {
                return Some(score);
            }
            let partner = mate[c]?;
            let mut without = mate.clone();
            without[c] = None;
            without[partner] = None;
            let neighbours = |v: usize| {
                if v == c {
                    Vec::new()
                } else {
                    adj[v].iter().copied().filter(|&w| w != c).collect()
                }
            };
            matching::augment_from_with(n, neighbours, &mut without, partner).then_some(score)
        })
    }

    /// Pairs `order` (the field in rank order) bracket by bracket from the top: the games
    /// (White, Black) and the bye's receiver.
    fn pair(
        &self,
        order: &[u32],
        round: RoundNo,
        explain: &mut Vec<String>,
    ) -> Result<Paired, PairingError> {
        let mut rest: Vec<u32> = order.to_vec();
        let mut bye = None;
        if rest.len() % 2 == 1 {
            // The pairing-allocated bye is a pseudo-player below everyone: whoever is
            // left over in the lowest bracket meets it (C.04.3 A.2; C.2 eligibility).
            rest.push(BYE);
        }
        let mut pairs = Vec::new();
        let mut floaters: Vec<u32> = Vec::new();
        while !rest.is_empty() {
            let outcome = self.pair_bracket(&rest, &floaters, round, explain)?;
            for &(a, b) in &outcome.pairs {
                match Self::is_floater_pair(a, b) {
                    Some(x) => {
                        explain.push(format!("bye: {x} ({})", half(self.score(x))));
                        bye = Some(x);
                    }
                    None => pairs.push(self.colours(a, b)),
                }
            }
            rest.retain(|x| !outcome.pairs.iter().any(|&(a, b)| a == *x || b == *x));
            floaters = outcome.floaters;
            if rest.iter().all(|x| floaters.contains(x)) && !rest.is_empty() {
                // Only moved-down players are left: they form the last bracket themselves.
                let (last_pairs, last_bye) = self.pair_last_bracket(&rest, round)?;
                pairs.extend(last_pairs);
                if last_bye.is_some() {
                    bye = last_bye;
                }
                rest.clear();
            }
        }
        Ok((pairs, bye))
    }

    /// The round's pairings: the games (White, Black) on boards by the higher score of the
    /// pair, then the higher-ranked player; the bye, worth `bye_points`, last.
    fn boards(
        &self,
        mut pairs: Vec<(u32, u32)>,
        bye: Option<u32>,
        bye_points: Score,
    ) -> Result<Vec<Pairing>, PairingError> {
        // Boards: the higher score of the pair, then the higher-ranked player.
        pairs.sort_by_key(|&(w, b)| {
            let top = self.score(w).max(self.score(b));
            let low = self.score(w).min(self.score(b));
            let best = self.rank_of(w).min(self.rank_of(b));
            (std::cmp::Reverse(top), std::cmp::Reverse(low), best)
        });
        // Every id came from an entrant number, so none is 0.
        let entrant = |id: u32| {
            EntrantNo::new(id).ok_or(PairingError::Unsupported(
                UnsupportedPairing::NotAStartNumber { id },
            ))
        };
        let mut pairings: Vec<Pairing> = Vec::with_capacity(pairs.len() + 1);
        for (w, b) in pairs {
            pairings.push(Pairing {
                board: BoardNo::FIRST,
                white: entrant(w)?,
                black: Some(entrant(b)?),
                bye_points: None,
                games: Vec::new(),
                team_match: None,
                decided_for: None,
                slot: None,
            });
        }
        if let Some(b) = bye {
            pairings.push(Pairing {
                board: BoardNo::FIRST,
                white: entrant(b)?,
                black: None,
                bye_points: Some(bye_points),
                games: Vec::new(),
                team_match: None,
                decided_for: None,
                slot: None,
            });
        }
        for (i, p) in pairings.iter_mut().enumerate() {
            p.board = BoardNo::from_index(i);
        }
        Ok(pairings)
    }
}

/// A score in half points, as the explanation writes it.
fn half(halves: i64) -> String {
    Score::from_halves(halves).to_string()
}
