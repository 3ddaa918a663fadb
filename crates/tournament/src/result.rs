//! Results of single games, in text and in the event file.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use shatar_rules::outcome::Outcome;

use crate::score::Score;

/// The side a player has in one game: the rules' colour (in Mongolian chess the second
/// player's men are usually blue; the rules call the side Black). Event files write it
/// `"white"` or `"black"`.
pub use shatar_rules::Color;

/// The result of one game, from the point of view of that game's colours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum GameResult {
    /// White won over the board.
    WhiteWins,
    /// Drawn over the board.
    Draw,
    /// Black won over the board.
    BlackWins,
    /// Black did not play: White wins by forfeit.
    WhiteWinsByForfeit {
        /// Why (absent, late, withdrawn…).
        #[serde(default, skip_serializing_if = "String::is_empty")]
        reason: String,
    },
    /// White did not play: Black wins by forfeit.
    BlackWinsByForfeit {
        /// Why.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        reason: String,
    },
    /// Neither played: both lose.
    DoubleForfeit {
        /// Why.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        reason: String,
    },
    /// Points set by the arbiter (e.g. after a ruling), with the reason.
    Adjusted {
        /// White's points.
        white: Score,
        /// Black's points.
        black: Score,
        /// The arbiter's reason.
        reason: String,
    },
}

impl GameResult {
    /// The forfeit where White, Black or both did not play (`None` when both did): the
    /// one absent loses, both absent lose both.
    ///
    /// ```
    /// use shatar_tournament::GameResult;
    /// let r = GameResult::forfeit(false, true, "absent");
    /// assert_eq!(r, Some(GameResult::WhiteWinsByForfeit { reason: "absent".into() }));
    /// assert_eq!(GameResult::forfeit(false, false, "absent"), None);
    /// ```
    #[must_use]
    pub fn forfeit(white_absent: bool, black_absent: bool, reason: &str) -> Option<GameResult> {
        let reason = reason.to_owned();
        match (white_absent, black_absent) {
            (false, false) => None,
            (false, true) => Some(GameResult::WhiteWinsByForfeit { reason }),
            (true, false) => Some(GameResult::BlackWinsByForfeit { reason }),
            (true, true) => Some(GameResult::DoubleForfeit { reason }),
        }
    }

    /// The result of a game played to its end at the board: the rules' outcome.
    ///
    /// ```
    /// use shatar_rules::Color;
    /// use shatar_rules::outcome::Outcome;
    /// use shatar_tournament::GameResult;
    /// let won = Outcome::Decisive { winner: Color::Black };
    /// assert_eq!(GameResult::played(won), GameResult::BlackWins);
    /// assert_eq!(GameResult::played(Outcome::Draw), GameResult::Draw);
    /// ```
    #[must_use]
    pub fn played(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Decisive {
                winner: Color::White,
            } => GameResult::WhiteWins,
            Outcome::Decisive {
                winner: Color::Black,
            } => GameResult::BlackWins,
            Outcome::Draw => GameResult::Draw,
        }
    }

    /// The forfeit `winner` wins because the other side did not play.
    ///
    /// ```
    /// use shatar_rules::Color;
    /// use shatar_tournament::GameResult;
    /// let r = GameResult::forfeit_won_by(Color::White, "late".into());
    /// assert_eq!(r, GameResult::WhiteWinsByForfeit { reason: "late".into() });
    /// ```
    #[must_use]
    pub fn forfeit_won_by(winner: Color, reason: String) -> GameResult {
        match winner {
            Color::White => GameResult::WhiteWinsByForfeit { reason },
            Color::Black => GameResult::BlackWinsByForfeit { reason },
        }
    }

    /// Points scored by the given side.
    #[must_use]
    pub fn points(&self, side: Color) -> Score {
        let (w, b) = match self {
            GameResult::WhiteWins | GameResult::WhiteWinsByForfeit { .. } => {
                (Score::ONE, Score::ZERO)
            }
            GameResult::BlackWins | GameResult::BlackWinsByForfeit { .. } => {
                (Score::ZERO, Score::ONE)
            }
            GameResult::Draw => (Score::HALF, Score::HALF),
            GameResult::DoubleForfeit { .. } => (Score::ZERO, Score::ZERO),
            GameResult::Adjusted { white, black, .. } => (*white, *black),
        };
        match side {
            Color::White => w,
            Color::Black => b,
        }
    }

    /// Whether the game was played over the board (adjusted games count as played).
    #[must_use]
    pub fn is_played(&self) -> bool {
        matches!(
            self,
            GameResult::WhiteWins
                | GameResult::Draw
                | GameResult::BlackWins
                | GameResult::Adjusted { .. }
        )
    }

    /// Whether the given side won the game at the board: `1-0` or `0-1` as played. A
    /// forfeit is not won at the board, nor is an arbiter's adjudication, whatever points
    /// it gives (docs/competition.md §3: the number of wins is a round-robin tie-break; it
    /// counts games won, the points of forfeits and adjudications count in the score).
    #[must_use]
    pub fn is_won_at_board_by(&self, side: Color) -> bool {
        matches!(
            (self, side),
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black)
        )
    }

    /// Whether the given side won (over the board or by forfeit).
    #[must_use]
    pub fn is_win_for(&self, side: Color) -> bool {
        self.points(side) > self.points(!side)
    }

    /// Whether two results are the same result: equal, forfeits whatever reason each
    /// records (a forfeit entered by hand and one set by a withdrawal score alike).
    #[must_use]
    pub fn same_result(&self, other: &GameResult) -> bool {
        match (self, other) {
            (GameResult::WhiteWinsByForfeit { .. }, GameResult::WhiteWinsByForfeit { .. })
            | (GameResult::BlackWinsByForfeit { .. }, GameResult::BlackWinsByForfeit { .. })
            | (GameResult::DoubleForfeit { .. }, GameResult::DoubleForfeit { .. }) => true,
            _ => self == other,
        }
    }

    /// The same result seen with colours exchanged.
    #[must_use]
    pub fn swapped(&self) -> GameResult {
        match self {
            GameResult::WhiteWins => GameResult::BlackWins,
            GameResult::BlackWins => GameResult::WhiteWins,
            GameResult::Draw => GameResult::Draw,
            GameResult::WhiteWinsByForfeit { reason } => GameResult::BlackWinsByForfeit {
                reason: reason.clone(),
            },
            GameResult::BlackWinsByForfeit { reason } => GameResult::WhiteWinsByForfeit {
                reason: reason.clone(),
            },
            GameResult::DoubleForfeit { reason } => GameResult::DoubleForfeit {
                reason: reason.clone(),
            },
            GameResult::Adjusted {
                white,
                black,
                reason,
            } => GameResult::Adjusted {
                white: *black,
                black: *white,
                reason: reason.clone(),
            },
        }
    }
}

/// A result text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "cannot read result {text:?}: use 1-0, 0-1, 1/2, +-, -+, --, or adj:W-B:reason (e.g. adj:0.5-0:ruling)"
)]
pub struct ParseResultError {
    /// The text given.
    pub text: String,
}

impl FromStr for GameResult {
    type Err = ParseResultError;

    /// Reads `1-0`, `0-1`, `1/2` (also `½-½`, `=`), `+-`/`-+` (forfeits), `--` or `0-0`
    /// (double forfeit), `adj:W-B:reason`.
    fn from_str(s: &str) -> Result<GameResult, ParseResultError> {
        let err = || ParseResultError { text: s.to_owned() };
        let t = s.trim();
        Ok(match t {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2" | "½-½" | "1/2-1/2" | "=" | "0.5-0.5" => GameResult::Draw,
            "+-" | "1F-0F" => GameResult::WhiteWinsByForfeit {
                reason: String::new(),
            },
            "-+" | "0F-1F" => GameResult::BlackWinsByForfeit {
                reason: String::new(),
            },
            "--" | "0F-0F" | "0-0" => GameResult::DoubleForfeit {
                reason: String::new(),
            },
            _ => {
                let rest = t.strip_prefix("adj:").ok_or_else(err)?;
                let (scores, reason) = rest.split_once(':').ok_or_else(err)?;
                let (w, b) = scores.split_once('-').ok_or_else(err)?;
                let white = Score::parse(w).ok_or_else(err)?;
                let black = Score::parse(b).ok_or_else(err)?;
                if reason.trim().is_empty() {
                    return Err(err());
                }
                GameResult::Adjusted {
                    white,
                    black,
                    reason: reason.trim().to_owned(),
                }
            }
        })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::WhiteWins => f.write_str("1-0"),
            GameResult::Draw => f.write_str("½-½"),
            GameResult::BlackWins => f.write_str("0-1"),
            GameResult::WhiteWinsByForfeit { .. } => f.write_str("+-"),
            GameResult::BlackWinsByForfeit { .. } => f.write_str("-+"),
            GameResult::DoubleForfeit { .. } => f.write_str("--"),
            GameResult::Adjusted { white, black, .. } => write!(f, "{white}-{black} adj."),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_results() {
        assert_eq!("1-0".parse(), Ok(GameResult::WhiteWins));
        assert_eq!(
            "adj:0.5-0:clock fault".parse(),
            Ok(GameResult::Adjusted {
                white: Score::HALF,
                black: Score::ZERO,
                reason: "clock fault".into()
            })
        );
        assert!("2-0".parse::<GameResult>().is_err());
        assert!("adj:1-0:".parse::<GameResult>().is_err());
    }
}
