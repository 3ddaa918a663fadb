//! The numbers an arbiter reads out: an entrant's start number, a round and a board.
//! Each is its own type so that a round cannot be passed where a board is meant; all three
//! are 1-based, and 0 is none of them (TRF's `0000` opponent is "no opponent", an
//! `Option`). In the event file and in TRF each is the plain number it always was.
//!
//! ```
//! use shatar_tournament::{BoardNo, EntrantNo, RoundNo};
//!
//! let round: RoundNo = "3".parse()?;
//! assert_eq!(round.get(), 3);
//! assert_eq!(RoundNo::new(0), None);
//! assert_eq!(EntrantNo::new(7).map(|e| e.to_string()), Some("7".to_owned()));
//! assert_eq!(BoardNo::from_index(0).get(), 1);
//! assert!("0".parse::<BoardNo>().is_err());
//! let (two, three) = (EntrantNo::new(2).unwrap(), EntrantNo::new(3).unwrap());
//! assert_eq!(three.renumbered(&[(three, two)]), two);
//! assert_eq!(two.renumbered(&[(three, two)]), two);
//! # Ok::<_, shatar_tournament::numbers::ParseNumberError>(())
//! ```

use std::fmt;
use std::num::NonZeroU32;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A number that could not be read: not a whole number, or 0 where numbering starts at 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what} {text:?} is not a number from 1")]
pub struct ParseNumberError {
    /// Which number ("round", "board", "entrant").
    pub what: &'static str,
    /// The text given.
    pub text: String,
}

macro_rules! number {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        // The file keeps the plain number; reading refuses 0.
        #[serde(try_from = "u32", into = "u32")]
        pub struct $name(NonZeroU32);

        impl $name {
            /// Number 1.
            pub const FIRST: $name = $name(NonZeroU32::MIN);

            /// The number `n`; `None` for 0.
            #[must_use]
            pub const fn new(n: u32) -> Option<$name> {
                match NonZeroU32::new(n) {
                    Some(n) => Some($name(n)),
                    None => None,
                }
            }

            /// The number at 0-based position `index` of a list (`index + 1`); the
            /// largest number for an index beyond `u32`.
            #[must_use]
            pub fn from_index(index: usize) -> $name {
                let n = u32::try_from(index)
                    .ok()
                    .and_then(|i| i.checked_add(1))
                    .unwrap_or(u32::MAX);
                $name(NonZeroU32::new(n).unwrap_or(NonZeroU32::MAX))
            }

            /// The number.
            #[must_use]
            pub const fn get(self) -> u32 {
                self.0.get()
            }

            /// This number after a renumbering given as (old, new) pairs: its new number,
            /// or itself when it did not move.
            #[must_use]
            pub fn renumbered(self, moves: &[($name, $name)]) -> $name {
                moves
                    .iter()
                    .find(|(old, _)| *old == self)
                    .map_or(self, |&(_, new)| new)
            }

            /// The 0-based position this number has in a list numbered from 1.
            #[must_use]
            pub fn index(self) -> usize {
                self.0.get() as usize - 1
            }

            /// The next number, `None` past `u32::MAX`.
            #[must_use]
            pub fn next(self) -> Option<$name> {
                self.0.checked_add(1).map($name)
            }

            /// The number before, `None` for 1.
            #[must_use]
            pub fn previous(self) -> Option<$name> {
                $name::new(self.0.get() - 1)
            }
        }

        // Debug shows the plain number too, so that lists in messages (`[4, 5, 6]`) read
        // as they always did.
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&self.0.get(), f)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        impl FromStr for $name {
            type Err = ParseNumberError;

            fn from_str(s: &str) -> Result<$name, ParseNumberError> {
                s.trim()
                    .parse::<u32>()
                    .ok()
                    .and_then($name::new)
                    .ok_or_else(|| ParseNumberError {
                        what: $what,
                        text: s.to_owned(),
                    })
            }
        }

        impl TryFrom<u32> for $name {
            type Error = ParseNumberError;

            fn try_from(n: u32) -> Result<$name, ParseNumberError> {
                $name::new(n).ok_or_else(|| ParseNumberError {
                    what: $what,
                    text: n.to_string(),
                })
            }
        }

        impl From<$name> for u32 {
            fn from(n: $name) -> u32 {
                n.get()
            }
        }

        impl PartialEq<u32> for $name {
            fn eq(&self, other: &u32) -> bool {
                self.get() == *other
            }
        }
    };
}

number!(
    /// An entrant's start number: a player's in an individual event, a team's in a team
    /// event (the draw number in a round robin). 1-based.
    EntrantNo,
    "entrant"
);

number!(
    /// A round's number, 1-based. A count of rounds ("after round 0", rounds planned) is
    /// a plain `u32`, since 0 rounds is a count and no round.
    RoundNo,
    "round"
);

number!(
    /// A board (table) number within a round, 1-based.
    BoardNo,
    "board"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_is_no_number_and_files_keep_plain_numbers() {
        assert_eq!(EntrantNo::new(0), None);
        assert_eq!(
            "0".parse::<RoundNo>(),
            Err(ParseNumberError {
                what: "round",
                text: "0".into()
            })
        );
        assert!(" 12 ".parse::<BoardNo>().is_ok_and(|b| b.get() == 12));
        assert!("x".parse::<EntrantNo>().is_err());
        let e = EntrantNo::new(42).unwrap();
        assert_eq!(serde_json::to_string(&e).unwrap(), "42");
        assert_eq!(serde_json::from_str::<EntrantNo>("42").unwrap(), e);
        assert!(serde_json::from_str::<EntrantNo>("0").is_err());
        assert_eq!(BoardNo::from_index(3).get(), 4);
        assert_eq!(RoundNo::FIRST.previous(), None);
        assert_eq!(RoundNo::FIRST.next().map(RoundNo::get), Some(2));
        assert_eq!(RoundNo::new(5).map(RoundNo::index), Some(4));
    }
}
