//! The server-authoritative game clock: the arbiter library's two-faced clock
//! ([`shatar_arbiter::Clock`]) under a sudden-death control with a Fischer increment, seen
//! through the few operations a live game needs.
//!
//! Times are wall-clock milliseconds since the Unix epoch so that a restarted server can
//! rebuild a clock by replaying the presses at the stored times of the moves. Clocks start
//! after each side has made its first move (the first round), until which the game may be
//! aborted; the time a server is down counts against the side to move, as a running clock
//! would. No lag compensation is applied yet: the server charges the time between its
//! receipt of two moves.

use shatar_arbiter::{Bonus, Period, TimeControl};
use shatar_rules::Color;

/// A two-sided clock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    inner: shatar_arbiter::Clock,
}

/// A clock reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    /// White's time left.
    pub white_ms: i64,
    /// Black's time left.
    pub black_ms: i64,
    /// Whose time runs.
    pub running: Option<Color>,
}

fn at(ms: i64) -> u64 {
    u64::try_from(ms).unwrap_or(0)
}

impl Clock {
    /// A stopped clock with `initial_ms` each and `increment_ms` per move.
    pub fn new(initial_ms: i64, increment_ms: i64) -> Clock {
        let bonus = match at(increment_ms) {
            0 => Bonus::None,
            increment_ms => Bonus::Fischer { increment_ms },
        };
        let control = TimeControl::from_periods(vec![Period {
            moves: None,
            time_ms: at(initial_ms),
            bonus,
        }]);
        Clock {
            inner: shatar_arbiter::Clock::new(control),
        }
    }

    /// Time left for `color` at `now_ms` (never below zero).
    pub fn remaining_ms(&self, color: Color, now_ms: i64) -> i64 {
        self.inner.remaining_ms(color, at(now_ms)).max(0)
    }

    /// The reading at `now_ms`.
    pub fn reading(&self, now_ms: i64) -> Reading {
        Reading {
            white_ms: self.remaining_ms(Color::White, now_ms),
            black_ms: self.remaining_ms(Color::Black, now_ms),
            running: self.inner.running().map(|r| r.color),
        }
    }

    /// Starts `color`'s time at `now_ms`.
    pub fn start(&mut self, color: Color, now_ms: i64) {
        self.inner.start(color, at(now_ms));
    }

    /// Stops the clock for good at `now_ms` (the game is over), charging the time used.
    pub fn stop(&mut self, now_ms: i64) {
        self.inner.halt(at(now_ms));
    }

    /// The side whose flag has fallen at `now_ms`.
    pub fn flagged(&self, now_ms: i64) -> Option<Color> {
        self.inner.out_of_time(at(now_ms))
    }

    /// When the running side's flag falls.
    pub fn deadline_ms(&self) -> Option<i64> {
        self.inner
            .flag_instant_ms()
            .map(|t| i64::try_from(t).unwrap_or(i64::MAX))
    }

    /// `color` completes a move at `now_ms`: its time is charged, the increment added, and
    /// the other side's time starts. Refused (`Err(color)`) when its flag had fallen.
    pub fn press(&mut self, color: Color, now_ms: i64) -> Result<(), Color> {
        if self.flagged(now_ms) == Some(color) {
            return Err(color);
        }
        self.inner.press(color, at(now_ms));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fischer_increment_and_switch() {
        // 1 minute + 2 s: White thinks 10 s, Black 61 s and flags.
        let mut c = Clock::new(60_000, 2_000);
        c.start(Color::White, 1_000);
        assert_eq!(c.remaining_ms(Color::White, 11_000), 50_000);
        c.press(Color::White, 11_000).unwrap();
        assert_eq!(
            c.reading(11_000),
            Reading {
                white_ms: 52_000,
                black_ms: 60_000,
                running: Some(Color::Black)
            }
        );
        assert_eq!(c.deadline_ms(), Some(71_000));
        assert_eq!(c.flagged(70_999), None);
        assert_eq!(c.flagged(71_000), Some(Color::Black));
        assert_eq!(c.press(Color::Black, 72_000), Err(Color::Black));
        c.stop(72_000);
        assert_eq!(
            c.reading(99_000),
            Reading {
                white_ms: 52_000,
                black_ms: 0,
                running: None
            }
        );
    }

    #[test]
    fn no_increment_is_sudden_death() {
        let mut c = Clock::new(5_000, 0);
        c.start(Color::White, 0);
        c.press(Color::White, 1_500).unwrap();
        c.press(Color::Black, 2_000).unwrap();
        assert_eq!(c.reading(2_000).white_ms, 3_500);
        assert_eq!(c.reading(2_000).black_ms, 4_500);
    }
}
