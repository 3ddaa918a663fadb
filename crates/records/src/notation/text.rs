//! Move text before it meets a position: what a written move says (man, from, to, capture,
//! promotion, check marks, `!`/`?`), read from any of the notations people write — SAN
//! (`Nf3`, `exd5`, `e8=Q`), UCI (`g1f3`, `a7a8q`), S4's full notation (`Nf3—d4`,
//! `Nf3:d4`, `e2—e4`, `a7—a8Q`, `a7—a8变虎`, `a8—Q`) and short notation (`Ndf3`, `R1d3`,
//! `cd`, `h:g5`), with English, Chinese or Cyrillic men (docs/rules.md §6; S4 ch.2 §2).
//!
//! Typography is forgiving: any dash (`—`, `–`, `-`), `x`, `×`, `:` or `：` for a capture,
//! `=`, `/` or `变` before a promotion, `+`, `#`, `+#`, and a space after the man (`N f3—d4`).

use crate::error::ParseMoveError;
use crate::lang::scan_man;
use shatar_rules::{File, Rank, Role, Square};
use std::fmt;
use std::str::FromStr;

/// Where a written move goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// A square.
    Square(Square),
    /// Only a file: a pawn capture written by files (`cd`, S4 ch.2 §2 二).
    File(File),
}

/// The check mark written after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckMark {
    /// `+`.
    Check,
    /// `#` (or `+#`, as S4 prints it).
    Mate,
}

/// A written move, read but not yet checked against a position (the syntax; see
/// [`MoveText::resolve`] for the meaning).
///
/// ```
/// use shatar_records::notation::{MoveText, Target};
/// use shatar_rules::Role;
/// let t: MoveText = "马f3：d4".parse()?;
/// assert_eq!(t.role, Some(Role::Horse));
/// assert!(t.capture);
/// assert_eq!(t.to, Target::Square("d4".parse()?));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// The man named, if any (pawn moves usually name none).
    pub role: Option<Role>,
    /// The from-file given (`N`**`d`**`f3`, **`e`**`xd5`, **`e2`**`—e4`).
    pub from_file: Option<File>,
    /// The from-rank given (`R`**`1`**`d3`, `e`**`2`**`—e4`).
    pub from_rank: Option<Rank>,
    /// Where the man goes.
    pub to: Target,
    /// Marked as a capture (`x`, `:`, `：`). Captures need not be marked: short notation
    /// never marks them (S4's `Ne5` for `Nf3:e5`).
    pub capture: bool,
    /// What the pawn becomes.
    pub promotion: Option<Role>,
    /// `+` or `#`.
    pub check: Option<CheckMark>,
    /// `!`, `?`, `!!`, `??`, `!?`, `?!` as NAG 1 to 6.
    pub nag: Option<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Atom {
    Square(Square),
    File(File),
    Rank(Rank),
    Capture,
    Dash,
}

fn is_dash(c: char) -> bool {
    matches!(c, '-' | '—' | '–' | '‒' | '―' | '−' | '─' | '－' | '一')
}

fn is_capture_mark(c: char) -> bool {
    matches!(c, 'x' | '×' | ':' | '：')
}

fn file_of(c: char) -> Option<File> {
    c.is_ascii_lowercase().then(|| File::from_char(c)).flatten()
}

fn rank_of(c: char) -> Option<Rank> {
    c.is_ascii_digit().then(|| Rank::from_char(c)).flatten()
}

/// Whether a man word at `i` is followed by a square or file, i.e. begins the next move
/// rather than naming a promotion (`Nf3:e5Bg4:d1`, S4's sample, has no separator).
fn begins_move(chars: &[char], i: usize) -> bool {
    let after = match scan_man(chars, i) {
        Some((_, n)) => i + n,
        None => i + 1,
    };
    chars
        .get(after)
        .is_some_and(|&c| file_of(c).is_some() || rank_of(c).is_some())
}

/// The annotation glyphs as NAGs (PGN standard 8.2.4).
pub(crate) fn nag_of_glyphs(glyphs: &str) -> Option<u8> {
    Some(match glyphs {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

fn normalise_glyph(c: char) -> Option<char> {
    match c {
        '!' | '！' => Some('!'),
        '?' | '？' => Some('?'),
        _ => None,
    }
}

impl MoveText {
    /// Reads a move that starts at `chars[i]`. `Ok(None)` when no move starts there (neither a
    /// man nor a file letter); otherwise the move and the index just after it.
    pub(crate) fn scan(
        chars: &[char],
        i: usize,
    ) -> Result<Option<(MoveText, usize)>, ParseMoveError> {
        let mut j = i;
        let role = match scan_man(chars, j) {
            Some((role, n)) => {
                j += n;
                // `N f3—d4` (S4 prints a space after the letter).
                let mut k = j;
                while chars.get(k) == Some(&' ') {
                    k += 1;
                }
                if k > j && chars.get(k).and_then(|&c| file_of(c)).is_some() {
                    j = k;
                }
                Some(role)
            }
            None => {
                if chars.get(j).and_then(|&c| file_of(c)).is_none() {
                    return Ok(None);
                }
                None
            }
        };
        let err = |end: usize, reason: &'static str| {
            let end = end.clamp(i, chars.len());
            ParseMoveError {
                text: chars.get(i..end).unwrap_or_default().iter().collect(),
                reason,
            }
        };
        let mut atoms = Vec::new();
        while let Some(&c) = chars.get(j) {
            if let Some(file) = file_of(c) {
                if let Some(rank) = chars.get(j + 1).and_then(|&r| rank_of(r)) {
                    atoms.push(Atom::Square(Square::from_coords(file, rank)));
                    j += 2;
                } else {
                    atoms.push(Atom::File(file));
                    j += 1;
                }
            } else if let Some(rank) = rank_of(c) {
                atoms.push(Atom::Rank(rank));
                j += 1;
            } else if is_capture_mark(c) {
                atoms.push(Atom::Capture);
                j += 1;
            } else if is_dash(c) {
                atoms.push(Atom::Dash);
                j += 1;
            } else {
                break;
            }
        }
        // Promotion: `e8=Q`, `a7—a8变虎`, `e8/Q`, `a8—Q`, `a7—a8Q`, `a7a8q`.
        let mut promotion = None;
        let last_square = atoms.iter().rev().find_map(|a| match a {
            Atom::Square(s) => Some(*s),
            _ => None,
        });
        let on_last_rank = last_square
            .is_some_and(|s| s.rank() == Rank::FIRST || s.rank() == Rank::EIGHTH)
            && matches!(atoms.last(), Some(Atom::Square(_)) | Some(Atom::Dash));
        let next = chars.get(j).copied();
        if matches!(next, Some('=' | '变' | '變' | '/')) {
            j += 1;
            match scan_man(chars, j) {
                Some((p, n)) => {
                    promotion = Some(p);
                    j += n;
                }
                None => return Err(err(j + 1, "a promotion mark with no man after it")),
            }
        } else if matches!(atoms.last(), Some(Atom::Dash)) {
            match scan_man(chars, j) {
                Some((p, n)) if on_last_rank => {
                    atoms.pop();
                    promotion = Some(p);
                    j += n;
                }
                _ => return Err(err(j, "a dash with no square after it")),
            }
        } else if on_last_rank {
            if let Some((p, n)) = scan_man(chars, j) {
                if !begins_move(chars, j) {
                    promotion = Some(p);
                    j += n;
                }
            } else if let Some(c @ ('q' | 'r' | 'n' | 'j')) = next
                && !begins_move(chars, j)
            {
                promotion = Role::from_char(c);
                j += 1;
            }
        } else if let (Some(c @ ('q' | 'j')), [Atom::Square(_), Atom::Square(_)]) =
            (next, &atoms[..])
            && !begins_move(chars, j)
        {
            // UCI `b8a7j`, `b6c5q`: a step-back pawn's promotion, away from the last rank.
            promotion = Role::from_char(c);
            j += 1;
        } else if let [.., Atom::Square(_), Atom::Square(to), Atom::File(b)] = atoms[..] {
            // UCI `a7a8b`: the `b` was read as a file.
            if (to.rank() == Rank::FIRST || to.rank() == Rank::EIGHTH) && b.char() == 'b' {
                atoms.pop();
                promotion = Some(Role::Camel);
            }
        }
        if promotion.is_some_and(|p| matches!(p, Role::King | Role::Pawn)) {
            return Err(err(j, "a pawn cannot become a king or a pawn"));
        }
        // Check marks and annotations, in either order.
        let mut check = None;
        let mut glyphs = String::new();
        while let Some(&c) = chars.get(j) {
            match c {
                '+' | '＋' | '†' => {
                    check = Some(check.unwrap_or(CheckMark::Check));
                }
                '#' | '＃' | '‡' => check = Some(CheckMark::Mate),
                _ => match normalise_glyph(c) {
                    Some(g) if glyphs.chars().count() < 2 => glyphs.push(g),
                    _ => break,
                },
            }
            j += 1;
        }
        let nag = if glyphs.is_empty() {
            None
        } else {
            Some(nag_of_glyphs(&glyphs).ok_or_else(|| err(j, "unknown annotation glyphs"))?)
        };
        let capture = atoms.contains(&Atom::Capture);
        if matches!(atoms.last(), Some(Atom::Capture | Atom::Dash)) {
            return Err(err(j, "a capture mark or dash with no square after it"));
        }
        let coords: Vec<Atom> = atoms
            .into_iter()
            .filter(|a| !matches!(a, Atom::Capture | Atom::Dash))
            .collect();
        let (from_file, from_rank, to) = match coords[..] {
            [Atom::Square(to)] => (None, None, Target::Square(to)),
            [Atom::Square(from), Atom::Square(to)] => {
                (Some(from.file()), Some(from.rank()), Target::Square(to))
            }
            [Atom::File(f), Atom::Square(to)] => (Some(f), None, Target::Square(to)),
            [Atom::Rank(r), Atom::Square(to)] => (None, Some(r), Target::Square(to)),
            [Atom::File(from), Atom::File(to)] if matches!(role, None | Some(Role::Pawn)) => {
                (Some(from), None, Target::File(to))
            }
            [] if role.is_some() => return Err(err(j, "a man with no square after it")),
            [] => return Ok(None),
            _ => return Err(err(j, "cannot tell from-square and to-square apart")),
        };
        Ok(Some((
            MoveText {
                role,
                from_file,
                from_rank,
                to,
                capture: capture || matches!(to, Target::File(_)),
                promotion,
                check,
                nag,
            },
            j,
        )))
    }

    /// The from-square, when both its file and rank are given.
    pub fn from_square(&self) -> Option<Square> {
        Some(Square::from_coords(self.from_file?, self.from_rank?))
    }
}

impl FromStr for MoveText {
    type Err = ParseMoveError;

    /// Reads one move; the whole text must be the move (surrounding spaces aside).
    fn from_str(text: &str) -> Result<MoveText, ParseMoveError> {
        let chars: Vec<char> = text.trim().chars().collect();
        let whole = |reason| ParseMoveError {
            text: text.trim().to_owned(),
            reason,
        };
        match MoveText::scan(&chars, 0)? {
            Some((t, end)) if end == chars.len() => Ok(t),
            Some(_) => Err(whole("unexpected characters after the move")),
            None => Err(whole("not a move: expected a man or a square")),
        }
    }
}

impl fmt::Display for MoveText {
    /// A plain English spelling of what was read (for messages), e.g. `N d f3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(role) = self.role {
            write!(f, "{}", role.upper_char())?;
        }
        if let Some(file) = self.from_file {
            write!(f, "{}", file.char())?;
        }
        if let Some(rank) = self.from_rank {
            write!(f, "{}", rank.char())?;
        }
        if self.capture {
            f.write_str("x")?;
        }
        match self.to {
            Target::Square(s) => write!(f, "{s}")?,
            Target::File(file) => write!(f, "{}", file.char())?,
        }
        if let Some(p) = self.promotion {
            write!(f, "={}", p.upper_char())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn reads_every_spelling() {
        type Case = (
            &'static str,
            Option<Role>,
            Option<&'static str>,
            Option<&'static str>,
            bool,
            Option<Role>,
        );
        let cases: &[Case] = &[
            ("Nf3", Some(Role::Horse), None, None, false, None),
            ("exd5", None, Some("e"), None, true, None),
            ("e8=Q", None, None, None, false, Some(Role::Bers)),
            (
                "Nf3—d4",
                Some(Role::Horse),
                Some("f"),
                Some("3"),
                false,
                None,
            ),
            (
                "Nf3:d4",
                Some(Role::Horse),
                Some("f"),
                Some("3"),
                true,
                None,
            ),
            (
                "N f3：d4",
                Some(Role::Horse),
                Some("f"),
                Some("3"),
                true,
                None,
            ),
            (
                "马f3—d4",
                Some(Role::Horse),
                Some("f"),
                Some("3"),
                false,
                None,
            ),
            ("e2—e4", None, Some("e"), Some("2"), false, None),
            ("e2–e4", None, Some("e"), Some("2"), false, None),
            ("e2-e4", None, Some("e"), Some("2"), false, None),
            (
                "a7—a8Q",
                None,
                Some("a"),
                Some("7"),
                false,
                Some(Role::Bers),
            ),
            (
                "a7—a8变虎",
                None,
                Some("a"),
                Some("7"),
                false,
                Some(Role::Bers),
            ),
            ("a8—Q", None, None, None, false, Some(Role::Bers)),
            ("a7a8q", None, Some("a"), Some("7"), false, Some(Role::Bers)),
            (
                "a7a8b",
                None,
                Some("a"),
                Some("7"),
                false,
                Some(Role::Camel),
            ),
            ("Ndf3", Some(Role::Horse), Some("d"), None, false, None),
            ("R1d3", Some(Role::Rook), None, Some("1"), false, None),
            ("h:g5", None, Some("h"), None, true, None),
            (
                "Трa1—a8",
                Some(Role::Rook),
                Some("a"),
                Some("1"),
                false,
                None,
            ),
            (
                "Тc1—g5",
                Some(Role::Camel),
                Some("c"),
                Some("1"),
                false,
                None,
            ),
        ];
        for &(text, role, ff, fr, capture, promotion) in cases {
            let t: MoveText = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(t.role, role, "{text}");
            assert_eq!(
                t.from_file.map(|f| f.char().to_string()).as_deref(),
                ff,
                "{text}"
            );
            assert_eq!(
                t.from_rank.map(|r| r.char().to_string()).as_deref(),
                fr,
                "{text}"
            );
            assert_eq!(t.capture, capture, "{text}");
            assert_eq!(t.promotion, promotion, "{text}");
        }
        let cd: MoveText = "cd".parse().unwrap();
        assert_eq!(cd.to, Target::File(File::from_char('d').unwrap()));
        assert!(cd.capture);
        assert_eq!(
            "a8—Q".parse::<MoveText>().unwrap().to,
            Target::Square(sq("a8"))
        );
    }

    #[test]
    fn marks_and_glyphs() {
        let t: MoveText = "Nc3—d5+#".parse().unwrap();
        assert_eq!(t.check, Some(CheckMark::Mate));
        let t: MoveText = "g7—g6?".parse().unwrap();
        assert_eq!(t.nag, Some(2));
        let t: MoveText = "Bc4:f7+!?".parse().unwrap();
        assert_eq!((t.check, t.nag), (Some(CheckMark::Check), Some(5)));
        let t: MoveText = "Qh5？".parse().unwrap();
        assert_eq!(t.nag, Some(2));
    }

    #[test]
    fn moves_without_separator_split() {
        let chars: Vec<char> = "Nf3:e5Bg4:d1?;".chars().collect();
        let (first, end) = MoveText::scan(&chars, 0).unwrap().unwrap();
        assert_eq!(first.to, Target::Square(sq("e5")));
        let (second, end) = MoveText::scan(&chars, end).unwrap().unwrap();
        assert_eq!(second.role, Some(Role::Camel));
        assert_eq!(second.to, Target::Square(sq("d1")));
        assert_eq!(second.nag, Some(2));
        assert_eq!(chars.get(end), Some(&';'));
    }

    #[test]
    fn syntax_errors() {
        for bad in [
            "N", "e2—", "e8=", "e8=K", "Nf3x", "abc", "e2e4e6", "a8—", "e4!!!",
        ] {
            assert!(bad.parse::<MoveText>().is_err(), "{bad}");
        }
    }
}
