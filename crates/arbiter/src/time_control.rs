//! Time controls: S4's sudden-death presets (S4 ch.2 §3: 90, 60 and 30 minutes a
//! side) and the controls players expect beyond it — Fischer increment, Bronstein and simple
//! (US) delay, several periods with a move count — written in the PGN `TimeControl` tag form.
//!
//! ```
//! use shatar_arbiter::{TimeControl, EventLevel};
//! let tc: TimeControl = "40/5400+30:1800+30".parse()?;
//! assert_eq!(tc.periods().len(), 2);
//! assert_eq!(tc.to_string(), "40/5400+30:1800+30");
//! assert_eq!(TimeControl::preset(EventLevel::Region).to_string(), "5400");
//! # Ok::<_, shatar_arbiter::ParseTimeControlError>(())
//! ```
//!
//! PGN (standard §9.6.1) knows `moves/seconds`, `seconds` and `seconds+increment`. Delays have
//! no PGN form; this crate writes them as `seconds` followed by `d` (simple delay) or `b`
//! (Bronstein delay) and the delay in seconds, e.g. `5400d5`. A PGN reader that does not know
//! the extension sees an unreadable tag, never a wrong control.

use crate::error::ParseTimeControlError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// What a player's clock gets per move in a period, besides the period's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Bonus {
    /// Nothing: the time is all there is.
    #[default]
    None,
    /// Fischer: this much is added after each completed move.
    Fischer {
        /// Added after each move, in milliseconds.
        increment_ms: u64,
    },
    /// Bronstein: the clock runs from the start of the move, and after the move the time
    /// spent is given back, up to the delay.
    Bronstein {
        /// The most given back per move, in milliseconds.
        delay_ms: u64,
    },
    /// Simple (US) delay: the clock waits this long before it starts to run down.
    SimpleDelay {
        /// The wait per move, in milliseconds.
        delay_ms: u64,
    },
}

impl Bonus {
    /// The delay of a delay bonus, zero otherwise.
    pub const fn delay_ms(self) -> u64 {
        match self {
            Bonus::Bronstein { delay_ms } | Bonus::SimpleDelay { delay_ms } => delay_ms,
            Bonus::None | Bonus::Fischer { .. } => 0,
        }
    }
}

/// One period of a time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Period {
    /// Moves to be made in the period; `None` for the rest of the game (sudden death).
    pub moves: Option<u32>,
    /// Time given at the start of the period, in milliseconds.
    pub time_ms: u64,
    /// Increment or delay per move in the period.
    pub bonus: Bonus,
}

/// The levels of event of S4, each with its sudden-death time (S4 ch.2 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventLevel {
    /// Autonomous-region events (自治区级): 90 minutes a side.
    Region,
    /// League and city events (盟、市级): 60 minutes a side.
    League,
    /// Events below league level: 30 minutes a side.
    Local,
}

impl EventLevel {
    /// Minutes a side at this level.
    pub const fn minutes(self) -> u64 {
        match self {
            EventLevel::Region => 90,
            EventLevel::League => 60,
            EventLevel::Local => 30,
        }
    }
}

/// A time control: periods in order; the last period repeats if it has a move count.
/// An empty list is an untimed game (PGN `-`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TimeControl {
    periods: Vec<Period>,
}

/// Where a player's next move falls in the time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stage {
    /// Index of the period (the last one when it repeats).
    pub period: usize,
    /// The player's move number (counted from 1) that completes the period, if it has a count.
    pub control_at: Option<u32>,
}

impl TimeControl {
    /// Sudden death: `minutes` a side for the whole game.
    pub fn sudden_death(minutes: u64) -> TimeControl {
        TimeControl {
            periods: vec![Period {
                moves: None,
                time_ms: minutes * 60_000,
                bonus: Bonus::None,
            }],
        }
    }

    /// S4's preset for a level of event (S4 ch.2 §3.1–3).
    pub fn preset(level: EventLevel) -> TimeControl {
        TimeControl::sudden_death(level.minutes())
    }

    /// A control from its periods (none: untimed).
    pub fn from_periods(periods: Vec<Period>) -> TimeControl {
        TimeControl { periods }
    }

    /// The untimed control (PGN `-`).
    pub fn untimed() -> TimeControl {
        TimeControl {
            periods: Vec::new(),
        }
    }

    /// The periods in order.
    pub fn periods(&self) -> &[Period] {
        &self.periods
    }

    /// Whether there is no clock at all.
    pub fn is_untimed(&self) -> bool {
        self.periods.is_empty()
    }

    /// The time on each clock at the start.
    pub fn initial_ms(&self) -> u64 {
        self.periods.first().map_or(0, |p| p.time_ms)
    }

    /// Where a player's move number `n` (from 1) falls: its period and the move number that
    /// completes that period. `None` for an untimed game.
    pub fn stage(&self, n: u32) -> Option<Stage> {
        let mut start = 0u32;
        for (i, p) in self.periods.iter().enumerate() {
            match p.moves {
                None => {
                    return Some(Stage {
                        period: i,
                        control_at: None,
                    });
                }
                Some(m) => {
                    let end = start.saturating_add(m);
                    if n <= end || i + 1 == self.periods.len() {
                        if n <= end {
                            return Some(Stage {
                                period: i,
                                control_at: Some(end),
                            });
                        }
                        // The last period repeats: find the repetition that holds `n`.
                        let m = m.max(1);
                        let laps = (n - end).div_ceil(m);
                        return Some(Stage {
                            period: i,
                            control_at: Some(end.saturating_add(laps.saturating_mul(m))),
                        });
                    }
                    start = end;
                }
            }
        }
        None
    }

    /// The period whose rules govern a player's move number `n`.
    pub fn period_of_move(&self, n: u32) -> Option<&Period> {
        self.stage(n).and_then(|s| self.periods.get(s.period))
    }

    /// Time added when a player completes move `n` because that move ends a period: the next
    /// period's time (the last period's again when it repeats); zero otherwise.
    pub fn control_bonus_ms(&self, n: u32) -> u64 {
        match self.stage(n) {
            Some(Stage {
                period,
                control_at: Some(end),
            }) if end == n => self
                .periods
                .get(period + 1)
                .or_else(|| self.periods.get(period))
                .map_or(0, |p| p.time_ms),
            _ => 0,
        }
    }

    /// Moves still to be made before the next time control by a player who has made `made`
    /// moves; `None` in a sudden-death period.
    pub fn moves_to_go(&self, made: u32) -> Option<u32> {
        let n = made.saturating_add(1);
        self.stage(n)?.control_at.map(|end| end - made)
    }
}

fn seconds_ms(text: &str, index: usize, what: &'static str) -> Result<u64, ParseTimeControlError> {
    let secs: u64 = text.parse().map_err(|_| ParseTimeControlError::Number {
        period: index,
        what,
        text: text.to_owned(),
    })?;
    secs.checked_mul(1000).ok_or(ParseTimeControlError::Number {
        period: index,
        what,
        text: text.to_owned(),
    })
}

fn parse_period(text: &str, index: usize) -> Result<Period, ParseTimeControlError> {
    if text.starts_with('*') {
        return Err(ParseTimeControlError::Sandclock { period: index });
    }
    let (moves, rest) = match text.split_once('/') {
        Some((m, rest)) => {
            let moves: u32 = m.parse().map_err(|_| ParseTimeControlError::Number {
                period: index,
                what: "move count",
                text: m.to_owned(),
            })?;
            if moves == 0 {
                return Err(ParseTimeControlError::Number {
                    period: index,
                    what: "move count",
                    text: m.to_owned(),
                });
            }
            (Some(moves), rest)
        }
        None => (None, text),
    };
    let (time, bonus) = if let Some((t, inc)) = rest.split_once('+') {
        let increment_ms = seconds_ms(inc, index, "increment")?;
        (t, Bonus::Fischer { increment_ms })
    } else if let Some((t, d)) = rest.split_once('d') {
        let delay_ms = seconds_ms(d, index, "delay")?;
        (t, Bonus::SimpleDelay { delay_ms })
    } else if let Some((t, d)) = rest.split_once('b') {
        let delay_ms = seconds_ms(d, index, "delay")?;
        (t, Bonus::Bronstein { delay_ms })
    } else {
        (rest, Bonus::None)
    };
    let time_ms = seconds_ms(time, index, "seconds")?;
    Ok(Period {
        moves,
        time_ms,
        bonus,
    })
}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    /// Reads the PGN `TimeControl` tag form (periods separated by `:`), with the delay
    /// extension (`d`, `b`). `-` is untimed; `?` (unknown) and sandclock `*N` are refused.
    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let text = text.trim();
        match text {
            "-" => return Ok(TimeControl::untimed()),
            "?" => return Err(ParseTimeControlError::Unknown),
            "" => return Err(ParseTimeControlError::Empty),
            _ => {}
        }
        let mut periods = Vec::new();
        let parts: Vec<&str> = text.split(':').collect();
        for (i, part) in parts.iter().enumerate() {
            let p = parse_period(part, i + 1)?;
            if p.moves.is_none() && i + 1 != parts.len() {
                return Err(ParseTimeControlError::SuddenDeathNotLast { period: i + 1 });
            }
            periods.push(p);
        }
        Ok(TimeControl { periods })
    }
}

fn write_seconds(f: &mut fmt::Formatter<'_>, ms: u64) -> fmt::Result {
    // Parsed controls are whole seconds; a control built in milliseconds prints its
    // fraction so that nothing is lost.
    if ms.is_multiple_of(1000) {
        write!(f, "{}", ms / 1000)
    } else {
        write!(f, "{}.{:03}", ms / 1000, ms % 1000)
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.periods.is_empty() {
            return f.write_str("-");
        }
        for (i, p) in self.periods.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            if let Some(m) = p.moves {
                write!(f, "{m}/")?;
            }
            write_seconds(f, p.time_ms)?;
            match p.bonus {
                Bonus::None => {}
                Bonus::Fischer { increment_ms } => {
                    f.write_str("+")?;
                    write_seconds(f, increment_ms)?;
                }
                Bonus::SimpleDelay { delay_ms } => {
                    f.write_str("d")?;
                    write_seconds(f, delay_ms)?;
                }
                Bonus::Bronstein { delay_ms } => {
                    f.write_str("b")?;
                    write_seconds(f, delay_ms)?;
                }
            }
        }
        Ok(())
    }
}

impl Serialize for TimeControl {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TimeControl {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TimeControl, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(s: &str) -> TimeControl {
        s.parse().unwrap()
    }

    #[test]
    fn presets_are_the_seeds_minutes() {
        assert_eq!(
            TimeControl::preset(EventLevel::Region).initial_ms(),
            5_400_000
        );
        assert_eq!(
            TimeControl::preset(EventLevel::League).initial_ms(),
            3_600_000
        );
        assert_eq!(
            TimeControl::preset(EventLevel::Local).initial_ms(),
            1_800_000
        );
        assert_eq!(TimeControl::preset(EventLevel::Local).to_string(), "1800");
    }

    #[test]
    fn pgn_forms_parse_to_their_parts() {
        let t = tc("40/5400+30:1800+30");
        assert_eq!(
            t.periods(),
            &[
                Period {
                    moves: Some(40),
                    time_ms: 5_400_000,
                    bonus: Bonus::Fischer {
                        increment_ms: 30_000
                    }
                },
                Period {
                    moves: None,
                    time_ms: 1_800_000,
                    bonus: Bonus::Fischer {
                        increment_ms: 30_000
                    }
                },
            ]
        );
        assert_eq!(
            tc("300d5").periods()[0].bonus,
            Bonus::SimpleDelay { delay_ms: 5000 }
        );
        assert_eq!(
            tc("300b5").periods()[0].bonus,
            Bonus::Bronstein { delay_ms: 5000 }
        );
        assert!(tc("-").is_untimed());
        for s in [
            "40/7200:3600",
            "40/5400+30:1800+30",
            "300d5",
            "60b2",
            "1800",
            "-",
        ] {
            assert_eq!(tc(s).to_string(), s);
        }
    }

    #[test]
    fn bad_forms_say_where() {
        assert_eq!(
            "40/5400:x".parse::<TimeControl>(),
            Err(ParseTimeControlError::Number {
                period: 2,
                what: "seconds",
                text: "x".into()
            })
        );
        assert_eq!(
            "?".parse::<TimeControl>(),
            Err(ParseTimeControlError::Unknown)
        );
        assert_eq!(
            "*180".parse::<TimeControl>(),
            Err(ParseTimeControlError::Sandclock { period: 1 })
        );
        assert_eq!(
            "5400:40/1800".parse::<TimeControl>(),
            Err(ParseTimeControlError::SuddenDeathNotLast { period: 1 })
        );
        assert!("0/60".parse::<TimeControl>().is_err());
        assert!("60+".parse::<TimeControl>().is_err());
    }

    #[test]
    fn stages_and_moves_to_go() {
        let t = tc("40/5400+30:20/1800:900");
        assert_eq!(t.moves_to_go(0), Some(40));
        assert_eq!(t.moves_to_go(39), Some(1));
        assert_eq!(t.moves_to_go(40), Some(20));
        assert_eq!(t.moves_to_go(60), None);
        assert_eq!(t.control_bonus_ms(40), 1_800_000);
        assert_eq!(t.control_bonus_ms(60), 900_000);
        assert_eq!(t.control_bonus_ms(39), 0);
        assert_eq!(t.control_bonus_ms(61), 0);
        // A repeating last period: 40 moves in 2 hours, then 40 more in 2 hours, and so on.
        let r = tc("40/7200");
        assert_eq!(r.moves_to_go(45), Some(35));
        assert_eq!(r.control_bonus_ms(80), 7_200_000);
        assert_eq!(r.control_bonus_ms(81), 0);
    }
}
