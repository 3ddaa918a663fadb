//! Lag compensation within a stated bound. The server measures each game socket's round
//! trip with WebSocket ping frames (every browser answers them itself) and credits the mover
//! with the estimated lag of the socket the move came on: the time between the server
//! sending the opponent's move and receiving the answer contains one whole round trip.
//!
//! The bound: at most [`MAX_PER_MOVE_MS`] per move, and no more than a quota allows — the
//! quota starts at [`QUOTA_START_MS`], each move adds [`QUOTA_GAIN_MS`] (up to
//! [`QUOTA_MAX_MS`]) and each credit spends from it, so `n` moves earn at most
//! `300 + 50 × n` ms in all (lichess's lag quota works the same way). A credit never exceeds
//! the time the move's clock actually ran. A client that delays its pongs on purpose gains
//! no more than this bound.
//!
//! ```
//! use shatar_server::live::lag::LagQuota;
//! let mut quota = LagQuota::default();
//! // A 250 ms round trip is credited 100 ms a move until the quota runs low.
//! let credits: Vec<i64> = (0..8).map(|_| quota.credit(250, 10_000)).collect();
//! assert_eq!(credits, [100, 100, 100, 100, 100, 50, 50, 50]);
//! ```

use std::collections::VecDeque;
use std::time::Instant;

/// The most credited for one move.
pub const MAX_PER_MOVE_MS: i64 = 100;
/// The quota a player starts a game with.
pub const QUOTA_START_MS: i64 = 300;
/// What each move adds to the quota.
pub const QUOTA_GAIN_MS: i64 = 50;
/// The most the quota holds.
pub const QUOTA_MAX_MS: i64 = 500;

/// Round-trip samples kept per socket (their median is the estimate).
const SAMPLES: usize = 5;

/// One player's lag quota in one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LagQuota {
    ms: i64,
}

impl Default for LagQuota {
    fn default() -> LagQuota {
        LagQuota { ms: QUOTA_START_MS }
    }
}

impl LagQuota {
    /// The credit for a move made over a socket with `estimate_ms` of lag, whose clock ran
    /// `spent_ms`; spends it from the quota, then adds the move's gain.
    pub fn credit(&mut self, estimate_ms: i64, spent_ms: i64) -> i64 {
        let c = estimate_ms
            .clamp(0, MAX_PER_MOVE_MS)
            .min(self.ms)
            .min(spent_ms.max(0));
        self.ms = (self.ms - c + QUOTA_GAIN_MS).min(QUOTA_MAX_MS);
        c
    }

    /// What is left.
    pub fn remaining_ms(&self) -> i64 {
        self.ms
    }
}

/// One socket's round trips: ping frames sent with a sequence number, pongs matched to them.
#[derive(Debug, Default)]
pub struct RoundTrips {
    next_seq: u64,
    pending: Option<(u64, Instant)>,
    samples: VecDeque<i64>,
}

impl RoundTrips {
    /// The payload of the next ping frame, sent at `now` (an unanswered ping is forgotten).
    pub fn ping(&mut self, now: Instant) -> [u8; 8] {
        self.next_seq = self.next_seq.wrapping_add(1);
        self.pending = Some((self.next_seq, now));
        self.next_seq.to_be_bytes()
    }

    /// A pong frame with `payload` arrived at `now`; returns whether it answered the ping.
    pub fn pong(&mut self, payload: &[u8], now: Instant) -> bool {
        let Ok(seq) = <[u8; 8]>::try_from(payload).map(u64::from_be_bytes) else {
            return false;
        };
        match self.pending {
            Some((expected, sent)) if expected == seq => {
                self.pending = None;
                let ms = i64::try_from(now.saturating_duration_since(sent).as_millis())
                    .unwrap_or(i64::MAX);
                if self.samples.len() == SAMPLES {
                    self.samples.pop_front();
                }
                self.samples.push_back(ms);
                true
            }
            _ => false,
        }
    }

    /// The lag estimate: the median of the recent round trips (0 before any).
    pub fn estimate_ms(&self) -> i64 {
        let mut s: Vec<i64> = self.samples.iter().copied().collect();
        s.sort_unstable();
        s.get(s.len() / 2).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn quota_bounds_the_total() {
        let mut q = LagQuota::default();
        let total: i64 = (0..100).map(|_| q.credit(1_000, 60_000)).sum();
        assert_eq!(total, 300 + 50 * 100 - q.remaining_ms());
        assert!(total <= 300 + 50 * 100);
        // Small lags are credited in full and refill the quota.
        let mut q = LagQuota::default();
        assert_eq!(q.credit(30, 60_000), 30);
        assert_eq!(q.remaining_ms(), 320);
        // Never more than the clock ran, never negative.
        assert_eq!(q.credit(90, 40), 40);
        assert_eq!(q.credit(-5, 1_000), 0);
    }

    #[test]
    fn round_trips_match_sequence_numbers_and_take_the_median() {
        let t0 = Instant::now();
        let mut r = RoundTrips::default();
        assert_eq!(r.estimate_ms(), 0);
        for (i, rtt) in [40u64, 300, 50, 45, 10_000].into_iter().enumerate() {
            let start = t0 + Duration::from_secs(100 * i as u64);
            let p = r.ping(start);
            assert!(!r.pong(&[1, 2, 3], start), "a malformed payload");
            assert!(r.pong(&p, start + Duration::from_millis(rtt)));
            assert!(
                !r.pong(&p, start + Duration::from_millis(rtt)),
                "answered once"
            );
        }
        assert_eq!(r.estimate_ms(), 50);
        // A pong for a forgotten ping is ignored.
        let old = r.ping(t0);
        let _ = r.ping(t0);
        assert!(!r.pong(&old, t0 + Duration::from_millis(1)));
    }
}
