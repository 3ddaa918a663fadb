//! Zobrist hashing: a 64-bit key per position for repetition detection and tables.
//!
//! Keys are made at compile time by splitmix64 from a fixed seed, so every build and every
//! platform hashes alike.

use crate::{Color, Piece, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

const PIECE_SQUARE: [[u64; 64]; 12] = {
    let mut table = [[0u64; 64]; 12];
    let mut state = 0x5348_4154_4152_u64; // "SHATAR"
    let mut p = 0;
    while p < 12 {
        let mut s = 0;
        while s < 64 {
            let (next, value) = splitmix64(state);
            state = next;
            table[p][s] = value;
            s += 1;
        }
        p += 1;
    }
    table
};

const BLACK_TO_MOVE: u64 = splitmix64(0x7475_726e).1;

/// The marks a man may carry beyond its role (step-back rulesets): a returning pawn, a
/// weak bers. Per colour and square.
const MARK_SQUARE: [[[u64; 64]; 2]; 2] = {
    let mut table = [[[0u64; 64]; 2]; 2];
    let mut state = 0x4d41_524b_u64; // "MARK"
    let mut mark = 0;
    while mark < 2 {
        let mut color = 0;
        while color < 2 {
            let mut s = 0;
            while s < 64 {
                let (next, value) = splitmix64(state);
                state = next;
                table[mark][color][s] = value;
                s += 1;
            }
            color += 1;
        }
        mark += 1;
    }
    table
};

/// The key of a returning pawn's mark on a square (added to its pawn's key).
#[inline]
pub const fn returning(color: Color, sq: Square) -> u64 {
    MARK_SQUARE[0][color.index()][sq.index()]
}

/// The key of a weak bers's mark on a square under a step-back ruleset (added to its
/// bers's key).
#[inline]
pub const fn weak_bers(color: Color, sq: Square) -> u64 {
    MARK_SQUARE[1][color.index()][sq.index()]
}

/// The key of a man on a square.
#[inline]
pub const fn piece_square(piece: Piece, sq: Square) -> u64 {
    PIECE_SQUARE[piece.index()][sq.index()]
}

/// The key term for the side to move (zero for White).
#[inline]
pub const fn turn(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}
