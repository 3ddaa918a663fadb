//! S4's Swiss score-group system (积分编排制, S4 ch.2 §5.5):
//!
//! 1. Round 1: the field, in ranking order, is split into an upper and a lower half of
//!    equal size; each upper player draws a lower player by lot; colours by lot (§5.5.3(1)).
//! 2. Later rounds: score groups top-down — the highest unpaired player meets the nearest
//!    score available (same score first), drawn by lot among equals, until everyone is
//!    paired (§5.5.3(2)).
//! 3. When top-down pairing is stuck, pair from the lowest score upward to the stuck point
//!    ("both ends toward the middle"); when still stuck, break the last pair(s) made from the
//!    top and re-pair until everyone is paired.
//! 4. No rematches; colours as balanced as possible (§5.5.3(3)), with the higher score's
//!    colour served first from the third-last round, and in the last round only for a gap
//!    of two points or more, otherwise by lot (§5.5.3(4)).
//!
//! Absolute criteria, as this crate reads "balanced as far as possible": no rematch, and
//! no player's colour difference (Whites − Blacks) beyond ±2. An odd field (S4 asks
//! for an even one) gives a bye to the lowest-ranked player without one.
//!
//! Every decision is written to the round's explanation.

use std::collections::{BTreeMap, BTreeSet};

use crate::error::{NoPairingReason, PairingError};
use crate::event::{Event, Pairing, Round};
use crate::lot::Lot;
use crate::numbers::{BoardNo, EntrantNo, RoundNo};
use crate::pairing::swiss::colour_history::ColourHistory;
use crate::result::Color;
use crate::score::Score;
use crate::scoring::{Format, tallies};

/// The largest colour difference allowed (absolute criterion).
pub const MAX_COLOR_DIFFERENCE: i32 = 2;

/// What the pairing knows about one entrant.
#[derive(Debug, Clone)]
struct Entrant {
    score: Score,
    /// Colours of the games played, in order.
    colors: ColourHistory,
    opponents: BTreeSet<EntrantNo>,
    had_bye: bool,
}

impl Entrant {
    /// The colour this entrant should get next, and how strongly (the imbalance).
    fn preference(&self) -> (Option<Color>, i32) {
        let d = self.colors.difference();
        if d > 0 {
            (Some(Color::Black), d)
        } else if d < 0 {
            (Some(Color::White), -d)
        } else {
            // Balanced: alternate from the last game.
            (self.colors.last().map(|c| !c), 0)
        }
    }

    fn allows(&self, c: Color) -> bool {
        self.colors.difference_after(c).abs() <= MAX_COLOR_DIFFERENCE
    }
}

/// The pairing state of one round.
struct Pairer<'a> {
    round: RoundNo,
    last_round: u32,
    entrants: BTreeMap<EntrantNo, Entrant>,
    /// Active entrants in ranking order: score, then start number.
    order: Vec<EntrantNo>,
    /// Position of each entrant in `order`.
    ranks: BTreeMap<EntrantNo, usize>,
    lot: Lot,
    explain: &'a mut Vec<String>,
}

/// Pairs `round` of an event under S4's Swiss system (docs/competition.md §2).
pub fn pair_round(event: &Event, round: RoundNo) -> Result<Round, PairingError> {
    let format = Format::of(event);
    let t = tallies(event);
    let mut entrants = BTreeMap::new();
    for id in event.entrant_numbers() {
        if !event.is_to_be_paired(id, round) {
            continue;
        }
        let Some(tally) = t.get(&id) else { continue };
        entrants.insert(
            id,
            Entrant {
                score: tally.encounters.iter().map(|e| e.primary(format)).sum(),
                colors: ColourHistory::of(&tally.encounters),
                opponents: tally.opponents().collect(),
                // A requested bye is the entrant's own, not the system's.
                had_bye: tally.encounters.iter().any(|e| {
                    e.kind == crate::scoring::EncounterKind::Bye
                        && event.requested_bye(id, e.round).is_none()
                }),
            },
        );
    }
    let mut explanation = Vec::new();
    let pairs = pair_entrants(
        entrants,
        round,
        event.rounds_planned.max(round.get()),
        event.settings.lot_seed,
        &mut explanation,
    )?;
    let bye = crate::pairing::bye_points(event);
    let pairings = pairs
        .into_iter()
        .enumerate()
        .map(|(i, (white, black))| Pairing {
            board: BoardNo::from_index(i),
            white,
            black,
            bye_points: black.is_none().then_some(bye),
            games: Vec::new(),
            team_match: None,
            decided_for: None,
            slot: None,
        })
        .collect();
    Ok(Round {
        number: round,
        pairings,
        explanation,
    })
}

/// Two entrants to meet, colours not yet given.
type Game = (EntrantNo, EntrantNo);

/// A pair in board order: (White, Black or `None` for the bye).
type Pair = (EntrantNo, Option<EntrantNo>);

fn pair_entrants(
    entrants: BTreeMap<EntrantNo, Entrant>,
    round: RoundNo,
    last_round: u32,
    seed: u64,
    explain: &mut Vec<String>,
) -> Result<Vec<Pair>, PairingError> {
    let mut order: Vec<EntrantNo> = entrants.keys().copied().collect();
    order.sort_by(|a, b| {
        let (ea, eb) = (&entrants[a], &entrants[b]);
        eb.score.cmp(&ea.score).then(a.cmp(b))
    });
    let n = order.len();
    if n < 2 {
        return Err(PairingError::TooFewEntrants {
            system: "swiss".into(),
            needed: 2,
            found: n,
        });
    }
    let ranks = order.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    let mut p = Pairer {
        round,
        last_round,
        entrants,
        order,
        ranks,
        lot: Lot::new(seed, round.get(), "swiss"),
        explain,
    };
    // An odd field: the bye goes to the lowest-ranked player without one, provided the
    // rest can be paired.
    let mut bye = None;
    if n % 2 == 1 {
        let candidates: Vec<EntrantNo> = p
            .order
            .iter()
            .rev()
            .copied()
            .filter(|id| !p.entrants[id].had_bye)
            .collect();
        for c in candidates {
            let rest: Vec<EntrantNo> = p.order.iter().copied().filter(|x| *x != c).collect();
            if round == RoundNo::FIRST || p.complete_matching_exists(&rest) {
                p.explain.push(format!(
                    "bye: {c} (score {}), the lowest-ranked player without a bye whose absence leaves a pairable field",
                    p.entrants[&c].score
                ));
                bye = Some(c);
                break;
            }
        }
        if bye.is_none() {
            return Err(PairingError::NoValidPairing {
                round,
                players: n,
                why: NoPairingReason::NoByeLeavesPairableField,
            });
        }
    }
    let field: Vec<EntrantNo> = p
        .order
        .iter()
        .copied()
        .filter(|x| Some(*x) != bye)
        .collect();
    let mut pairs = if round == RoundNo::FIRST {
        p.first_round(&field)
    } else {
        p.later_round(&field)?
    };
    // Board order: higher scores first, then ranking.
    pairs.sort_by_key(|&(a, b)| {
        let (ea, eb) = (&p.entrants[&a], &p.entrants[&b]);
        let top = ea.score.max(eb.score);
        let sum = ea.score + eb.score;
        let rank = p.rank(a).min(p.rank(b));
        (std::cmp::Reverse(top), std::cmp::Reverse(sum), rank)
    });
    let mut out: Vec<Pair> = Vec::with_capacity(pairs.len() + 1);
    for (a, b) in pairs {
        let (w, bl) = p.colours(a, b);
        out.push((w, Some(bl)));
    }
    if let Some(b) = bye {
        out.push((b, None));
    }
    Ok(out)
}

impl Pairer<'_> {
    fn rank(&self, id: EntrantNo) -> usize {
        self.ranks.get(&id).copied().unwrap_or(usize::MAX)
    }

    fn score(&self, id: EntrantNo) -> Score {
        self.entrants.get(&id).map_or(Score::ZERO, |e| e.score)
    }

    /// Why `a` may not meet `b`, if it may not.
    fn veto(&self, a: EntrantNo, b: EntrantNo) -> Option<String> {
        let (Some(ea), Some(eb)) = (self.entrants.get(&a), self.entrants.get(&b)) else {
            return Some("unknown player".into());
        };
        if ea.opponents.contains(&b) {
            return Some("already met".into());
        }
        let ok = (ea.allows(Color::White) && eb.allows(Color::Black))
            || (ea.allows(Color::Black) && eb.allows(Color::White));
        if !ok {
            return Some(format!(
                "colours: differences {:+} and {:+} leave no colour within ±{MAX_COLOR_DIFFERENCE}",
                ea.colors.difference(),
                eb.colors.difference()
            ));
        }
        None
    }

    /// S4 ch.2 §5.5.3(1): upper half draws the lower half by lot.
    fn first_round(&mut self, field: &[EntrantNo]) -> Vec<(EntrantNo, EntrantNo)> {
        let half = field.len() / 2;
        let (upper, lower) = field.split_at(half);
        let mut lower = lower.to_vec();
        self.lot.shuffle(&mut lower);
        upper
            .iter()
            .zip(lower)
            .map(|(&a, b)| {
                self.explain.push(format!(
                    "{a} (upper half) drew {b} (lower half) by lot (003 ch.2 §5.5.3(1))"
                ));
                (a, b)
            })
            .collect()
    }

    /// Candidates for `a` among `pool`, best first: nearest score, then compatible
    /// colour preferences, then lot.
    fn candidates(
        &mut self,
        a: EntrantNo,
        pool: &[EntrantNo],
        rejected: &mut Vec<String>,
    ) -> Vec<EntrantNo> {
        let sa = self.score(a);
        let (pref_a, _) = self.entrants[&a].preference();
        let mut c: Vec<(i64, u8, u64, EntrantNo)> = Vec::new();
        for &b in pool {
            if b == a {
                continue;
            }
            if let Some(why) = self.veto(a, b) {
                rejected.push(format!("{b}: {why}"));
                continue;
            }
            let gap = (sa.quarters() - self.score(b).quarters()).abs();
            let (pref_b, _) = self.entrants[&b].preference();
            let clash = u8::from(pref_a.is_some() && pref_a == pref_b);
            c.push((gap, clash, self.lot.next_u64(), b));
        }
        c.sort();
        c.into_iter().map(|x| x.3).collect()
    }

    fn describe(&self, a: EntrantNo, b: EntrantNo, rejected: &[String], direction: &str) -> String {
        let gap = self.score(a) - self.score(b);
        let kind = if gap == Score::ZERO {
            "same score group, drawn by lot".to_owned()
        } else {
            format!(
                "nearest score available (difference {})",
                Score::from_quarters(gap.quarters().abs())
            )
        };
        let mut s = format!(
            "{direction}: {a} ({}) v {b} ({}): {kind}",
            self.score(a),
            self.score(b)
        );
        if !rejected.is_empty() {
            s.push_str("; rejected ");
            s.push_str(&rejected.join(", "));
        }
        s
    }

    /// S4 ch.2 §5.5.3(2).
    fn later_round(
        &mut self,
        field: &[EntrantNo],
    ) -> Result<Vec<(EntrantNo, EntrantNo)>, PairingError> {
        let mut remaining: Vec<EntrantNo> = field.to_vec();
        let mut top: Vec<(EntrantNo, EntrantNo)> = Vec::new();
        // Step 1: top-down.
        while let Some(&a) = remaining.first() {
            let mut rejected = Vec::new();
            let pool = remaining.clone();
            let cands = self.candidates(a, &pool, &mut rejected);
            let Some(&b) = cands.first() else {
                self.explain.push(format!(
                    "top-down pairing stuck at {a} ({}): {}",
                    self.score(a),
                    if rejected.is_empty() {
                        "nobody left".into()
                    } else {
                        rejected.join(", ")
                    }
                ));
                break;
            };
            self.explain
                .push(self.describe(a, b, &rejected, "top-down"));
            top.push((a, b));
            remaining.retain(|x| *x != a && *x != b);
        }
        if remaining.is_empty() {
            return Ok(top);
        }
        // Step 2: "pair from the lowest score upward to the stuck point (both ends toward
        // the middle)". Top-down pairs wholly above the stuck player stay; pairs that
        // reached below it are released with the rest. The players below the stuck point
        // are paired from the bottom up, then the middle top-down.
        let Some(&stuck) = remaining.first() else {
            return Ok(top);
        };
        let stuck_rank = self.rank(stuck);
        let (kept, loose): (Vec<Game>, Vec<Game>) = top
            .into_iter()
            .partition(|&(a, b)| self.rank(a) < stuck_rank && self.rank(b) < stuck_rank);
        let mut released: Vec<EntrantNo> = loose
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .chain(remaining.iter().copied())
            .collect();
        released.sort_by_key(|x| self.rank(*x));
        if !loose.is_empty() {
            self.explain.push(format!(
                "released the pair(s) {} that reach below the stuck point",
                loose
                    .iter()
                    .map(|(a, b)| format!("{a}-{b}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if let Some(mut pairs) = self.both_ends(&released, stuck_rank) {
            let mut out = kept.clone();
            out.append(&mut pairs);
            return Ok(out);
        }
        // Step 3: break the last pair(s) made from the top and re-pair.
        for k in 0..=kept.len() {
            let keep = kept.len() - k;
            let mut pool: Vec<EntrantNo> = kept
                .get(keep..)
                .unwrap_or_default()
                .iter()
                .flat_map(|&(a, b)| [a, b])
                .chain(released.iter().copied())
                .collect();
            pool.sort_by_key(|x| self.rank(*x));
            if let Some(found) = self.search(&pool) {
                self.explain.push(format!(
                    "broke the last {k} kept top-down pair(s) and re-paired {} players: {}",
                    pool.len(),
                    found
                        .iter()
                        .map(|(a, b)| format!("{a}-{b}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
                let mut out: Vec<(EntrantNo, EntrantNo)> =
                    kept.get(..keep).unwrap_or_default().to_vec();
                out.extend(found);
                return Ok(out);
            }
        }
        Err(PairingError::NoValidPairing {
            round: self.round,
            players: field.len(),
            why: NoPairingReason::NoRematchFreeWithinColourBounds,
        })
    }

    /// Bottom-up for the players ranked below `stuck_rank`, then top-down for the middle.
    fn both_ends(
        &mut self,
        released: &[EntrantNo],
        stuck_rank: usize,
    ) -> Option<Vec<(EntrantNo, EntrantNo)>> {
        let mut rest: Vec<EntrantNo> = released.to_vec();
        let mut bottom: Vec<(EntrantNo, EntrantNo)> = Vec::new();
        while let Some(&z) = rest.last() {
            if self.rank(z) <= stuck_rank {
                break;
            }
            let mut rejected = Vec::new();
            // Nearest score from below: the pool read upward.
            let pool: Vec<EntrantNo> = rest.iter().rev().copied().collect();
            let cands = self.candidates(z, &pool, &mut rejected);
            let Some(&y) = cands.first() else {
                self.explain.push(format!(
                    "bottom-up pairing stuck at {z} ({}): {}",
                    self.score(z),
                    if rejected.is_empty() {
                        "nobody left".into()
                    } else {
                        rejected.join(", ")
                    }
                ));
                return None;
            };
            self.explain
                .push(self.describe(y, z, &rejected, "bottom-up"));
            bottom.push((y, z));
            rest.retain(|x| *x != y && *x != z);
        }
        let mut middle = Vec::new();
        while let Some(&a) = rest.first() {
            let mut rejected = Vec::new();
            let pool = rest.clone();
            let cands = self.candidates(a, &pool, &mut rejected);
            let Some(&b) = cands.first() else {
                self.explain.push(format!(
                    "middle pairing stuck at {a} ({}): {}",
                    self.score(a),
                    if rejected.is_empty() {
                        "nobody left".into()
                    } else {
                        rejected.join(", ")
                    }
                ));
                return None;
            };
            self.explain.push(self.describe(a, b, &rejected, "middle"));
            middle.push((a, b));
            rest.retain(|x| *x != a && *x != b);
        }
        middle.extend(bottom.into_iter().rev());
        Some(middle)
    }

    /// Complete search in top-down preference order (deterministic: the lot is drawn
    /// from a separate stream so the search does not disturb the main draw).
    fn search(&self, players: &[EntrantNo]) -> Option<Vec<(EntrantNo, EntrantNo)>> {
        let mut out = Vec::new();
        let mut used = vec![false; players.len()];
        self.search_from(players, &mut used, &mut out)
            .then_some(out)
    }

    fn search_from(
        &self,
        players: &[EntrantNo],
        used: &mut [bool],
        out: &mut Vec<(EntrantNo, EntrantNo)>,
    ) -> bool {
        let Some(i) = used.iter().position(|u| !u) else {
            return true;
        };
        let Some(&a) = players.get(i) else {
            return false;
        };
        used[i] = true;
        let sa = self.score(a);
        let mut options: Vec<(i64, usize)> = players
            .iter()
            .enumerate()
            .filter(|(j, b)| !used[*j] && self.veto(a, **b).is_none())
            .map(|(j, b)| ((sa.quarters() - self.score(*b).quarters()).abs(), j))
            .collect();
        options.sort();
        for (_, j) in options {
            used[j] = true;
            out.push((a, players[j]));
            if self.search_from(players, used, out) {
                return true;
            }
            out.pop();
            used[j] = false;
        }
        used[i] = false;
        false
    }

    /// Whether the players can all be paired (used to choose the bye).
    fn complete_matching_exists(&self, players: &[EntrantNo]) -> bool {
        self.search(players).is_some()
    }

    /// Colours for a pair (S4 ch.2 §5.5.3(3)–(4)); returns (White, Black).
    fn colours(&mut self, a: EntrantNo, b: EntrantNo) -> (EntrantNo, EntrantNo) {
        let (ea, eb) = (&self.entrants[&a], &self.entrants[&b]);
        let a_white_ok = ea.allows(Color::White) && eb.allows(Color::Black);
        let b_white_ok = eb.allows(Color::White) && ea.allows(Color::Black);
        let (pa, sa) = ea.preference();
        let (pb, sb) = eb.preference();
        let (score_a, score_b) = (ea.score, eb.score);
        let forced = match (a_white_ok, b_white_ok) {
            (true, false) => Some((a, b)),
            (false, true) => Some((b, a)),
            _ => None,
        };
        let (w, bl, why) = if let Some((w, bl)) = forced {
            (w, bl, "the only colours within ±2".to_owned())
        } else if self.round == RoundNo::FIRST || (pa.is_none() && pb.is_none()) {
            if self.lot.coin() {
                (a, b, "by lot".into())
            } else {
                (b, a, "by lot".into())
            }
        } else if pa != pb || pa.is_none() || pb.is_none() {
            // Both can have what they want.
            let a_white = pa == Some(Color::White) || pb == Some(Color::Black);
            if a_white {
                (a, b, "both preferences met".into())
            } else {
                (b, a, "both preferences met".into())
            }
        } else {
            // Both want the same colour.
            let want = pa.unwrap_or(Color::White);
            let give = |to: EntrantNo, other: EntrantNo| {
                if want == Color::White {
                    (to, other)
                } else {
                    (other, to)
                }
            };
            let gap = (score_a.quarters() - score_b.quarters()).abs();
            let higher = if score_a > score_b { a } else { b };
            let lower = if higher == a { b } else { a };
            let from_third_last = self.round.get() + 2 >= self.last_round;
            let last = self.round.get() >= self.last_round;
            if gap > 0 && last {
                // S4 ch.2 §5.5.3(4): last round, only a gap of two points or more.
                if gap >= Score::from_int(2).quarters() {
                    let (w, bl) = give(higher, lower);
                    (w, bl, "last round, higher score by 2+ served first".into())
                } else if self.lot.coin() {
                    (a, b, "last round, gap under 2 points: by lot".into())
                } else {
                    (b, a, "last round, gap under 2 points: by lot".into())
                }
            } else if gap > 0 && from_third_last {
                let (w, bl) = give(higher, lower);
                (
                    w,
                    bl,
                    "from the third-last round the higher score is served first".into(),
                )
            } else if sa != sb {
                let (w, bl) = give(if sa > sb { a } else { b }, if sa > sb { b } else { a });
                (w, bl, "the larger colour imbalance is served first".into())
            } else if self.lot.coin() {
                (a, b, "equal claims: by lot".into())
            } else {
                (b, a, "equal claims: by lot".into())
            }
        };
        self.explain.push(format!("colours {w}-{bl}: {why}"));
        (w, bl)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no(n: u32) -> EntrantNo {
        EntrantNo::new(n).unwrap_or(EntrantNo::FIRST)
    }

    fn round(n: u32) -> RoundNo {
        RoundNo::new(n).unwrap_or(RoundNo::FIRST)
    }

    /// A synthetic entrant: score in half points, no colour history (so colours never
    /// decide between candidates), opponents already met.
    fn e(id: u32, score_halves: i64, met: &[u32]) -> (EntrantNo, Entrant) {
        (
            no(id),
            Entrant {
                score: Score::from_halves(score_halves),
                colors: ColourHistory::default(),
                opponents: met.iter().map(|m| no(*m)).collect(),
                had_bye: false,
            },
        )
    }

    fn field(list: &[(u32, i64, &[u32])]) -> BTreeMap<EntrantNo, Entrant> {
        list.iter().map(|&(id, s, met)| e(id, s, met)).collect()
    }

    fn unordered(pairs: &[Pair]) -> Vec<(u32, u32)> {
        let mut v: Vec<(u32, u32)> = pairs
            .iter()
            .map(|&(w, b)| {
                let (w, b) = (w.get(), b.map_or(0, EntrantNo::get));
                (w.min(b), w.max(b))
            })
            .collect();
        v.sort();
        v
    }

    /// Scores 5, 4, 3, 2.5, 2, 1; already met: 3-4, 4-6, 5-6.
    /// Top-down: 1-2; 3 cannot meet 4, takes 5 (nearest); 4 has only 6 (met): stuck at 4.
    /// 3-5 reaches below the stuck point and is released; bottom-up: 6 cannot meet 5 or
    /// 4, takes 3; 5 takes 4. Result 1-2, 3-6, 4-5.
    #[test]
    fn top_down_stuck_bottom_up_completes() {
        let f = field(&[
            (1, 10, &[]),
            (2, 8, &[]),
            (3, 6, &[4]),
            (4, 5, &[3, 6]),
            (5, 4, &[6]),
            (6, 2, &[4, 5]),
        ]);
        let mut ex = Vec::new();
        let pairs = pair_entrants(f, round(3), 7, 1, &mut ex).unwrap_or_default();
        assert_eq!(unordered(&pairs), vec![(1, 2), (3, 6), (4, 5)]);
        assert!(
            ex.iter()
                .any(|l| l.starts_with("top-down pairing stuck at 4")),
            "{ex:?}"
        );
        assert!(
            ex.iter().any(|l| l.starts_with("bottom-up: 3 (3) v 6 (1)")),
            "{ex:?}"
        );
        assert!(
            ex.iter()
                .any(|l| l.starts_with("bottom-up: 4 (2.5) v 5 (2)")),
            "{ex:?}"
        );
    }

    /// Scores 4, 3, 2.5, 2, 1.5, 1; already met: 5-6, 4-6.
    /// Top-down: 1-2, 3-4, then 5 has only 6 (met): stuck at 5. Both kept pairs lie above
    /// it; bottom-up from 6 finds only 5 (met): stuck. Breaking no pair fails ({5,6});
    /// breaking the last pair 3-4 re-pairs {3,4,5,6} in top-down preference: 3 tries 4
    /// (then 5-6 met), then 5 (then 4-6 met), then 6 (then 4-5): 3-6, 4-5.
    #[test]
    fn breaking_the_last_pair() {
        let f = field(&[
            (1, 8, &[]),
            (2, 6, &[]),
            (3, 5, &[]),
            (4, 4, &[6]),
            (5, 3, &[6]),
            (6, 2, &[4, 5]),
        ]);
        let mut ex = Vec::new();
        let pairs = pair_entrants(f, round(3), 7, 1, &mut ex).unwrap_or_default();
        assert_eq!(unordered(&pairs), vec![(1, 2), (3, 6), (4, 5)]);
        assert!(
            ex.iter()
                .any(|l| l.starts_with("top-down pairing stuck at 5")),
            "{ex:?}"
        );
        assert!(
            ex.iter()
                .any(|l| l.starts_with("bottom-up pairing stuck at 6")),
            "{ex:?}"
        );
        assert!(
            ex.iter()
                .any(|l| l.starts_with("broke the last 1 kept top-down pair(s)")),
            "{ex:?}"
        );
    }

    /// Nobody can pair everyone: 4 has met all three others.
    #[test]
    fn no_valid_pairing_is_a_named_outcome() {
        let f = field(&[(1, 4, &[4]), (2, 3, &[4]), (3, 3, &[4]), (4, 0, &[1, 2, 3])]);
        let mut ex = Vec::new();
        let r = pair_entrants(f, round(4), 7, 1, &mut ex);
        assert!(
            matches!(r, Err(PairingError::NoValidPairing { round: r, .. }) if r == 4),
            "{r:?}"
        );
    }

    /// Round 1: each upper-half player meets a lower-half player.
    #[test]
    fn first_round_upper_against_lower() {
        let f = field(&(1..=8).map(|i| (i, 0, &[][..])).collect::<Vec<_>>());
        let mut ex = Vec::new();
        let pairs = pair_entrants(f, round(1), 7, 99, &mut ex).unwrap_or_default();
        assert_eq!(pairs.len(), 4);
        for (a, b) in unordered(&pairs) {
            assert!(a <= 4 && b >= 5, "{a}-{b}");
        }
    }
}
