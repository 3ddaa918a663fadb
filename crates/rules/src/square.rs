//! Squares, files and ranks.

use crate::Color;
use std::fmt;
use std::str::FromStr;

/// A file, `a` to `h` (S1 §2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

/// A rank, `1` to `8`, counted from White's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl File {
    /// All files, `a` first.
    pub const ALL: [File; 8] = [
        File(0),
        File(1),
        File(2),
        File(3),
        File(4),
        File(5),
        File(6),
        File(7),
    ];
    /// The `a` file.
    pub const A: File = File(0);
    /// The `d` file (the bers file).
    pub const D: File = File(3);
    /// The `e` file (the king file).
    pub const E: File = File(4);
    /// The `h` file.
    pub const H: File = File(7);

    /// The file with index `0..8`, `a` = 0.
    pub const fn new(index: u8) -> Option<File> {
        if index < 8 { Some(File(index)) } else { None }
    }

    /// From a letter `a`–`h`.
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File(c as u8 - b'a')),
            _ => None,
        }
    }

    /// `0..8`.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The letter `a`–`h`.
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// The file at `delta` steps, if on the board.
    pub const fn offset(self, delta: i8) -> Option<File> {
        let i = self.0 as i8 + delta;
        if i >= 0 && i < 8 {
            Some(File(i as u8))
        } else {
            None
        }
    }
}

impl Rank {
    /// All ranks, `1` first.
    pub const ALL: [Rank; 8] = [
        Rank(0),
        Rank(1),
        Rank(2),
        Rank(3),
        Rank(4),
        Rank(5),
        Rank(6),
        Rank(7),
    ];
    /// Rank 1.
    pub const FIRST: Rank = Rank(0);
    /// Rank 8.
    pub const EIGHTH: Rank = Rank(7);

    /// The rank with index `0..8`, rank 1 = 0.
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 8 { Some(Rank(index)) } else { None }
    }

    /// From a digit `1`–`8`.
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank(c as u8 - b'1')),
            _ => None,
        }
    }

    /// `0..8`.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The digit `1`–`8`.
    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }

    /// The same rank seen from Black's side (rank 1 ↔ rank 8).
    pub const fn flip(self) -> Rank {
        Rank(7 - self.0)
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A square, `a1` = 0 to `h8` = 63.
///
/// ```
/// use shatar_rules::Square;
/// let sq: Square = "e4".parse()?;
/// assert_eq!(sq.to_string(), "e4");
/// assert_eq!(sq.file().char(), 'e');
/// # Ok::<_, shatar_rules::ParseSquareError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with index `0..64`.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with index `index & 63`.
    #[inline]
    pub const fn from_index_masked(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 8 + file.0)
    }

    /// `0..64`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file.
    #[inline]
    pub const fn file(self) -> File {
        File(self.0 & 7)
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 >> 3)
    }

    /// The square mirrored top to bottom (`e2` ↔ `e7`).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = (self.0 & 7) as i8 + df;
        let r = (self.0 >> 3) as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// The number of king moves from this square to `other`: the larger of the file and
    /// rank differences.
    ///
    /// ```
    /// use shatar_rules::Square;
    /// let a1: Square = "a1".parse().unwrap();
    /// assert_eq!(a1.distance("c2".parse().unwrap()), 2);
    /// assert_eq!(a1.distance("h8".parse().unwrap()), 7);
    /// ```
    pub const fn distance(self, other: Square) -> u8 {
        let df = (self.0 & 7).abs_diff(other.0 & 7);
        let dr = (self.0 >> 3).abs_diff(other.0 >> 3);
        if df > dr { df } else { dr }
    }

    /// The rank of this square counted from `color`'s side, `0` for its first rank.
    ///
    /// ```
    /// use shatar_rules::{Color, Square};
    /// let e2: Square = "e2".parse().unwrap();
    /// assert_eq!(e2.relative_rank(Color::White), 1);
    /// assert_eq!(e2.relative_rank(Color::Black), 6);
    /// ```
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::White => self.0 >> 3,
            Color::Black => 7 - (self.0 >> 3),
        }
    }

    /// Whether the square is light (`h1` is light, S1 §2.1).
    pub const fn is_light(self) -> bool {
        ((self.0 & 7) + (self.0 >> 3)) % 2 == 1
    }

    /// All 64 squares, `a1` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

/// A square name that is not `a1`–`h8`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid square {0:?}: expected a file a-h and a rank 1-8, like \"e4\"")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (
            chars.next().and_then(File::from_char),
            chars.next().and_then(Rank::from_char),
            chars.next(),
        ) {
            (Some(f), Some(r), None) => Ok(Square::from_coords(f, r)),
            _ => Err(ParseSquareError(s.to_owned())),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_of_squares() {
        assert!("h1".parse::<Square>().unwrap().is_light());
        assert!(!"a1".parse::<Square>().unwrap().is_light());
        assert!("d1".parse::<Square>().unwrap().is_light());
        assert!(!"d8".parse::<Square>().unwrap().is_light());
    }

    #[test]
    fn bad_squares() {
        for s in ["", "e", "e9", "i1", "e44", "E4"] {
            assert!(s.parse::<Square>().is_err(), "{s}");
        }
    }
}
