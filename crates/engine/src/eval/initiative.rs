//! Initiative, Stockfish 11's `Evaluation::initiative()`: how hard the position is to
//! hold for the side behind. Passed pawns, many pawns, pawns on both flanks, kings apart
//! across the files, a king already in the enemy half and a pawn ending make it harder
//! (the side ahead gains); a pawnless-flank position without passed pawns where the kings
//! face each other across the ranks makes it easier. The side ahead in the middlegame
//! (or the endgame) value gains `complexity`, or loses at most what it leads by.

use super::Score;
use super::params::{P, Params, get};
use shatar_rules::{Bitboard, Color, Position, Role};

/// Files a to d.
const QUEEN_SIDE: u64 = 0x0f0f_0f0f_0f0f_0f0f;

/// Stockfish 11's `complexity` in its units, from the passed pawns, the pawns, the kings'
/// placement and the material.
fn complexity(pos: &Position, passed: u32) -> i32 {
    let b = pos.board();
    let (Some(white_king), Some(black_king)) = (b.king_of(Color::White), b.king_of(Color::Black))
    else {
        return 0;
    };
    let files = i32::from(
        white_king
            .file()
            .index()
            .abs_diff(black_king.file().index()),
    );
    let ranks = i32::from(
        white_king
            .rank()
            .index()
            .abs_diff(black_king.rank().index()),
    );
    let outflanking = files - ranks;
    let pawns = b.by_role(Role::Pawn);
    let both_flanks = (pawns & Bitboard(QUEEN_SIDE)).any() && (pawns & Bitboard(!QUEEN_SIDE)).any();
    let almost_unwinnable = passed == 0 && outflanking < 0 && !both_flanks;
    let infiltration = white_king.rank().index() > 3 || black_king.rank().index() < 4;
    let pieces = b.occupied().without(pawns | b.by_role(Role::King));
    9 * passed as i32
        + 11 * pawns.count() as i32
        + 9 * outflanking
        + 12 * i32::from(infiltration)
        + 21 * i32::from(both_flanks)
        + 51 * i32::from(pieces.is_empty())
        - 43 * i32::from(almost_unwinnable)
        - 100
}

/// The initiative for White's score `score`, with `passed` passed pawns on the board
/// (both sides'): `InitiativeMg` and `InitiativeEg` per cent
/// of Stockfish's complexity (the scaling to our units: 85/128 and 110/213 are 66 and 52),
/// given to the side ahead, never turning its lead into a deficit. In the middlegame only
/// a negative complexity counts (Stockfish's `min(complexity + 50, 0)`).
pub fn initiative(p: &Params, pos: &Position, passed: u32, score: Score) -> Score {
    let c = complexity(pos, passed);
    let mg = (c + 50).min(0) * get(p, P::InitiativeMg) / 100;
    let eg = c * get(p, P::InitiativeEg) / 100;
    Score {
        mg: score.mg.signum() * mg.max(-score.mg.abs()),
        eg: score.eg.signum() * eg.max(-score.eg.abs()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::s;
    use shatar_rules::{Ruleset, fen};

    fn pos(text: &str) -> Position {
        fen::read(text, Ruleset::OFFICIAL).unwrap()
    }

    fn passed(pos: &Position) -> u32 {
        use crate::eval::passed::passed_pawns;
        (passed_pawns(pos, Color::White) | passed_pawns(pos, Color::Black)).count()
    }

    /// Fairy-Stockfish 11.1 (`shatarofficial`, `eval`) prints the initiative of these
    /// positions as −0.40 and −0.16 (endgame; the side ahead is Black: the complexity,
    /// 85 and 34 of its units, goes to it) and −0.03, −0.26 (White far ahead, complexity
    /// −56: `min(−56 + 50, 0)` = −6 in the middlegame, −56 in the endgame).
    #[test]
    fn complexity_as_fairy_stockfish() {
        let of = |p: &Position| complexity(p, passed(p));
        // 16 pawns (176), kings facing on the e-file (9 · −7), both flanks (21), a pawn
        // ending (51), − 100.
        assert_eq!(
            of(&pos(
                "4k3/pp3p1p/2p1p1p1/3p4/3P1P2/2P1P3/PP4PP/4K3 w - - 0 1"
            )),
            85
        );
        assert_eq!(
            of(&pos(
                "r1bqkb1r/pp3ppp/2n1pn2/2pp4/3P4/2PBPN2/PP3PPP/RNBQK2R w - - 0 7"
            )),
            34
        );
        // One passed pawn (9), 7 pawns (77), kings on the g-file (−63), both flanks (21).
        let ahead = pos("6k1/5ppp/8/3P4/8/8/5PPP/3R2K1 w - - 0 1");
        assert_eq!(passed(&ahead), 1);
        assert_eq!(of(&ahead), -56);
        let mut p = crate::eval::params::HAND;
        p[P::InitiativeMg as usize] = 100;
        p[P::InitiativeEg as usize] = 100;
        assert_eq!(initiative(&p, &ahead, 1, s(500, 500)), s(-6, -56));
        // Never more than the lead, and nothing for a level score.
        assert_eq!(initiative(&p, &ahead, 1, s(4, -20)), s(-4, 20));
        assert_eq!(initiative(&p, &ahead, 1, s(0, 0)), s(0, 0));
    }
}
