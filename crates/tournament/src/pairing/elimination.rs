//! Single and double elimination (单败/双败淘汰, S4 ch.2 §5.1–2, ch.4 §1).
//!
//! The bracket has the next power of two of draw positions; the rest are byes. In each
//! half, position 1 holds a class-1 seed and the last position a class-2 seed (S4's
//! 16-player example, ch.4 §1 note); byes go to the seeds first, evenly over the halves.
//! Generally the layout places rank 1 and 2 at the top of the two halves, ranks 3 and 4 at
//! their bottoms (snake), and so on recursively, and rank `r` meets rank `size + 1 − r`
//! in the first round, so the `size − n` empty ranks give byes to ranks 1, 2, 3, ….
//!
//! Double elimination: each loser of the winners' bracket drops into a fixed slot of the
//! losers' bracket — round-1 losers meet in pairs (losers of matches 2j−1 and 2j), and
//! the losers of winners' round `m + 1` meet the survivors of losers' round `2m − 1` in
//! reverse order (loser of the last match meets the first survivor), which keeps players
//! who met in the winners' bracket apart. Then a grand final, and a second one if the
//! losers' bracket winner wins the first (bracket reset, a setting).

use serde::{Deserialize, Serialize};

use crate::error::{EventError, InvalidReason, PairingError, StateReason};
use crate::event::{DrawnMatchRule, Event, Pairing, Round, System};
use crate::lot::Lot;
use crate::numbers::{BoardNo, EntrantNo, RoundNo};
use crate::result::GameResult;
use crate::score::Score;
use crate::scoring::encounters_of;

/// A knock-out bracket: the entrant in each draw position (`None`: a bye slot).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bracket {
    /// Draw positions 1..=size (index 0 is position 1), entrant numbers.
    pub positions: Vec<Option<EntrantNo>>,
}

impl Bracket {
    /// Number of positions (a power of two).
    #[must_use]
    pub fn size(&self) -> usize {
        self.positions.len()
    }
}

/// The rank (1 = best seed) standing in each draw position of a bracket of `size`
/// (a power of two, at least 2).
#[must_use]
pub fn layout(size: usize) -> Vec<usize> {
    if size < 2 {
        return vec![1; size];
    }
    let ranks: Vec<usize> = (1..=size).collect();
    if size == 2 {
        return ranks;
    }
    let (a, b) = snake_split(&ranks);
    let mut out = half_layout(&a);
    out.extend(half_layout(&b));
    out
}

/// Splits ranks (best first) in snake order: 1 → first, 2, 3 → second, 4, 5 → first…
fn snake_split(ranks: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let mut a = Vec::new();
    let mut b = Vec::new();
    for (i, r) in ranks.iter().enumerate() {
        if matches!(i % 4, 0 | 3) {
            a.push(*r);
        } else {
            b.push(*r);
        }
    }
    (a, b)
}

/// A sub-bracket with its best rank at the top and its second best at the bottom.
fn half_layout(ranks: &[usize]) -> Vec<usize> {
    if ranks.len() <= 2 {
        return ranks.to_vec();
    }
    let (x, y) = snake_split(ranks);
    let mut out = half_layout(&x);
    let mut bottom = half_layout(&y);
    bottom.reverse();
    out.extend(bottom);
    out
}

/// Draws the bracket: seeds by class (class 1, then class 2, each in an order drawn by
/// lot: "依次抽签定位"), then the rest by lot.
pub fn start(event: &mut Event) -> Result<(), EventError> {
    let entrants = event.entrant_numbers();
    let n = entrants.len();
    if event.system == System::DoubleElimination && n > 64 {
        return Err(EventError::Invalid(
            InvalidReason::DoubleEliminationFieldTooLarge { players: n },
        ));
    }
    let size = n.next_power_of_two().max(2);
    let mut lot = Lot::new(event.settings.lot_seed, 0, "bracket");
    let class = |e: EntrantNo| {
        if event.is_team_event() {
            None
        } else {
            event.player(e).and_then(|p| p.seed_class)
        }
    };
    let mut ranked = Vec::with_capacity(n);
    for c in [Some(1u8), Some(2u8), None] {
        let mut group: Vec<EntrantNo> = entrants
            .iter()
            .copied()
            .filter(|e| match c {
                Some(k) => class(*e) == Some(k),
                None => !matches!(class(*e), Some(1 | 2)),
            })
            .collect();
        lot.shuffle(&mut group);
        ranked.extend(group);
    }
    let positions = layout(size)
        .into_iter()
        .map(|rank| ranked.get(rank - 1).copied())
        .collect();
    event.bracket = Some(Bracket { positions });
    let k = size.trailing_zeros();
    event.rounds_planned = match event.system {
        System::DoubleElimination => schedule(size).len() as u32,
        _ => k,
    };
    Ok(())
}

/// A match of the bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatchId {
    /// Winners' bracket (or the single-elimination bracket): round, match (1-based).
    Winners(u32, u32),
    /// Losers' bracket: round, match.
    Losers(u32, u32),
    /// Grand final.
    Final,
    /// Second grand final after a bracket reset.
    Reset,
}

impl MatchId {
    /// The tag stored with the pairing ("W2-1", "L3-2", "GF", "GF2").
    #[must_use]
    pub fn tag(self) -> String {
        match self {
            MatchId::Winners(r, m) => format!("W{r}-{m}"),
            MatchId::Losers(r, m) => format!("L{r}-{m}"),
            MatchId::Final => "GF".into(),
            MatchId::Reset => "GF2".into(),
        }
    }
}

/// Which matches each event round plays, for a double-elimination bracket of `size`.
#[must_use]
pub fn schedule(size: usize) -> Vec<Vec<MatchId>> {
    let k = size.trailing_zeros();
    let wb = |r: u32| -> Vec<MatchId> {
        (1..=(size >> r) as u32)
            .map(|m| MatchId::Winners(r, m))
            .collect()
    };
    let lb = |r: u32| -> Vec<MatchId> {
        // Losers' rounds 2m−1 and 2m have size / 2^(m+1) matches.
        let m = r.div_ceil(2);
        (1..=(size >> (m + 1)).max(1) as u32)
            .map(|j| MatchId::Losers(r, j))
            .collect()
    };
    let mut out = vec![wb(1)];
    if k >= 2 {
        let mut r2 = wb(2);
        r2.extend(lb(1));
        out.push(r2);
        out.push(lb(2));
        for m in 3..=k {
            let mut r = wb(m);
            r.extend(lb(2 * m - 3));
            out.push(r);
            out.push(lb(2 * m - 2));
        }
    }
    out.push(vec![MatchId::Final]);
    out.push(vec![MatchId::Reset]);
    out
}

/// Who won and who lost each played match, read from the event's rounds.
struct Results<'a> {
    event: &'a Event,
}

impl Results<'_> {
    fn pairing(&self, id: MatchId) -> Option<&Pairing> {
        let tag = id.tag();
        self.event
            .rounds
            .iter()
            .flat_map(|r| &r.pairings)
            .find(|p| p.slot.as_deref() == Some(tag.as_str()))
    }

    /// The match's two places (either may be empty).
    fn sides(&self, id: MatchId) -> (Option<EntrantNo>, Option<EntrantNo>) {
        let bracket = self.event.bracket.as_ref();
        match id {
            MatchId::Winners(1, m) => {
                let pos = |i: usize| bracket.and_then(|b| b.positions.get(i).copied().flatten());
                let i = (m as usize - 1) * 2;
                (pos(i), pos(i + 1))
            }
            MatchId::Winners(r, m) => (
                self.winner(MatchId::Winners(r - 1, 2 * m - 1)),
                self.winner(MatchId::Winners(r - 1, 2 * m)),
            ),
            MatchId::Losers(1, j) => (
                self.loser(MatchId::Winners(1, 2 * j - 1)),
                self.loser(MatchId::Winners(1, 2 * j)),
            ),
            MatchId::Losers(r, j) if r % 2 == 0 => {
                let m = r / 2;
                let count = self.size() >> (m + 1);
                // Fixed drop slot: reverse order.
                let from = count as u32 + 1 - j;
                (
                    self.winner(MatchId::Losers(r - 1, j)),
                    self.loser(MatchId::Winners(m + 1, from)),
                )
            }
            MatchId::Losers(r, j) => (
                self.winner(MatchId::Losers(r - 1, 2 * j - 1)),
                self.winner(MatchId::Losers(r - 1, 2 * j)),
            ),
            MatchId::Final => {
                let k = self.size().trailing_zeros();
                (
                    self.winner(MatchId::Winners(k, 1)),
                    self.winner(MatchId::Losers(2 * (k - 1), 1)),
                )
            }
            MatchId::Reset => self.sides(MatchId::Final),
        }
    }

    fn size(&self) -> usize {
        self.event.bracket.as_ref().map_or(0, Bracket::size)
    }

    /// The winner: from the result, or the only entrant of a match with one side.
    fn winner(&self, id: MatchId) -> Option<EntrantNo> {
        let (a, b) = self.sides(id);
        match (a, b) {
            (Some(x), None) | (None, Some(x)) => Some(x),
            (None, None) => None,
            (Some(_), Some(_)) => self.pairing(id).and_then(|p| match_winner(self.event, p)),
        }
    }

    fn loser(&self, id: MatchId) -> Option<EntrantNo> {
        let (a, b) = self.sides(id);
        let w = self.winner(id)?;
        match (a, b) {
            (Some(x), Some(y)) => Some(if w == x { y } else { x }),
            _ => None,
        }
    }
}

/// The winner of a knock-out pairing with a result, if decided.
#[must_use]
pub fn match_winner(event: &Event, p: &Pairing) -> Option<EntrantNo> {
    let black = p.black?;
    // The round is not read here; any will do.
    let enc = encounters_of(event, RoundNo::FIRST, p);
    let mp = |e: EntrantNo| {
        enc.iter()
            .find(|(n, _)| *n == e)
            .map(|(_, x)| x.match_points)
    };
    let (w, b) = (mp(p.white)?, mp(black)?);
    if w > b {
        Some(p.white)
    } else if b > w {
        Some(black)
    } else {
        None
    }
}

/// Pairs event round `number`.
pub fn pair_round(event: &Event, number: RoundNo) -> Result<Round, EventError> {
    let Some(bracket) = &event.bracket else {
        return Err(EventError::State(StateReason::BracketNotDrawn));
    };
    let size = bracket.size();
    let matches: Vec<MatchId> = match event.system {
        System::DoubleElimination => schedule(size)
            .get(number.index())
            .cloned()
            .unwrap_or_default(),
        _ => {
            let r = number.get();
            if r > size.trailing_zeros() {
                Vec::new()
            } else {
                (1..=(size >> r) as u32)
                    .map(|m| MatchId::Winners(r, m))
                    .collect()
            }
        }
    };
    let res = Results { event };
    // A level match must be decided (extra games or the organiser's decision) first.
    for r in &event.rounds {
        for p in &r.pairings {
            if p.black.is_some() && !p.games.is_empty() && match_winner(event, p).is_none() {
                return Err(EventError::State(StateReason::MatchLevel {
                    round: r.number,
                    board: p.board,
                }));
            }
        }
    }
    if matches == [MatchId::Reset] {
        let (wb, _) = res.sides(MatchId::Final);
        let final_winner = res.winner(MatchId::Final);
        if !event.settings.bracket_reset || final_winner.is_none() || final_winner == wb {
            return Err(PairingError::EventComplete(number.get() - 1).into());
        }
    }
    if matches.is_empty() {
        return Err(PairingError::EventComplete(number.get() - 1).into());
    }
    let mut lot = Lot::new(event.settings.lot_seed, number.get(), "knock-out colours");
    let mut pairings = Vec::new();
    for id in matches {
        let (a, b) = if id == MatchId::Reset {
            let (wb, lb) = res.sides(MatchId::Final);
            (lb, wb)
        } else {
            res.sides(id)
        };
        let (white, black) = match (a, b) {
            (Some(x), Some(y)) => {
                // S4 ch.4 §1.1: the first game's colours by lot.
                if lot.coin() {
                    (x, Some(y))
                } else {
                    (y, Some(x))
                }
            }
            (Some(x), None) | (None, Some(x)) => (x, None),
            (None, None) => continue,
        };
        pairings.push(Pairing {
            board: BoardNo::from_index(pairings.len()),
            white,
            black,
            bye_points: black.is_none().then_some(Score::ZERO),
            games: Vec::new(),
            team_match: None,
            decided_for: None,
            slot: Some(id.tag()),
        });
    }
    Ok(Round {
        number,
        pairings,
        explanation: Vec::new(),
    })
}

/// After a knock-out match's games, applies the organiser's rule for a level match
/// (used by the simulation): extra games until one player leads, or one armageddon game
/// where a draw counts for Black.
pub fn settle_level_match(
    event: &mut Event,
    round: RoundNo,
    board: BoardNo,
    lot: &mut Lot,
) -> Result<(), EventError> {
    if !matches!(
        event.system,
        System::SingleElimination | System::DoubleElimination
    ) {
        return Ok(());
    }
    let rule = event.settings.drawn_match;
    let Some(p) = event
        .rounds
        .get_mut(round.index())
        .and_then(|r| r.pairings.iter_mut().find(|p| p.board == board))
    else {
        return Err(EventError::UnknownBoard { round, board });
    };
    let Some(black) = p.black else { return Ok(()) };
    let random = |lot: &mut Lot| match lot.below(3) {
        0 => GameResult::WhiteWins,
        1 => GameResult::Draw,
        _ => GameResult::BlackWins,
    };
    // Bounded: a level match after 40 extra games is left to the arbiter.
    for _ in 0..40 {
        let (w, b) = game_points(p);
        if w != b || p.decided_for.is_some() {
            return Ok(());
        }
        let k = p.games.len();
        let (white_of_game, black_of_game) = if k % 2 == 0 {
            (p.white, black)
        } else {
            (black, p.white)
        };
        let g = random(lot);
        if rule == DrawnMatchRule::Armageddon {
            p.decided_for = Some(if g == GameResult::WhiteWins {
                white_of_game
            } else {
                black_of_game
            });
            p.games.push(g);
            return Ok(());
        }
        p.games.push(g);
    }
    Ok(())
}

/// Game points of the first-listed and second-listed entrant of an individual pairing.
fn game_points(p: &Pairing) -> (Score, Score) {
    let mut w = Score::ZERO;
    let mut b = Score::ZERO;
    for (k, g) in p.games.iter().enumerate() {
        let c = Pairing::first_color_in_game(k);
        w += g.points(c);
        b += g.points(!c);
    }
    (w, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_of_four_and_eight() {
        assert_eq!(layout(4), vec![1, 4, 2, 3]);
        assert_eq!(layout(8), vec![1, 8, 5, 4, 2, 7, 6, 3]);
    }
}
