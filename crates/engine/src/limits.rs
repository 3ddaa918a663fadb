//! What bounds a search: the UCI `go` arguments.

use shatar_rules::Move;

/// The limits of one search (UCI `go`). `Default` is an unbounded search (`go infinite`
/// without the flag: it stops at the maximum depth).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    /// White's clock in milliseconds.
    pub wtime_ms: Option<u64>,
    /// Black's clock in milliseconds.
    pub btime_ms: Option<u64>,
    /// White's increment per move in milliseconds.
    pub winc_ms: Option<u64>,
    /// Black's increment per move in milliseconds.
    pub binc_ms: Option<u64>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Search this many plies.
    pub depth: Option<u32>,
    /// Search about this many nodes.
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Search exactly this long.
    pub movetime_ms: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Restrict the root to these moves (empty: all).
    pub searchmoves: Vec<Move>,
}

impl Limits {
    /// A fixed-depth search.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Whether any clock-based limit applies.
    pub fn uses_clock(&self) -> bool {
        self.movetime_ms.is_some() || self.wtime_ms.is_some() || self.btime_ms.is_some()
    }
}
