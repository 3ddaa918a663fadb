//! The computer opponent: the engine's search behind a bounded pool of workers, so that many
//! games share the machine's cores fairly. A move waits for a free worker; each search is
//! capped in depth by the level and in time by the computer's own clock.

use shatar_engine::{Engine, Limits, SearchRoot};
use shatar_rules::{Color, Game, Move};
use std::sync::Mutex;
use tokio::sync::Semaphore;

/// The strength levels offered, weakest first.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=8;

/// The engine's skill (0–20, Stockfish's scale) at a level.
pub fn skill(level: u8) -> f64 {
    match level {
        0 | 1 => 0.0,
        2 => 3.0,
        3 => 6.0,
        4 => 9.0,
        5 => 12.0,
        6 => 15.0,
        7 => 18.0,
        _ => 20.0,
    }
}

/// The deepest search at a level (the engine's skill levels also cap depth).
pub fn max_depth(level: u8) -> u32 {
    match level {
        0 | 1 => 1,
        2 => 2,
        3 => 3,
        4 => 4,
        5 => 5,
        6 => 6,
        7 => 8,
        _ => 12,
    }
}

/// The longest one search may take, whatever the clock allows (keeps the pool moving).
pub const MAX_THINK_MS: u64 = 2_000;

/// The computer accepts a draw when its evaluation, for its own side, is at most this
/// (centipawns): the game is dead even (within a fifth of a pawn) or it is losing.
pub const ACCEPT_DRAW_AT_MOST_CP: i32 = 20;

/// The search behind an answer to a draw offer: full strength, this deep, at most this long.
pub const DRAW_EVAL_DEPTH: u32 = 6;
/// See [`DRAW_EVAL_DEPTH`].
pub const DRAW_EVAL_MS: u64 = 300;

/// A fixed number of engines, lent one search at a time.
#[derive(Debug)]
pub struct ComputerPool {
    permits: Semaphore,
    engines: Mutex<Vec<Engine>>,
}

impl ComputerPool {
    /// A pool of `workers` engines (at least one), each with a small hash table.
    pub fn new(workers: usize) -> ComputerPool {
        let workers = workers.max(1);
        let engines = (0..workers)
            .map(|_| {
                let mut e = Engine::new();
                e.set_hash_mb(8);
                e.config.threads = 1;
                e
            })
            .collect();
        ComputerPool {
            permits: Semaphore::new(workers),
            engines: Mutex::new(engines),
        }
    }

    /// A pool sized to the machine: one worker per core but one, at least one.
    pub fn for_this_machine() -> ComputerPool {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        ComputerPool::new(cores.saturating_sub(1).max(1))
    }

    /// The computer's move in `game` at `level`, with `remaining_ms` on its clock and
    /// `increment_ms` per move. `None` when there is no legal move or no worker could run.
    pub async fn choose(
        &self,
        game: &Game,
        level: u8,
        remaining_ms: ByColorMs,
        increment_ms: u64,
    ) -> Option<Move> {
        let _permit = self.permits.acquire().await.ok()?;
        let mut engine = self.engines.lock().ok()?.pop()?;
        let initial = game.initial().clone();
        let moves = game.moves().to_vec();
        let turn = game.position().turn();
        let (engine, best) = tokio::task::spawn_blocking(move || {
            // Positions of another ruleset may share Zobrist keys: start each search clean.
            engine.new_game();
            engine.config.skill = skill(level);
            let root = SearchRoot::new(&initial, &moves);
            let own = match turn {
                Color::White => remaining_ms.white,
                Color::Black => remaining_ms.black,
            };
            // A search never takes more than a twentieth of the clock, nor MAX_THINK_MS.
            let movetime = (own / 20).clamp(10, MAX_THINK_MS);
            let limits = Limits {
                depth: Some(max_depth(level)),
                movetime_ms: Some(movetime),
                winc_ms: Some(increment_ms),
                binc_ms: Some(increment_ms),
                ..Limits::default()
            };
            let result = engine.search(
                &root,
                &limits,
                std::sync::Arc::default(),
                std::sync::Arc::default(),
                &|_| {},
            );
            (engine, result.best)
        })
        .await
        .ok()?;
        if let Ok(mut engines) = self.engines.lock() {
            engines.push(engine);
        }
        best
    }
}

impl ComputerPool {
    /// The evaluation of `game`'s position for the side to move (centipawns; mates far
    /// beyond), by a short full-strength search ([`DRAW_EVAL_DEPTH`], [`DRAW_EVAL_MS`]).
    /// `None` when no worker could run.
    pub async fn evaluate(&self, game: &Game) -> Option<i32> {
        let _permit = self.permits.acquire().await.ok()?;
        let mut engine = self.engines.lock().ok()?.pop()?;
        let initial = game.initial().clone();
        let moves = game.moves().to_vec();
        let (engine, score) = tokio::task::spawn_blocking(move || {
            engine.new_game();
            engine.config.skill = 20.0;
            let root = SearchRoot::new(&initial, &moves);
            let limits = Limits {
                depth: Some(DRAW_EVAL_DEPTH),
                movetime_ms: Some(DRAW_EVAL_MS),
                ..Limits::default()
            };
            let result = engine.search(
                &root,
                &limits,
                std::sync::Arc::default(),
                std::sync::Arc::default(),
                &|_| {},
            );
            (engine, result.score)
        })
        .await
        .ok()?;
        if let Ok(mut engines) = self.engines.lock() {
            engines.push(engine);
        }
        Some(score)
    }

    /// Whether the computer, playing `side`, accepts a draw in `game`: its evaluation for
    /// `side` is at most [`ACCEPT_DRAW_AT_MOST_CP`]. Also returns that evaluation.
    pub async fn accepts_draw(&self, game: &Game, side: Color) -> Option<(bool, i32)> {
        let score = self.evaluate(game).await?;
        let own = if game.position().turn() == side {
            score
        } else {
            -score
        };
        Some((own <= ACCEPT_DRAW_AT_MOST_CP, own))
    }
}

/// Both clocks in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ByColorMs {
    /// White's time left.
    pub white: u64,
    /// Black's time left.
    pub black: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{Ruleset, fen, uci};

    #[tokio::test]
    async fn finds_the_rook_mate() {
        // The engine's own example: Ra8 mates and counts under the official rules.
        let pos = fen::read("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        let game = Game::from_position(pos);
        let pool = ComputerPool::new(1);
        let clocks = ByColorMs {
            white: 60_000,
            black: 60_000,
        };
        let m = pool.choose(&game, 8, clocks, 0).await.unwrap();
        assert_eq!(uci::write(&m, game.ruleset()), "a1a8");
    }

    #[tokio::test]
    async fn answers_a_draw_offer_by_its_evaluation() {
        let pool = ComputerPool::new(1);
        let answer = |fen_text: &str, side: Color| {
            let game = Game::from_position(fen::read(fen_text, Ruleset::OFFICIAL).unwrap());
            let pool = &pool;
            async move { pool.accepts_draw(&game, side).await.unwrap() }
        };
        // A bers up for Black: Black declines, White (losing) accepts.
        let bers_up = "q3k3/8/8/8/8/8/8/4K3 w - - 0 1";
        let (black, own) = answer(bers_up, Color::Black).await;
        assert!(!black && own > 500, "{own}");
        let (white, own) = answer(bers_up, Color::White).await;
        assert!(white && own < -500, "{own}");
        // Blocked pawns, kings far from them: dead even, accepted by either side.
        let even = "4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1";
        let (black, own) = answer(even, Color::Black).await;
        assert!(black && own.abs() <= ACCEPT_DRAW_AT_MOST_CP, "{own}");
    }

    #[tokio::test]
    async fn opens_by_the_first_round_rule() {
        let game = Game::new(Ruleset::OFFICIAL);
        let pool = ComputerPool::new(1);
        let clocks = ByColorMs {
            white: 60_000,
            black: 60_000,
        };
        let m = pool.choose(&game, 1, clocks, 0).await.unwrap();
        let text = uci::write(&m, game.ruleset());
        assert!(text == "e2e4" || text == "d2d4", "{text}");
    }
}
