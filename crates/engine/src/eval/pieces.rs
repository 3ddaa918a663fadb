//! Piece placement, after Stockfish 11's `Evaluation::pieces()`: rooks on open and
//! half-open files, horse outposts.

use super::Score;
use super::params::{P, Params, pair};
use super::pawns::{adjacent_files, ahead, file_mask};
use super::threats::AttackMap;
use shatar_rules::{Color, Position, Role};

/// The piece placement score of `us`.
pub fn pieces(p: &Params, pos: &Position, us: Color, map: &AttackMap) -> Score {
    let b = pos.board();
    let them = !us;
    let mut total = Score::default();

    let our_pawns = b.pieces(us, Role::Pawn);
    let their_pawns = b.pieces(them, Role::Pawn);
    // Rooks on files without our pawns: open (no pawns at all) or half-open.
    for sq in b.pieces(us, Role::Rook) {
        let file = file_mask(sq.file().index());
        if (our_pawns & file).is_empty() {
            total += if (their_pawns & file).is_empty() {
                pair(p, P::RookOpenFileMg)
            } else {
                pair(p, P::RookSemiOpenMg)
            };
        }
    }
    // Horse outposts: on the fourth to sixth rank from our side, defended by a pawn and
    // beyond the reach of every enemy pawn (none on a neighbouring file ahead of it).
    for sq in b.pieces(us, Role::Horse) {
        let rank = sq.rank().index();
        let relative = if us == Color::White { rank } else { 7 - rank };
        if !(3..=5).contains(&relative) || !map.of(us, Role::Pawn).contains(sq) {
            continue;
        }
        let attackers_ahead = their_pawns & adjacent_files(sq.file().index()) & ahead(us, rank);
        if attackers_ahead.is_empty() {
            total += pair(p, P::OutpostHorseMg);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{Ruleset, fen};

    #[test]
    fn rook_files_and_outpost() {
        // Rook on the open d-file, rook on the half-open e-file (a black pawn on e7),
        // horse on b5 defended by the a4 pawn with no black pawn on the a- or c-file.
        let pos = fen::read("7k/4p3/8/1N6/P7/8/8/3RR1K1 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        let p = &crate::eval::params::HAND;
        let map = AttackMap::new(&pos);
        assert_eq!(
            pieces(p, &pos, Color::White, &map),
            pair(p, P::RookOpenFileMg) + pair(p, P::RookSemiOpenMg) + pair(p, P::OutpostHorseMg)
        );
    }
}
