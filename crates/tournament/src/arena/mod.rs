//! Arena tournaments, as lichess runs them: no rounds; for a fixed time, players who
//! wait are paired at once with someone close in the standings, and every game scores
//! as it ends. Streaks pay: after two wins in a row a player is on fire and his points
//! are doubled until a game that is not a win; a player may berserk (halve his own
//! clock) for an extra point if he wins.
//!
//! - [`scoring`]: one player's points from his games, in order ([`sheet`]).
//!
//! Like the rest of the crate the arena takes results only: it is told how a game ended,
//! how many moves it lasted and who berserked, never the moves.
//!
//! ```
//! use shatar_tournament::arena::{Outcome, PlayerGame, sheet};
//!
//! // Win, win (on fire), win doubled, a berserk win of 31 moves doubled + 1, a draw
//! // doubled (the fire out), a loss.
//! let win = PlayerGame::played(Outcome::Win, 40);
//! let games = [
//!     win,
//!     win,
//!     win,
//!     PlayerGame::played(Outcome::Win, 31).berserked(),
//!     PlayerGame::played(Outcome::Draw, 50),
//!     PlayerGame::played(Outcome::Loss, 20),
//! ];
//! let s = sheet(&games);
//! assert_eq!(s.to_string(), "2 2 4 5 2 0");
//! assert_eq!((s.total, s.on_fire), (15, false));
//! ```

pub mod scoring;

pub use scoring::{BERSERK_MIN_MOVES, GamePoints, Outcome, PlayerGame, Sheet, sheet};
