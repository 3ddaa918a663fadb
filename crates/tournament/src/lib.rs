//! Tournament management for Mongolian chess (shatar): players and teams, every event
//! format of the association's competition rules, pairings, scoring, tie-breaks,
//! withdrawals, reports and TRF interchange. The crate takes results only; it knows
//! nothing of positions or moves.
//!
//! ```
//! use shatar_tournament::{EntrantNo, Event, GameResult, Player, RoundNo, System, standings};
//!
//! let mut event = Event::new("Naadam open", System::RoundRobin);
//! event.settings.draw_by_lot = false;
//! let mut numbers = Vec::new();
//! for name in ["Бат", "Дорж", "巴特尔", "Сүх"] {
//!     numbers.push(event.add_player(Player::named(name))?);
//! }
//! let [p1, p2, p3, p4] = numbers[..] else { unreachable!() };
//! event.start()?;
//! let round = event.pair_next_round()?;
//! // Berger table, round 1: 1–4, 2–3.
//! assert_eq!((round.pairings[0].white, round.pairings[0].black), (p1, Some(p4)));
//! let first = RoundNo::FIRST;
//! event.set_result(first, p1, p4, vec![GameResult::WhiteWins])?;
//! event.set_result(first, p2, p3, vec![GameResult::Draw])?;
//! let table = standings(&event);
//! assert_eq!(table.lines[0].entrant, EntrantNo::FIRST);
//! # Ok::<_, shatar_tournament::EventError>(())
//! ```

pub mod arena;
pub mod corrections;
pub mod csv_import;
pub mod error;
pub mod event;
pub mod lot;
pub mod matching;
pub mod members_total;
pub mod numbers;
pub mod pairing;
pub mod player;
pub mod report;
pub mod result;
pub mod score;
pub mod scoring;
pub mod simulate;
pub mod standings;
pub mod store;
pub mod team;
pub mod tiebreak;
pub mod trf;

pub use corrections::{Exchange, PlayerDetails};
pub use error::{
    ArenaError, CsvError, EventError, EventFileError, InvalidLineupReason, InvalidReason,
    LineupOrderRule, NoPairingReason, PairingError, StateReason, TrfError, UnsupportedPairing,
};
pub use event::{
    ByeKind, DrawnMatchRule, Entered, Entrants, Event, ImportedColours, Pairing, RequestedBye,
    Round, Settings, System, TakenBack, TeamMatch,
};
pub use numbers::{BoardNo, EntrantNo, RoundNo};
pub use player::{Player, Withdrawal, WithdrawalTreatment};
pub use result::{Color, GameResult};
pub use score::Score;
pub use standings::{Standing, Standings, standings};
pub use team::{LineupMode, Team};
pub use tiebreak::Tiebreak;
