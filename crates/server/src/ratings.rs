//! Glicko-2 ratings of rated games (Glickman, "Example of the Glicko-2 system", 2013),
//! computed with the `skillratings` crate.
//!
//! A player has one rating per [`Category`]: the ruleset family and the speed class of the
//! time control. Each rated game is its own rating period (as lichess does), so a rating
//! moves as soon as a game ends. A rating whose deviation is above [`PROVISIONAL_RD`] is
//! shown with a `?`.
//!
//! ```
//! use shatar_server::ratings::{Category, Rating, Speed, after_game};
//! use shatar_rules::outcome::Outcome;
//! use shatar_rules::Color;
//!
//! // 5 minutes + 3 seconds is blitz (300 s + 40 × 3 s = 420 s < 480 s).
//! let category = Category::of("competition", 300_000, 3_000);
//! assert_eq!(category.key(), "official-blitz");
//! assert_eq!(category.speed, Speed::Blitz);
//! let (white, black) = after_game(
//!     Rating::NEW,
//!     Rating::NEW,
//!     Outcome::Decisive { winner: Color::White },
//! );
//! assert!(white.rating > 1500.0 && black.rating < 1500.0);
//! assert_eq!(white.shown(), "1662?");
//! ```

use shatar_rules::outcome::Outcome;
use shatar_rules::{Color, Preset};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// Above this deviation a rating is provisional (shown `1500?`); lichess uses the same bound.
pub const PROVISIONAL_RD: f64 = 110.0;

/// The system constant τ: Glickman suggests 0.3 to 1.2; 0.5 is his worked example's.
pub const TAU: f64 = 0.5;

/// The speed class of a time control, from its estimated length `initial + 40 × increment`
/// (lichess's estimate and boundaries).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Speed {
    /// Under 3 minutes.
    Bullet,
    /// 3 to under 8 minutes.
    Blitz,
    /// 8 to under 25 minutes.
    Rapid,
    /// 25 minutes and more.
    Classical,
}

impl Speed {
    /// The speed class of `initial_ms` with `increment_ms` per move.
    pub fn of(initial_ms: i64, increment_ms: i64) -> Speed {
        let estimate_s = (initial_ms.saturating_add(increment_ms.saturating_mul(40))) / 1000;
        match estimate_s {
            s if s < 180 => Speed::Bullet,
            s if s < 480 => Speed::Blitz,
            s if s < 1500 => Speed::Rapid,
            _ => Speed::Classical,
        }
    }

    /// The stored name.
    pub const fn name(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
        }
    }
}

/// Rulesets whose games are rated together: `official` and `competition` play the same
/// moves and differ only in how draws by repetition are claimed, so they share one family;
/// `traditional` (weak bers, void horse and camel mates) and `fsf` (the shak rule, a
/// different start) are games of their own; `traditional-step-back` is rated with
/// `traditional`, whose game it is but for the pawn that reaches the last rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// `official` and `competition`.
    Official,
    /// `traditional` and `traditional-step-back`.
    Traditional,
    /// `fsf`.
    Fsf,
    /// A ruleset that is no preset.
    Custom,
}

impl Family {
    /// The family of a stored ruleset name.
    pub fn of(ruleset: &str) -> Family {
        match ruleset.parse::<Preset>() {
            Ok(Preset::Official | Preset::Competition) => Family::Official,
            Ok(Preset::Traditional | Preset::TraditionalStepBack) => Family::Traditional,
            Ok(Preset::Fsf) => Family::Fsf,
            Err(_) => Family::Custom,
        }
    }

    /// The stored name.
    pub const fn name(self) -> &'static str {
        match self {
            Family::Official => "official",
            Family::Traditional => "traditional",
            Family::Fsf => "fsf",
            Family::Custom => "custom",
        }
    }
}

/// What a rating is of: a ruleset family at a speed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Category {
    /// The ruleset family.
    pub family: Family,
    /// The speed class.
    pub speed: Speed,
}

impl Category {
    /// The category of a game.
    pub fn of(ruleset: &str, initial_ms: i64, increment_ms: i64) -> Category {
        Category {
            family: Family::of(ruleset),
            speed: Speed::of(initial_ms, increment_ms),
        }
    }

    /// The stored key, e.g. `official-blitz`.
    pub fn key(self) -> String {
        format!("{}-{}", self.family.name(), self.speed.name())
    }
}

/// One Glicko-2 rating on the usual (Glicko) scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// The rating deviation (RD).
    pub deviation: f64,
    /// The volatility σ.
    pub volatility: f64,
}

impl Rating {
    /// A new player's rating: 1500, RD 350, σ 0.06 (Glickman's suggested start).
    pub const NEW: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    /// Whether the rating is still provisional (RD above [`PROVISIONAL_RD`]).
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_RD
    }

    /// The rating as shown: rounded, with `?` while provisional.
    pub fn shown(&self) -> String {
        let mark = if self.is_provisional() { "?" } else { "" };
        format!("{:.0}{mark}", self.rating)
    }

    fn glicko2(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn from_glicko2(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// The configuration used for every update: τ = [`TAU`], the crate's convergence tolerance.
pub fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    }
}

/// Both players' ratings after one game (a rating period of one game each).
pub fn after_game(white: Rating, black: Rating, outcome: Outcome) -> (Rating, Rating) {
    let o = match outcome {
        Outcome::Decisive {
            winner: Color::White,
        } => Outcomes::WIN,
        Outcome::Decisive {
            winner: Color::Black,
        } => Outcomes::LOSS,
        Outcome::Draw => Outcomes::DRAW,
    };
    let (w, b) = glicko2(&white.glicko2(), &black.glicko2(), &o, &config());
    (Rating::from_glicko2(w), Rating::from_glicko2(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2_rating_period;

    /// Glickman, "Example of the Glicko-2 system" (2013), the worked example: a 1500 / 200 /
    /// 0.06 player beats 1400 / 30, loses to 1550 / 100 and to 1700 / 300, τ = 0.5.
    /// The paper prints μ′ = −0.2069, φ′ = 0.8722, σ′ = 0.05999, hence r′ = 1464.06 and
    /// RD′ = 151.52. Its r′ is computed from the rounded μ′: −0.2069 × 173.7178 + 1500 =
    /// 1464.06; unrounded arithmetic gives μ′ = −0.20694 and r′ = 1464.05. So the scale
    /// values are checked to the paper's four decimals, RD′ to its printed digits, σ′ as
    /// truncated,
    /// and r′ through the rounded μ′ as the paper does.
    #[test]
    fn glickman_worked_example() {
        let player = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opp = |rating, deviation| Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let results = [
            (opp(1400.0, 30.0), Outcomes::WIN),
            (opp(1550.0, 100.0), Outcomes::LOSS),
            (opp(1700.0, 300.0), Outcomes::LOSS),
        ];
        let r = glicko2_rating_period(&player, &results, &config());
        let mu = (r.rating - 1500.0) / 173.7178;
        let phi = r.deviation / 173.7178;
        assert_eq!(format!("{mu:.4}"), "-0.2069");
        assert_eq!(format!("{phi:.4}"), "0.8722");
        // The paper truncates σ′ = 0.0599960 to 0.05999.
        assert!((0.05999..0.06).contains(&r.volatility), "{}", r.volatility);
        assert_eq!(format!("{:.6}", r.volatility), "0.059996");
        assert_eq!(format!("{:.2}", r.deviation), "151.52");
        let mu_printed: f64 = format!("{mu:.4}").parse().unwrap_or(f64::NAN);
        assert_eq!(format!("{:.2}", mu_printed * 173.7178 + 1500.0), "1464.06");
        assert_eq!(format!("{:.2}", r.rating), "1464.05");
    }

    #[test]
    fn speed_classes_follow_the_estimate() {
        assert_eq!(Speed::of(60_000, 0), Speed::Bullet);
        assert_eq!(Speed::of(120_000, 1_000), Speed::Bullet); // 160 s
        assert_eq!(Speed::of(120_000, 2_000), Speed::Blitz); // 200 s
        assert_eq!(Speed::of(180_000, 0), Speed::Blitz);
        assert_eq!(Speed::of(479_000, 0), Speed::Blitz);
        assert_eq!(Speed::of(600_000, 0), Speed::Rapid);
        assert_eq!(Speed::of(900_000, 10_000), Speed::Rapid); // 1300 s
        assert_eq!(Speed::of(1_800_000, 0), Speed::Classical);
        assert_eq!(Speed::of(5_400_000, 30_000), Speed::Classical); // 90 + 30
    }

    #[test]
    fn families() {
        assert_eq!(Category::of("official", 60_000, 0).key(), "official-bullet");
        assert_eq!(
            Category::of("competition", 60_000, 0).key(),
            "official-bullet"
        );
        assert_eq!(
            Category::of("traditional", 600_000, 5_000).key(),
            "traditional-rapid"
        );
        assert_eq!(Category::of("fsf", 3_600_000, 0).key(), "fsf-classical");
        assert_eq!(Family::of("[rules]"), Family::Custom);
    }

    #[test]
    fn provisional_marker() {
        assert_eq!(Rating::NEW.shown(), "1500?");
        let settled = Rating {
            rating: 1712.4,
            deviation: 60.0,
            volatility: 0.06,
        };
        assert_eq!(settled.shown(), "1712");
        assert!(!settled.is_provisional());
    }

    #[test]
    fn a_draw_between_equals_moves_only_the_deviation() {
        let (w, b) = after_game(Rating::NEW, Rating::NEW, Outcome::Draw);
        assert!((w.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
        assert!(w.deviation < 350.0 && (w.deviation - b.deviation).abs() < 1e-9);
    }
}
