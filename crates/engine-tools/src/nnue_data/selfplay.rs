//! One self-play game of the engine at a fixed node count, and the positions it keeps.
//!
//! 1. Opening: from the ruleset's start, a seeded number of random legal plies (the
//!    first round's rule included), kept when a short search scores the result within
//!    [`SelfPlay::max_opening_score`]; otherwise drawn again.
//! 2. Play: each side searches [`SelfPlay::nodes`] nodes a move with a fresh table for
//!    the game (one thread, so a game is the same for the same seed).
//! 3. Kept: a position where the side to move is not in check and the search's move is
//!    neither a capture nor a promotion (its score belongs to the position, not to an
//!    exchange), with a score short of a mate.
//! 4. End: by the rules, by a draw that could be claimed (engines claim it), or by
//!    adjudication: a score of [`WIN_SCORE`] or more for one side over [`WIN_PLIES`]
//!    plies wins; a score within [`DRAW_SCORE`] for [`DRAW_PLIES`] plies after ply
//!    [`DRAW_AFTER`] draws; [`MAX_PLIES`] plies draw.

use super::record::{Record, Wdl};
use shatar_engine::rng::Xorshift;
use shatar_engine::search::{MATE_BOUND, SearchRoot};
use shatar_engine::{Engine, Limits};
use shatar_rules::outcome::Outcome;
use shatar_rules::{Color, Game, Position, Preset};
use std::sync::Arc;

/// A score this large for one side, over [`WIN_PLIES`] plies, wins the game.
pub const WIN_SCORE: i32 = 1500;
/// See [`WIN_SCORE`].
pub const WIN_PLIES: usize = 6;
/// A score this close to 0 over [`DRAW_PLIES`] plies after [`DRAW_AFTER`] draws the game.
pub const DRAW_SCORE: i32 = 8;
/// See [`DRAW_SCORE`].
pub const DRAW_PLIES: usize = 12;
/// See [`DRAW_SCORE`].
pub const DRAW_AFTER: usize = 80;
/// A game this long is drawn.
pub const MAX_PLIES: usize = 400;

/// How the games are played.
#[derive(Debug, Clone)]
pub struct SelfPlay {
    /// Nodes a move.
    pub nodes: u64,
    /// Random plies of the opening: at least this many …
    pub random_plies_min: usize,
    /// … and at most this many.
    pub random_plies_max: usize,
    /// An opening is drawn again when a short search scores it further from 0 than this.
    pub max_opening_score: i32,
    /// The table size of each game's engine, in MB.
    pub hash_mb: usize,
}

impl Default for SelfPlay {
    fn default() -> Self {
        SelfPlay {
            nodes: 5000,
            random_plies_min: 8,
            random_plies_max: 10,
            max_opening_score: 300,
            hash_mb: 16,
        }
    }
}

/// A played game: its kept positions and how long it ran.
#[derive(Debug, Clone)]
pub struct PlayedGame {
    /// The kept positions, in game order, with the game's result.
    pub records: Vec<Record>,
    /// Plies played (random opening plies included).
    pub plies: usize,
    /// The result for White.
    pub outcome: Outcome,
}

/// Nodes of the search that checks an opening.
const OPENING_CHECK_NODES: u64 = 2000;

impl SelfPlay {
    /// Plays game number `index` of a run with `seed` under `preset`. The same arguments
    /// give the same game.
    pub fn play(&self, preset: Preset, seed: u64, index: u64) -> PlayedGame {
        let mut rng =
            Xorshift::new(seed ^ index.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let mut engine = Engine::new();
        engine.set_hash_mb(self.hash_mb);
        let mut game = self.opening(preset, &engine, &mut rng);
        engine.new_game();
        let limits = Limits {
            nodes: Some(self.nodes),
            ..Limits::default()
        };
        let mut kept: Vec<(Position, i16)> = Vec::new();
        let (mut win_streak, mut draw_streak) = (0usize, 0usize);
        let mut last_winner = None;
        let outcome = loop {
            if let Some(end) = game.end() {
                break end.outcome;
            }
            if !game.claimable().is_empty() || game.moves().len() >= MAX_PLIES {
                break Outcome::Draw;
            }
            let root = SearchRoot::new(game.initial(), game.moves());
            let result = engine.search(&root, &limits, Arc::default(), Arc::default(), &|_| {});
            let Some(best) = result.best else {
                break Outcome::Draw;
            };
            let pos = game.position();
            let white_score = match pos.turn() {
                Color::White => result.score,
                Color::Black => -result.score,
            };
            // 3. Kept positions.
            if !pos.is_check()
                && !best.is_capture()
                && !best.is_promotion()
                && result.score.abs() < MATE_BOUND
            {
                let score = result
                    .score
                    .clamp(-i32::from(i16::MAX), i32::from(i16::MAX));
                kept.push((pos.clone(), score as i16));
            }
            // 4. Adjudication.
            let winner = if white_score >= WIN_SCORE {
                Some(Color::White)
            } else if white_score <= -WIN_SCORE {
                Some(Color::Black)
            } else {
                None
            };
            win_streak = if winner.is_some() && winner == last_winner {
                win_streak + 1
            } else {
                usize::from(winner.is_some())
            };
            last_winner = winner;
            if let Some(winner) = winner.filter(|_| win_streak >= WIN_PLIES) {
                break Outcome::Decisive { winner };
            }
            draw_streak = if white_score.abs() <= DRAW_SCORE {
                draw_streak + 1
            } else {
                0
            };
            if game.moves().len() >= DRAW_AFTER && draw_streak >= DRAW_PLIES {
                break Outcome::Draw;
            }
            if game.play(best).is_err() {
                break Outcome::Draw;
            }
        };
        let records = kept
            .iter()
            .filter_map(|(pos, score)| {
                let result = match outcome {
                    Outcome::Draw => Wdl::Draw,
                    Outcome::Decisive { winner } if winner == pos.turn() => Wdl::Win,
                    Outcome::Decisive { .. } => Wdl::Loss,
                };
                Record::from_position(pos, *score, result, preset).ok()
            })
            .collect();
        PlayedGame {
            records,
            plies: game.moves().len(),
            outcome,
        }
    }

    /// 1. The opening: random plies, kept when a short search finds them near balance.
    fn opening(&self, preset: Preset, engine: &Engine, rng: &mut Xorshift) -> Game {
        let span = self.random_plies_max.saturating_sub(self.random_plies_min) + 1;
        let check = Limits {
            nodes: Some(OPENING_CHECK_NODES),
            ..Limits::default()
        };
        let mut last = Game::new(preset.ruleset());
        for _ in 0..100 {
            let mut game = Game::new(preset.ruleset());
            let plies = self.random_plies_min + rng.below(span);
            for _ in 0..plies {
                let moves = game.legal_moves();
                if game.end().is_some() || moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                if game.play(m).is_err() {
                    break;
                }
            }
            if game.end().is_none() {
                engine.new_game();
                let root = SearchRoot::new(game.initial(), game.moves());
                let score = engine
                    .search(&root, &check, Arc::default(), Arc::default(), &|_| {})
                    .score;
                if score.abs() <= self.max_opening_score {
                    return game;
                }
                last = game;
            }
        }
        last
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_the_same_for_the_same_seed_and_keeps_quiet_positions() {
        let play = SelfPlay {
            nodes: 300,
            ..SelfPlay::default()
        };
        let a = play.play(Preset::Fsf, 7, 3);
        let b = play.play(Preset::Fsf, 7, 3);
        assert_eq!(a.records, b.records);
        assert!(!a.records.is_empty());
        assert!(a.plies >= play.random_plies_min);
        // The result stored is the game's, seen from each position's side to move.
        for r in &a.records {
            let expected = match a.outcome {
                Outcome::Draw => Wdl::Draw,
                Outcome::Decisive { winner } if winner == r.turn => Wdl::Win,
                Outcome::Decisive { .. } => Wdl::Loss,
            };
            assert_eq!(r.result, expected);
            assert_eq!(r.preset, Preset::Fsf);
        }
        let c = play.play(Preset::Fsf, 7, 4);
        assert_ne!(a.records, c.records);
    }
}
