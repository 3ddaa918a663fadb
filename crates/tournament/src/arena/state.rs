//! An arena while it runs: the players with their ratings, every game recorded in the
//! order the results came in, and the standings read from them.
//!
//! Standings order by score, then by performance, then by rating, then by the earlier
//! number. Performance is lichess's tie-break for arenas: the mean over a player's games
//! played at the board of the opponent's rating + 500 for a win, − 500 for a loss, the
//! rating alone for a draw. Games count, but not as a tie-break: more games at the same
//! score means weaker results, and ranking them higher would reward playing on. A player
//! with no game at the board yet counts his own rating as his performance, so that at the
//! start (everyone on 0) the order is the ratings', as a fresh arena's is; forfeits count
//! for score but not for performance, since nothing was played.
//!
//! Performance is compared exactly (as fractions), not rounded: two players tie only when
//! their performances are equal.

use std::cmp::Ordering;

use crate::error::ArenaError;
use crate::lot::Lot;
use crate::numbers::EntrantNo;
use crate::result::{Color, GameResult};

use super::pairing::{self, ArenaPairing, Candidate};
use super::scoring::{Outcome, PlayerGame, Sheet};

/// Rating points a win adds to (and a loss takes from) the opponent's rating in the
/// performance (lichess's arena performance).
pub const PERFORMANCE_SPREAD: i64 = 500;

/// One finished game as the arena receives it.
///
/// A forfeit is the result's own: [`GameResult::WhiteWinsByForfeit`] (Black never moved)
/// and [`GameResult::BlackWinsByForfeit`] score a win for the one and a loss for the
/// other, and [`GameResult::DoubleForfeit`] a loss for both; a separate flag could only
/// contradict the result. An [`GameResult::Adjusted`] split has no arena score and is
/// refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArenaGame {
    /// White.
    pub white: EntrantNo,
    /// Black.
    pub black: EntrantNo,
    /// The result.
    pub result: GameResult,
    /// Whether White berserked (halved his clock).
    pub white_berserk: bool,
    /// Whether Black berserked.
    pub black_berserk: bool,
    /// Full moves the game lasted.
    pub moves: u32,
}

impl ArenaGame {
    /// A game without berserk.
    #[must_use]
    pub fn new(white: EntrantNo, black: EntrantNo, result: GameResult, moves: u32) -> ArenaGame {
        ArenaGame {
            white,
            black,
            result,
            white_berserk: false,
            black_berserk: false,
            moves,
        }
    }

    /// The game as `side` had it, or `None` for an adjusted result.
    fn for_side(&self, side: Color) -> Option<PlayerGame> {
        let (outcome, forfeit) = match (&self.result, side) {
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => {
                (Outcome::Win, false)
            }
            (GameResult::WhiteWins, Color::Black) | (GameResult::BlackWins, Color::White) => {
                (Outcome::Loss, false)
            }
            (GameResult::Draw, _) => (Outcome::Draw, false),
            (GameResult::WhiteWinsByForfeit { .. }, Color::White)
            | (GameResult::BlackWinsByForfeit { .. }, Color::Black) => (Outcome::Win, true),
            (GameResult::WhiteWinsByForfeit { .. }, Color::Black)
            | (GameResult::BlackWinsByForfeit { .. }, Color::White)
            | (GameResult::DoubleForfeit { .. }, _) => (Outcome::Loss, true),
            (GameResult::Adjusted { .. }, _) => return None,
        };
        Some(PlayerGame {
            result: outcome,
            berserk: match side {
                Color::White => self.white_berserk,
                Color::Black => self.black_berserk,
            },
            moves: self.moves,
            forfeit,
        })
    }
}

/// One line of the arena's standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArenaStanding {
    /// The player.
    pub entrant: EntrantNo,
    /// His rating, as added.
    pub rating: u32,
    /// Arena points.
    pub score: u32,
    /// Games recorded, forfeits included.
    pub games: u32,
    /// Whether his next game's points are doubled.
    pub on_fire: bool,
    /// Performance over his games played at the board, rounded to the nearest point;
    /// `None` before his first.
    pub performance: Option<i64>,
    /// Each game's points, in the order played.
    pub sheet: Sheet,
}

/// One game in a player's history.
#[derive(Debug, Clone, Copy)]
struct Played {
    opponent: EntrantNo,
    colour: Color,
}

/// A player of the arena.
#[derive(Debug, Clone)]
struct Entry {
    rating: u32,
    history: Vec<Played>,
    sheet: Sheet,
    /// Sum over games at the board of the opponent's rating ± the spread.
    performance_sum: i64,
    /// Games at the board.
    performance_games: i64,
    /// Games with Black less games with White.
    blacks_over_whites: i64,
}

impl Entry {
    /// Performance as a fraction (sum, games); the own rating before any game.
    fn performance_fraction(&self) -> (i64, i64) {
        if self.performance_games == 0 {
            (i64::from(self.rating), 1)
        } else {
            (self.performance_sum, self.performance_games)
        }
    }
}

/// An arena tournament: players join at any time, are paired whenever they wait, and
/// score by [`super::scoring`]'s rules.
#[derive(Debug, Clone)]
pub struct Arena {
    seed: u64,
    players: Vec<Entry>,
    /// Pairing calls made, each one drawing its colour lots from its own stream.
    waves: u32,
}

impl Arena {
    /// An empty arena whose lots (colours between equals) are drawn from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Arena {
        Arena {
            seed,
            players: Vec::new(),
            waves: 0,
        }
    }

    /// Adds a player; numbers are given 1, 2, … in the order added.
    pub fn add_player(&mut self, rating: u32) -> EntrantNo {
        self.players.push(Entry {
            rating,
            history: Vec::new(),
            sheet: Sheet::default(),
            performance_sum: 0,
            performance_games: 0,
            blacks_over_whites: 0,
        });
        EntrantNo::from_index(self.players.len() - 1)
    }

    /// Players added.
    #[must_use]
    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// A player's score sheet.
    pub fn sheet(&self, player: EntrantNo) -> Result<&Sheet, ArenaError> {
        Ok(&self.entry(player)?.sheet)
    }

    /// A player's last opponent, `None` before his first game.
    pub fn last_opponent(&self, player: EntrantNo) -> Result<Option<EntrantNo>, ArenaError> {
        Ok(self.entry(player)?.history.last().map(|p| p.opponent))
    }

    /// The colours a player had, in the order played.
    pub fn colours(&self, player: EntrantNo) -> Result<Vec<Color>, ArenaError> {
        Ok(self
            .entry(player)?
            .history
            .iter()
            .map(|p| p.colour)
            .collect())
    }

    fn entry(&self, player: EntrantNo) -> Result<&Entry, ArenaError> {
        self.players
            .get(player.index())
            .ok_or(ArenaError::UnknownPlayer(player))
    }

    /// Records a finished game for both players. The arena does not check that it paired
    /// the two: a game the organiser pairs by hand counts the same.
    pub fn record(&mut self, game: ArenaGame) -> Result<(), ArenaError> {
        let (w, b) = (game.white, game.black);
        let (white_rating, black_rating) = (self.entry(w)?.rating, self.entry(b)?.rating);
        if w == b {
            return Err(ArenaError::AgainstHimself(w));
        }
        let adjusted = ArenaError::AdjustedResult { white: w, black: b };
        let white_game = game.for_side(Color::White).ok_or(adjusted.clone())?;
        let black_game = game.for_side(Color::Black).ok_or(adjusted)?;
        self.push(w, b, black_rating, Color::White, white_game);
        self.push(b, w, white_rating, Color::Black, black_game);
        Ok(())
    }

    fn push(
        &mut self,
        player: EntrantNo,
        opponent: EntrantNo,
        opponent_rating: u32,
        colour: Color,
        game: PlayerGame,
    ) {
        let Some(entry) = self.players.get_mut(player.index()) else {
            return;
        };
        entry.history.push(Played { opponent, colour });
        entry.sheet.push(&game);
        entry.blacks_over_whites += match colour {
            Color::Black => 1,
            Color::White => -1,
        };
        if !game.forfeit {
            let spread = match game.result {
                Outcome::Win => PERFORMANCE_SPREAD,
                Outcome::Draw => 0,
                Outcome::Loss => -PERFORMANCE_SPREAD,
            };
            entry.performance_sum += i64::from(opponent_rating) + spread;
            entry.performance_games += 1;
        }
    }

    /// Every player's index, best first: score, performance, rating, number.
    fn ranking(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.players.len()).collect();
        order.sort_by(|&a, &b| self.compare(a, b));
        order
    }

    fn compare(&self, a: usize, b: usize) -> Ordering {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        let ((sa, na), (sb, nb)) = (pa.performance_fraction(), pb.performance_fraction());
        // sa/na against sb/nb, both denominators positive.
        let performance = (i128::from(sa) * i128::from(nb)).cmp(&(i128::from(sb) * i128::from(na)));
        pb.sheet
            .total
            .cmp(&pa.sheet.total)
            .then(performance.reverse())
            .then(pb.rating.cmp(&pa.rating))
            .then(a.cmp(&b))
    }

    /// The standings, best first (the module's doc gives the order).
    #[must_use]
    pub fn standings(&self) -> Vec<ArenaStanding> {
        self.ranking()
            .into_iter()
            .map(|i| {
                let p = &self.players[i];
                ArenaStanding {
                    entrant: EntrantNo::from_index(i),
                    rating: p.rating,
                    score: p.sheet.total,
                    games: u32::try_from(p.history.len()).unwrap_or(u32::MAX),
                    on_fire: p.sheet.on_fire,
                    performance: (p.performance_games > 0).then(|| {
                        // Nearest, halves up: floor((2·sum + n) / 2n).
                        (2 * p.performance_sum + p.performance_games)
                            .div_euclid(2 * p.performance_games)
                    }),
                    sheet: p.sheet.clone(),
                }
            })
            .collect()
    }

    /// Pairs the players now waiting, `waiting` in the order they began to wait (longest
    /// first); those left out go on waiting. [`super::pairing`] gives the rules.
    pub fn pair(&mut self, waiting: &[EntrantNo]) -> Result<Vec<ArenaPairing>, ArenaError> {
        let mut rank = vec![usize::MAX; self.players.len()];
        for (place, i) in self.ranking().into_iter().enumerate() {
            rank[i] = place;
        }
        let mut seen = vec![false; self.players.len()];
        let mut candidates = Vec::with_capacity(waiting.len());
        for &e in waiting {
            let entry = self.entry(e)?;
            if std::mem::replace(&mut seen[e.index()], true) {
                return Err(ArenaError::WaitingTwice(e));
            }
            candidates.push(Candidate {
                entrant: e,
                rank: rank[e.index()],
                last_opponent: entry.history.last().map(|p| p.opponent),
                blacks_over_whites: entry.blacks_over_whites,
                last_colour: entry.history.last().map(|p| p.colour),
            });
        }
        let mut lot = Lot::new(self.seed, self.waves, "arena-colours");
        self.waves = self.waves.saturating_add(1);
        Ok(pairing::pair(&candidates, &mut lot))
    }
}
