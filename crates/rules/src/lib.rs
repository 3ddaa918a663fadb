//! The rules of Shatar (Mongolian chess, шатар, 蒙古象棋): squares, bitboards, attacks,
//! positions, every ruleset of the regional readings, legal moves, game ends, Zobrist keys,
//! FEN, UCI move text and perft.
//!
//! ```
//! use shatar_rules::{fen, perft, Position, Ruleset};
//!
//! // The official rules: the first round is 1.e4 e5 or 1.d4 d5.
//! let start = Position::start(Ruleset::OFFICIAL);
//! assert_eq!(perft(&start, 2), 2);
//!
//! // Fairy-Stockfish's `shatar`: weak bers (J), start after 1.d4 d5.
//! let pos = fen::read("startpos", Ruleset::FSF)?;
//! assert_eq!(perft(&pos, 2), 400);
//! # Ok::<_, shatar_rules::FenError>(())
//! ```
//!
//! The rulesets are described in [`ruleset`]; game ends that need the history (repetition,
//! the shak series) are answered by [`Game`].

pub mod attacks;
mod bitboard;
mod board;
mod color;
mod error;
pub mod fen;
pub mod game;
mod movegen;
mod mv;
pub mod outcome;
mod perft;
pub mod position;
mod role;
pub mod ruleset;
mod square;
pub mod uci;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use color::{ByColor, Color};
pub use error::IllegalMove;
pub use fen::{FenError, ParseFenError};
pub use game::{Claim, Game, PlayError};
pub use mv::{Move, MoveList};
pub use perft::{divide, perft};
pub use position::{FirstRoundState, Position, PositionError};
pub use role::{ByRole, Piece, Role};
pub use ruleset::{Preset, Ruleset, RulesetError};
pub use square::{File, ParseSquareError, Rank, Square};
pub use uci::{UciMove, UciMoveError};
