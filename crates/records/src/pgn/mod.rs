//! PGN: many games per file, tags, comments, NAGs and variations; `[Variant "Shatar"]` games
//! of pychess.org and Fairy-Stockfish load under the `fsf` ruleset.

mod reader;
mod writer;

pub use reader::{PgnFile, read_pgn};
pub(crate) use writer::glyph as glyph_of;
pub use writer::{write_movetext, write_pgn};
