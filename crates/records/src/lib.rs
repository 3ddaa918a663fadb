//! Shatar game records: moves in SAN, UCI and the seed's full and short notation, in English,
//! Chinese and Cyrillic Mongolian; PGN and the seed's score sheet; position descriptions;
//! tuuxəi (rules.md §4, §6; 003 ch.2 §2).
//!
//! ```
//! use shatar_records::{notation::{parse_move, write_move, Notation}, Lang};
//! use shatar_rules::{Position, Ruleset};
//! let pos = Position::start(Ruleset::COMPETITION);
//! let m = parse_move(&pos, "e2—e4")?;
//! assert_eq!(write_move(&pos, &m, Notation::San, Lang::En), "e4");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod describe;
mod error;
pub mod lang;
mod movetext;
pub mod notation;
pub mod pgn;
mod record;
pub mod sheet;
mod tag;
mod tuuxei;

pub use describe::{ORDER, describe};
pub use error::{GameError, MoveError, MoveTextError, ParseMoveError, RecordError, ReplayError};
pub use lang::{Lang, SecondSide};
pub use notation::{Notation, parse_move, write_move};
pub use record::{MoveNode, Record, outcome_of_result};
pub use tag::{Opening, SEVEN_TAG_ROSTER, Tags, UnknownOpening, names};
pub use tuuxei::Tuuxei;
