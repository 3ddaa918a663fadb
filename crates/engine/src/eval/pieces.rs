//! Piece placement, after Stockfish 11's `Evaluation::pieces()` with Shatar's men (the
//! horse for the knight, the camel for the bishop, the bers for the queen): rooks on open
//! and half-open files, on a bers's file, or trapped beside their king; horses and camels
//! on outposts or able to reach one, right behind a pawn, far from their king; a camel's
//! pawns on its colour and a camel on a long diagonal; a bers open to a pin or a
//! discovered attack. Left out as in mobility: the x-rays and the pinned men's
//! restriction of Stockfish's attack sets, and its Chess960 cornered bishop.

use super::Score;
use super::mobility::mobility_area;
use super::params::{P, Params, pair};
use super::pawns::{file_mask, pawn_attacks_of, toward_us};
use super::threats::AttackMap;
use shatar_rules::{Bitboard, Color, Piece, Position, Role, Square, attacks};

/// The c- to f-files (Stockfish's `CenterFiles`).
const CENTRAL_FILES: Bitboard = Bitboard(0x3c3c_3c3c_3c3c_3c3c);
/// d4, e4, d5, e5 (Stockfish's `Center`).
const CENTRE: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// Our fourth to sixth ranks (Stockfish's `OutpostRanks`).
fn outpost_ranks(us: Color) -> Bitboard {
    match us {
        Color::White => Bitboard(0x0000_ffff_ff00_0000),
        Color::Black => Bitboard(0x0000_00ff_ffff_0000),
    }
}

/// The squares the pawns `pawns` of `color` attack now or could attack after advancing
/// (Stockfish's `pawn_attacks_span`): the neighbouring files ahead of each pawn.
fn pawn_attacks_span(color: Color, pawns: Bitboard) -> Bitboard {
    let mut span = pawn_attacks_of(color, pawns).0;
    match color {
        Color::White => {
            span |= span << 8;
            span |= span << 16;
            span |= span << 32;
        }
        Color::Black => {
            span |= span >> 8;
            span |= span >> 16;
            span |= span >> 32;
        }
    }
    Bitboard(span)
}

/// Stockfish 11's `WeakQueen` test (`slider_blockers` of the enemy rooks and bishops
/// towards the queen): whether an enemy rook on a line or camel on a diagonal of the bers
/// on `sq` has exactly one man, of either side, between them.
fn bers_pinnable(pos: &Position, them: Color, sq: Square) -> bool {
    let b = pos.board();
    let snipers = (attacks::rook_attacks(sq, Bitboard::EMPTY) & b.pieces(them, Role::Rook))
        | (attacks::camel_attacks(sq, Bitboard::EMPTY) & b.pieces(them, Role::Camel));
    let occupancy = b.occupied().without(snipers);
    for sniper in snipers {
        if (attacks::between(sq, sniper) & occupancy)
            .single()
            .is_some()
        {
            return true;
        }
    }
    false
}

/// The piece placement score of `us`.
pub fn pieces(p: &Params, pos: &Position, us: Color, map: &AttackMap) -> Score {
    let b = pos.board();
    let them = !us;
    let mut total = Score::default();
    let occupied = b.occupied();
    let our_pawns = b.pieces(us, Role::Pawn);
    let their_pawns = b.pieces(them, Role::Pawn);
    let king = b.king_of(us);

    // Outposts: our fourth to sixth ranks, defended by our pawn, beyond the reach of
    // every enemy pawn now and after it advances.
    let outposts =
        outpost_ranks(us) & map.of(us, Role::Pawn) & !pawn_attacks_span(them, their_pawns);
    // The squares right behind a pawn of either side.
    let behind_pawns = toward_us(us, b.by_role(Role::Pawn));
    // Stockfish 11's `blocked` pawns of `BishopPawns`: ours with a man right in front.
    let blocked = our_pawns & toward_us(us, occupied);
    let blocked_central = (blocked & CENTRAL_FILES).count() as i32;

    for role in [Role::Horse, Role::Camel] {
        let piece = Piece { color: us, role };
        for sq in b.pieces(us, role) {
            let reach = pos.attacks_from(piece, sq, occupied);
            // Stockfish 11's Outpost (the horse's counts twice: `OutpostHorse`), or
            // the same once for a man that can reach an empty or enemy-held outpost.
            if outposts.contains(sq) {
                total += pair(
                    p,
                    match role {
                        Role::Horse => P::OutpostHorseMg,
                        _ => P::PieceOutpostCamelMg,
                    },
                );
            } else if (outposts & reach).without(b.by_color(us)).any() {
                total += pair(
                    p,
                    match role {
                        Role::Horse => P::PieceReachOutpostHorseMg,
                        _ => P::PieceReachOutpostCamelMg,
                    },
                );
            }
            // Stockfish 11's MinorBehindPawn: shielded from frontal attacks, and the pawn
            // in front of it backed.
            if behind_pawns.contains(sq) {
                total += pair(p, P::PieceMinorBehindPawnMg);
            }
            // Stockfish 11's KingProtector: far from its king it defends nothing there.
            if let Some(ksq) = king {
                total += pair(p, P::PieceKingProtectorMg).times(i32::from(ksq.distance(sq)));
            }
            if role == Role::Camel {
                // Stockfish 11's BishopPawns: our pawns on the camel's colour block it,
                // the more so when the centre is closed.
                let colour = if Bitboard::LIGHT.contains(sq) {
                    Bitboard::LIGHT
                } else {
                    Bitboard::DARK
                };
                let same = (our_pawns & colour).count() as i32;
                total += pair(p, P::PieceCamelPawnsMg).times(same * (1 + blocked_central));
                // Stockfish 11's LongDiagonalBishop: sees both centre squares of its
                // diagonal through everything but pawns.
                let sight = attacks::camel_attacks(sq, b.by_role(Role::Pawn));
                if (sight & CENTRE).more_than_one() {
                    total += pair(p, P::PieceLongDiagonalMg);
                }
            }
        }
    }

    let area = mobility_area(pos, us, map);
    let rook = Piece {
        color: us,
        role: Role::Rook,
    };
    for sq in b.pieces(us, Role::Rook) {
        let file = file_mask(sq.file().index());
        // Stockfish 11's RookOnQueenFile: a bers of either side on the rook's file.
        if (file & b.by_role(Role::Bers)).any() {
            total += pair(p, P::PieceRookOnBersFileMg);
        }
        // Rooks on files without our pawns: open (no pawns at all) or half-open.
        if (our_pawns & file).is_empty() {
            total += if (their_pawns & file).is_empty() {
                pair(p, P::RookOpenFileMg)
            } else {
                pair(p, P::RookSemiOpenMg)
            };
        } else if let Some(ksq) = king {
            // Stockfish 11's TrappedRook without castling: at most three squares of
            // mobility, and the rook on the king's file or beyond it towards the edge
            // the king stands nearer to, so that it cannot get out past the king.
            let mobility = (pos.attacks_from(rook, sq, occupied) & area).count();
            let (kf, rf) = (ksq.file().index(), sq.file().index());
            if mobility <= 3 && (kf < 4) == (rf < kf) {
                total += pair(p, P::PieceTrappedRookMg);
            }
        }
    }

    // Stockfish 11's WeakQueen, for either kind of bers: both are worth well over a rook.
    for sq in b.pieces(us, Role::Bers) {
        if bers_pinnable(pos, them, sq) {
            total += pair(p, P::PieceBersPinMg);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::params::HAND;
    use crate::eval::s;
    use shatar_rules::{Ruleset, fen};

    fn white_and_black(text: &str, ruleset: Ruleset) -> (Score, Score) {
        let pos = fen::read(text, ruleset).unwrap();
        let map = AttackMap::new(&pos);
        (
            pieces(&HAND, &pos, Color::White, &map),
            pieces(&HAND, &pos, Color::Black, &map),
        )
    }

    #[test]
    fn rook_files_and_outpost() {
        // Rook on the open d-file, rook on the half-open e-file (a black pawn on e7),
        // horse on b5 defended by the a4 pawn with no black pawn on the a- or c-file: an
        // outpost. The horse is five king steps from g1 (files b to g): KingProtector
        // 5 · −5/−4. 30 + 14 + 40 − 25 = 59 mg, 15 + 4 + 25 − 20 = 24 eg.
        let text = "7k/4p3/8/1N6/P7/8/8/3RR1K1 w - - 0 1";
        let (w, _) = white_and_black(text, Ruleset::OFFICIAL);
        let p = &HAND;
        assert_eq!(
            w,
            pair(p, P::RookOpenFileMg)
                + pair(p, P::RookSemiOpenMg)
                + pair(p, P::OutpostHorseMg)
                + pair(p, P::PieceKingProtectorMg).times(5)
        );
        assert_eq!(w, s(59, 24));
    }

    #[test]
    fn camel_on_an_outpost_behind_a_pawn() {
        // White: king e1, pawns c4 e4, camel d5. Black: king e8, pawn d6.
        // d5 is on White's fifth rank, defended by both pawns; Black's only pawn, d6,
        // can attack c5 e5 and the squares below them, not d5: an outpost (20/11), and
        // right behind the black pawn (MinorBehindPawn 12/2). KingProtector: e1 to d5 is
        // four steps, 4 · −5/−4. BishopPawns: d5, c4 and e4 are all light: two pawns on
        // the camel's colour; c5 and e5 are empty, no blocked pawn: 2 · 1 · −2/−4.
        // Long diagonal: through the pawns the camel sees e4 (a pawn) but not d4: one
        // centre square, no bonus. 20 + 12 − 20 − 4 = 8 mg, 11 + 2 − 16 − 8 = −11 eg.
        let text = "4k3/8/3p4/3B4/2P1P3/8/8/4K3 w - - 0 1";
        let (w, b) = white_and_black(text, Ruleset::OFFICIAL);
        assert_eq!(w, s(8, -11));
        assert_eq!(b, s(0, 0));
    }

    #[test]
    fn camel_on_the_long_diagonal_reaching_an_outpost() {
        // White: king b1, camel a1, pawn e3. Black: king e8.
        // The camel sees b2 c3 d4 e5 f6 g7 h8: both d4 and e5, LongDiagonalBishop 30/0.
        // d4 is on White's fourth rank, defended by e3, and Black has no pawn: an empty
        // outpost the camel reaches (20/11; e5 and f6 have no pawn defending them).
        // a1 and e3 are dark: one pawn on the camel's colour, e4 empty, −2/−4.
        // KingProtector: one step, −5/−4. 30 + 20 − 2 − 5 = 43 mg, 0 + 11 − 4 − 4 = 3 eg.
        let text = "4k3/8/8/8/8/4P3/8/BK6 w - - 0 1";
        let (w, b) = white_and_black(text, Ruleset::OFFICIAL);
        assert_eq!(w, s(43, 3));
        assert_eq!(b, s(0, 0));
    }

    #[test]
    fn camel_pawns_with_a_blocked_centre() {
        // White: king g1, camel c1, pawns d4 e3. Black: king e8, pawns d5 e4.
        // c1, d4 and e3 are dark: two pawns on the camel's colour; both are blocked (d5
        // and e4 in front of them), both on the central files: BishopPawns 2 · (1 + 2) ·
        // −2/−4 = −12/−24. Outposts: d4 (defended by e3; Black's d5 and e4 never attack
        // it), e5 (by d4) and f4 (by e3); the camel's diagonals are b2-a3 and d2-e3, so
        // it reaches none. It sees no centre square. KingProtector: c1 to g1 four steps,
        // −20/−16. −32 mg, −40 eg.
        let text = "4k3/8/8/3p4/3Pp3/4P3/8/2B3K1 w - - 0 1";
        let (w, b) = white_and_black(text, Ruleset::OFFICIAL);
        assert_eq!(w, s(-32, -40));
        assert_eq!(b, s(0, 0));
    }

    #[test]
    fn trapped_rook_rook_on_the_bers_file_horse_reach_and_a_pinnable_bers() {
        // White: king f1, rooks d1 h1, horse a3, pawns c4 g2 h2. Black: king g8, bers
        // d8, pawn d5.
        // Rook h1: our h2 pawn on its file; it reaches g1 (in the mobility area), f1 (our
        // king) and h2 (our pawn on its second rank): mobility 1; the king is on its
        // first rank, on the f-file, and the rook beyond it towards the h-file:
        // TrappedRook −69/−10.
        // Rook d1: the bers d8 on its file, RookOnQueenFile 5/3; half-open (Black's d5)
        // 14/4.
        // Horse a3: reaches b5, which c4 defends and no black pawn can attack (d5 covers
        // c4 e4 and below): ReachableOutpost 20/11. f1 to a3 is five steps: −25/−20.
        // −69 + 19 + 20 − 25 = −55 mg, −10 + 7 + 11 − 20 = −12 eg.
        // Black: the rook d1 has one man, the pawn d5, between it and the bers: WeakQueen
        // −33/−8.
        let text = "3q2k1/8/8/3p4/2P5/N7/6PP/3R1K1R w - - 0 1";
        let (w, b) = white_and_black(text, Ruleset::OFFICIAL);
        assert_eq!(w, s(-55, -12));
        assert_eq!(b, s(-33, -8));
        // The weak bers (fsf) is open to the same pin.
        let text = "3j2k1/8/8/3p4/2P5/N7/6PP/3R1K1R w - - 0 1";
        let (w, b) = white_and_black(text, Ruleset::FSF);
        assert_eq!(w, s(-55, -12));
        assert_eq!(b, s(-33, -8));
        // With the king on e2 the rook h1 gets out along the first rank: it reaches g1
        // f1 e1 d1 (our rook, in the mobility area): mobility 4, not trapped. e2 to a3 is
        // four steps: 19 + 20 − 20 = 19 mg, 7 + 11 − 16 = 2 eg.
        let text = "3q2k1/8/8/3p4/2P5/N7/4K1PP/3R3R w - - 0 1";
        assert_eq!(white_and_black(text, Ruleset::OFFICIAL).0, s(19, 2));
        // King f2 (its second rank) and a camel on e1: the rook h1 reaches g1, f1 and e1,
        // mobility 3: trapped, −69/−10. The horse is five steps from f2 (−25/−20). The
        // camel: one step from the king (−5/−4); e1 and h2 dark, c4 and g2 light: one
        // pawn on its colour, none blocked (−2/−4); it sees d2 c3 b4 a5 and f2 g3 h4: no
        // centre square, no outpost. −69 + 19 + 20 − 25 − 7 = −62 mg,
        // −10 + 7 + 11 − 20 − 8 = −20 eg.
        let text = "3q2k1/8/8/3p4/2P5/N7/5KPP/3RB2R w - - 0 1";
        assert_eq!(white_and_black(text, Ruleset::OFFICIAL).0, s(-62, -20));
        // The king on f3 (its third rank): trapped all the same, as in Stockfish 11
        // (−69/−10). Horse five steps (−25/−20), camel two (−10/−8), its pawn −2/−4:
        // −69 + 19 + 20 − 25 − 12 = −67 mg, −10 + 7 + 11 − 20 − 12 = −24 eg.
        let text = "3q2k1/8/8/3p4/2P5/N4K2/6PP/3RB2R w - - 0 1";
        assert_eq!(white_and_black(text, Ruleset::OFFICIAL).0, s(-67, -24));
        // Without the pawn on d5 the rook attacks the bers directly: no pin, no
        // discovery; the d-file is open (30/15): −69 + 35 + 20 − 25 = −39 mg,
        // −10 + 18 + 11 − 20 = −1 eg. b5 is still an outpost (no black pawn at all).
        let text = "3q2k1/8/8/8/2P5/N7/6PP/3R1K1R w - - 0 1";
        let (w, b) = white_and_black(text, Ruleset::OFFICIAL);
        assert_eq!(w, s(-39, -1));
        assert_eq!(b, s(0, 0));
    }

    /// Stockfish 11's `TrappedRook` as Fairy-Stockfish 11.1 evaluates it (the pieces
    /// rows of its `eval`): wherever the king stands, and with the rook on the king's own
    /// file when the king is on the e- to h-files.
    #[test]
    fn trapped_rook_as_fairy_stockfish() {
        let mut untrapped = HAND;
        untrapped[P::PieceTrappedRookMg as usize] = 0;
        untrapped[P::PieceTrappedRookEg as usize] = 0;
        for (fen_text, color) in [
            // Black's king on c6 (its third rank), the a8 rook beyond it with two squares.
            (
                "r1b4r/p1p3p1/2kb1npp/Ppp1p3/4P3/3P1N1P/1PP2PP1/RNBK3R w - - 0 15",
                Color::Black,
            ),
            // Black's king on h7, the h8 rook on its file with f8 and g8.
            (
                "2rqn2r/3bppbk/p5p1/p2pP2p/2pP1B1P/2P2PP1/1PB1Q1K1/R4N1R b - - 2 30",
                Color::Black,
            ),
        ] {
            let pos = fen::read(fen_text, Ruleset::OFFICIAL).unwrap();
            let map = AttackMap::new(&pos);
            assert_eq!(
                pieces(&HAND, &pos, color, &map) - pieces(&untrapped, &pos, color, &map),
                s(-69, -10),
                "{fen_text}"
            );
        }
    }
}
