//! The two-faced clock (S4 ch.2 §3): each face accumulates its player's time, in exact
//! integer milliseconds. Time comes only from the instants the caller passes in.
//!
//! ```
//! use shatar_arbiter::{Clock, TimeControl};
//! use shatar_rules::Color;
//! let mut clock = Clock::new("300+2".parse()?);
//! clock.start(Color::White, 0);
//! let press = clock.press(Color::White, 10_000);
//! assert_eq!(press.spent_ms, 10_000);
//! assert_eq!(clock.remaining_ms(Color::White, 10_000), 300_000 - 10_000 + 2_000);
//! # Ok::<_, shatar_arbiter::ParseTimeControlError>(())
//! ```

use crate::time_control::{Bonus, TimeControl};
use shatar_rules::{ByColor, Color};

/// One player's face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Face {
    /// Time granted so far: the first period, later periods reached, increments earned,
    /// and time added by the arbiter.
    pub allowance_ms: i64,
    /// Time charged so far: thinking time (less any delay) and penalties.
    pub used_ms: u64,
    /// Moves completed (counted for the periods).
    pub moves: u32,
}

/// The clock running for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Running {
    /// Whose clock runs.
    pub color: Color,
    /// Since when.
    pub since_ms: u64,
    /// Time already spent on this move before an adjournment.
    pub carried_ms: u64,
}

/// What one completed move cost and earned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Press {
    /// Wall time spent on the move.
    pub spent_ms: u64,
    /// Charged to the player (spent less the delay, if any).
    pub charged_ms: u64,
    /// Granted after the move: Fischer increment plus the next period's time at a control.
    pub credit_ms: u64,
}

/// The clock of one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    faces: ByColor<Face>,
    running: Option<Running>,
    /// Whose clock an adjournment stopped, with the time spent on that move.
    stopped: Option<(Color, u64)>,
}

impl Clock {
    /// A clock set for the control, not running.
    pub fn new(control: TimeControl) -> Clock {
        let initial = i64::try_from(control.initial_ms()).unwrap_or(i64::MAX);
        let face = Face {
            allowance_ms: initial,
            used_ms: 0,
            moves: 0,
        };
        Clock {
            control,
            faces: ByColor {
                white: face,
                black: face,
            },
            running: None,
            stopped: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// A player's face.
    pub fn face(&self, color: Color) -> &Face {
        self.faces.get(color)
    }

    /// The running clock, if any.
    pub fn running(&self) -> Option<Running> {
        self.running
    }

    /// Whose clock an adjournment stopped.
    pub fn stopped(&self) -> Option<Color> {
        self.stopped.map(|(c, _)| c)
    }

    /// The time the stopped player had spent on the move when the adjournment stopped it
    /// (charged when the move is made after the resumption).
    pub fn stopped_spent_ms(&self) -> Option<u64> {
        self.stopped.map(|(_, ms)| ms)
    }

    /// The bonus that governs `color`'s next move.
    fn bonus(&self, color: Color) -> Bonus {
        let n = self.faces.get(color).moves.saturating_add(1);
        self.control
            .period_of_move(n)
            .map_or(Bonus::None, |p| p.bonus)
    }

    /// Starts `color`'s clock at `at_ms` (a new move).
    pub fn start(&mut self, color: Color, at_ms: u64) {
        self.stopped = None;
        self.running = Some(Running {
            color,
            since_ms: at_ms,
            carried_ms: 0,
        });
    }

    /// Time spent so far on the current move of the running player.
    pub fn spent_ms(&self, at_ms: u64) -> u64 {
        self.running.map_or(0, |r| {
            r.carried_ms
                .saturating_add(at_ms.saturating_sub(r.since_ms))
        })
    }

    /// Time the player has left at `at_ms`, as the clock shows it (negative once overstepped;
    /// under a simple delay the clock does not run during the delay).
    pub fn remaining_ms(&self, color: Color, at_ms: u64) -> i64 {
        let face = self.faces.get(color);
        let mut left = face.allowance_ms.saturating_sub(to_i64(face.used_ms));
        // The move's time so far: running, or stopped by an adjournment.
        let spent = match (self.running, self.stopped) {
            (Some(r), _) if r.color == color => Some(self.spent_ms(at_ms)),
            (None, Some((c, ms))) if c == color => Some(ms),
            _ => None,
        };
        if let Some(spent) = spent {
            let counted = match self.bonus(color) {
                Bonus::SimpleDelay { delay_ms } => spent.saturating_sub(delay_ms),
                _ => spent,
            };
            left = left.saturating_sub(to_i64(counted));
        }
        left
    }

    /// The player whose time has run out at `at_ms`, if any (never in an untimed game). A
    /// clock at exactly zero has run out.
    pub fn out_of_time(&self, at_ms: u64) -> Option<Color> {
        if self.control.is_untimed() {
            return None;
        }
        let r = self.running?;
        (self.remaining_ms(r.color, at_ms) <= 0).then_some(r.color)
    }

    /// The instant the running player's time runs (or ran) out.
    pub fn flag_instant_ms(&self) -> Option<u64> {
        let r = self.running?;
        let face = self.faces.get(r.color);
        let mut left = face.allowance_ms.saturating_sub(to_i64(face.used_ms));
        if let Bonus::SimpleDelay { delay_ms } = self.bonus(r.color) {
            left = left.saturating_add(to_i64(delay_ms));
        }
        let left = u64::try_from(left).unwrap_or(0);
        Some(r.since_ms.saturating_add(left.saturating_sub(r.carried_ms)))
    }

    /// Charges the running player for the current move, up to `at_ms`, applying the delay.
    fn charge(&mut self, at_ms: u64) -> Option<(Color, u64, u64)> {
        let r = self.running.take()?;
        let spent = r
            .carried_ms
            .saturating_add(at_ms.saturating_sub(r.since_ms));
        let delay = self.bonus(r.color).delay_ms();
        // Bronstein gives back up to the delay after the move; a simple delay never started
        // the clock for it: either way the charge is the time beyond the delay.
        let charged = spent.saturating_sub(delay);
        let face = self.faces.get_mut(r.color);
        face.used_ms = face.used_ms.saturating_add(charged);
        Some((r.color, spent, charged))
    }

    /// `color` completes a move at `at_ms` and presses: its time is charged, its increment
    /// and any period control credited, and the opponent's clock starts.
    pub fn press(&mut self, color: Color, at_ms: u64) -> Press {
        let bonus = self.bonus(color);
        let (spent_ms, charged_ms) = match self.charge(at_ms) {
            Some((_, spent, charged)) => (spent, charged),
            None => (0, 0),
        };
        let face = self.faces.get_mut(color);
        face.moves = face.moves.saturating_add(1);
        let mut credit_ms = self.control.control_bonus_ms(face.moves);
        if let Bonus::Fischer { increment_ms } = bonus {
            credit_ms = credit_ms.saturating_add(increment_ms);
        }
        face.allowance_ms = face.allowance_ms.saturating_add(to_i64(credit_ms));
        self.start(!color, at_ms);
        Press {
            spent_ms,
            charged_ms,
            credit_ms,
        }
    }

    /// Charges the running player up to `at_ms` for a move that will not be completed (a take
    /// back or correction), and stops the clock.
    pub fn abandon(&mut self, at_ms: u64) {
        self.charge(at_ms);
        self.stopped = None;
    }

    /// Stops the clock for good at `at_ms` (the game is over), charging the running player
    /// the time the clock shows as spent.
    pub fn halt(&mut self, at_ms: u64) {
        if let Some(r) = self.running.take() {
            let spent = r
                .carried_ms
                .saturating_add(at_ms.saturating_sub(r.since_ms));
            let counted = match self.bonus(r.color) {
                Bonus::SimpleDelay { delay_ms } => spent.saturating_sub(delay_ms),
                _ => spent,
            };
            let face = self.faces.get_mut(r.color);
            face.used_ms = face.used_ms.saturating_add(counted);
        }
        self.stopped = None;
    }

    /// Stops the clock at `at_ms` for an adjournment; the move goes on at [`Clock::resume`].
    pub fn stop(&mut self, at_ms: u64) {
        if let Some(r) = self.running.take() {
            let spent = r
                .carried_ms
                .saturating_add(at_ms.saturating_sub(r.since_ms));
            self.stopped = Some((r.color, spent));
        }
    }

    /// Restarts the clock an adjournment stopped.
    pub fn resume(&mut self, at_ms: u64) {
        if let Some((color, carried_ms)) = self.stopped.take() {
            self.running = Some(Running {
                color,
                since_ms: at_ms,
                carried_ms,
            });
        }
    }

    /// Adds time to a player's clock (an arbiter's decision).
    pub fn add_ms(&mut self, color: Color, ms: u64) {
        let face = self.faces.get_mut(color);
        face.allowance_ms = face.allowance_ms.saturating_add(to_i64(ms));
    }

    /// Adds to a player's used time (the false-claim penalty, S4 ch.1 §5 二.4(2)).
    pub fn penalise_ms(&mut self, color: Color, ms: u64) {
        let face = self.faces.get_mut(color);
        face.used_ms = face.used_ms.saturating_add(ms);
    }

    /// Takes back what a completed move earned (its increment and control time).
    pub fn withdraw(&mut self, color: Color, credit_ms: u64) {
        let face = self.faces.get_mut(color);
        face.moves = face.moves.saturating_sub(1);
        face.allowance_ms = face.allowance_ms.saturating_sub(to_i64(credit_ms));
    }

    /// Scales both players' used time by `numerator / denominator`, rounding down to the
    /// millisecond (S4 ch.2 §3.4). Rounding down never charges a player time the ratio does
    /// not give: S4's 20 min × 20/30 is exactly 13:20.000 either way.
    pub fn scale_used(&mut self, numerator: u64, denominator: u64) {
        if denominator == 0 {
            return;
        }
        for color in Color::ALL {
            let face = self.faces.get_mut(color);
            let scaled = u128::from(face.used_ms) * u128::from(numerator) / u128::from(denominator);
            face.used_ms = u64::try_from(scaled).unwrap_or(u64::MAX);
        }
    }
}

fn to_i64(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(tc: &str) -> Clock {
        Clock::new(tc.parse().unwrap())
    }

    #[test]
    fn fischer_increment_is_added_after_each_move() {
        let mut c = clock("60+5");
        c.start(Color::White, 1_000);
        let p = c.press(Color::White, 13_500);
        assert_eq!(
            p,
            Press {
                spent_ms: 12_500,
                charged_ms: 12_500,
                credit_ms: 5_000
            }
        );
        // 60 s − 12.5 s + 5 s
        assert_eq!(c.remaining_ms(Color::White, 20_000), 52_500);
        // Black's clock runs from 13.5 s.
        assert_eq!(c.remaining_ms(Color::Black, 20_000), 53_500);
    }

    #[test]
    fn bronstein_gives_back_at_most_the_delay() {
        let mut c = clock("60b3");
        c.start(Color::White, 0);
        // While thinking the clock runs down from the start.
        assert_eq!(c.remaining_ms(Color::White, 2_000), 58_000);
        c.press(Color::White, 2_000); // 2 s spent, 2 s given back
        assert_eq!(c.face(Color::White).used_ms, 0);
        c.press(Color::Black, 12_000); // 10 s spent, 3 s given back
        assert_eq!(c.face(Color::Black).used_ms, 7_000);
        assert_eq!(c.remaining_ms(Color::Black, 12_000), 53_000);
    }

    #[test]
    fn simple_delay_holds_the_clock() {
        let mut c = clock("60d3");
        c.start(Color::White, 0);
        assert_eq!(c.remaining_ms(Color::White, 2_000), 60_000);
        assert_eq!(c.remaining_ms(Color::White, 5_000), 58_000);
        // The flag falls 63 s after the start, not 60 s.
        assert_eq!(c.out_of_time(62_999), None);
        assert_eq!(c.out_of_time(63_000), Some(Color::White));
        assert_eq!(c.flag_instant_ms(), Some(63_000));
        let mut b = clock("60b3");
        b.start(Color::White, 0);
        assert_eq!(b.out_of_time(60_000), Some(Color::White));
        assert_eq!(b.flag_instant_ms(), Some(60_000));
    }

    #[test]
    fn second_period_is_added_at_the_control() {
        // 2 moves in 60 s, then 30 s for the rest.
        let mut c = clock("2/60:30");
        c.start(Color::White, 0);
        c.press(Color::White, 10_000);
        c.press(Color::Black, 11_000);
        let p = c.press(Color::White, 21_000);
        assert_eq!(p.credit_ms, 30_000);
        assert_eq!(
            c.remaining_ms(Color::White, 21_000),
            60_000 + 30_000 - 20_000
        );
        assert_eq!(c.control().moves_to_go(c.face(Color::White).moves), None);
        c.withdraw(Color::White, p.credit_ms);
        assert_eq!(c.face(Color::White).moves, 1);
        assert_eq!(c.face(Color::White).allowance_ms, 60_000);
    }

    #[test]
    fn adjournment_carries_the_move_time() {
        let mut c = clock("60");
        c.start(Color::White, 0);
        c.stop(10_000);
        assert_eq!(c.out_of_time(1_000_000), None);
        // Stopped: the 10 s of the move are shown however long the adjournment lasts.
        assert_eq!(c.remaining_ms(Color::White, 400_000), 50_000);
        assert_eq!(c.stopped_spent_ms(), Some(10_000));
        c.resume(500_000);
        assert_eq!(c.remaining_ms(Color::White, 505_000), 45_000);
        assert_eq!(c.flag_instant_ms(), Some(550_000));
    }

    #[test]
    fn scaling_rounds_down_to_the_millisecond() {
        let mut c = clock("5400");
        c.penalise_ms(Color::White, 1_000_001);
        c.penalise_ms(Color::Black, 2);
        c.scale_used(2, 3);
        // 1 000 001 × 2 / 3 = 666 667.33…, 2 × 2 / 3 = 1.33…
        assert_eq!(c.face(Color::White).used_ms, 666_667);
        assert_eq!(c.face(Color::Black).used_ms, 1);
    }
}
