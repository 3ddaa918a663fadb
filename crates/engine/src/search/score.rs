//! Scores in the transposition table: a mate is stored as a distance from the node, not from
//! the root, so that an entry read at another ply gives the right mate distance.

use super::MATE_BOUND;

/// The score `score` of a node at `ply` as the table keeps it.
pub(crate) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The score a table entry holds, read at `ply`.
pub(crate) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
