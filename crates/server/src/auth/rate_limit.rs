//! The sign-in rate limit: at most N failed attempts per (address, account name) and 4·N per
//! address in a sliding one-minute window, kept in memory (a restart forgets it, which only
//! ever lets an attacker start over once).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The window the counts apply to.
pub const WINDOW: Duration = Duration::from_secs(60);

/// Entries kept before old ones are swept (bounds memory under a spray of names).
const SWEEP_AT: usize = 10_000;

/// Counts failed sign-ins.
#[derive(Debug)]
pub struct SignInLimiter {
    per_name: u32,
    failures: Mutex<HashMap<(IpAddr, String), Vec<Instant>>>,
    per_ip: Mutex<HashMap<IpAddr, Vec<Instant>>>,
}

fn recent(list: &mut Vec<Instant>, now: Instant) -> u32 {
    list.retain(|t| now.duration_since(*t) < WINDOW);
    u32::try_from(list.len()).unwrap_or(u32::MAX)
}

impl SignInLimiter {
    /// A limiter allowing `per_name` failures per address and name per window.
    pub fn new(per_name: u32) -> SignInLimiter {
        SignInLimiter {
            per_name,
            failures: Mutex::new(HashMap::new()),
            per_ip: Mutex::new(HashMap::new()),
        }
    }

    /// Whether another attempt from `ip` for `name` may be checked now.
    pub fn allowed(&self, ip: IpAddr, name: &str, now: Instant) -> bool {
        let key = (ip, crate::db::users::username_key(name));
        let by_name = match self.failures.lock() {
            Ok(mut map) => map.get_mut(&key).map_or(0, |l| recent(l, now)),
            Err(_) => return false,
        };
        let by_ip = match self.per_ip.lock() {
            Ok(mut map) => map.get_mut(&ip).map_or(0, |l| recent(l, now)),
            Err(_) => return false,
        };
        by_name < self.per_name && by_ip < self.per_name.saturating_mul(4)
    }

    /// Records a failed attempt.
    pub fn failed(&self, ip: IpAddr, name: &str, now: Instant) {
        let key = (ip, crate::db::users::username_key(name));
        if let Ok(mut map) = self.failures.lock() {
            if map.len() >= SWEEP_AT {
                map.retain(|_, l| recent(l, now) > 0);
            }
            map.entry(key).or_default().push(now);
        }
        if let Ok(mut map) = self.per_ip.lock() {
            if map.len() >= SWEEP_AT {
                map.retain(|_, l| recent(l, now) > 0);
            }
            map.entry(ip).or_default().push(now);
        }
    }

    /// Forgets the failures of `name` from `ip` after a successful sign-in.
    pub fn succeeded(&self, ip: IpAddr, name: &str) {
        if let Ok(mut map) = self.failures.lock() {
            map.remove(&(ip, crate::db::users::username_key(name)));
        }
    }
}

/// The arbiter-PIN rate limit: the sign-in limit per (address, event), and at most
/// `per_event` wrong PINs a window for one event from all addresses together, so that many
/// addresses cannot share the guessing of one event's PIN. While an event is at that cap its
/// PIN unlocks nothing for a minute; its staff's sessions still do.
#[derive(Debug)]
pub struct PinLimiter {
    by_address: SignInLimiter,
    per_event: u32,
    by_event: Mutex<HashMap<String, Vec<Instant>>>,
}

impl PinLimiter {
    /// A limiter allowing `per_address` wrong PINs per address and event, and `per_event` per
    /// event, in any window.
    pub fn new(per_address: u32, per_event: u32) -> PinLimiter {
        PinLimiter {
            by_address: SignInLimiter::new(per_address),
            per_event,
            by_event: Mutex::new(HashMap::new()),
        }
    }

    /// Whether a PIN from `ip` for `event` may be checked now.
    pub fn allowed(&self, ip: IpAddr, event: &str, now: Instant) -> bool {
        let for_event = match self.by_event.lock() {
            Ok(mut map) => map.get_mut(event).map_or(0, |l| recent(l, now)),
            Err(_) => return false,
        };
        for_event < self.per_event && self.by_address.allowed(ip, event, now)
    }

    /// Records a wrong PIN.
    pub fn failed(&self, ip: IpAddr, event: &str, now: Instant) {
        self.by_address.failed(ip, event, now);
        if let Ok(mut map) = self.by_event.lock() {
            if map.len() >= SWEEP_AT {
                map.retain(|_, l| recent(l, now) > 0);
            }
            map.entry(event.to_owned()).or_default().push(now);
        }
    }
}

/// The window of the sign-up limit.
pub const SIGNUP_WINDOW: Duration = Duration::from_secs(3600);

/// Counts the accounts created from each address in a sliding hour.
#[derive(Debug)]
pub struct SignUpLimiter {
    per_hour: u32,
    created: Mutex<HashMap<IpAddr, Vec<Instant>>>,
}

fn within_hour(list: &mut Vec<Instant>, now: Instant) -> u32 {
    list.retain(|t| now.duration_since(*t) < SIGNUP_WINDOW);
    u32::try_from(list.len()).unwrap_or(u32::MAX)
}

impl SignUpLimiter {
    /// A limiter allowing `per_hour` accounts per address in any hour.
    pub fn new(per_hour: u32) -> SignUpLimiter {
        SignUpLimiter {
            per_hour,
            created: Mutex::new(HashMap::new()),
        }
    }

    /// The cap.
    pub fn per_hour(&self) -> u32 {
        self.per_hour
    }

    /// Takes a place for one more account from `ip` now, or `false` when the address has
    /// used them all; a sign-up that then fails gives it back with [`Self::release`].
    pub fn reserve(&self, ip: IpAddr, now: Instant) -> bool {
        let Ok(mut map) = self.created.lock() else {
            return false;
        };
        if map.len() >= SWEEP_AT {
            map.retain(|_, l| within_hour(l, now) > 0);
        }
        let list = map.entry(ip).or_default();
        if within_hour(list, now) >= self.per_hour {
            return false;
        }
        list.push(now);
        true
    }

    /// Gives back the place taken at `at` (the account was not created).
    pub fn release(&self, ip: IpAddr, at: Instant) {
        if let Ok(mut map) = self.created.lock()
            && let Some(list) = map.get_mut(&ip)
            && let Some(i) = list.iter().position(|t| *t == at)
        {
            list.swap_remove(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sign_ups_are_capped_per_address_and_hour() {
        let l = SignUpLimiter::new(2);
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let t0 = Instant::now();
        assert!(l.reserve(ip, t0));
        assert!(l.reserve(ip, t0));
        assert!(!l.reserve(ip, t0));
        // Another address is counted apart.
        assert!(l.reserve("10.0.0.2".parse().unwrap(), t0));
        // A failed sign-up gives its place back.
        l.release(ip, t0);
        assert!(l.reserve(ip, t0));
        assert!(!l.reserve(ip, t0 + Duration::from_secs(3599)));
        assert!(l.reserve(ip, t0 + SIGNUP_WINDOW));
    }

    #[test]
    fn blocks_after_n_failures_and_forgets_after_the_window() {
        let l = SignInLimiter::new(3);
        let ip: IpAddr = "127.0.0.1".parse().unwrap();
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(l.allowed(ip, "Bat", t0));
            l.failed(ip, "bat", t0);
        }
        assert!(!l.allowed(ip, "BAT", t0));
        // Another name from the same address is still allowed (per-address cap is 12).
        assert!(l.allowed(ip, "dorj", t0));
        assert!(l.allowed(ip, "bat", t0 + WINDOW));
    }

    #[test]
    fn per_address_cap_covers_name_spraying() {
        let l = SignInLimiter::new(2);
        let ip: IpAddr = "127.0.0.2".parse().unwrap();
        let t0 = Instant::now();
        for i in 0..8 {
            l.failed(ip, &format!("name{i}"), t0);
        }
        assert!(!l.allowed(ip, "fresh", t0));
        assert!(l.allowed("127.0.0.3".parse().unwrap(), "fresh", t0));
    }

    #[test]
    fn wrong_pins_are_capped_per_address_and_per_event() {
        let l = PinLimiter::new(2, 5);
        let t0 = Instant::now();
        let ip = |i: u8| IpAddr::from([10, 0, 1, i]);
        l.failed(ip(1), "ev1", t0);
        l.failed(ip(1), "ev1", t0);
        assert!(!l.allowed(ip(1), "ev1", t0), "the address's cap");
        assert!(l.allowed(ip(2), "ev1", t0));
        assert!(l.allowed(ip(1), "ev2", t0), "another event");
        // Three more addresses bring the event to its cap of 5: every address waits.
        for i in 2..5 {
            l.failed(ip(i), "ev1", t0);
        }
        assert!(!l.allowed(ip(9), "ev1", t0), "the event's cap");
        assert!(l.allowed(ip(9), "ev2", t0));
        assert!(l.allowed(ip(9), "ev1", t0 + WINDOW));
    }
}
