//! UCI move text: `e2e4`, `a7a8q`; the weak bers promotes as `a7a8j` (Fairy-Stockfish).
//! Under a step-back ruleset a pawn reaches its last rank by a plain move (`b7b8`), and a
//! returning pawn's first step that makes a weak bers is `b8a7j`, its third step `b6c5q`.
//!
//! ```
//! use shatar_rules::{uci, Position, Ruleset};
//! let pos = Position::start(Ruleset::OFFICIAL);
//! let m = uci::parse_move(&pos, "e2e4")?;
//! assert_eq!(uci::write(&m, pos.ruleset()), "e2e4");
//! assert!(uci::parse_move(&pos, "g1f3").is_err()); // not in the first round
//! # Ok::<_, shatar_rules::UciMoveError>(())
//! ```

use crate::{Move, Position, Role, Ruleset, Square};
use std::fmt;
use std::str::FromStr;

/// A move in UCI text, not yet checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UciMove {
    /// Where from.
    pub from: Square,
    /// Where to.
    pub to: Square,
    /// The promotion letter's role, if any.
    pub promotion: Option<Role>,
}

/// Why UCI move text could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UciMoveError {
    /// Not of the form `e2e4` or `a7a8q`.
    #[error("invalid UCI move {text:?}: {reason}")]
    Syntax {
        /// The text.
        text: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// Well formed but not legal in the position.
    #[error("illegal move {text:?} in {fen}")]
    Illegal {
        /// The text.
        text: String,
        /// The position.
        fen: String,
    },
}

impl FromStr for UciMove {
    type Err = UciMoveError;
    fn from_str(text: &str) -> Result<UciMove, UciMoveError> {
        let err = |reason| UciMoveError::Syntax {
            text: text.to_owned(),
            reason,
        };
        if !text.is_ascii() {
            return Err(err("expected ASCII letters and digits like e2e4"));
        }
        if !(4..=5).contains(&text.len()) {
            return Err(err("expected 4 or 5 characters like e2e4 or a7a8q"));
        }
        let from = text[0..2]
            .parse::<Square>()
            .map_err(|_| err("the from-square is not a1-h8"))?;
        let to = text[2..4]
            .parse::<Square>()
            .map_err(|_| err("the to-square is not a1-h8"))?;
        let promotion = match text[4..].chars().next() {
            None => None,
            Some(c) => match Role::from_char(c) {
                Some(role)
                    if c.is_ascii_lowercase() && !matches!(role, Role::King | Role::Pawn) =>
                {
                    Some(role)
                }
                _ => return Err(err("the promotion letter must be one of q j r b n")),
            },
        };
        if from == to {
            return Err(err("from- and to-square are the same"));
        }
        Ok(UciMove {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "{}", p.lower_char())?;
        }
        Ok(())
    }
}

impl UciMove {
    /// The legal move of `pos` this text names.
    pub fn to_move(&self, pos: &Position) -> Result<Move, UciMoveError> {
        pos.legal_moves()
            .into_iter()
            .find(|m| m.from == self.from && m.to == self.to && m.promotion == self.promotion)
            .ok_or_else(|| UciMoveError::Illegal {
                text: self.to_string(),
                fen: crate::fen::write(pos),
            })
    }
}

/// Parses UCI text and finds the legal move it names.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, UciMoveError> {
    text.parse::<UciMove>()?.to_move(pos)
}

/// The UCI text of a move: the promotion letter is `j` for the weak bers, else `q r b n`.
pub fn write(m: &Move, ruleset: &Ruleset) -> String {
    let mut s = format!("{}{}", m.from, m.to);
    if let Some(role) = m.promotion {
        let from_back_rank = matches!(m.from.rank().index(), 0 | 7);
        s.push(match role {
            // Under a step-back ruleset only a returning pawn promotes: to the weak bers on
            // its first step (from the last rank), to the full bers on its third.
            Role::Bers if ruleset.steps_back() => {
                if from_back_rank {
                    'j'
                } else {
                    'q'
                }
            }
            Role::Bers if ruleset.uses_bers_letter_j() => 'j',
            role => role.lower_char(),
        });
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen;

    #[test]
    fn syntax_errors() {
        for bad in [
            "", "e2", "e2e", "e2e4qq", "i2e4", "e2e9", "e2e4k", "e2e4Q", "e2e2", "é2e4",
        ] {
            assert!(bad.parse::<UciMove>().is_err(), "{bad}");
        }
    }

    #[test]
    fn bers_promotion_letters() {
        let pos = fen::read("k7/4P3/8/8/8/7p/8/K7 w - - 0 1", Ruleset::FSF).unwrap();
        let by_j = parse_move(&pos, "e7e8j").unwrap();
        let by_q = parse_move(&pos, "e7e8q").unwrap();
        assert_eq!(by_j, by_q);
        assert_eq!(write(&by_j, &Ruleset::FSF), "e7e8j");
        assert!(
            parse_move(&pos, "e7e8r").is_err(),
            "fsf promotes to bers only"
        );
        let pos = fen::read("k7/4P3/8/8/8/8/8/K7 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        assert_eq!(
            write(&parse_move(&pos, "e7e8r").unwrap(), &Ruleset::OFFICIAL),
            "e7e8r"
        );
        assert_eq!(
            write(&parse_move(&pos, "e7e8q").unwrap(), &Ruleset::OFFICIAL),
            "e7e8q"
        );
    }
}
