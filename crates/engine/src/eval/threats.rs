//! Threats and piece placement (the terms of Stockfish's classical `evaluate.cpp` this
//! evaluation lacked): men attacked by pawns or by lesser pieces, hanging men, rooks on
//! open and half-open files, horse outposts. The attack maps are computed once per
//! evaluation and shared with king safety (safe checks).

use super::Score;
use super::params::{P, Params, pair};
use super::pawns::{adjacent_files, ahead, file_mask};
use shatar_rules::{Bitboard, Color, Piece, Position, Role, attacks};

/// The squares each side attacks, by role, in all, and at least twice.
#[derive(Debug, Clone, Copy, Default)]
pub struct AttackMap {
    /// `by_role[color][role]`: the squares attacked by that colour's men of that role.
    pub by_role: [[Bitboard; 6]; 2],
    /// The squares a colour attacks.
    pub all: [Bitboard; 2],
    /// The squares a colour attacks with two men or more.
    pub twice: [Bitboard; 2],
}

impl AttackMap {
    /// The attack maps of both sides.
    pub fn new(pos: &Position) -> AttackMap {
        let b = pos.board();
        let occupied = b.occupied();
        let mut map = AttackMap::default();
        for color in Color::ALL {
            let c = color.index();
            for role in Role::ALL {
                let piece = Piece { color, role };
                for sq in b.pieces(color, role) {
                    let a = if role == Role::Pawn {
                        attacks::pawn_attacks(color, sq)
                    } else {
                        pos.attacks_from(piece, sq, occupied)
                    };
                    map.twice[c] |= map.all[c] & a;
                    map.all[c] |= a;
                    if let Some(slot) = map.by_role[c].get_mut(role.index()) {
                        *slot |= a;
                    }
                }
            }
        }
        map
    }

    /// The squares `color` attacks with men of `role`.
    pub fn of(&self, color: Color, role: Role) -> Bitboard {
        self.by_role[color.index()][role.index()]
    }
}

/// The threats and piece-placement score of `us`.
pub fn threats_and_pieces(p: &Params, pos: &Position, us: Color, map: &AttackMap) -> Score {
    let b = pos.board();
    let them = !us;
    let mut total = Score::default();
    let their_pieces = b
        .by_color(them)
        .without(b.by_role(Role::Pawn) | b.by_role(Role::King));
    let majors = b.by_role(Role::Rook) | b.by_role(Role::Bers);
    // A pawn attacking a piece wins material or gains a tempo (Stockfish's
    // `ThreatBySafePawn`).
    let by_pawn = their_pieces & map.of(us, Role::Pawn);
    total += pair(p, P::ThreatByPawnMg).times(by_pawn.count() as i32);
    // A horse or camel attacking a rook or bers (Stockfish's `ThreatByMinor`).
    let minors = map.of(us, Role::Horse) | map.of(us, Role::Camel);
    let by_minor = their_pieces & majors & minors;
    total += pair(p, P::ThreatByMinorMg).times(by_minor.count() as i32);
    // A rook attacking a bers (Stockfish's `ThreatByRook`).
    let by_rook = their_pieces & b.by_role(Role::Bers) & map.of(us, Role::Rook);
    total += pair(p, P::ThreatByRookMg).times(by_rook.count() as i32);
    // Men attacked and not defended at all (Stockfish's `Hanging`).
    let hanging = b.by_color(them).without(b.by_role(Role::King)) & map.all[us.index()];
    let hanging = hanging.without(map.all[them.index()]);
    total += pair(p, P::HangingMg).times(hanging.count() as i32);

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
    use crate::eval::s;
    use shatar_rules::{Ruleset, fen};

    #[test]
    fn pawn_threat_and_hanging_man() {
        // The white pawn on d4 attacks the undefended black horse on e5: a threat by a
        // pawn and a hanging man. Black's king on h8 defends nothing there.
        let pos = fen::read("7k/8/8/4n3/3P4/8/8/K7 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        let p = &crate::eval::params::HAND;
        let map = AttackMap::new(&pos);
        let w = threats_and_pieces(p, &pos, Color::White, &map);
        assert_eq!(
            w,
            pair(p, P::ThreatByPawnMg) + pair(p, P::HangingMg),
            "white"
        );
        // The horse attacks nothing; the pawn on d4 is not attacked either.
        assert_eq!(threats_and_pieces(p, &pos, Color::Black, &map), s(0, 0));
    }

    #[test]
    fn rook_files_and_outpost() {
        // Rook on the open d-file, rook on the half-open e-file (a black pawn on e7),
        // horse on b5 defended by the a4 pawn with no black pawn on the a- or c-file.
        let pos = fen::read("7k/4p3/8/1N6/P7/8/8/3RR1K1 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        let p = &crate::eval::params::HAND;
        let map = AttackMap::new(&pos);
        let w = threats_and_pieces(p, &pos, Color::White, &map);
        // The rook on e1 attacks e7: the pawn there is defended by nothing (the king on
        // h8 does not reach e7), so it hangs.
        assert_eq!(
            w,
            pair(p, P::RookOpenFileMg)
                + pair(p, P::RookSemiOpenMg)
                + pair(p, P::OutpostHorseMg)
                + pair(p, P::HangingMg)
        );
    }
}
