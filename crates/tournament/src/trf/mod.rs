//! FIDE Tournament Report File (TRF-16) interchange, with the TRF(x) lines that pairing
//! checkers read (`XXR` total rounds, `XXC` first colour), so that independent tools
//! (bbpPairings, JaVaFo, other checkers) can verify the pairings.
//!
//! Player lines (`001`) use the fixed columns of TRF-16: start number 5–8, name 15–47,
//! rating 49–52, federation 54–56, FIDE id 58–68, birth date 70–79, points 81–84, rank
//! 85–89, then one 10-column block per round from column 92: opponent (4), colour
//! (`w`/`b`/`-`), result (`1 = 0 + - H F U Z`).
//!
//! Team events add TRF-16's team lines (`013`) and TRF-2026's team section: `352` (the
//! first-listed team's colour on each board) and one `310` record per team, in the
//! columns of TRF-2026 (FIDE handbook, approved 12 May 2025): pairing number 5–7, name
//! 9–40, nickname 42–46, strength 48–53, match points 55–60, game points 62–67, rank
//! 69–71, members' start numbers from column 74 in steps of five; and `320`, the teams'
//! pairing-allocated byes. The reader reads a file with `310` records (or, without them,
//! `013` lines) as a team event: the teams with their members in registered order, each
//! round's matches from the games between two teams' players, each team's board order
//! its players' registered order, the first team the one whose board colours are
//! `352`'s, board results with forfeits, byes from `320`; it refuses, naming the line and
//! columns, a player in two teams, a member without a `001` line, a team meeting two
//! teams in one round, colours against `352`, and `310` points against the games.

mod read;
mod teams;
mod write;

pub use read::{Import, import, read};
pub use write::write;

/// Column where the first round block starts (1-based).
pub const FIRST_ROUND_COLUMN: usize = 92;
/// Width of a round block.
pub const ROUND_WIDTH: usize = 10;
