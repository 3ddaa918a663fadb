//! Move-ordering memories (Stockfish `history.h`, `movepick.h`): killer moves per ply, the
//! butterfly history (from-square, to-square) per colour, the continuation histories
//! (indexed by the move one, two and four plies back, as in Stockfish 11, so a quiet move
//! is judged by what it answers and by the plan it continues), the counter move (the quiet move that last refuted a given move) and the
//! capture history (moved piece, destination, captured role). Every table is updated with
//! the "history gravity" formula so values stay in `±HISTORY_MAX` (chessprogramming.org,
//! *History Heuristic*).

use shatar_rules::{Color, Move};

/// The bound of a history value.
pub const HISTORY_MAX: i32 = 16384;

/// The keys of the continuation histories of a move: the (piece, destination) of the moves
/// one, two and four plies before it (`None` where there is no such move, or a null move).
pub type ContinuationKeys = [Option<usize>; 3];

/// The number of (piece, destination) pairs: 2 colours × 6 roles × 64 squares.
pub const PIECE_TO: usize = 2 * 6 * 64;

/// The (piece, destination) index of `m` played by `color`.
pub fn piece_to(color: Color, m: &Move) -> usize {
    (color.index() * 6 + m.role.index()) * 64 + m.to.index()
}

/// A table of history values, each updated with gravity towards zero: the storage every
/// history below shares; each history only says how a move maps to its slot.
#[derive(Debug, Clone)]
struct GravityTable {
    table: Vec<i32>,
}

impl GravityTable {
    fn new(len: usize) -> GravityTable {
        GravityTable {
            table: vec![0; len],
        }
    }

    /// The value at `slot` (0 outside the table).
    fn get(&self, slot: usize) -> i32 {
        self.table.get(slot).copied().unwrap_or(0)
    }

    /// Adds `bonus` (negative for a malus) to the value at `slot`, with gravity: the
    /// nearer the value is to the bound, the less a bonus moves it.
    fn update(&mut self, slot: usize, bonus: i32) {
        if let Some(v) = self.table.get_mut(slot) {
            let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
            *v += b - *v * b.abs() / HISTORY_MAX;
        }
    }
}

/// The butterfly history of quiet moves.
#[derive(Debug, Clone)]
pub struct ButterflyHistory(GravityTable);

impl Default for ButterflyHistory {
    fn default() -> Self {
        ButterflyHistory(GravityTable::new(2 * 64 * 64))
    }
}

impl ButterflyHistory {
    fn slot(color: Color, m: &Move) -> usize {
        color.index() * 4096 + m.from.index() * 64 + m.to.index()
    }

    /// The value of a quiet move.
    pub fn get(&self, color: Color, m: &Move) -> i32 {
        self.0.get(Self::slot(color, m))
    }

    /// Adds `bonus` (negative for a malus) with gravity towards zero.
    pub fn update(&mut self, color: Color, m: &Move, bonus: i32) {
        self.0.update(Self::slot(color, m), bonus);
    }
}

/// The continuation history: for the (piece, destination) of an earlier move, the value of
/// each (piece, destination) of a later quiet move.
#[derive(Debug, Clone)]
pub struct ContinuationHistory(GravityTable);

impl Default for ContinuationHistory {
    fn default() -> Self {
        ContinuationHistory(GravityTable::new(PIECE_TO * PIECE_TO))
    }
}

impl ContinuationHistory {
    /// The value of the move `now` (a piece-to index) after the move `before`.
    pub fn get(&self, before: usize, now: usize) -> i32 {
        self.0.get(before * PIECE_TO + now)
    }

    /// Adds `bonus` to the value of `now` after `before`.
    pub fn update(&mut self, before: usize, now: usize, bonus: i32) {
        self.0.update(before * PIECE_TO + now, bonus);
    }
}

/// The capture history: (moved piece, destination, captured role).
#[derive(Debug, Clone)]
pub struct CaptureHistory(GravityTable);

impl Default for CaptureHistory {
    fn default() -> Self {
        CaptureHistory(GravityTable::new(PIECE_TO * 6))
    }
}

impl CaptureHistory {
    fn slot(color: Color, m: &Move) -> usize {
        // A promotion without capture counts as capturing a pawn's worth of nothing.
        piece_to(color, m) * 6 + m.capture.map_or(0, |r| r.index())
    }

    /// The value of a capture or promotion.
    pub fn get(&self, color: Color, m: &Move) -> i32 {
        self.0.get(Self::slot(color, m))
    }

    /// Adds `bonus` (negative for a malus).
    pub fn update(&mut self, color: Color, m: &Move, bonus: i32) {
        self.0.update(Self::slot(color, m), bonus);
    }
}

/// Everything the ordering learns, kept from one search to the next within a game (as
/// Stockfish keeps its histories until `ucinewgame`).
#[derive(Debug, Clone)]
pub struct Histories {
    /// From-to history of quiet moves.
    pub butterfly: ButterflyHistory,
    /// Quiet moves after the move one, two or four plies back.
    pub continuation: ContinuationHistory,
    /// Captures and promotions.
    pub capture: CaptureHistory,
    /// The quiet move that last refuted each (piece, destination).
    pub counter: Vec<Option<Move>>,
}

impl Default for Histories {
    fn default() -> Self {
        Histories {
            butterfly: ButterflyHistory::default(),
            continuation: ContinuationHistory::default(),
            capture: CaptureHistory::default(),
            counter: vec![None; PIECE_TO],
        }
    }
}

impl Histories {
    /// The ordering value of a quiet move by `color` whose (piece, destination) is `pt`,
    /// after the earlier moves `prev` (one, two and four plies back, when there were such
    /// moves).
    pub fn quiet_score(&self, color: Color, m: &Move, pt: usize, prev: ContinuationKeys) -> i32 {
        let mut v = self.butterfly.get(color, m);
        for p in prev.into_iter().flatten() {
            v += self.continuation.get(p, pt);
        }
        v
    }

    /// The counter move of the move `prev`, if any.
    pub fn counter_of(&self, prev: Option<usize>) -> Option<Move> {
        prev.and_then(|p| self.counter.get(p).copied().flatten())
    }
}

/// The bonus for a move that caused a cut-off at `depth` (the quadratic of Stockfish 11's
/// `stat_bonus`, capped at depth 14 so deep cut-offs do not saturate the tables).
pub fn stat_bonus(depth: i32) -> i32 {
    let d = depth.clamp(1, 14);
    19 * d * d + 155 * d - 132
}

/// Two killer moves per ply: quiet moves that refuted a sibling.
#[derive(Debug, Clone, Copy, Default)]
pub struct Killers(pub [Option<Move>; 2]);

impl Killers {
    /// Remembers `m` as the newest killer.
    pub fn push(&mut self, m: Move) {
        if self.0[0] != Some(m) {
            self.0[1] = self.0[0];
            self.0[0] = Some(m);
        }
    }

    /// Whether `m` is one of the two.
    pub fn contains(&self, m: &Move) -> bool {
        self.0[0].as_ref() == Some(m) || self.0[1].as_ref() == Some(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{Role, Square};

    fn quiet(role: Role, from: &str, to: &str) -> Move {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        Move {
            role,
            from: sq(from),
            to: sq(to),
            capture: None,
            promotion: None,
        }
    }

    #[test]
    fn stat_bonus_is_capped_at_depth_14() {
        // 19 d² + 155 d − 132, worked by hand.
        assert_eq!(stat_bonus(1), 42);
        assert_eq!(stat_bonus(3), 504);
        assert_eq!(stat_bonus(14), 5762);
        assert_eq!(stat_bonus(20), 5762);
    }

    #[test]
    fn gravity_slows_values_near_the_bound() {
        let mut h = ButterflyHistory::default();
        let m = quiet(Role::Horse, "b1", "c3");
        h.update(Color::White, &m, 1000);
        assert_eq!(h.get(Color::White, &m), 1000);
        // 1000 + 1000 − 1000 · 1000 / 16384 (= 61).
        h.update(Color::White, &m, 1000);
        assert_eq!(h.get(Color::White, &m), 1939);
        assert_eq!(h.get(Color::Black, &m), 0);
    }

    /// A quiet move is scored by the butterfly history plus the continuation history of
    /// each earlier move that is known (one, two and four plies back).
    #[test]
    fn quiet_score_adds_the_three_continuation_histories() {
        let mut h = Histories::default();
        let m = quiet(Role::Camel, "c1", "e3");
        let pt = piece_to(Color::White, &m);
        let one = piece_to(Color::Black, &quiet(Role::Pawn, "d7", "d5"));
        let two = piece_to(Color::White, &quiet(Role::Pawn, "d2", "d4"));
        let four = piece_to(Color::White, &quiet(Role::Horse, "g1", "f3"));
        h.butterfly.update(Color::White, &m, 1000);
        h.continuation.update(one, pt, 100);
        h.continuation.update(two, pt, 200);
        h.continuation.update(four, pt, -400);
        assert_eq!(
            h.quiet_score(Color::White, &m, pt, [Some(one), Some(two), Some(four)]),
            900
        );
        assert_eq!(
            h.quiet_score(Color::White, &m, pt, [Some(one), None, Some(four)]),
            700
        );
        assert_eq!(
            h.quiet_score(Color::White, &m, pt, [None, None, None]),
            1000
        );
    }
}
