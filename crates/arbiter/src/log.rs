//! The event log: one JSON object a line, append-only, each line versioned and carrying its
//! timestamp (milliseconds) and its actor. The first line opens the game with its
//! [`Header`]; every later line is one [`Event`].
//!
//! ```
//! use shatar_arbiter::log::{Actor, Event, LogEntry};
//! let line = r#"{"v":1,"t":61000,"by":"white","event":{"move":"e2e4"}}"#;
//! let entry: LogEntry = line.parse()?;
//! assert_eq!(entry.by, Actor::White);
//! assert_eq!(entry.event, Event::Move("e2e4".into()));
//! assert_eq!(entry.to_string(), line);
//! # Ok::<_, shatar_arbiter::ParseLogEntryError>(())
//! ```

use crate::claims::ClaimKind;
use crate::error::ParseLogEntryError;
use crate::time_control::TimeControl;
use crate::violations::ViolationKind;
use serde::{Deserialize, Serialize};
use shatar_rules::{Color, Ruleset};
use std::fmt;
use std::str::FromStr;

/// The log format version this crate writes and reads.
pub const VERSION: u32 = 1;

/// Default limit for arriving late (S4 ch.1 §5 一.5: "一般定为15分钟").
pub const DEFAULT_LATE_LIMIT_MS: u64 = 15 * 60_000;

/// Who caused an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Actor {
    /// The white player.
    White,
    /// The black (blue) player.
    Black,
    /// The arbiter.
    Arbiter,
}

impl Actor {
    /// The player, if the actor is one.
    pub const fn player(self) -> Option<Color> {
        match self {
            Actor::White => Some(Color::White),
            Actor::Black => Some(Color::Black),
            Actor::Arbiter => None,
        }
    }

    /// The actor for a player.
    pub const fn of(color: Color) -> Actor {
        match color {
            Color::White => Actor::White,
            Color::Black => Actor::Black,
        }
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Actor::White => "white",
            Actor::Black => "black",
            Actor::Arbiter => "arbiter",
        })
    }
}

/// The ruleset of a game: a preset's name or every option written out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RulesetSpec {
    /// `official`, `competition`, `traditional` or `fsf`.
    Preset(String),
    /// A custom ruleset (the keys of `crates/rules` ruleset files, every option given).
    Custom(Ruleset),
}

fn default_ruleset() -> RulesetSpec {
    RulesetSpec::Preset("competition".into())
}

fn default_late_limit() -> u64 {
    DEFAULT_LATE_LIMIT_MS
}

/// How a game is set up: the first line of its log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The ruleset (default `competition`).
    #[serde(default = "default_ruleset")]
    pub ruleset: RulesetSpec,
    /// The start position as FEN, if not the ruleset's start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The time control, in the PGN `TimeControl` tag form.
    pub time_control: TimeControl,
    /// White's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
    /// Black's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
    /// The scheduled start, on the log's time scale.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scheduled_start_ms: Option<u64>,
    /// Whether the first player's clock runs from the scheduled start rather than from the
    /// `start` event (the event's regulations decide).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub clock_from_schedule: bool,
    /// Lateness beyond which a player loses by default (15 minutes unless the event says).
    #[serde(default = "default_late_limit")]
    pub late_limit_ms: u64,
    /// Whether the event allows taking back a move by agreement.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub takebacks: bool,
    /// A clock-only board: the players keep paper score sheets and the device is the clock
    /// alone. Each press is a `press` line without its move; the position is not followed,
    /// so a claim goes to the arbiter's ruling, a fallen flag loses, and there are no
    /// take-backs or corrections to make from the record.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub clock_only: bool,
}

impl Header {
    /// A header for a game under `ruleset` (a preset name) and a time control, with every
    /// other field at its default.
    pub fn new(ruleset: &str, time_control: TimeControl) -> Header {
        Header {
            ruleset: RulesetSpec::Preset(ruleset.to_owned()),
            fen: None,
            time_control,
            white: None,
            black: None,
            scheduled_start_ms: None,
            clock_from_schedule: false,
            late_limit_ms: DEFAULT_LATE_LIMIT_MS,
            takebacks: false,
            clock_only: false,
        }
    }
}

/// One event of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Event {
    /// Opens the game (first line only; by the arbiter).
    Open(Header),
    /// A player has arrived at the board.
    Arrive,
    /// The arbiter declares a player absent beyond the late limit: a default loss.
    NoShow {
        /// The absent player.
        #[serde(with = "color_serde")]
        player: Color,
    },
    /// The arbiter starts the clock (the side to move's, normally White's).
    Start,
    /// The side to move makes a move, in UCI text, and presses the clock.
    Move(String),
    /// The side to move presses the clock after a move the log does not record (a
    /// clock-only board, [`Header::clock_only`]).
    Press,
    /// A player offers a draw.
    Offer,
    /// The player offered a draw accepts it.
    Accept,
    /// The player offered a draw declines it in words.
    Decline,
    /// A player claims a draw, optionally with the move that brings it about (written, not yet
    /// played: FIDE 9.2.1.1).
    Claim {
        /// What is claimed.
        kind: ClaimKind,
        /// The intended move, in UCI text.
        #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
        mv: Option<String>,
    },
    /// The arbiter rules on a claim that waits for a ruling.
    Ruling {
        /// Whether the claim is granted.
        granted: bool,
        /// Why.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        note: String,
    },
    /// A player resigns.
    Resign,
    /// The side to move's time has run out (seen by anyone).
    Flag,
    /// The arbiter records a violation.
    Violation {
        /// Who.
        #[serde(with = "color_serde")]
        player: Color,
        /// What.
        kind: ViolationKind,
        /// The arbiter's note.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        note: String,
    },
    /// The arbiter finds rounds wrong or missing on a player's scoresheet.
    Scoresheet {
        /// Whose scoresheet.
        #[serde(with = "color_serde")]
        player: Color,
        /// Consecutive rounds wrong or missing.
        rounds: u32,
        /// The arbiter's note.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        note: String,
    },
    /// The arbiter adds time to a player's clock.
    AddTime {
        /// To whom.
        #[serde(with = "color_serde")]
        player: Color,
        /// How much, in milliseconds.
        ms: u64,
    },
    /// The player who made the last move asks to take it back.
    ProposeTakeback,
    /// The opponent agrees: the last move is taken back.
    AcceptTakeback,
    /// The opponent refuses the take-back.
    DeclineTakeback,
    /// The arbiter corrects an illegal sequence found later (S4 ch.2 §1.4): the game goes back
    /// to the position before the erroneous move.
    Correct {
        /// The erroneous move's number.
        #[serde(rename = "move")]
        move_number: u32,
        /// Who made it.
        #[serde(with = "color_serde")]
        side: Color,
        /// The arbiter's note.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        note: String,
    },
    /// The arbiter adjourns the game: the clock stops.
    Adjourn,
    /// The arbiter resumes an adjourned game.
    Resume,
    /// The arbiter decides the result.
    Decide {
        /// `1-0`, `0-1` or `1/2-1/2`.
        result: String,
        /// Why.
        reason: String,
    },
}

impl Event {
    /// The event's name in the log.
    pub fn name(&self) -> &'static str {
        match self {
            Event::Open(_) => "open",
            Event::Arrive => "arrive",
            Event::NoShow { .. } => "no-show",
            Event::Start => "start",
            Event::Move(_) => "move",
            Event::Press => "press",
            Event::Offer => "offer",
            Event::Accept => "accept",
            Event::Decline => "decline",
            Event::Claim { .. } => "claim",
            Event::Ruling { .. } => "ruling",
            Event::Resign => "resign",
            Event::Flag => "flag",
            Event::Violation { .. } => "violation",
            Event::Scoresheet { .. } => "scoresheet",
            Event::AddTime { .. } => "add-time",
            Event::ProposeTakeback => "propose-takeback",
            Event::AcceptTakeback => "accept-takeback",
            Event::DeclineTakeback => "decline-takeback",
            Event::Correct { .. } => "correct",
            Event::Adjourn => "adjourn",
            Event::Resume => "resume",
            Event::Decide { .. } => "decide",
        }
    }
}

/// One line of the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogEntry {
    /// The format version ([`VERSION`]).
    pub v: u32,
    /// When, in milliseconds on the log's time scale (never decreasing).
    pub t: u64,
    /// Who.
    pub by: Actor,
    /// What.
    pub event: Event,
}

impl LogEntry {
    /// An entry in the current version.
    pub fn new(t: u64, by: Actor, event: Event) -> LogEntry {
        LogEntry {
            v: VERSION,
            t,
            by,
            event,
        }
    }
}

impl FromStr for LogEntry {
    type Err = ParseLogEntryError;

    /// Reads one line; refuses other versions and unknown fields.
    fn from_str(line: &str) -> Result<LogEntry, ParseLogEntryError> {
        if line.trim().is_empty() {
            return Err(ParseLogEntryError::Empty);
        }
        // The version is checked first so that a newer log is named as such, not as garbage.
        let value: serde_json::Value =
            serde_json::from_str(line).map_err(|e| ParseLogEntryError::Json(e.to_string()))?;
        match value.get("v").and_then(serde_json::Value::as_u64) {
            Some(v) if v == u64::from(VERSION) => {}
            Some(v) => return Err(ParseLogEntryError::Version(v)),
            None => return Err(ParseLogEntryError::NoVersion),
        }
        serde_json::from_value(value).map_err(|e| ParseLogEntryError::Json(e.to_string()))
    }
}

impl fmt::Display for LogEntry {
    /// One JSON line, without the newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = serde_json::to_string(self).map_err(|_| fmt::Error)?;
        f.write_str(&text)
    }
}

/// Writes entries as JSON lines, each ended by a newline.
pub fn write_log(entries: &[LogEntry]) -> String {
    let mut out = String::new();
    for e in entries {
        out.push_str(&e.to_string());
        out.push('\n');
    }
    out
}

/// Serde for [`Color`] as `"white"` / `"black"`.
pub mod color_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use shatar_rules::Color;

    /// Writes `white` or `black`.
    pub fn serialize<S: Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(color.name())
    }

    /// Reads `white` or `black`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let text = String::deserialize(d)?;
        match text.as_str() {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(serde::de::Error::custom(format!(
                "expected \"white\" or \"black\", found {other:?}"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_what_they_write() {
        let lines = [
            r#"{"v":1,"t":0,"by":"arbiter","event":{"open":{"ruleset":"competition","time_control":"5400","late_limit_ms":900000}}}"#,
            r#"{"v":1,"t":0,"by":"arbiter","event":"start"}"#,
            r#"{"v":1,"t":5,"by":"black","event":{"claim":{"kind":"fifty-moves","move":"g8f6"}}}"#,
            r#"{"v":1,"t":5,"by":"arbiter","event":{"violation":{"player":"white","kind":"clock-misuse","note":"pressed twice"}}}"#,
            r#"{"v":1,"t":9,"by":"arbiter","event":{"correct":{"move":20,"side":"white"}}}"#,
        ];
        for line in lines {
            let e: LogEntry = line.parse().unwrap();
            assert_eq!(e.to_string(), line);
        }
    }

    #[test]
    fn bad_lines_say_what() {
        assert_eq!("".parse::<LogEntry>(), Err(ParseLogEntryError::Empty));
        assert_eq!(
            r#"{"v":2,"t":0,"by":"white","event":"offer"}"#.parse::<LogEntry>(),
            Err(ParseLogEntryError::Version(2))
        );
        assert_eq!(
            r#"{"t":0,"by":"white","event":"offer"}"#.parse::<LogEntry>(),
            Err(ParseLogEntryError::NoVersion)
        );
        assert!(matches!(
            r#"{"v":1,"t":0,"by":"white","event":"offer","x":1}"#.parse::<LogEntry>(),
            Err(ParseLogEntryError::Json(_))
        ));
        assert!(matches!(
            r#"{"v":1,"t":-1,"by":"white","event":"offer"}"#.parse::<LogEntry>(),
            Err(ParseLogEntryError::Json(_))
        ));
        assert!(matches!(
            r#"{"v":1,"t":0,"by":"referee","event":"offer"}"#.parse::<LogEntry>(),
            Err(ParseLogEntryError::Json(_))
        ));
    }
}
