//! One game of Shatar (Mongolian chess) as an arbiter sees it, under the competition rules
//! of S4 (`docs/competition.md` §1): the two-faced clock with S4's presets and the usual
//! increments and delays, draw offers and their alternation, claims, violations, corrections
//! of an illegal sequence, and an append-only event log from which all of it replays exactly.
//!
//! ```
//! use shatar_arbiter::{replay, summary::format_clock};
//! use shatar_rules::Color;
//!
//! let log = r#"{"v":1,"t":0,"by":"arbiter","event":{"open":{"ruleset":"competition","time_control":"1800"}}}
//! {"v":1,"t":0,"by":"arbiter","event":"start"}
//! {"v":1,"t":20000,"by":"white","event":{"move":"e2e4"}}
//! {"v":1,"t":25000,"by":"black","event":"offer"}
//! {"v":1,"t":31000,"by":"black","event":{"move":"e7e5"}}
//! {"v":1,"t":40000,"by":"white","event":"accept"}
//! "#;
//! let game = replay(log)?;
//! let summary = game.summary();
//! assert_eq!(summary.result.as_ref().map(|r| r.to_string()).as_deref(), Some("1/2-1/2 (draw agreed)"));
//! assert_eq!(format_clock(summary.clocks.white.remaining_ms), "29:31");
//! assert_eq!(format_clock(summary.clocks.black.remaining_ms), "29:49");
//! # Ok::<_, shatar_arbiter::LogError>(())
//! ```
//!
//! Time enters only through the entries' timestamps: the library never reads a clock of its
//! own, so a game is a deterministic function of its log.

pub mod claims;
pub mod clock;
pub mod corrections;
mod error;
pub mod game;
pub mod log;
pub mod offers;
pub mod replay;
pub mod summary;
pub mod time_control;
pub mod violations;

pub use claims::{ClaimAnswer, ClaimKind, ClaimRecord};
pub use clock::{Clock, Face, Press};
pub use corrections::CorrectionRecord;
pub use error::{ApplyError, LogError, ParseLogEntryError, ParseTimeControlError};
pub use game::{ArbiterGame, GameResult, Reason, TimeLoss};
pub use log::{Actor, Event, Header, LogEntry};
pub use offers::{OfferAnswer, OfferRecord, OfferRefusal, Offers};
pub use replay::{replay, replay_at};
pub use summary::Summary;
pub use time_control::{Bonus, EventLevel, Period, TimeControl};
pub use violations::{ScoresheetPenalty, Violation, ViolationKind, scoresheet_penalty};
