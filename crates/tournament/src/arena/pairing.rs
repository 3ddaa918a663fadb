//! Pairing the players who wait, as an arena does it: whenever players wait, those close
//! in the standings play each other at once. This is not a Swiss: there are no rounds,
//! no score groups and no ban on meeting again, only on meeting again *at once*.
//!
//! The rules, in the order they apply:
//!
//! 1. **Rank.** The waiting players are sorted by their place in the arena's standings
//!    (score, performance, rating, number: [`super::state`]).
//! 2. **Odd count.** With an odd number waiting, the one who began to wait last (the end
//!    of the list, which is passed longest-waiting first) sits out: he has waited least.
//!    Only when the others cannot all be paired without him (a forbidden rematch among
//!    them) is the field paired with him, if that pairs more players.
//! 3. **Neighbours.** From the top down, each player not yet paired takes the closest
//!    ranked player below him who is free, not an immediate rematch and at most
//!    [`RANK_WINDOW`] places below him in the sorted waiting list. The window is counted
//!    in waiting players, not in standings places: two players who wait alone play each
//!    other however far apart they stand.
//! 4. **No immediate rematch.** Two players are not paired when either one's last game
//!    was against the other (lichess's rule: the one who has played since may still be
//!    the other's last opponent). A player left with no one else waits for the next call.
//! 5. **Repair.** Two players left over (typically the two who just played each other)
//!    are paired through an existing pair when they can: `u`, `v` left over and `p`–`q`
//!    paired become `u`–`p` and `v`–`q`, each within the window and no rematch, choosing
//!    the exchange that moves the players least in rank.
//! 6. **Colours.** White goes to the player who has had Black more often; between equals,
//!    to the one whose last game was with Black; between those, by lot.
//!
//! The greedy pass is linear in the waiting players (times the window) and the repair
//! looks only at the window around each player left over, so a thousand waiting players
//! are paired in well under a millisecond; an exact minimum-cost matching would be cubic.
//! Pairs come out in board order: the higher-ranked player of board 1 first.

use crate::lot::Lot;
use crate::numbers::EntrantNo;
use crate::result::Color;

/// How many places below him (in the sorted waiting list) a player may be paired: close
/// enough that the leaders meet each other, wide enough that a forbidden rematch or two
/// never leaves anyone out.
pub const RANK_WINDOW: usize = 8;

/// One game to start: who has White and who Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ArenaPairing {
    /// White.
    pub white: EntrantNo,
    /// Black.
    pub black: EntrantNo,
}

/// What pairing needs to know of one waiting player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Candidate {
    /// The player.
    pub entrant: EntrantNo,
    /// His place in the standings, 0-based.
    pub rank: usize,
    /// His last opponent.
    pub last_opponent: Option<EntrantNo>,
    /// Games with Black less games with White.
    pub blacks_over_whites: i64,
    /// His colour in his last game.
    pub last_colour: Option<Color>,
}

impl Candidate {
    /// Whether pairing the two would be an immediate rematch.
    fn just_met(&self, other: &Candidate) -> bool {
        self.last_opponent == Some(other.entrant) || other.last_opponent == Some(self.entrant)
    }
}

/// Pairs `waiting` (longest-waiting first) by the module's rules.
pub(crate) fn pair(waiting: &[Candidate], lot: &mut Lot) -> Vec<ArenaPairing> {
    let pairs = match waiting.split_last() {
        Some((_, rest)) if waiting.len() % 2 == 1 => {
            let without_last = match_ranked(rest);
            if 2 * without_last.len() == rest.len() {
                without_last
            } else {
                let with_all = match_ranked(waiting);
                if with_all.len() > without_last.len() {
                    with_all
                } else {
                    without_last
                }
            }
        }
        _ => match_ranked(waiting),
    };
    pairs
        .into_iter()
        .map(|(a, b)| colours(&a, &b, lot))
        .collect()
}

/// Rules 3–5 over `players`: the pairs, each the higher-ranked first, in board order.
fn match_ranked(players: &[Candidate]) -> Vec<(Candidate, Candidate)> {
    let mut sorted = players.to_vec();
    sorted.sort_by_key(|c| (c.rank, c.entrant));
    let n = sorted.len();
    let allowed = |i: usize, j: usize| {
        i != j && i.abs_diff(j) <= RANK_WINDOW && !sorted[i].just_met(&sorted[j])
    };
    let mut mate: Vec<Option<usize>> = vec![None; n];
    for i in 0..n {
        if mate[i].is_some() {
            continue;
        }
        if let Some(j) =
            (i + 1..n.min(i + RANK_WINDOW + 1)).find(|&j| mate[j].is_none() && allowed(i, j))
        {
            mate[i] = Some(j);
            mate[j] = Some(i);
        }
    }
    repair(&mut mate, &allowed);
    (0..n)
        .filter_map(|i| match mate[i] {
            Some(j) if i < j => Some((sorted[i], sorted[j])),
            _ => None,
        })
        .collect()
}

/// Rule 5: pairs players left over two by two, directly or through an existing pair,
/// until no more can be. Each step pairs two more players, so it ends.
fn repair(mate: &mut [Option<usize>], allowed: &impl Fn(usize, usize) -> bool) {
    let n = mate.len();
    loop {
        let left: Vec<usize> = (0..n).filter(|&i| mate[i].is_none()).collect();
        let mut fix = None;
        'search: for (k, &u) in left.iter().enumerate() {
            // Through a pair p–q, u and v are at most three windows apart.
            for &v in left[k + 1..]
                .iter()
                .take_while(|&&v| v - u <= 3 * RANK_WINDOW)
            {
                if allowed(u, v) {
                    fix = Some((u, v, None));
                    break 'search;
                }
                let through = (u.saturating_sub(RANK_WINDOW)..n.min(u + RANK_WINDOW + 1))
                    .filter_map(|p| mate[p].map(|q| (p, q)))
                    .filter(|&(p, q)| allowed(u, p) && allowed(v, q))
                    .min_by_key(|&(p, q)| (u.abs_diff(p) + v.abs_diff(q), p));
                if let Some((p, q)) = through {
                    fix = Some((u, v, Some((p, q))));
                    break 'search;
                }
            }
        }
        match fix {
            None => return,
            Some((u, v, None)) => {
                mate[u] = Some(v);
                mate[v] = Some(u);
            }
            Some((u, v, Some((p, q)))) => {
                mate[u] = Some(p);
                mate[p] = Some(u);
                mate[v] = Some(q);
                mate[q] = Some(v);
            }
        }
    }
}

/// Rule 6 for one pair.
fn colours(a: &Candidate, b: &Candidate, lot: &mut Lot) -> ArenaPairing {
    let a_white = match a.blacks_over_whites.cmp(&b.blacks_over_whites) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal => match (a.last_colour, b.last_colour) {
            (Some(Color::Black), l) if l != Some(Color::Black) => true,
            (l, Some(Color::Black)) if l != Some(Color::Black) => false,
            _ => lot.coin(),
        },
    };
    let (white, black) = if a_white { (a, b) } else { (b, a) };
    ArenaPairing {
        white: white.entrant,
        black: black.entrant,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no(n: u32) -> EntrantNo {
        EntrantNo::new(n).expect("a number from 1")
    }

    /// Player `n`, ranked `n − 1`, fresh.
    fn fresh(n: u32) -> Candidate {
        Candidate {
            entrant: no(n),
            rank: n as usize - 1,
            last_opponent: None,
            blacks_over_whites: 0,
            last_colour: None,
        }
    }

    /// Players 2–9 all last played 1, who is left with no one within the window: player
    /// 10 stands 9 places below him. 2–3, 4–5, 6–7, 8–9 play; 1 and 10 wait.
    #[test]
    fn the_window_is_counted_in_waiting_players() {
        let mut field: Vec<Candidate> = (1..=10).map(fresh).collect();
        for c in &mut field[1..9] {
            c.last_opponent = Some(no(1));
        }
        let mut lot = Lot::new(1, 0, "test");
        let pairs = pair(&field, &mut lot);
        let met: Vec<(u32, u32)> = pairs
            .iter()
            .map(|p| {
                (
                    p.white.get().min(p.black.get()),
                    p.white.get().max(p.black.get()),
                )
            })
            .collect();
        assert_eq!(met, [(2, 3), (4, 5), (6, 7), (8, 9)]);
        // Without 9, player 10 stands 8 places below 1 and meets him; the field is odd
        // and 10 came last, but without him 1 could not play, so 10 plays and 8 waits.
        field.remove(8);
        let pairs = pair(&field, &mut lot);
        assert!(pairs.iter().any(|p| p.white.get() + p.black.get() == 11));
    }

    #[test]
    fn white_to_the_one_with_more_blacks_then_black_last() {
        let mut lot = Lot::new(1, 0, "test");
        let (mut a, mut b) = (fresh(1), fresh(2));
        a.blacks_over_whites = -1;
        b.blacks_over_whites = 1;
        assert_eq!(colours(&a, &b, &mut lot).white, no(2));
        // Level, but a had Black last (W then B): a has White.
        a.blacks_over_whites = 0;
        b.blacks_over_whites = 0;
        a.last_colour = Some(Color::Black);
        b.last_colour = Some(Color::White);
        assert_eq!(colours(&a, &b, &mut lot).white, no(1));
        assert_eq!(colours(&b, &a, &mut lot).white, no(1));
    }
}
