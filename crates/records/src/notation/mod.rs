//! Move notation, both ways: SAN, UCI, and S4's full and short notation, in English,
//! Chinese (S4 and S1 names) and Cyrillic Mongolian (docs/rules.md §6; S4 ch.2 §2).
//!
//! Reading accepts every notation and language at once ([`parse_move`]); writing takes the
//! notation and language the caller wants ([`write_move`]).
//!
//! ```
//! use shatar_records::{notation::{parse_move, write_move, Notation}, Lang};
//! use shatar_rules::{Position, Ruleset};
//! let pos = Position::start(Ruleset::OFFICIAL);
//! let m = parse_move(&pos, "e2—e4")?;
//! assert_eq!(write_move(&pos, &m, Notation::San, Lang::En), "e4");
//! assert_eq!(write_move(&pos, &m, Notation::Full, Lang::Zh), "e2—e4");
//! let pos = pos.after(m);
//! assert!(parse_move(&pos, "d7—d5").is_err()); // Black must mirror (S1 §1.2)
//! # Ok::<_, shatar_records::MoveTextError>(())
//! ```

mod resolve;
pub(crate) mod text;

pub use text::{CheckMark, MoveText, Target};

use crate::error::MoveTextError;
pub use crate::error::UnknownNotation;
use crate::lang::Lang;
use shatar_rules::{Move, Position, Rank, Role, uci};
use std::fmt;
use std::str::FromStr;

/// A notation to write moves in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Standard algebraic notation as in PGN (`Nf3`, `exd5`, `e8=Q`, `+`, `#`); the bers is
    /// `J` in English under rulesets with the weak bers, as Fairy-Stockfish writes it.
    San,
    /// Long algebraic as UCI (`e2e4`, `a7a8q`; `j` for the weak bers).
    Uci,
    /// S4's full notation (完整记录法): `Nf3—d4`, `Nf3:d4`, `e2—e4`, `a7—a8Q`.
    Full,
    /// S4's short notation (简易记录法): `Ndf3`, `R1d3`, pawn captures `cd`, `h:g5`.
    Short,
}

impl Notation {
    /// All notations.
    pub const ALL: [Notation; 4] = [
        Notation::San,
        Notation::Uci,
        Notation::Full,
        Notation::Short,
    ];

    /// The name: `san`, `uci`, `full`, `short`.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::San => "san",
            Notation::Uci => "uci",
            Notation::Full => "full",
            Notation::Short => "short",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Notation {
    type Err = UnknownNotation;
    fn from_str(s: &str) -> Result<Notation, UnknownNotation> {
        Notation::ALL
            .into_iter()
            .find(|n| n.name() == s)
            .ok_or_else(|| UnknownNotation(s.to_owned()))
    }
}

/// Reads a move in any notation and language and finds the one legal move it names.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    let written: MoveText = text.parse()?;
    Ok(written.resolve_as(pos, text.trim())?)
}

/// The letter of a man in `lang`, in `notation`: English SAN writes the weak bers `J`
/// (Fairy-Stockfish); S4's notations write `Q` (S4 ch.2 §2). `weak` says whether a bers is
/// the weak one.
fn man(pos: &Position, role: Role, weak: bool, lang: Lang, notation: Notation) -> &'static str {
    if lang == Lang::En && role == Role::Bers && notation == Notation::San && weak {
        "J"
    } else {
        lang.man(role, pos.turn())
    }
}

/// Whether the man `m` moves is a returning pawn (a step-back ruleset's pawn on its way
/// back from the last rank, docs/rules.md §2).
fn is_returning(pos: &Position, m: &Move) -> bool {
    m.role == Role::Pawn && pos.board().returning().contains(m.from)
}

/// Whether another pawn of the side to move takes on `m`'s square from `m`'s file: under a
/// step-back ruleset a returning pawn and a pawn going forward can (`a7xb6` beside
/// `a5xb6`), so the move names its rank as well.
fn pawn_capture_twin(pos: &Position, m: &Move) -> bool {
    m.role == Role::Pawn
        && m.is_capture()
        && !pos.board().returning().is_empty()
        && pos.legal_moves().into_iter().any(|o| {
            o.role == Role::Pawn
                && o.is_capture()
                && o.to == m.to
                && o.from != m.from
                && o.from.file() == m.from.file()
        })
}

/// Whether the bers `m` promotes to is the weak one: by the ruleset, or under a step-back
/// ruleset by the step (the first step back makes the weak bers, the third the full one).
fn promotes_to_weak(pos: &Position, m: &Move) -> bool {
    if pos.ruleset().steps_back() {
        matches!(m.from.rank(), Rank::FIRST | Rank::EIGHTH)
    } else {
        pos.ruleset().uses_bers_letter_j()
    }
}

/// The check suffix of a move: `+`, `#` (no legal reply), or nothing.
fn suffix(pos: &Position, m: &Move) -> &'static str {
    let after = pos.after(*m);
    if !after.is_check() {
        ""
    } else if after.has_legal_moves() {
        "+"
    } else {
        "#"
    }
}

/// The shortest from-part that tells `m` apart from the other legal moves of the same man to
/// the same square: nothing, the file, the rank, or the square (SAN rules, S4's `Ndf3`,
/// `R1d3`).
fn disambiguation(pos: &Position, m: &Move) -> String {
    let others: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|o| o.role == m.role && o.to == m.to && o.from != m.from)
        .collect();
    if others.is_empty() {
        String::new()
    } else if others.iter().all(|o| o.from.file() != m.from.file()) {
        m.from.file().char().to_string()
    } else if others.iter().all(|o| o.from.rank() != m.from.rank()) {
        m.from.rank().char().to_string()
    } else {
        m.from.to_string()
    }
}

fn promotion(pos: &Position, m: &Move, lang: Lang, notation: Notation) -> String {
    match m.promotion {
        None => String::new(),
        Some(p) => {
            let letter = man(pos, p, promotes_to_weak(pos, m), lang, notation);
            let on_last_rank = matches!(m.to.rank(), Rank::FIRST | Rank::EIGHTH);
            match (notation, lang.promotion_word()) {
                (Notation::San, _) => format!("={letter}"),
                // A step-back pawn promotes away from the last rank, where a letter alone
                // could be the next move's man: `=` marks it (`b8:a7=Q`).
                (_, "") if !on_last_rank => format!("={letter}"),
                (_, word) => format!("{word}{letter}"),
            }
        }
    }
}

/// Writes a legal move of `pos` in a notation and language.
///
/// ```
/// use shatar_records::{notation::{parse_move, write_move, Notation}, Lang};
/// use shatar_rules::{fen, Ruleset};
/// let pos = fen::read("4k3/P7/8/8/8/8/4K3/R6R w - - 0 1", Ruleset::OFFICIAL)?;
/// let m = parse_move(&pos, "a8=Q")?;
/// assert_eq!(write_move(&pos, &m, Notation::San, Lang::En), "a8=Q+");
/// assert_eq!(write_move(&pos, &m, Notation::Full, Lang::Zh), "a7—a8变虎+");
/// assert_eq!(write_move(&pos, &m, Notation::Short, Lang::Mn), "a8Б+");
/// let m = parse_move(&pos, "Rad1")?;
/// assert_eq!(write_move(&pos, &m, Notation::Short, Lang::En), "Rad1");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn write_move(pos: &Position, m: &Move, notation: Notation, lang: Lang) -> String {
    let mut out = String::new();
    match notation {
        Notation::Uci => return uci::write(m, pos.ruleset()),
        Notation::San => {
            if m.role == Role::Pawn {
                // A returning pawn's step names its file even when it takes nothing
                // (`ba7`): a pawn's move without a file goes forward.
                if m.is_capture() || is_returning(pos, m) {
                    out.push(m.from.file().char());
                }
                if pawn_capture_twin(pos, m) {
                    out.push(m.from.rank().char());
                }
                if m.is_capture() {
                    out.push('x');
                }
            } else {
                let weak = pos.weak_bers().contains(m.from);
                out.push_str(man(pos, m.role, weak, lang, notation));
                out.push_str(&disambiguation(pos, m));
                if m.is_capture() {
                    out.push('x');
                }
            }
            out.push_str(&m.to.to_string());
        }
        Notation::Full => {
            if m.role != Role::Pawn {
                let weak = pos.weak_bers().contains(m.from);
                out.push_str(man(pos, m.role, weak, lang, notation));
            }
            out.push_str(&m.from.to_string());
            out.push(if m.is_capture() { ':' } else { '—' });
            out.push_str(&m.to.to_string());
        }
        Notation::Short => {
            if m.role != Role::Pawn {
                let weak = pos.weak_bers().contains(m.from);
                out.push_str(man(pos, m.role, weak, lang, notation));
                out.push_str(&disambiguation(pos, m));
                out.push_str(&m.to.to_string());
            } else if is_returning(pos, m) {
                // A returning pawn's step: its file, `:` if it takes, the square (`ba7`,
                // `b:a7`).
                out.push(m.from.file().char());
                if pawn_capture_twin(pos, m) {
                    out.push(m.from.rank().char());
                }
                if m.is_capture() {
                    out.push(':');
                }
                out.push_str(&m.to.to_string());
            } else if !m.is_capture() {
                out.push_str(&m.to.to_string());
            } else {
                // `cd` when only one pawn capture goes from that file to that file, else
                // `h:g5` (S4 ch.2 §2 二); a capture that promotes is always `c:d8Q`.
                let by_files = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|o| {
                        o.role == Role::Pawn
                            && o.is_capture()
                            && o.from.file() == m.from.file()
                            && o.to.file() == m.to.file()
                            && o.promotion == m.promotion
                    })
                    .count();
                out.push(m.from.file().char());
                if pawn_capture_twin(pos, m) {
                    out.push(m.from.rank().char());
                    out.push(':');
                    out.push_str(&m.to.to_string());
                } else if by_files == 1 && m.promotion.is_none() {
                    out.push(m.to.file().char());
                } else {
                    out.push(':');
                    out.push_str(&m.to.to_string());
                }
            }
        }
    }
    out.push_str(&promotion(pos, m, lang, notation));
    out.push_str(suffix(pos, m));
    out
}
