//! King safety without castling, after Stockfish 11's `Evaluation::king()` and its pawn
//! shelter (`Pawns::evaluate_shelter`): the shelter of our pawns and the storm of theirs
//! on the king's file and its neighbours, the distance to our nearest pawn, a pawnless
//! flank, the enemy's attacks on the king's flank; and a king danger summed from the enemy
//! men attacking the king ring (their number times their weights), their attacks next to
//! the king, the weak squares of the ring, the safe checks per role and the unsafe ones,
//! the men pinned to the king, the flank attacks and defences, the mobility difference and
//! the shelter, less a large amount when the enemy has no bers. Above a
//! threshold it costs `danger² / 386` in the middlegame and `danger · KingDangerEg / 100`
//! in the endgame: Stockfish's `danger² / 4096` and `danger / 16` with the danger in
//! quarters of Stockfish's units and the result scaled by its pawn (128 mg, 213 eg)
//! against ours (85 mg, 110 eg).

use super::params::{P, Params, get, pair};
use super::pawns::{ahead, double_pawn_attacks, file_mask};
use super::threats::AttackMap;
use super::{Score, s};
use shatar_rules::ruleset::BersMove;
use shatar_rules::{Bitboard, Color, Piece, Position, Role, Square, attacks};

/// Stockfish's `danger² / 4096` for a danger in quarter units (`(4d)² / 4096 = d² / 256`)
/// and scaled by 85 / 128: `d² / 386`.
const MG_DIVISOR: i32 = 386;
/// Stockfish's threshold of 100, in quarter units.
const THRESHOLD: i32 = 25;

/// Stockfish 11's `ShelterStrength[distance from the edge][rank]`, in its units (a pawn is
/// 128): our rearmost pawn not behind the king on each of the king's three files, by its
/// rank from our side (0: no such pawn). Scaled by `KingShield` percent.
const SHELTER_STRENGTH: [[i32; 7]; 4] = [
    [-6, 81, 93, 58, 39, 18, 25],
    [-43, 61, 35, -49, -29, -11, -63],
    [-10, 75, 23, -2, 32, 3, -45],
    [-39, -13, -29, -52, -48, -67, -166],
];

/// Stockfish 11's `UnblockedStorm[distance from the edge][rank]`: their most advanced pawn
/// on each of the king's files, by its rank from our side (0: none), when our pawn does
/// not stand right in front of it. Scaled by `KingStorm` percent.
const UNBLOCKED_STORM: [[i32; 7]; 4] = [
    [89, -285, -185, 93, 57, 45, 51],
    [44, -18, 123, 46, 39, -7, 23],
    [4, 52, 162, 37, 7, -14, -2],
    [-10, -14, 90, 15, 2, -7, -16],
];

/// Stockfish 11's `KingFlank` by the king's file: the a- to c-file, a to d, c to f, e to
/// h, f to h (a constant table, since it is asked for twice per side and evaluation).
const KING_FLANK: [u64; 8] = [
    0x0707_0707_0707_0707,
    0x0F0F_0F0F_0F0F_0F0F,
    0x0F0F_0F0F_0F0F_0F0F,
    0x3C3C_3C3C_3C3C_3C3C,
    0x3C3C_3C3C_3C3C_3C3C,
    0xF0F0_F0F0_F0F0_F0F0,
    0xF0F0_F0F0_F0F0_F0F0,
    0xE0E0_E0E0_E0E0_E0E0,
];

/// The files an attack on a king of this file comes over ([`KING_FLANK`]).
fn king_flank(file: u8) -> Bitboard {
    Bitboard(KING_FLANK.get(usize::from(file)).copied().unwrap_or(0))
}

/// Our half of the board and two ranks beyond (Stockfish's `Camp`): ranks 1–5 for White.
fn camp(us: Color) -> Bitboard {
    match us {
        Color::White => Bitboard(0x0000_00FF_FFFF_FFFF),
        Color::Black => Bitboard(0xFFFF_FFFF_FF00_0000),
    }
}

/// Stockfish 11's `kingRing`: the 3×3 block around the king's square moved one rank up
/// when the king is on its first or last rank and one file inwards on the a- or h-file,
/// so that it always has nine squares.
pub fn king_ring(ksq: Square) -> Bitboard {
    let f = ksq.file().index().clamp(1, 6);
    let r = ksq.rank().index().clamp(1, 6);
    let centre = Square::new(r * 8 + f).unwrap_or(ksq);
    attacks::king_attacks(centre) | Bitboard::from_square(centre)
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
    /// Men of either side alone between an enemy slider and our king (Stockfish's
    /// `blockers_for_king`): pinned, or a discovered check waiting.
    pub pins: i32,
    /// Squares of the king's flank in our camp they attack, those they attack twice
    /// counted again (`kingFlankAttack`).
    pub flank_attacks: i32,
    /// Squares of the king's flank in our camp we attack (`kingFlankDefense`).
    pub flank_defences: i32,
    /// Whether one of our horses defends a square next to our king.
    pub horse_defender: bool,
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
        ring: king_ring(ksq).without(double_pawn_attacks(us, b.pieces(us, Role::Pawn))),
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
    t.pins = pinned_to_king(pos, us, ksq);
    let flank = king_flank(ksq.file().index()) & camp(us);
    let attacked = map.all[them.index()] & flank;
    t.flank_attacks = (attacked.count() + (attacked & map.twice[them.index()]).count()) as i32;
    t.flank_defences = (map.all[us.index()] & flank).count() as i32;
    t.horse_defender = (map.of(us, Role::Horse) & map.of(us, Role::King)).any();
    t
}

/// The men (of either side) that stand alone between an enemy slider and the king of `us`
/// on `ksq`. Rooks and bers slide along ranks and files; camels, and a queen-like bers,
/// along diagonals (the weak bers only steps diagonally).
fn pinned_to_king(pos: &Position, us: Color, ksq: Square) -> i32 {
    let b = pos.board();
    let them = !us;
    let bers = b.pieces(them, Role::Bers);
    let diagonal_bers = if pos.ruleset().bers == BersMove::Queen {
        bers
    } else {
        Bitboard::EMPTY
    };
    let snipers = (attacks::rook_attacks(ksq, Bitboard::EMPTY)
        & (b.pieces(them, Role::Rook) | bers))
        | (attacks::camel_attacks(ksq, Bitboard::EMPTY)
            & (b.pieces(them, Role::Camel) | diagonal_bers));
    let occupied = b.occupied();
    let mut blockers = Bitboard::EMPTY;
    for sniper in snipers {
        let between = attacks::between(sniper, ksq) & occupied;
        if between.single().is_some() {
            blockers |= between;
        }
    }
    blockers.count() as i32
}

/// The pawn shelter of `us` (Stockfish 11's `evaluate_shelter` and `do_king_safety`):
/// on the king's file and its neighbours (the b- to g-file as centre), our rearmost pawn
/// not behind the king by its rank, less the storm of their most advanced one (a storm
/// blocked by our pawn right in front of it costs only when it stands on our third rank);
/// in the endgame, the distance to our nearest pawn. Stockfish's constant start (5, 5)
/// cancels between the sides and is left out.
pub fn shelter(p: &Params, pos: &Position, us: Color) -> Score {
    let b = pos.board();
    let Some(ksq) = b.king_of(us) else {
        return Score::default();
    };
    let king_rank = ksq.rank().index();
    let not_behind = ahead(us, king_rank) | Bitboard::rank(ksq.rank());
    let ours = b.pieces(us, Role::Pawn) & not_behind;
    let theirs = b.pieces(!us, Role::Pawn) & not_behind;
    let rearmost = |pawns: Bitboard| {
        pawns
            .into_iter()
            .map(|sq| usize::from(sq.relative_rank(us)))
            .min()
    };
    let centre = ksq.file().index().clamp(1, 6);
    let (mut strength, mut storm, mut blocked) = (0, 0, 0);
    for file in centre - 1..=centre + 1 {
        let edge = usize::from(file.min(7 - file));
        let our_rank = rearmost(ours & file_mask(file)).unwrap_or(0);
        let their_rank = rearmost(theirs & file_mask(file)).unwrap_or(0);
        let row = |table: &[[i32; 7]; 4], rank: usize| {
            table
                .get(edge)
                .and_then(|r| r.get(rank))
                .copied()
                .unwrap_or(0)
        };
        strength += row(&SHELTER_STRENGTH, our_rank);
        if our_rank > 0 && our_rank + 1 == their_rank {
            blocked += i32::from(their_rank == 2);
        } else {
            storm += row(&UNBLOCKED_STORM, their_rank);
        }
    }
    let mg = strength * get(p, P::KingShield) / 100 - storm * get(p, P::KingStorm) / 100;
    let pawns = b.pieces(us, Role::Pawn);
    let nearest = pawns
        .into_iter()
        .map(|sq| i32::from(ksq.distance(sq)))
        .min()
        .unwrap_or(0);
    s(mg, -get(p, P::KingPawnDistanceEg) * nearest) - pair(p, P::KingBlockedStormMg).times(blocked)
}

/// The king danger of `us` (quarters of Stockfish's units) from its terms, the middlegame
/// value of our shelter and the middlegame mobility of them less ours.
pub fn king_danger(
    p: &Params,
    pos: &Position,
    us: Color,
    t: &DangerTerms,
    shelter: i32,
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
        + g(P::KingDangerPins) * t.pins
        + g(P::KingDangerFlankAttack) * t.flank_attacks * t.flank_attacks / 32
        + g(P::KingDangerFlankDefence) * t.flank_defences / 4
        + if t.horse_defender {
            g(P::KingDangerHorseDefender)
        } else {
            0
        }
        + g(P::KingDangerMobility) * mobility_diff / 100
        + no_bers
        - g(P::KingDangerShelter) * shelter / 100
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

/// The king-safety score of `us`: the shelter less the danger's penalty, a pawnless flank
/// and the attacks on the flank. `mobility_diff` is the middlegame mobility of the enemy
/// less ours.
pub fn king_safety(
    p: &Params,
    pos: &Position,
    us: Color,
    map: &AttackMap,
    mobility_diff: i32,
) -> Score {
    let shelter = shelter(p, pos, us);
    let terms = danger_terms(p, pos, us, map);
    let danger = king_danger(p, pos, us, &terms, shelter.mg, mobility_diff);
    let mut score = shelter - danger_penalty(p, danger);
    if let Some(ksq) = pos.board().king_of(us)
        && (pos.board().by_role(Role::Pawn) & king_flank(ksq.file().index())).is_empty()
    {
        score -= pair(p, P::KingPawnlessFlankMg);
    }
    score - s(get(p, P::KingFlankAttacksMg) * terms.flank_attacks, 0)
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
    fn king_flanks_by_file() {
        let files = |from: u8, to: u8| (from..=to).fold(Bitboard::EMPTY, |b, f| b | file_mask(f));
        let expected = [
            (0, 2),
            (0, 3),
            (0, 3),
            (2, 5),
            (2, 5),
            (4, 7),
            (4, 7),
            (5, 7),
        ];
        for (file, (from, to)) in (0u8..).zip(expected) {
            assert_eq!(king_flank(file), files(from, to), "file {file}");
        }
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
        // No pins: the rook is on the king's diagonal, where only camels and a
        // queen-like bers pin.
        assert_eq!(t.pins, 0);
        // The g-file king's flank is the e- to h-file, in White's camp ranks 1–5. The rook
        // attacks e1 e2 e4 e5 f3 g3 h3 of it, none twice: 7. White attacks f1 f2 g2 h1 h2
        // (king), e3 g3 (f2), f3 h3 (g2), g3 (h2): 9 squares.
        assert_eq!((t.flank_attacks, t.flank_defences), (7, 9));
        assert!(!t.horse_defender);
        // Shelter (g1: files f, g, h; our pawns all on their second rank, no storm):
        // ShelterStrength 75 + 61 + 81 = 217, UnblockedStorm of empty files 4 + 44 + 89 =
        // 137; at 66%: 143 − 90 = 53. Endgame: the nearest pawn is next to the king, −8.
        let sh = shelter(&HAND, &pos, Color::White);
        assert_eq!(sh, s(53, -8));
        // Danger: 1·11 + 270 (safe rook check) − 218 (no black bers) + 3·7²/32 = 4 (flank
        // attacks) − 4·9/4 = −9 (flank defences) − 28·53/100 = −14 (shelter) − 2 + the
        // mobility term (given here as 0) = 42.
        assert_eq!(king_danger(&HAND, &pos, Color::White, &t, sh.mg, 0), 42);
        // Above the threshold (25): 42² / 386 = 4 mg, 42·13/100 = 5 eg.
        assert_eq!(danger_penalty(&HAND, 42), s(4, 5));
    }

    #[test]
    fn shelter_with_a_blocked_and_an_unblocked_storm() {
        // White: king g1, pawns f2 g2 h3; Black: pawns f3 h4.
        // f (2 from the edge): our f2 (rank 1 from our side) with their f3 right in front,
        // on our third rank: a blocked storm. g: our g2, no black pawn: an unblocked
        // storm of an empty file (44). h: our h3 (rank 2) blocks h4 (rank 3): nothing.
        // ShelterStrength 75 + 61 + 93 = 229 → 229·66/100 = 151; storm 44·66/100 = 29;
        // less the blocked storm (54, 42). Endgame: nearest pawn one step away, −8.
        let pos = fen::read("k7/8/8/8/7p/5p1P/5PP1/6K1 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        assert_eq!(
            shelter(&HAND, &pos, Color::White),
            s(151 - 29 - 54, -8 - 42)
        );
    }

    #[test]
    fn pins_by_rook_camel_and_queen_bers() {
        // White king e1, horse e2, pawn d2; Black rook e8 pins the horse, bers a5 (on the
        // diagonal a5-e1) pins the d2 pawn only where the bers moves as a queen.
        let text = "4r2k/8/8/j7/8/8/3PN3/4K3 w - - 0 1";
        let official = fen::read(&text.replace('j', "q"), Ruleset::OFFICIAL).unwrap();
        let e1 = sq("e1");
        assert_eq!(pinned_to_king(&official, Color::White, e1), 2);
        let fsf = fen::read(text, Ruleset::FSF).unwrap();
        assert_eq!(pinned_to_king(&fsf, Color::White, e1), 1);
        // A second white man between (c3) means no pin along that diagonal.
        let two = fen::read("4r2k/8/8/q7/8/2P5/3PN3/4K3 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        assert_eq!(pinned_to_king(&two, Color::White, e1), 1);
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
        // The e-file king's flank is the c- to f-file, ranks 1–5: the horse attacks e2 d3
        // d5 of it (3; 3·3²/32 = 0). White's king and bers attack c1 d1 e1 f1 c2 d2 e2 f2
        // d3 d4 d5 there: 11 defences, −4·11/4 = −11.
        assert_eq!((t.flank_attacks, t.flank_defences), (3, 11));
        // 1·20 + 198 + 46·1 + 17·1 − 218 (no black bers) − 11 − 2 = 50.
        assert_eq!(king_danger(&HAND, &pos, Color::White, &t, 0, 0), 50);

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
        // 20 + 46 + 37·2 + 17 − 218 − 11 − 2 = −74 (the rook on g7 is off the flank):
        // the safe check was worth 198 − 74 more.
        assert_eq!(d2, -74);
        assert!(d2 < 50);
    }
}
