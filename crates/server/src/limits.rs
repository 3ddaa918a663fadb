//! Per-address limits on the inputs: concurrent game sockets per IP address, messages per
//! socket, and HTTP requests per IP address, each a flag of [`crate::Config`]. Kept in
//! memory (a restart forgets them). Behind a reverse proxy every client has the proxy's
//! address, so raise the limits there or limit at the proxy.
//!
//! ```
//! use shatar_server::limits::TokenBucket;
//! use std::time::{Duration, Instant};
//! let t0 = Instant::now();
//! // 2 messages per second, bursts of 3.
//! let mut bucket = TokenBucket::new(2, 3, t0);
//! assert!(bucket.take(t0) && bucket.take(t0) && bucket.take(t0));
//! assert!(!bucket.take(t0));
//! // Half a second later one message more is allowed.
//! assert!(bucket.take(t0 + Duration::from_millis(500)));
//! assert!(!bucket.take(t0 + Duration::from_millis(500)));
//! ```

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Address entries kept before idle ones are swept (bounds memory under many addresses).
const SWEEP_AT: usize = 10_000;

/// A token bucket: `rate` tokens a second, at most `burst` saved up.
#[derive(Debug, Clone)]
pub struct TokenBucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl TokenBucket {
    /// A full bucket at `now`.
    pub fn new(rate_per_second: u32, burst: u32, now: Instant) -> TokenBucket {
        let burst = f64::from(burst.max(1));
        TokenBucket {
            rate: f64::from(rate_per_second),
            burst,
            tokens: burst,
            last: now,
        }
    }

    fn refill(&mut self, now: Instant) {
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
        self.last = now;
    }

    /// Takes one token if there is one.
    pub fn take(&mut self, now: Instant) -> bool {
        self.refill(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    fn is_full(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.tokens >= self.burst
    }
}

/// Open game sockets per IP address, capped.
#[derive(Debug)]
pub struct SocketCounts {
    max: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One open socket's place in [`SocketCounts`]; dropping it frees the place.
#[derive(Debug)]
pub struct SocketSlot {
    counts: Arc<SocketCounts>,
    ip: IpAddr,
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        if let Ok(mut open) = self.counts.open.lock()
            && let Some(n) = open.get_mut(&self.ip)
        {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

impl SocketCounts {
    /// At most `max` open sockets per address.
    pub fn new(max: usize) -> Arc<SocketCounts> {
        Arc::new(SocketCounts {
            max,
            open: Mutex::new(HashMap::new()),
        })
    }

    /// The cap.
    pub fn max(&self) -> usize {
        self.max
    }

    /// A place for one more socket from `ip`, or `None` when it has `max` open.
    pub fn acquire(self: &Arc<Self>, ip: IpAddr) -> Option<SocketSlot> {
        let mut open = self.open.lock().ok()?;
        let n = open.entry(ip).or_insert(0);
        if *n >= self.max {
            return None;
        }
        *n += 1;
        Some(SocketSlot {
            counts: Arc::clone(self),
            ip,
        })
    }

    /// Sockets open from `ip`.
    pub fn open_from(&self, ip: IpAddr) -> usize {
        self.open
            .lock()
            .ok()
            .and_then(|o| o.get(&ip).copied())
            .unwrap_or(0)
    }
}

/// HTTP requests per IP address: a token bucket each.
#[derive(Debug)]
pub struct RequestRate {
    rate: u32,
    burst: u32,
    buckets: Mutex<HashMap<IpAddr, TokenBucket>>,
}

impl RequestRate {
    /// `rate` requests a second per address, bursts of `burst`.
    pub fn new(rate: u32, burst: u32) -> RequestRate {
        RequestRate {
            rate,
            burst,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Whether a request from `ip` at `now` is allowed (and counts it).
    pub fn allow(&self, ip: IpAddr, now: Instant) -> bool {
        let Ok(mut buckets) = self.buckets.lock() else {
            return true;
        };
        if buckets.len() >= SWEEP_AT {
            buckets.retain(|_, b| !b.is_full(now));
        }
        buckets
            .entry(ip)
            .or_insert_with(|| TokenBucket::new(self.rate, self.burst, now))
            .take(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn bucket_refills_at_its_rate_up_to_its_burst() {
        let t0 = Instant::now();
        let mut b = TokenBucket::new(10, 5, t0);
        assert_eq!((0..8).filter(|_| b.take(t0)).count(), 5);
        // 300 ms at 10/s: three more.
        let t1 = t0 + Duration::from_millis(300);
        assert_eq!((0..8).filter(|_| b.take(t1)).count(), 3);
        // An hour idle saves no more than the burst.
        let t2 = t1 + Duration::from_secs(3600);
        assert_eq!((0..8).filter(|_| b.take(t2)).count(), 5);
    }

    #[test]
    fn socket_slots_are_counted_per_address_and_freed_on_drop() {
        let counts = SocketCounts::new(2);
        let a: IpAddr = "192.0.2.1".parse().unwrap_or(IpAddr::from([0, 0, 0, 0]));
        let b: IpAddr = "192.0.2.2".parse().unwrap_or(IpAddr::from([0, 0, 0, 0]));
        let s1 = counts.acquire(a);
        let s2 = counts.acquire(a);
        assert!(s1.is_some() && s2.is_some());
        assert!(counts.acquire(a).is_none());
        assert!(counts.acquire(b).is_some());
        drop(s1);
        assert_eq!(counts.open_from(a), 1);
        assert!(counts.acquire(a).is_some());
    }

    #[test]
    fn request_rate_is_per_address() {
        let r = RequestRate::new(1, 2);
        let t0 = Instant::now();
        let a: IpAddr = "192.0.2.1".parse().unwrap_or(IpAddr::from([0, 0, 0, 0]));
        let b: IpAddr = "192.0.2.2".parse().unwrap_or(IpAddr::from([0, 0, 0, 0]));
        assert!(r.allow(a, t0) && r.allow(a, t0));
        assert!(!r.allow(a, t0));
        assert!(r.allow(b, t0));
        assert!(r.allow(a, t0 + Duration::from_secs(1)));
    }
}
