//! FIDE Tournament Report File (TRF-16) interchange, with the TRF(x) lines that pairing
//! checkers read (`XXR` total rounds, `XXC` first colour), so that independent tools
//! (bbpPairings, JaVaFo, other checkers) can verify the pairings.
//!
//! Player lines (`001`) use the fixed columns of TRF-16: start number 5–8, name 15–47,
//! rating 49–52, federation 54–56, FIDE id 58–68, birth date 70–79, points 81–84, rank
//! 85–89, then one 10-column block per round from column 92: opponent (4), colour
//! (`w`/`b`/`-`), result (`1 = 0 + - H F U Z`).

mod read;
mod write;

pub use read::read;
pub use write::write;

/// Column where the first round block starts (1-based).
pub const FIRST_ROUND_COLUMN: usize = 92;
/// Width of a round block.
pub const ROUND_WIDTH: usize = 10;
