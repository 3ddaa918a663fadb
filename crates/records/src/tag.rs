//! Tags of a record: the PGN seven-tag roster, S4's additions (Ruleset, Opening,
//! Tuuxei), and any other tag kept as it was read.

use std::fmt;
use std::str::FromStr;

pub use crate::error::UnknownOpening;

/// The tags PGN requires, in its order (PGN standard 8.1.1).
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Tag names this crate reads or writes besides the roster.
pub mod names {
    /// Our ruleset: a preset name or a JSON ruleset.
    pub const RULESET: &str = "Ruleset";
    /// The variant name of Fairy-Stockfish-based tools (`Shatar`).
    pub const VARIANT: &str = "Variant";
    /// A set-up start position.
    pub const FEN: &str = "FEN";
    /// `1` when `FEN` is given.
    pub const SET_UP: &str = "SetUp";
    /// The first round's opening: `open` (Chahar) or `closed` (Ujumchin).
    pub const OPENING: &str = "Opening";
    /// Time control.
    pub const TIME_CONTROL: &str = "TimeControl";
    /// How the game ended.
    pub const TERMINATION: &str = "Termination";
    /// The tuuxəi margin (docs/rules.md §4).
    pub const TUUXEI: &str = "Tuuxei";
}

/// Tags in the order they were read or set; names are case-sensitive as in PGN.
///
/// ```
/// use shatar_records::Tags;
/// let mut tags = Tags::default();
/// tags.set("White", "Batbayar");
/// tags.set("MyClub", "Naadam");
/// assert_eq!(tags.get("White"), Some("Batbayar"));
/// assert_eq!(tags.iter().count(), 2);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tags(Vec<(String, String)>);

impl Tags {
    /// The value of a tag.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, keeping its place if it exists.
    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.0.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.0.push((name.to_owned(), value)),
        }
    }

    /// Removes a tag, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self.0.iter().position(|(n, _)| n == name)?;
        Some(self.0.remove(i).1)
    }

    /// The tags in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }
}

/// The first-round opening (S1 §1.2; docs/rules.md §2): `e2-e4` is the open opening
/// (开放性开局, Chahar 察哈尔式), `d2-d4` the closed one (封闭性开局, Ujumchin 乌珠穆沁式).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Opening {
    /// `1.e4 e5`.
    Open,
    /// `1.d4 d5`.
    Closed,
}

impl Opening {
    /// The tag value: `open` or `closed`.
    pub const fn name(self) -> &'static str {
        match self {
            Opening::Open => "open",
            Opening::Closed => "closed",
        }
    }

    /// The regional name: `Chahar` or `Ujumchin`.
    pub const fn regional_name(self) -> &'static str {
        match self {
            Opening::Open => "Chahar",
            Opening::Closed => "Ujumchin",
        }
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Opening {
    type Err = UnknownOpening;
    fn from_str(s: &str) -> Result<Opening, UnknownOpening> {
        let word = s.trim().to_lowercase();
        let first = word.split_whitespace().next().unwrap_or_default();
        match first {
            "open" | "chahar" | "察哈尔" | "察哈尔式" | "開放" | "开放性开局" | "开放" => {
                Ok(Opening::Open)
            }
            "closed" | "ujumchin" | "乌珠穆沁" | "乌珠穆沁式" | "封闭性开局" | "封闭" => {
                Ok(Opening::Closed)
            }
            _ => Err(UnknownOpening(s.to_owned())),
        }
    }
}
