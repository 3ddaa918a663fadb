//! Time controls of the match runner.

use crate::error::ParseMatchError;
use shatar_arbiter::{Bonus, Period};
use std::fmt;
use std::str::FromStr;

/// How long an engine may think.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TimeControl {
    /// A clock: the arbiter's time control, read here in the match runners' form —
    /// `base+inc` in seconds, optionally `moves/base+inc` (the control repeating every
    /// `moves` moves) — and run by the arbiter's [`shatar_arbiter::Clock`].
    Clock(shatar_arbiter::TimeControl),
    /// `movetime=MS`: a fixed time per move.
    MoveTime(u64),
    /// `nodes=N`: a node budget per move.
    Nodes(u64),
    /// `depth=D`: a fixed depth per move.
    Depth(u32),
}

impl TimeControl {
    /// A clock of `base_ms` per control of `moves` moves (`None`: the whole game) and
    /// `inc_ms` added after each move.
    #[must_use]
    pub fn clock(moves: Option<u32>, base_ms: u64, inc_ms: u64) -> TimeControl {
        let bonus = if inc_ms == 0 {
            Bonus::None
        } else {
            Bonus::Fischer {
                increment_ms: inc_ms,
            }
        };
        TimeControl::Clock(shatar_arbiter::TimeControl::from_periods(vec![Period {
            moves,
            time_ms: base_ms,
            bonus,
        }]))
    }
}

fn seconds_to_ms(text: &str, whole: &str) -> Result<u64, ParseMatchError> {
    let secs: f64 = text.parse().map_err(|_| ParseMatchError::TimeControl {
        text: whole.to_owned(),
        reason: "seconds must be a number like 10 or 0.1",
    })?;
    if !secs.is_finite() || !(0.0..=1e7).contains(&secs) {
        return Err(ParseMatchError::TimeControl {
            text: whole.to_owned(),
            reason: "seconds out of range",
        });
    }
    Ok((secs * 1000.0).round() as u64)
}

impl FromStr for TimeControl {
    type Err = ParseMatchError;
    /// `40/60+0.6`, `10+0.1`, `60`, `movetime=100`, `nodes=10000`, `depth=6`.
    fn from_str(text: &str) -> Result<TimeControl, ParseMatchError> {
        let err = |reason| ParseMatchError::TimeControl {
            text: text.to_owned(),
            reason,
        };
        let number = |v: &str| v.parse::<u64>().map_err(|_| err("expected a whole number"));
        if let Some(v) = text.strip_prefix("movetime=") {
            return Ok(TimeControl::MoveTime(number(v)?.max(1)));
        }
        if let Some(v) = text.strip_prefix("nodes=") {
            return Ok(TimeControl::Nodes(number(v)?.max(1)));
        }
        if let Some(v) = text.strip_prefix("depth=") {
            let d = number(v)?;
            if !(1..=100).contains(&d) {
                return Err(err("depth must be 1..100"));
            }
            return Ok(TimeControl::Depth(d as u32));
        }
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => {
                let m = number(m)?;
                if m == 0 || m > 1000 {
                    return Err(err("moves per control must be 1..1000"));
                }
                (Some(m as u32), rest)
            }
            None => (None, text),
        };
        let (base, inc) = rest.split_once('+').unwrap_or((rest, "0"));
        let base_ms = seconds_to_ms(base, text)?;
        let inc_ms = seconds_to_ms(inc, text)?;
        if base_ms == 0 && inc_ms == 0 {
            return Err(err("no time at all"));
        }
        Ok(TimeControl::clock(moves, base_ms, inc_ms))
    }
}

impl fmt::Display for TimeControl {
    /// The match runners' form for one period with an increment (what [`FromStr`] reads);
    /// any other clock in the arbiter's PGN form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Clock(control) => match control.periods() {
                [period] if matches!(period.bonus, Bonus::None | Bonus::Fischer { .. }) => {
                    if let Some(m) = period.moves {
                        write!(f, "{m}/")?;
                    }
                    let inc_ms = match period.bonus {
                        Bonus::Fischer { increment_ms } => increment_ms,
                        _ => 0,
                    };
                    write!(
                        f,
                        "{}+{}",
                        period.time_ms as f64 / 1000.0,
                        inc_ms as f64 / 1000.0
                    )
                }
                _ => write!(f, "{control}"),
            },
            TimeControl::MoveTime(ms) => write!(f, "movetime={ms}"),
            TimeControl::Nodes(n) => write!(f, "nodes={n}"),
            TimeControl::Depth(d) => write!(f, "depth={d}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses() {
        assert_eq!(
            "40/60+0.6".parse(),
            Ok(TimeControl::clock(Some(40), 60_000, 600))
        );
        assert_eq!("10+0.1".parse(), Ok(TimeControl::clock(None, 10_000, 100)));
        assert_eq!("movetime=50".parse(), Ok(TimeControl::MoveTime(50)));
        assert_eq!("nodes=1000".parse(), Ok(TimeControl::Nodes(1000)));
        assert_eq!("depth=6".parse(), Ok(TimeControl::Depth(6)));
        assert!("depth=0".parse::<TimeControl>().is_err());
        assert!("ten".parse::<TimeControl>().is_err());
        assert!("0+0".parse::<TimeControl>().is_err());
        assert!("-5+1".parse::<TimeControl>().is_err());
        for text in [
            "40/60+0.6",
            "10+0.1",
            "60+0",
            "movetime=50",
            "nodes=1000",
            "depth=6",
        ] {
            assert_eq!(text.parse::<TimeControl>().unwrap().to_string(), text);
        }
        // A clock built otherwise is written in the arbiter's form.
        let two_periods: shatar_arbiter::TimeControl = "40/5400+30:1800+30".parse().unwrap();
        assert_eq!(
            TimeControl::Clock(two_periods).to_string(),
            "40/5400+30:1800+30"
        );
    }
}
