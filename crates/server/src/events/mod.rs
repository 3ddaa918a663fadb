//! Events in the web app: a tournament-library [`Event`](shatar_tournament::Event) kept in
//! the database with the history of every change.
//!
//! An event's state is the replay of its history: each change is an [`Action`], applied by
//! [`Action::apply`] through the tournament library (no pairing, scoring or tie-break
//! rule is written here), and stored in one transaction together with the new state
//! (`db/events.rs`). The state adds to the library's event what the web app needs: who
//! runs it (its organiser and arbiters), which rounds are published, and which players
//! have accounts.
//!
//! | file | what |
//! |---|---|
//! | `action/` | the changes, and how each one changes the state (creation, players and
//! registration, results, teams, the history's replay) |
//! | `change.rs` | making a change: permission, stale views, the retry after a lost race |
//! | `state.rs` | the state: the library's event, staff, publication |
//! | `access.rs` | who may do what |
//! | `online.rs` | online events: their settings, defaults and the results of their games |
//! | `arena.rs` | online arenas: their clock, the games paired, the library's arena rebuilt |
//! | `arena_runner.rs` | the runner's steps for an arena: start, results, end, pairing |
//! | `team_runner.rs` | the runner's steps for a team round: line-ups due, boards, matches |
//! | `runner.rs` | the server running online events: rounds paired, games created, results entered |
//! | `live_tools.rs` | the staff's acts that touch a live game too: giving a player time |
//! | `board_log.rs` | an over-the-board game's log, sent by its board's tablet: lines taken once, the result |
//! | `board_sync.rs` | a board's log on the server: opened, lines stored, its result entered |
//! | `round_pgn.rs` | a round's games as PGN: the boards' logs with their clocks, or an online round's games |
//! | `hall.rs` | an over-the-board round's boards as the hall's live boards show them, from their logs |
//! | `words.rs` | results as the API writes them (`1-0`, `1/2-1/2`, `+-` …) |

pub mod access;
pub mod action;
pub mod arbiter_pin;
pub mod arena;
mod arena_runner;
pub mod board_log;
pub mod board_sync;
pub mod change;
pub mod hall;
pub mod live_tools;
pub mod online;
pub mod result_reason;
pub mod round_pgn;
pub mod runner;
pub mod state;
pub mod tablet;
mod team_runner;
pub mod words;

pub use access::Standing;
pub use action::{Action, ActionError, EventSettings, NewEvent, NewPlayer, NewTeam};
pub use state::{EventState, Person, Status};
