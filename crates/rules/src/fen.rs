//! Forsyth–Edwards Notation.
//!
//! Six fields as in chess. Shatar has no castling and no en passant (docs/rules.md §2), so those
//! fields must be `-`. The bers is written `Q`/`q` when it moves as a queen and `J`/`j` when
//! it is the weak bers (as Fairy-Stockfish and pychess.org write it); both letters are read
//! under every ruleset, and the ruleset decides how the bers moves. The move counters may be
//! left out (they default to `0 1`).
//!
//! ```
//! use shatar_rules::{fen, Ruleset};
//! let pos = fen::read("rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1", Ruleset::FSF)?;
//! assert_eq!(pos.legal_moves().len(), 20);
//! assert_eq!(fen::write(&pos), "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1");
//! # Ok::<_, shatar_rules::FenError>(())
//! ```

use crate::{Board, Color, File, Piece, Position, PositionError, Rank, Role, Ruleset, Square};

/// The FEN of the start array.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";

/// A FEN that is not well formed: which field and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseFenError {
    /// Nothing given.
    #[error("FEN is empty")]
    Empty,
    /// The board field does not have 8 ranks.
    #[error("FEN board field has {0} ranks separated by '/', expected 8")]
    RankCount(usize),
    /// A rank that does not describe 8 squares.
    #[error("FEN board field, rank {rank}: describes {squares} squares, expected 8")]
    RankLength {
        /// The rank (1–8).
        rank: char,
        /// How many squares it described.
        squares: usize,
    },
    /// An unknown character in the board field.
    #[error(
        "FEN board field, rank {rank}: {found:?} is not a man letter (K Q J R B N P, P~ for a returning pawn) or a digit 1-8"
    )]
    BadChar {
        /// The rank (1–8).
        rank: char,
        /// The character.
        found: char,
    },
    /// A side to move other than `w` or `b`.
    #[error("FEN side-to-move field: expected 'w' or 'b', found {0:?}")]
    Turn(String),
    /// Castling rights given.
    #[error("FEN castling field: expected '-' (Shatar has no castling), found {0:?}")]
    Castling(String),
    /// An en-passant square given.
    #[error("FEN en-passant field: expected '-' (Shatar has no en passant), found {0:?}")]
    EnPassant(String),
    /// A half-move clock that is not a number.
    #[error("FEN half-move clock field: expected a non-negative number, found {0:?}")]
    Halfmoves(String),
    /// A move number that is not a positive number.
    #[error("FEN move-number field: expected a positive number, found {0:?}")]
    Fullmoves(String),
    /// A field missing.
    #[error("FEN has no {0} field")]
    Missing(&'static str),
    /// Extra fields.
    #[error("FEN has {0} fields, expected at most 6")]
    TooManyFields(usize),
}

/// A FEN that could not be turned into a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Not well formed.
    #[error(transparent)]
    Parse(#[from] ParseFenError),
    /// Well formed but not a legal position.
    #[error("illegal position: {0}")]
    Position(#[from] PositionError),
}

/// The fields of a FEN, not yet checked for legality.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The placement.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The half-move clock.
    pub halfmoves: u32,
    /// The move number.
    pub fullmoves: u32,
}

impl Setup {
    /// Checks legality under `ruleset`.
    pub fn into_position(self, ruleset: Ruleset) -> Result<Position, PositionError> {
        Position::from_parts(
            self.board,
            self.turn,
            self.halfmoves,
            self.fullmoves,
            ruleset,
        )
    }
}

/// Parses the text of a FEN without checking legality.
pub fn parse(text: &str) -> Result<Setup, ParseFenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return Err(ParseFenError::Empty);
    }
    if fields.len() > 6 {
        return Err(ParseFenError::TooManyFields(fields.len()));
    }
    let board = parse_board(fields[0])?;
    let turn = match fields.get(1) {
        Some(&"w") => Color::White,
        Some(&"b") => Color::Black,
        Some(other) => return Err(ParseFenError::Turn((*other).to_owned())),
        None => return Err(ParseFenError::Missing("side-to-move")),
    };
    match fields.get(2) {
        Some(&"-") | None => {}
        Some(other) => return Err(ParseFenError::Castling((*other).to_owned())),
    }
    match fields.get(3) {
        Some(&"-") | None => {}
        Some(other) => return Err(ParseFenError::EnPassant((*other).to_owned())),
    }
    let halfmoves = match fields.get(4) {
        Some(s) => s
            .parse::<u32>()
            .map_err(|_| ParseFenError::Halfmoves((*s).to_owned()))?,
        None => 0,
    };
    let fullmoves = match fields.get(5) {
        Some(s) => match s.parse::<u32>() {
            Ok(n) if n >= 1 => n,
            _ => return Err(ParseFenError::Fullmoves((*s).to_owned())),
        },
        None => 1,
    };
    Ok(Setup {
        board,
        turn,
        halfmoves,
        fullmoves,
    })
}

fn parse_board(field: &str) -> Result<Board, ParseFenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(ParseFenError::RankCount(ranks.len()));
    }
    let mut board = Board::empty();
    for (i, text) in ranks.iter().enumerate() {
        let rank = Rank::ALL[7 - i];
        let mut file = 0usize;
        // The square of the man just read, for a `~` after a pawn letter.
        let mut last: Option<(Square, Role)> = None;
        for c in text.chars() {
            if c == '~' {
                // `P~`: a returning pawn (Fairy-Stockfish's mark for a promoted man).
                match last.take() {
                    Some((sq, Role::Pawn)) => {
                        board.mark_returning(sq);
                    }
                    _ => {
                        return Err(ParseFenError::BadChar {
                            rank: rank.char(),
                            found: c,
                        });
                    }
                }
                continue;
            }
            last = None;
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as usize;
            } else if let Some(role) = Role::from_char(c) {
                if let Some(f) = File::new(file as u8) {
                    let sq = Square::from_coords(f, rank);
                    board.set(
                        sq,
                        Piece {
                            color: Color::from_white(c.is_ascii_uppercase()),
                            role,
                        },
                    );
                    // `J` is the weak bers; a step-back ruleset keeps the mark, any other
                    // reads both letters as its one bers.
                    if c.eq_ignore_ascii_case(&'J') {
                        board.mark_weak(sq);
                    }
                    last = Some((sq, role));
                }
                file += 1;
            } else {
                return Err(ParseFenError::BadChar {
                    rank: rank.char(),
                    found: c,
                });
            }
            if file > 8 {
                return Err(ParseFenError::RankLength {
                    rank: rank.char(),
                    squares: file,
                });
            }
        }
        if file != 8 {
            return Err(ParseFenError::RankLength {
                rank: rank.char(),
                squares: file,
            });
        }
    }
    Ok(board)
}

/// Reads a FEN into a legal position under `ruleset`. `startpos` names the ruleset's start.
pub fn read(text: &str, ruleset: Ruleset) -> Result<Position, FenError> {
    if text.trim() == "startpos" {
        return Ok(Position::start(ruleset));
    }
    Ok(parse(text)?.into_position(ruleset)?)
}

/// The letter of a man in this ruleset's FEN (`J` for the weak bers).
pub fn piece_char(piece: Piece, ruleset: &Ruleset) -> char {
    let upper = match piece.role {
        Role::Bers if ruleset.uses_bers_letter_j() => 'J',
        role => role.upper_char(),
    };
    match piece.color {
        Color::White => upper,
        Color::Black => upper.to_ascii_lowercase(),
    }
}

/// The letter of the man on `sq` of `board` (with its marks under a step-back ruleset:
/// `J` for a weak bers, `Q` for a full one), or `None` for an empty square.
pub fn square_char(board: &Board, sq: Square, ruleset: &Ruleset) -> Option<char> {
    let piece = board.piece_at(sq)?;
    if ruleset.steps_back() && piece.role == Role::Bers {
        let upper = if board.marked_weak().contains(sq) {
            'J'
        } else {
            'Q'
        };
        return Some(match piece.color {
            Color::White => upper,
            Color::Black => upper.to_ascii_lowercase(),
        });
    }
    Some(piece_char(piece, ruleset))
}

/// The board field.
pub fn write_board(board: &Board, ruleset: &Ruleset) -> String {
    let mut out = String::with_capacity(72);
    for rank in Rank::ALL.iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            let sq = Square::from_coords(file, *rank);
            match square_char(board, sq, ruleset) {
                Some(c) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(c);
                    if board.returning().contains(sq) {
                        out.push('~');
                    }
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank.index() > 0 {
            out.push('/');
        }
    }
    out
}

/// The full FEN of a position.
pub fn write(pos: &Position) -> String {
    format!(
        "{} {} - - {} {}",
        write_board(pos.board(), pos.ruleset()),
        pos.turn().fen_char(),
        pos.halfmoves(),
        pos.fullmoves()
    )
}

/// The FEN without the counters: placement and side to move, which is what makes two
/// positions the same for repetition (no castling or en-passant rights exist).
pub fn write_epd(pos: &Position) -> String {
    format!(
        "{} {} - -",
        write_board(pos.board(), pos.ruleset()),
        pos.turn().fen_char()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trip() {
        let pos = read(START_FEN, Ruleset::OFFICIAL).unwrap();
        assert_eq!(write(&pos), START_FEN);
        assert_eq!(write(&Position::start(Ruleset::OFFICIAL)), START_FEN);
        assert_eq!(
            write(&Position::start(Ruleset::FSF)),
            "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1"
        );
    }

    #[test]
    fn errors_name_the_field() {
        let cases = [
            ("", "empty"),
            ("8/8/8/8/8/8/8 w - - 0 1", "7 ranks"),
            (
                "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                "rank 6",
            ),
            (
                "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                "'X'",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x - - 0 1",
                "side-to-move",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "castling",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - e3 0 1",
                "en-passant",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - x 1",
                "half-move",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 0",
                "move-number",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 7",
                "7 fields",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w - - 0 1",
                "rank 1: describes 7",
            ),
        ];
        for (fen, needle) in cases {
            let e = read(fen, Ruleset::OFFICIAL).unwrap_err().to_string();
            assert!(e.contains(needle), "{fen:?}: {e}");
        }
    }

    #[test]
    fn illegal_setups_give_the_reason() {
        let cases = [
            ("8/8/8/8/8/8/8/K7 w - - 0 1", "black has no king"),
            ("k7/8/8/8/8/8/8/K6K w - - 0 1", "white has 2 kings"),
            ("k7/8/8/8/8/8/8/KP6 w - - 0 1", "pawn on b1"),
            ("kp6/8/8/8/8/8/8/K7 w - - 0 1", "pawn on b8"),
            (
                "k7/8/8/8/8/8/8/RK6 w - - 0 1",
                "side not to move (black) is in check",
            ),
            ("k7/8/8/8/8/QQQQQQQQ/QQQQQQQQ/K7 w - - 0 1", "17 men"),
        ];
        for (fen, needle) in cases {
            let e = read(fen, Ruleset::OFFICIAL).unwrap_err().to_string();
            assert!(e.contains(needle), "{fen:?}: {e}");
        }
    }
}
