//! The server-authoritative game clock: the arbiter library's two-faced clock
//! ([`shatar_arbiter::Clock`]) under a sudden-death control with a Fischer increment, seen
//! through the few operations a live game needs.
//!
//! Times are wall-clock milliseconds since the Unix epoch so that a restarted server can
//! rebuild a clock by replaying the presses at the stored times of the moves. Clocks start
//! after each side has made its first move (the first round), until which the game may be
//! aborted; the time a server is down counts against the side to move, as a running clock
//! would. A move may be credited with the mover's network lag (see [`super::lag`]); the
//! credit is stored with the move so that a replay gives the same clock.

use shatar_arbiter::{Bonus, Period, TimeControl};
use shatar_rules::Color;

/// A two-sided clock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    inner: shatar_arbiter::Clock,
    /// Each side's starting time.
    initial_ms: i64,
    /// The increment a move earns.
    increment_ms: i64,
    /// Sides that berserked (White, Black): their moves earn no increment.
    berserked: [bool; 2],
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
            initial_ms,
            increment_ms,
            berserked: [false; 2],
        }
    }

    /// `color` berserks (an arena's rule): half of the starting time is taken off its
    /// clock, and its moves earn no increment from now on.
    pub fn berserk(&mut self, color: Color) {
        let i = usize::from(color == Color::Black);
        if std::mem::replace(&mut self.berserked[i], true) {
            return;
        }
        self.inner.penalise_ms(color, at(self.initial_ms / 2));
    }

    /// Whether `color` has berserked.
    pub fn has_berserked(&self, color: Color) -> bool {
        self.berserked[usize::from(color == Color::Black)]
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
        self.press_with_credit(color, now_ms, 0)
    }

    /// As [`Clock::press`], with `credit_ms` of lag compensation given back to the mover; the
    /// flag counts as fallen only when the time left plus the credit is gone.
    pub fn press_with_credit(
        &mut self,
        color: Color,
        now_ms: i64,
        credit_ms: i64,
    ) -> Result<(), Color> {
        let running = self.inner.running().map(|r| r.color) == Some(color);
        if running && self.inner.remaining_ms(color, at(now_ms)) + credit_ms.max(0) <= 0 {
            return Err(color);
        }
        if self.flagged(now_ms) == Some(color) && !running {
            return Err(color);
        }
        self.inner.press(color, at(now_ms));
        self.inner.add_ms(color, at(credit_ms));
        if self.has_berserked(color) {
            // The increment the press credited is taken back: a berserker plays without.
            self.inner.penalise_ms(color, at(self.increment_ms));
        }
        Ok(())
    }

    /// Gives `color` `ms` more time (an arbiter's decision).
    pub fn add_ms(&mut self, color: Color, ms: i64) {
        self.inner.add_ms(color, at(ms));
    }

    /// How long the running side's clock has run on this move at `now_ms` (0 when stopped).
    pub fn spent_ms(&self, now_ms: i64) -> i64 {
        i64::try_from(self.inner.spent_ms(at(now_ms))).unwrap_or(i64::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_berserker_has_half_the_time_and_no_increment() {
        // 3+2: White berserks, keeps 90 s and earns nothing a move; Black keeps his 2 s.
        let mut c = Clock::new(180_000, 2_000);
        c.berserk(Color::White);
        c.berserk(Color::White);
        assert!(c.has_berserked(Color::White) && !c.has_berserked(Color::Black));
        c.start(Color::White, 0);
        assert_eq!(c.remaining_ms(Color::White, 0), 90_000);
        c.press(Color::White, 10_000).unwrap();
        assert_eq!(c.remaining_ms(Color::White, 10_000), 80_000);
        c.press(Color::Black, 15_000).unwrap();
        assert_eq!(c.remaining_ms(Color::Black, 15_000), 177_000);
        assert_eq!(c.remaining_ms(Color::White, 15_000), 80_000);
    }

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
    fn a_lag_credit_is_given_back_and_saves_a_flag_only_within_it() {
        let mut c = Clock::new(5_000, 1_000);
        c.start(Color::White, 0);
        assert_eq!(c.spent_ms(1_200), 1_200);
        c.press_with_credit(Color::White, 1_200, 80).unwrap();
        // 5000 − 1200 + 80 + 1000.
        assert_eq!(c.reading(1_200).white_ms, 4_880);
        // Black's 5 s run out at 6200; 60 ms later a 100 ms credit still saves the move…
        let mut late = c.clone();
        late.press_with_credit(Color::Black, 6_260, 100).unwrap();
        assert_eq!(late.reading(6_260).black_ms, 1_040);
        // … but not 100 ms later, nor without a credit.
        assert_eq!(
            c.clone().press_with_credit(Color::Black, 6_300, 100),
            Err(Color::Black)
        );
        assert_eq!(c.press(Color::Black, 6_201), Err(Color::Black));
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
