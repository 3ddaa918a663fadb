//! The server-authoritative game clock (Fischer increment). Kept behind this one small module
//! so that the arbiter library's clock can replace it.
//!
//! Times are wall-clock milliseconds since the Unix epoch so that a restarted server can
//! resume a clock from the stored time of the last move. Clocks start after each side has
//! made its first move (the first round), until which the game may be aborted; the time a
//! server is down counts against the side to move, as a running clock would.

use shatar_rules::{ByColor, Color};

/// A two-sided clock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    remaining_ms: ByColor<i64>,
    increment_ms: i64,
    /// The side whose time runs and since when.
    running: Option<(Color, i64)>,
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

impl Clock {
    /// A stopped clock with `initial_ms` each and `increment_ms` per move.
    pub fn new(initial_ms: i64, increment_ms: i64) -> Clock {
        Clock {
            remaining_ms: ByColor {
                white: initial_ms,
                black: initial_ms,
            },
            increment_ms,
            running: None,
        }
    }

    /// A clock restored from stored readings: `white_ms`/`black_ms`, and `running` since
    /// `since_ms`.
    pub fn restore(
        white_ms: i64,
        black_ms: i64,
        increment_ms: i64,
        running: Option<(Color, i64)>,
    ) -> Clock {
        Clock {
            remaining_ms: ByColor {
                white: white_ms,
                black: black_ms,
            },
            increment_ms,
            running,
        }
    }

    /// Time left for `color` at `now_ms` (never below zero).
    pub fn remaining_ms(&self, color: Color, now_ms: i64) -> i64 {
        let base = *self.remaining_ms.get(color);
        match self.running {
            Some((c, since)) if c == color => {
                base.saturating_sub(now_ms.saturating_sub(since)).max(0)
            }
            _ => base,
        }
    }

    /// The reading at `now_ms`.
    pub fn reading(&self, now_ms: i64) -> Reading {
        Reading {
            white_ms: self.remaining_ms(Color::White, now_ms),
            black_ms: self.remaining_ms(Color::Black, now_ms),
            running: self.running.map(|(c, _)| c),
        }
    }

    /// Starts `color`'s time at `now_ms`.
    pub fn start(&mut self, color: Color, now_ms: i64) {
        self.running = Some((color, now_ms));
    }

    /// Stops the clock at `now_ms`, keeping the time used.
    pub fn stop(&mut self, now_ms: i64) {
        if let Some((c, _)) = self.running {
            *self.remaining_ms.get_mut(c) = self.remaining_ms(c, now_ms);
        }
        self.running = None;
    }

    /// The side whose flag has fallen at `now_ms`.
    pub fn flagged(&self, now_ms: i64) -> Option<Color> {
        let (c, _) = self.running?;
        (self.remaining_ms(c, now_ms) == 0).then_some(c)
    }

    /// When the running side's flag falls.
    pub fn deadline_ms(&self) -> Option<i64> {
        self.running
            .map(|(c, since)| since.saturating_add(*self.remaining_ms.get(c)))
    }

    /// `color` completes a move at `now_ms`: its time is charged, the increment added, and
    /// the other side's time starts. Refused (`Err(color)`) when its flag had fallen.
    pub fn press(&mut self, color: Color, now_ms: i64) -> Result<(), Color> {
        if self.flagged(now_ms) == Some(color) {
            return Err(color);
        }
        let left = self.remaining_ms(color, now_ms);
        *self.remaining_ms.get_mut(color) = left.saturating_add(self.increment_ms);
        self.running = Some((!color, now_ms));
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
}
