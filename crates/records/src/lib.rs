//! Shatar game records: moves in SAN, UCI and S4's full and short notation, in English,
//! Chinese and Cyrillic Mongolian; PGN and S4's score sheet; position descriptions;
//! tuuxəi (docs/rules.md §4, §6; S4 ch.2 §2).
//!
//! ```
//! use shatar_records::{notation::{parse_move, write_move, Notation}, sheet, Lang};
//! use shatar_rules::{Position, Ruleset};
//! let pos = Position::start(Ruleset::COMPETITION);
//! let m = parse_move(&pos, "e2—e4")?;
//! assert_eq!(write_move(&pos, &m, Notation::San, Lang::En), "e4");
//!
//! // An arbiter types S4's score sheet as written and gets PGN.
//! let record = sheet::read_sheet("白方：巴特 蓝方：道尔吉\n(1)e2—e4,e7—e5;", Ruleset::COMPETITION)?;
//! let pgn = shatar_records::pgn::write_pgn(&record);
//! assert!(pgn.contains("[White \"巴特\"]"));
//! assert!(pgn.contains("1. e4 e5 *"));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! - [`notation`]: one move, read in any notation and language ([`parse_move`]; syntax
//!   errors [`ParseMoveError`], meaning errors [`MoveError`]) and written in the one asked
//!   for ([`write_move`]).
//! - [`Record`]: tags, moves with comments, NAGs and variations; [`pgn`] reads many games per
//!   file (bad games reported by number and skipped) and writes PGN that Fairy-Stockfish tools
//!   accept for `fsf` games; [`sheet`] reads and writes S4's score sheet.
//! - [`describe`]: a position man by man in S4's order.
//! - [`Tuuxei`]: the margin of a mate under rulesets that report it.

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
pub use record::{MoveNode, Record, fsf_variant, preset_of_variant};
pub use tag::{Opening, SEVEN_TAG_ROSTER, Tags, UnknownOpening, names};
pub use tuuxei::Tuuxei;
