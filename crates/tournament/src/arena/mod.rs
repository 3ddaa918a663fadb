//! Arena tournaments, as lichess runs them: no rounds; for a fixed time, players who
//! wait are paired at once with someone close in the standings, and every game scores
//! as it ends. Streaks pay: after two wins in a row a player is on fire and his points
//! are doubled until a game that is not a win; a player may berserk (halve his own
//! clock) for an extra point if he wins.
//!
//! - [`scoring`]: one player's points from his games, in order ([`sheet`]);
//! - [`state`]: the [`Arena`] itself, players, recorded games and standings;
//! - [`pairing`]: whom the waiting players meet, and with which colour.
//!
//! Like the rest of the crate the arena takes results only: it is told how a game ended,
//! how many moves it lasted and who berserked, never the moves.
//!
//! ```
//! use shatar_tournament::GameResult;
//! use shatar_tournament::arena::{Arena, ArenaGame};
//!
//! let mut arena = Arena::new(2026);
//! let [a, b, c, d] = [1900, 1800, 1700, 1600].map(|rating| arena.add_player(rating));
//! // Everyone waits at the start: ranked by rating, neighbours meet.
//! let pairs = arena.pair(&[a, b, c, d])?;
//! assert_eq!(pairs.len(), 2);
//! assert!(pairs.iter().all(|p| [(a, b), (b, a), (c, d), (d, c)].contains(&(p.white, p.black))));
//!
//! // a beats b; a had berserked and the game lasted 31 moves: 2 + 1 points.
//! let mut game = ArenaGame::new(a, b, GameResult::WhiteWins, 31);
//! game.white_berserk = true;
//! arena.record(game)?;
//! arena.record(ArenaGame::new(d, c, GameResult::Draw, 60))?;
//! let table = arena.standings();
//! assert_eq!((table[0].entrant, table[0].score), (a, 3));
//! assert_eq!(table[0].sheet.to_string(), "3");
//!
//! // a and b come back together: no immediate rematch, so a meets c or d.
//! let pairs = arena.pair(&[a, b, c, d])?;
//! assert!(pairs.iter().all(|p| ![(a, b), (b, a), (c, d), (d, c)].contains(&(p.white, p.black))));
//! # Ok::<_, shatar_tournament::ArenaError>(())
//! ```

pub mod pairing;
pub mod scoring;
pub mod state;

pub use crate::error::ArenaError;
pub use pairing::{ArenaPairing, RANK_WINDOW};
pub use scoring::{BERSERK_MIN_MOVES, GamePoints, Outcome, PlayerGame, Sheet, sheet};
pub use state::{Arena, ArenaGame, ArenaStanding};
