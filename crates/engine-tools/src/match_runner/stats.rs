//! Match statistics: score, Elo difference with a 95% interval, and the sequential
//! probability ratio test (the trinomial GSPRT approximation used by fishtest).

use serde::Serialize;

/// Wins, draws and losses of the first engine.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Wdl {
    /// Games the first engine won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first engine lost.
    pub losses: u32,
}

/// The Elo difference for a score fraction `p` (0 < p < 1).
pub fn elo_from_score(p: f64) -> f64 {
    // `+ 0.0` turns the −0 of an even score into 0, so that it prints as `+0.0`.
    -400.0 * (1.0 / p - 1.0).log10() + 0.0
}

/// The expected score for an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Wdl {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first engine's score fraction.
    pub fn score(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / n
    }

    fn variance(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        let m = self.score();
        (f64::from(self.wins) * (1.0 - m).powi(2)
            + f64::from(self.draws) * (0.5 - m).powi(2)
            + f64::from(self.losses) * m.powi(2))
            / n
    }

    /// The Elo difference and its 95% interval (`None` when the score is 0 or 1: the
    /// difference is unbounded).
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        let n = f64::from(self.games());
        let m = self.score();
        if n == 0.0 || m <= 0.0 || m >= 1.0 {
            return None;
        }
        let se = (self.variance() / n).sqrt();
        let lo = (m - 1.959_964 * se).clamp(1e-6, 1.0 - 1e-6);
        let hi = (m + 1.959_964 * se).clamp(1e-6, 1.0 - 1e-6);
        Some((elo_from_score(m), elo_from_score(lo), elo_from_score(hi)))
    }
}

/// An SPRT between `elo0` (null hypothesis) and `elo1`, with error rates alpha and beta.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Sprt {
    /// The Elo of H0.
    pub elo0: f64,
    /// The Elo of H1.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SprtState {
    /// Keep playing.
    Continue,
    /// H1 accepted.
    H1,
    /// H0 accepted.
    H0,
}

impl Sprt {
    /// The test with alpha = beta = 0.05.
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// The log-likelihood ratio (normal approximation of the trinomial model).
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        let n = f64::from(wdl.games());
        let var = wdl.variance();
        if n == 0.0 || var <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        let m = wdl.score();
        n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var)
    }

    /// The lower and upper LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The decision so far.
    pub fn state(&self, wdl: &Wdl) -> SprtState {
        let llr = self.llr(wdl);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtState::H1
        } else if llr <= lo {
            SprtState::H0
        } else {
            SprtState::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_values() {
        // 75% is +190.85 Elo, 50% is 0 (the logistic Elo formula).
        assert!((elo_from_score(0.75) - 190.848).abs() < 0.01);
        assert!(elo_from_score(0.5).abs() < 1e-9);
        let wdl = Wdl {
            wins: 30,
            draws: 40,
            losses: 30,
        };
        let (elo, lo, hi) = wdl.elo().unwrap();
        assert!(elo.abs() < 1e-9);
        // Score 0.5, variance (30·0.25 + 30·0.25)/100 = 0.15, se = sqrt(0.15/100) = 0.03873,
        // interval 0.5 ± 0.07591 → ±53.2 Elo.
        assert!((hi - 53.2).abs() < 0.3, "{hi}");
        assert!((lo + 53.2).abs() < 0.3, "{lo}");
        let all_won = Wdl {
            wins: 3,
            draws: 0,
            losses: 0,
        };
        assert_eq!(all_won.elo(), None);
    }

    #[test]
    fn sprt_bounds_and_decisions() {
        let sprt = Sprt::new(0.0, 5.0);
        let (lo, hi) = sprt.bounds();
        // ln(0.05/0.95) and ln(0.95/0.05).
        assert!((lo + 2.944).abs() < 0.001 && (hi - 2.944).abs() < 0.001);
        let strong = Wdl {
            wins: 600,
            draws: 200,
            losses: 200,
        };
        assert_eq!(sprt.state(&strong), SprtState::H1);
        let weak = Wdl {
            wins: 200,
            draws: 200,
            losses: 600,
        };
        assert_eq!(sprt.state(&weak), SprtState::H0);
        let even = Wdl {
            wins: 5,
            draws: 5,
            losses: 5,
        };
        assert_eq!(sprt.state(&even), SprtState::Continue);
    }
}
