//! Threats, Stockfish 11's `Evaluation::threats()` (see [`threats()`]). The attack maps
//! are computed once per evaluation and shared with mobility, king safety and the piece
//! placement terms.

use super::Score;
use super::mobility::mobility_area;
use super::params::{P, Params, pair};
use super::pawns::pawn_attacks_of;
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

/// The weight of a threat by a horse or camel on a man of `role`
/// (Stockfish's `ThreatByMinor[role]`).
fn by_minor(role: Role) -> Option<P> {
    match role {
        Role::Pawn => Some(P::ThreatByMinorPawnMg),
        Role::Horse => Some(P::ThreatByMinorHorseMg),
        Role::Camel => Some(P::ThreatByMinorCamelMg),
        Role::Rook => Some(P::ThreatByMinorMg),
        Role::Bers => Some(P::ThreatByMinorBersMg),
        Role::King => None,
    }
}

/// The weight of a threat by a rook on a man of `role` (Stockfish's `ThreatByRook[role]`).
fn by_rook(role: Role) -> Option<P> {
    match role {
        Role::Pawn => Some(P::ThreatByRookPawnMg),
        Role::Horse => Some(P::ThreatByRookHorseMg),
        Role::Camel => Some(P::ThreatByRookCamelMg),
        Role::Rook => Some(P::ThreatByRookRookMg),
        Role::Bers => Some(P::ThreatByRookMg),
        Role::King => None,
    }
}

/// The sum of the weights `weight(role)` over the men on the squares of `victims`.
fn by_victim(
    p: &Params,
    pos: &Position,
    victims: Bitboard,
    weight: fn(Role) -> Option<P>,
) -> Score {
    let mut total = Score::default();
    for sq in victims {
        if let Some(w) = pos.board().piece_at(sq).and_then(|pc| weight(pc.role)) {
            total += pair(p, w);
        }
    }
    total
}

/// Stockfish 11's `Evaluation::threats()` for `us`, with Shatar's men: the horse for the
/// knight, the camel for the bishop, the bers for the queen (also the weak bers: rook plus
/// one diagonal step, still worth well over a rook, so that attacking it wins material or
/// a tempo as attacking a queen does).
///
/// The enemy king is never a victim here: Stockfish's tables give it nothing but
/// `Hanging` could count a checked king, and a position in check is not one whose
/// threats matter. Our pawns push one step only (Shatar has no double step after the
/// first round, S1 §3.7), so Stockfish's double-push squares are left out.
pub fn threats(p: &Params, pos: &Position, us: Color, map: &AttackMap) -> Score {
    let b = pos.board();
    let them = !us;
    let (u, t) = (us.index(), them.index());
    let kings = b.by_role(Role::King);
    let non_pawn_enemies = b.by_color(them).without(b.by_role(Role::Pawn) | kings);
    // Squares they defend with a pawn, or twice where we do not attack twice.
    let strongly_protected = map.of(them, Role::Pawn) | map.twice[t].without(map.twice[u]);
    let defended = non_pawn_enemies & strongly_protected;
    let weak = b.by_color(them).without(kings | strongly_protected) & map.all[u];
    let mut total = Score::default();

    let minors = map.of(us, Role::Horse) | map.of(us, Role::Camel);
    total += by_victim(p, pos, (defended | weak) & minors, by_minor);
    total += by_victim(p, pos, weak & map.of(us, Role::Rook), by_rook);
    if (weak & map.of(us, Role::King)).any() {
        total += pair(p, P::ThreatByKingMg);
    }
    let hanging = weak & (!map.all[t] | (non_pawn_enemies & map.twice[u]));
    total += pair(p, P::HangingMg).times(hanging.count() as i32);
    let bers_protected = weak & map.of(them, Role::Bers);
    total += pair(p, P::ThreatProtectedByBersMg).times(bers_protected.count() as i32);

    // Squares their men attack that we contest and they do not hold strongly.
    let restricted = map.all[t].without(strongly_protected) & map.all[u];
    total += pair(p, P::ThreatRestrictedMg).times(restricted.count() as i32);

    // Squares they do not attack, or that we defend.
    let safe = !map.all[t] | map.all[u];
    let safe_pawns = b.pieces(us, Role::Pawn) & safe;
    let by_pawn = pawn_attacks_of(us, safe_pawns) & non_pawn_enemies;
    total += pair(p, P::ThreatByPawnMg).times(by_pawn.count() as i32);

    let pawns = b.pieces(us, Role::Pawn);
    let pushed = match us {
        Color::White => pawns.shift_up(),
        Color::Black => pawns.shift_down(),
    };
    let pushes = pushed.without(b.occupied() | map.of(them, Role::Pawn)) & safe;
    let by_push = pawn_attacks_of(us, pushes) & non_pawn_enemies;
    total += pair(p, P::ThreatByPawnPushMg).times(by_push.count() as i32);

    // Squares from which our men could attack their only bers next move.
    let their_bers = b.pieces(them, Role::Bers);
    if let Some(bsq) = their_bers.single() {
        let safe = mobility_area(pos, us, map).without(strongly_protected);
        let horse = map.of(us, Role::Horse) & attacks::horse_attacks(bsq);
        total += pair(p, P::ThreatHorseOnBersMg).times((horse & safe).count() as i32);
        let occupied = b.occupied();
        let sliders = (map.of(us, Role::Camel) & attacks::camel_attacks(bsq, occupied))
            | (map.of(us, Role::Rook) & attacks::rook_attacks(bsq, occupied));
        let sliders = sliders & safe & map.twice[u];
        total += pair(p, P::ThreatSliderOnBersMg).times(sliders.count() as i32);
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
        // The white pawn on d4 attacks the undefended black horse on e5. Black attacks
        // d3 f3 c4 g4 c6 g6 d7 f7 (horse) and g8 g7 h7 (king), none twice: nothing is
        // strongly protected, so the horse is weak (White attacks it) and hanging (Black
        // does not defend it). d4 is not attacked: the pawn is safe, a safe-pawn threat.
        // The push to d5 is safe but attacks c6 and e6, empty. White attacks c5 e5 a2 b1
        // b2: no square Black attacks, so no restricted square.
        let pos = fen::read("7k/8/8/4n3/3P4/8/8/K7 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        let p = &crate::eval::params::HAND;
        let map = AttackMap::new(&pos);
        let w = threats(p, &pos, Color::White, &map);
        assert_eq!(
            w,
            pair(p, P::ThreatByPawnMg) + pair(p, P::HangingMg),
            "white"
        );
        // With the hand weights: 115 + 46, 49 + 19.
        assert_eq!(w, s(161, 68));
        // The horse attacks nothing; the pawn on d4 is not attacked either.
        assert_eq!(threats(p, &pos, Color::Black, &map), s(0, 0));
    }

    #[test]
    fn pawn_pushes_and_a_pawn_hanging_to_a_horse() {
        // White: king e1, pawn d3. Black: king e8, horse c5.
        // White: the push d3-d4 lands on a square Black does not attack (the horse
        // reaches a4 a6 b3 b7 d3 d7 e4 e6) and from d4 attacks the horse on c5: one
        // pawn-push threat. The pawn on d3 itself is attacked and not defended, so it is
        // not safe: no safe-pawn threat (it attacks c4 e4, empty anyway). Restricted: e4
        // (the horse's square, attacked by the pawn; Black holds it once, not strongly).
        // 5 + 32 = 37 mg, 4 + 20 = 24 eg.
        let pos = fen::read("4k3/8/8/2n5/8/3P4/8/4K3 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        let p = &crate::eval::params::HAND;
        let map = AttackMap::new(&pos);
        assert_eq!(threats(p, &pos, Color::White, &map), s(37, 24));
        // Black: the pawn on d3 is weak (not defended by a pawn or twice) and attacked
        // by the horse: ThreatByMinor[pawn] 4/17; White does not defend d3 at all
        // (White attacks c4 e4 d1 d2 e2 f1 f2): hanging 46/19. The squares White attacks
        // that Black reaches too: none. 50 mg, 36 eg.
        assert_eq!(threats(p, &pos, Color::Black, &map), s(50, 36));
    }

    #[test]
    fn threat_by_minor_on_a_defended_rook_and_restricted_squares() {
        // White: king e1, horse c3. Black: king g8, pawn e6, rook d5 (the pawn defends
        // it: strongly protected, a "defended" piece, not weak). The horse attacks d5:
        // ThreatByMinor[rook] counts defended pieces too: 60/61.
        // Black attacks d5 f5 (pawn), c5 b5 a5 e5 f5 g5 h5 d6 d7 d8 d4 d3 d2 d1 (rook),
        // f8 h8 f7 g7 h7 (king); strongly protected: d5 f5 (the pawn). White attacks
        // a2 b1 d1 e2 e4 b5 a4 d5 (horse), d1 d2 e2 f1 f2 (king). Restricted: squares
        // both attack, not strongly protected by Black: b5 d1 d2, 3 · 5/4.
        // 60 + 15 = 75 mg, 61 + 12 = 73 eg.
        let pos = fen::read("6k1/8/4p3/3r4/8/2N5/8/4K3 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        let p = &crate::eval::params::HAND;
        let map = AttackMap::new(&pos);
        assert_eq!(threats(p, &pos, Color::White, &map), s(75, 73));
        // Black: White holds d1 and e2 strongly (twice, Black attacks neither twice).
        // Restricted: b5 d5 d2 (White attacks them, Black too). The horse on c3 is
        // not attacked. The pawn on e6 is safe but attacks no piece; its push to e5 is
        // safe and attacks d4 f4, empty. 3 · 5/4 = 15/12.
        assert_eq!(threats(p, &pos, Color::Black, &map), s(15, 12));
    }

    #[test]
    fn threats_on_the_bers_from_next_move() {
        // Official (queen-like bers). White: king h1, rook a1, horse g3. Black: king h8,
        // bers d6. Black attacks no square twice: nothing is strongly protected. The
        // horse reaches e4 and f5, from which it would attack d6; both are in White's
        // mobility area: KnightOnQueen twice, 2 · 11/6.
        // The rook reaches a6 and d1, from which it would attack d6, but White attacks
        // neither twice: no slider threat.
        // Restricted: the squares both attack: a6, a3 and d1 (bers; rook): 3 · 5/4.
        // 15 + 22 = 37 mg, 12 + 12 = 24 eg.
        let pos = fen::read("7k/8/3q4/8/8/6N1/8/R6K w - - 0 1", Ruleset::OFFICIAL).unwrap();
        let p = &crate::eval::params::HAND;
        let map = AttackMap::new(&pos);
        assert_eq!(threats(p, &pos, Color::White, &map), s(37, 24));
        // A white camel on b3 attacks a2 c2 d1 a4 c4 d5 e6 f7 g8: d1 is now attacked
        // twice (rook and camel), so the rook's square d1 is a SliderOnQueen square,
        // 39/9. Restricted adds d5 and e6 (bers; camel) and g8 (king; camel):
        // 6 · 5/4 = 30/24. 30 + 22 + 39 = 91 mg, 24 + 12 + 9 = 45 eg.
        let pos = fen::read("7k/8/3q4/8/8/1B4N1/8/R6K w - - 0 1", Ruleset::OFFICIAL).unwrap();
        let map = AttackMap::new(&pos);
        assert_eq!(threats(p, &pos, Color::White, &map), s(91, 45));
    }

    #[test]
    fn king_threat_and_a_man_only_the_bers_defends() {
        // Fsf (weak bers). White: king e1. Black: king e8, weak bers d8, pawn d2.
        // Black's pawn attacks c1 e1; Black attacks d7 and e7 twice (king; bers up the
        // file and by its diagonal step): strongly protected c1 e1 d7 e7. The pawn on
        // d2 is attacked by the white king and not strongly protected: weak, a threat
        // by the king (16/46). The bers defends it down the d-file: not hanging, but a
        // weak man defended by the bers (9/0). Restricted: d2 (5/4).
        // 16 + 9 + 5 = 30 mg, 46 + 0 + 4 = 50 eg.
        let pos = fen::read("3jk3/8/8/8/8/8/3p4/4K3 w - - 0 1", Ruleset::FSF).unwrap();
        let p = &crate::eval::params::HAND;
        let map = AttackMap::new(&pos);
        assert_eq!(threats(p, &pos, Color::White, &map), s(30, 50));
    }

    #[test]
    fn a_rook_on_a_hanging_pawn() {
        // Rooks on d1 and e1, horse on b5 defended by the a4 pawn; black pawn on e7.
        let pos = fen::read("7k/4p3/8/1N6/P7/8/8/3RR1K1 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        let p = &crate::eval::params::HAND;
        let map = AttackMap::new(&pos);
        // The rook on e1 attacks e7: the pawn there is defended by nothing (the king on
        // h8 does not reach e7, Black's pawn attacks d6 f6): weak, a threat by the rook
        // on a pawn, and hanging. No square Black attacks (d6 f6 g8 g7 h7) does White
        // attack.
        assert_eq!(
            threats(p, &pos, Color::White, &map),
            pair(p, P::ThreatByRookPawnMg) + pair(p, P::HangingMg)
        );
    }
}
