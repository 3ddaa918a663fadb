//! Exact scores. Game points move in halves and Sonneborn–Berger in quarters, so every
//! value is an integer count of quarter points: no floating-point ties that are not ties.

use std::fmt;
use std::ops::{Add, AddAssign, Sub};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A score in quarter points (4 = one point). Counts (wins, violations) use the same type
/// with one unit = 4 so that every tie-break column shares one exact representation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(i64);

impl Score {
    /// Zero.
    pub const ZERO: Score = Score(0);
    /// One point: a win.
    pub const ONE: Score = Score(4);
    /// Half a point: a draw.
    pub const HALF: Score = Score(2);

    /// A score from quarter points.
    #[must_use]
    pub const fn from_quarters(quarters: i64) -> Score {
        Score(quarters)
    }

    /// A score from half points.
    #[must_use]
    pub const fn from_halves(halves: i64) -> Score {
        Score(halves * 2)
    }

    /// A whole number of points (or a count).
    #[must_use]
    pub const fn from_int(n: i64) -> Score {
        Score(n * 4)
    }

    /// Quarter points.
    #[must_use]
    pub const fn quarters(self) -> i64 {
        self.0
    }

    /// Half points, rounding toward zero (exact for game points).
    #[must_use]
    pub const fn halves(self) -> i64 {
        self.0 / 2
    }

    /// The score as a float, for display and interchange only.
    #[must_use]
    pub fn to_f64(self) -> f64 {
        self.0 as f64 / 4.0
    }

    /// Parses "1", "0.5", "½", "1.25"; only multiples of a quarter are accepted.
    pub fn parse(text: &str) -> Option<Score> {
        let text = text.trim();
        if text == "½" {
            return Some(Score::HALF);
        }
        let (neg, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (int, frac) = match body.split_once(['.', ',']) {
            Some((i, f)) => (i, f),
            None => (body, ""),
        };
        if int.is_empty() && frac.is_empty() {
            return None;
        }
        let whole: i64 = if int.is_empty() { 0 } else { int.parse().ok()? };
        let frac_q = match frac.trim_end_matches('0') {
            "" => 0,
            "25" => 1,
            "5" => 2,
            "75" => 3,
            _ => return None,
        };
        let q = whole.checked_mul(4)?.checked_add(frac_q)?;
        Some(Score(if neg { -q } else { q }))
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        let whole = a / 4;
        match a % 4 {
            0 => write!(f, "{sign}{whole}"),
            1 => write!(f, "{sign}{whole}.25"),
            2 => write!(f, "{sign}{whole}.5"),
            _ => write!(f, "{sign}{whole}.75"),
        }
    }
}

impl Add for Score {
    type Output = Score;
    fn add(self, rhs: Score) -> Score {
        Score(self.0 + rhs.0)
    }
}

impl AddAssign for Score {
    fn add_assign(&mut self, rhs: Score) {
        self.0 += rhs.0;
    }
}

impl Sub for Score {
    type Output = Score;
    fn sub(self, rhs: Score) -> Score {
        Score(self.0 - rhs.0)
    }
}

impl std::iter::Sum for Score {
    fn sum<I: Iterator<Item = Score>>(iter: I) -> Score {
        iter.fold(Score::ZERO, Add::add)
    }
}

impl Serialize for Score {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 % 4 == 0 {
            s.serialize_i64(self.0 / 4)
        } else {
            s.serialize_f64(self.to_f64())
        }
    }
}

impl<'de> Deserialize<'de> for Score {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Score, D::Error> {
        let v = f64::deserialize(d)?;
        let q = v * 4.0;
        if !q.is_finite() || q.fract() != 0.0 || q.abs() > 1e12 {
            return Err(serde::de::Error::custom(format!(
                "score {v} is not a multiple of a quarter point"
            )));
        }
        Ok(Score(q as i64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_display() {
        assert_eq!(Score::parse("1.5"), Some(Score::from_halves(3)));
        assert_eq!(Score::parse("½"), Some(Score::HALF));
        assert_eq!(Score::parse("0.3"), None);
        assert_eq!(Score::from_quarters(9).to_string(), "2.25");
        assert_eq!(Score::from_quarters(-2).to_string(), "-0.5");
    }
}
