//! King safety without castling, after Stockfish 11's `Evaluation::king()`: a pawn shield
//! in front of the king, and a king danger summed from the enemy men attacking the king
//! ring (their number times their weights), their attacks next to the king, the weak
//! squares of the ring, the safe checks per role and the unsafe ones, the mobility
//! difference and the shield, less a large amount when the enemy has no bers. Above a
//! threshold it costs `danger² / 386` in the middlegame and `danger · KingDangerEg / 100`
//! in the endgame: Stockfish's `danger² / 4096` and `danger / 16` with the danger in
//! quarters of Stockfish's units and the result scaled by its pawn (128 mg, 213 eg)
//! against ours (85 mg, 110 eg).

use super::params::{P, Params, get};
use super::threats::AttackMap;
use super::{Score, s};
use shatar_rules::{Bitboard, Color, Piece, Position, Role, Square, attacks};

/// Stockfish's `danger² / 4096` for a danger in quarter units (`(4d)² / 4096 = d² / 256`)
/// and scaled by 85 / 128: `d² / 386`.
const MG_DIVISOR: i32 = 386;
/// Stockfish's threshold of 100, in quarter units.
const THRESHOLD: i32 = 25;

/// Stockfish 11's `kingRing`: the 3×3 block around the king's square moved one rank up
/// when the king is on its first or last rank and one file inwards on the a- or h-file,
/// so that it always has nine squares.
pub fn king_ring(ksq: Square) -> Bitboard {
    let f = ksq.file().index().clamp(1, 6);
    let r = ksq.rank().index().clamp(1, 6);
    let centre = Square::new(r * 8 + f).unwrap_or(ksq);
    attacks::king_attacks(centre) | Bitboard::from_square(centre)
}

/// The squares attacked by two pawns of `color`.
fn double_pawn_attacks(pos: &Position, color: Color) -> Bitboard {
    let mut once = Bitboard::EMPTY;
    let mut twice = Bitboard::EMPTY;
    for sq in pos.board().pieces(color, Role::Pawn) {
        let a = attacks::pawn_attacks(color, sq);
        twice |= once & a;
        once |= a;
    }
    twice
}

/// The counts king danger is made of, for the king of one side (`us`), before weighting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DangerTerms {
    /// The ring: [`king_ring`] less the squares two of our pawns defend.
    pub ring: Bitboard,
    /// Enemy men (horse, camel, rook, bers) that attack a ring square, plus the ring
    /// squares enemy pawns attack (Stockfish's `kingAttackersCount`).
    pub attackers: i32,
    /// The sum of the attack weights of those men (`kingAttackersWeight`).
    pub attackers_weight: i32,
    /// Their attacks on the squares next to the king, one per man and square
    /// (`kingAttacksCount`).
    pub attacks_next_to_king: i32,
    /// Ring squares they attack that we defend at most once, and then only with the king
    /// or the bers.
    pub weak_ring: i32,
    /// The safe checks found, per role: horse, camel, rook, bers.
    pub safe_checks: [bool; 4],
    /// Squares from which an enemy man could give an unsafe check.
    pub unsafe_checks: i32,
}

fn attack_weight(p: &Params, role: Role) -> i32 {
    match role {
        Role::Horse => get(p, P::KingDangerAttackHorse),
        Role::Camel => get(p, P::KingDangerAttackCamel),
        Role::Rook => get(p, P::KingDangerAttackRook),
        Role::Bers => get(p, P::KingDangerAttackBers),
        Role::Pawn | Role::King => 0,
    }
}

/// The counts of king danger for the king of `us`.
pub fn danger_terms(p: &Params, pos: &Position, us: Color, map: &AttackMap) -> DangerTerms {
    let b = pos.board();
    let them = !us;
    let Some(ksq) = b.king_of(us) else {
        return DangerTerms::default();
    };
    let mut t = DangerTerms {
        ring: king_ring(ksq).without(double_pawn_attacks(pos, us)),
        ..DangerTerms::default()
    };
    let occupied = b.occupied();
    let next_to_king = attacks::king_attacks(ksq);
    t.attackers = (t.ring & map.of(them, Role::Pawn)).count() as i32;
    for role in [Role::Horse, Role::Camel, Role::Rook, Role::Bers] {
        let piece = Piece { color: them, role };
        for sq in b.pieces(them, role) {
            let a = pos.attacks_from(piece, sq, occupied);
            if (a & t.ring).any() {
                t.attackers += 1;
                t.attackers_weight += attack_weight(p, role);
                t.attacks_next_to_king += (a & next_to_king).count() as i32;
            }
        }
    }
    let ours = map.all[us.index()];
    // Attacked by them, not defended twice by us, and defended only by our king or
    // bers if at all (Stockfish's `weak`).
    let weak = map.all[them.index()].without(map.twice[us.index()])
        & (!ours | map.of(us, Role::King) | map.of(us, Role::Bers));
    t.weak_ring = (weak & t.ring).count() as i32;
    // A check from a square that is not theirs and that we do not defend, or that is weak
    // and attacked twice by them.
    let safe = !b.by_color(them) & (!ours | (weak & map.twice[them.index()]));
    // Checking squares seen from the king with our bers taken off, as Stockfish's are
    // (all the men are symmetric movers, so a man checks from the squares it attacks
    // from the king's square).
    let through = occupied.without(b.pieces(us, Role::Bers));
    let from = |role: Role| pos.attacks_from(Piece { color: them, role }, ksq, through);
    let mut unsafe_checks = Bitboard::EMPTY;
    let rook_from = from(Role::Rook) & map.of(them, Role::Rook);
    let rook_checks = rook_from & safe;
    if rook_checks.any() {
        t.safe_checks[2] = true;
    } else {
        unsafe_checks |= rook_from;
    }
    let bers_checks = (from(Role::Bers) & map.of(them, Role::Bers) & safe)
        .without(map.of(us, Role::Bers) | rook_checks);
    t.safe_checks[3] = bers_checks.any();
    let camel_from = from(Role::Camel) & map.of(them, Role::Camel);
    if (camel_from & safe).without(bers_checks).any() {
        t.safe_checks[1] = true;
    } else {
        unsafe_checks |= camel_from;
    }
    let horse_from = attacks::horse_attacks(ksq) & map.of(them, Role::Horse);
    if (horse_from & safe).any() {
        t.safe_checks[0] = true;
    } else {
        unsafe_checks |= horse_from;
    }
    t.unsafe_checks = unsafe_checks.count() as i32;
    t
}

/// The pawn shield of `us`: own pawns on the king's file and its neighbours, one rank
/// ahead (full weight) or two (half).
pub fn shield(p: &Params, pos: &Position, us: Color) -> i32 {
    let b = pos.board();
    let Some(ksq) = b.king_of(us) else {
        return 0;
    };
    let mut shield = 0;
    let forward: i8 = if us == Color::White { 1 } else { -1 };
    let pawn = Piece {
        color: us,
        role: Role::Pawn,
    };
    for df in -1..=1 {
        for dr in 1..=2 {
            if let Some(sq) = ksq.offset(df, dr * forward) {
                if b.piece_at(sq) == Some(pawn) {
                    let full = get(p, P::KingShield);
                    shield += if dr == 1 { full } else { full / 2 };
                }
            }
        }
    }
    shield
}

/// The king danger of `us` (quarters of Stockfish's units) from its terms, our shield and
/// the middlegame mobility of them less ours.
pub fn king_danger(
    p: &Params,
    pos: &Position,
    us: Color,
    t: &DangerTerms,
    shield: i32,
    mobility_diff: i32,
) -> i32 {
    let g = |i: P| get(p, i);
    let checks = [
        P::KingDangerSafeCheckHorse,
        P::KingDangerSafeCheckCamel,
        P::KingDangerSafeCheckRook,
        P::KingDangerSafeCheckBers,
    ];
    let safe: i32 = checks
        .iter()
        .zip(t.safe_checks)
        .filter(|(_, found)| *found)
        .map(|(w, _)| g(*w))
        .sum();
    let no_bers = if pos.board().pieces(!us, Role::Bers).is_empty() {
        g(P::KingDangerNoBers)
    } else {
        0
    };
    t.attackers * t.attackers_weight
        + safe
        + g(P::KingDangerWeakRing) * t.weak_ring
        + g(P::KingDangerUnsafeCheck) * t.unsafe_checks
        + g(P::KingDangerAttacks) * t.attacks_next_to_king
        + g(P::KingDangerMobility) * mobility_diff / 100
        + no_bers
        - g(P::KingDangerShelter) * shield / 100
        + g(P::KingDangerBase)
}

/// The penalty of a king danger: none up to the threshold.
pub fn danger_penalty(p: &Params, danger: i32) -> Score {
    if danger > THRESHOLD {
        s(
            danger * danger / MG_DIVISOR,
            danger * get(p, P::KingDangerEg) / 100,
        )
    } else {
        Score::default()
    }
}

/// The king-safety score of `us`: the shield (middlegame) less the danger's penalty.
/// `mobility_diff` is the middlegame mobility of the enemy less ours.
pub fn king_safety(
    p: &Params,
    pos: &Position,
    us: Color,
    map: &AttackMap,
    mobility_diff: i32,
) -> Score {
    let shield = shield(p, pos, us);
    let terms = danger_terms(p, pos, us, map);
    let danger = king_danger(p, pos, us, &terms, shield, mobility_diff);
    s(shield, 0) - danger_penalty(p, danger)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::params::HAND;
    use crate::eval::squares;
    use shatar_rules::{Ruleset, fen};

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn ring_of_kings_on_the_edge() {
        // e1: one rank forward (Stockfish's clamp of the centre to e2).
        assert_eq!(king_ring(sq("e1")), squares("d1 e1 f1 d2 e2 f2 d3 e3 f3"));
        // a1: one rank forward and one file inwards (centre b2).
        assert_eq!(king_ring(sq("a1")), squares("a1 b1 c1 a2 b2 c2 a3 b3 c3"));
        // h8: the mirror (centre g7).
        assert_eq!(king_ring(sq("h8")), squares("f6 g6 h6 f7 g7 h7 f8 g8 h8"));
        // d4: the king and its eight neighbours.
        assert_eq!(king_ring(sq("d4")), squares("c3 d3 e3 c4 d4 e4 c5 d5 e5"));
    }

    #[test]
    fn ring_leaves_out_squares_two_pawns_defend() {
        // Pawns d2 and f2 both defend e3, which leaves the ring of the king on e1.
        let pos = fen::read("4k3/8/8/8/8/8/3P1P2/4K3 w - - 0 1", Ruleset::FSF).unwrap();
        let map = AttackMap::new(&pos);
        let t = danger_terms(&HAND, &pos, Color::White, &map);
        assert_eq!(t.ring, squares("d1 e1 f1 d2 e2 f2 d3 f3"));
    }

    #[test]
    fn rook_on_the_ring_hand_worked() {
        // White: king g1, pawns f2 g2 h2. Black: king a8, rook e3, no bers.
        // Ring of g1: f1..h3 less g3, which f2 and h2 both defend.
        // The rook (third rank and e-file) reaches f3 and h3 of it: one attacker of
        // weight 11, none of its attacks next to the king (f1 f2 g2 h1 h2).
        // f3 and h3 are defended once each, by the g2 pawn: not weak (not the king or
        // the bers).
        // Rook checks: from g1 along the first rank the rook reaches e1 (down the
        // e-file), which no White man defends: a safe check. Up the g-file the g2 pawn
        // blocks.
        let pos = fen::read("k7/8/8/8/8/4r3/5PPP/6K1 w - - 0 1", Ruleset::FSF).unwrap();
        let map = AttackMap::new(&pos);
        let t = danger_terms(&HAND, &pos, Color::White, &map);
        assert_eq!(t.ring, squares("f1 g1 h1 f2 g2 h2 f3 h3"));
        assert_eq!(t.attackers, 1);
        assert_eq!(t.attackers_weight, 11);
        assert_eq!(t.attacks_next_to_king, 0);
        assert_eq!(t.weak_ring, 0);
        assert_eq!(t.safe_checks, [false, false, true, false]);
        assert_eq!(t.unsafe_checks, 0);
        // Danger: 1·11 + 270 (safe rook check) − 218 (no black bers) − 28·shield/100 − 2
        // + mobility term (given here as 0). Shield: f2 g2 h2 one rank ahead, 3·12 = 36;
        // 28·36/100 = 10. 11 + 270 − 218 − 10 − 2 = 51.
        let sh = shield(&HAND, &pos, Color::White);
        assert_eq!(sh, 36);
        assert_eq!(king_danger(&HAND, &pos, Color::White, &t, sh, 0), 51);
        // Above the threshold (25): 51² / 386 = 6 mg, 51·13/100 = 6 eg.
        assert_eq!(danger_penalty(&HAND, 51), s(6, 6));
    }

    #[test]
    fn weak_ring_square_and_safe_check_raise_the_danger() {
        // White: king e1, bers d1 (fsf: the weak bers, rook + one diagonal step).
        // Black: king e8, horse f4, no bers. The horse attacks e2 g2 d3 h3 d5 h5 e6 g6:
        // of the ring (d1..f3) e2 and d3. e2 is defended by the king and the bers (the
        // diagonal step): twice, not weak. d3 is defended once, by the bers (up the
        // d-file): weak.
        // Horse checks on e1 come from c2 d3 f3 g2; the horse reaches d3 and g2. d3 is
        // ours and attacked once by Black: not safe. g2 is defended by no White man: a
        // safe check.
        let pos = fen::read("4k3/8/8/8/5n2/8/8/3JK3 w - - 0 1", Ruleset::FSF).unwrap();
        let map = AttackMap::new(&pos);
        let t = danger_terms(&HAND, &pos, Color::White, &map);
        assert_eq!(t.attackers, 1);
        assert_eq!(t.attackers_weight, 20);
        // Next to the king (d1 d2 e2 f1 f2): the horse attacks e2.
        assert_eq!(t.attacks_next_to_king, 1);
        assert_eq!(t.weak_ring, 1);
        assert_eq!(t.safe_checks, [true, false, false, false]);
        assert_eq!(t.unsafe_checks, 0);
        // 1·20 + 198 + 46·1 + 17·1 − 218 (no black bers) − 2 = 61.
        assert_eq!(king_danger(&HAND, &pos, Color::White, &t, 0, 0), 61);

        // A white rook on g7 defends g2 (down the g-file): the check from g2 is no
        // longer safe (defended by a rook, so not weak), and both check squares of the
        // horse, d3 and g2, count as unsafe checks.
        let pos = fen::read("4k3/6R1/8/8/5n2/8/8/3JK3 w - - 0 1", Ruleset::FSF).unwrap();
        let map = AttackMap::new(&pos);
        let t2 = danger_terms(&HAND, &pos, Color::White, &map);
        // The horse's checks from d3 and g2 are now both unsafe: two unsafe check squares.
        assert_eq!(t2.safe_checks, [false, false, false, false]);
        assert_eq!(t2.unsafe_checks, 2);
        let d2 = king_danger(&HAND, &pos, Color::White, &t2, 0, 0);
        // 20 + 46 + 37·2 + 17 − 218 − 2 = −63: the safe check was worth 198 − 74 more.
        assert_eq!(d2, -63);
        assert!(d2 < 61);
    }
}
