//! Attack tables: which squares a man on a square attacks.
//!
//! Leapers (king, horse, pawn, the bers's diagonal step) are plain tables. Sliders (rook,
//! camel, the full-queen bers) use "fancy" magic bitboards: the relevant occupancy is
//! multiplied by a magic number whose top bits index a shared table. The magic numbers below
//! were found by the deterministic search in this file (`find_magic`); the tables are filled
//! at first use, and each embedded number is verified while filling: should one ever
//! collide, the search runs again for that square.

use crate::{Bitboard, Color, Square};
use std::sync::LazyLock;

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const CAMEL_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const HORSE_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

const ROOK_MAGICS: [u64; 64] = [
    0x1080004008801020,
    0x0840092002c03000,
    0x1900200010400900,
    0x0880100008000480,
    0x4200100420080200,
    0x8100020100080400,
    0x0200040110886200,
    0x0200008040220411,
    0x0404800084400220,
    0x0000401000402000,
    0x0086001081220440,
    0x0408800800100280,
    0x000a001201040820,
    0x8848800200840080,
    0x4001000100040200,
    0x0442000102105084,
    0x9080010020804100,
    0x0040404000201009,
    0x0000808010002009,
    0x2200090021d00100,
    0x0008008008040080,
    0x0004004002010040,
    0x0011040008015042,
    0x00000a0001768104,
    0x0000800080204009,
    0x2010004140002001,
    0x9800200280100080,
    0x1000100080080080,
    0x0442000a00049020,
    0x2100040080020080,
    0x0800120400900148,
    0x0010040a00128541,
    0x2800804000800030,
    0x1010002000400041,
    0x4000200011004100,
    0x0610008410800800,
    0x0400802402800800,
    0xc100020080800400,
    0x0002000802000401,
    0x0182085882000401,
    0x0220204000808000,
    0x2860100040024022,
    0x0001002004110040,
    0x99101042000a0020,
    0x0004080004008080,
    0x0010040002008080,
    0x2012004881020004,
    0x8300842444820011,
    0x0088403882010200,
    0x0820400080210100,
    0x0110910040a00300,
    0x0801100280080480,
    0x0242009008200600,
    0x1002000489500200,
    0x0040800200010080,
    0x0091800041000080,
    0x0000209300488001,
    0x04c1002414824001,
    0x020020000b001041,
    0x7000100004200901,
    0x8002002004100802,
    0x30010002084c0007,
    0x0888221800813004,
    0x4000002840840112,
];
const CAMEL_MAGICS: [u64; 64] = [
    0x2048017020910100,
    0x0044410424008008,
    0x040828a400900000,
    0x8002209200022000,
    0x0002021000540002,
    0x0021018840000000,
    0x00009e8420204002,
    0x00a0920110084480,
    0x4003062018010110,
    0x0221046812004e09,
    0x01e11002958912a0,
    0x0000044410804000,
    0x0000821210000080,
    0x080201102210a800,
    0x0080040411045004,
    0x00704a1842021000,
    0x1005061070322800,
    0x0018001010410444,
    0x0010000800401420,
    0x2204002844000800,
    0x2052020412022280,
    0x000a020101008208,
    0x0040400201042000,
    0x03e1082040480410,
    0x1004200004208414,
    0x08700400984808c8,
    0x0088080004004410,
    0x008c0240140100a2,
    0x0008840001822000,
    0x0050088001080100,
    0x98140840040a2200,
    0x3002020900210110,
    0x1004040640206000,
    0x1090909000840400,
    0x9002444810100020,
    0x4000020080080080,
    0x0028020400011010,
    0x0290808300020100,
    0x8010020882004410,
    0x0604010040082c20,
    0x20040104c0801008,
    0x6004208424001050,
    0x1002840041000800,
    0x0200042018000102,
    0xa8002000a0821c00,
    0x0040080802201910,
    0x0222620444000100,
    0x0002080041020088,
    0x1500820110401050,
    0x0000492090100080,
    0x0900410041100000,
    0x0302000420880000,
    0x0010501202020020,
    0x0008200490049040,
    0x0462080214a40120,
    0x2421310102008100,
    0x2400420080884060,
    0x0800804406184208,
    0x0b0080124a084400,
    0x082e082300840412,
    0x6051049040082200,
    0xc610211002102101,
    0x0000048808010433,
    0x0010200804405440,
];

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline]
    fn index(&self, occupied: Bitboard) -> usize {
        self.offset + (((occupied.0 & self.mask).wrapping_mul(self.magic)) >> self.shift) as usize
    }
}

struct Tables {
    king: [u64; 64],
    horse: [u64; 64],
    diagonal_step: [u64; 64],
    pawn: [[u64; 64]; 2],
    rook: [Magic; 64],
    camel: [Magic; 64],
    sliding: Vec<u64>,
    /// Squares strictly between two squares on a common line, else empty.
    between: Vec<u64>,
    /// The whole line through two squares (edge to edge), else empty.
    line: Vec<u64>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::new);

fn steps(sq: Square, deltas: &[(i8, i8)]) -> u64 {
    deltas
        .iter()
        .filter_map(|&(df, dr)| sq.offset(df, dr))
        .fold(0, |bb, to| bb | 1 << to.index())
}

/// Slider attacks by walking rays (used to build the tables and in tests).
fn slide(sq: Square, occupied: u64, dirs: &[(i8, i8)]) -> u64 {
    let mut bb = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            bb |= 1 << next.index();
            if occupied & (1 << next.index()) != 0 {
                break;
            }
            cur = next;
        }
    }
    bb
}

/// Occupancy bits that matter for a slider on `sq`: the rays without their last square.
fn relevant_mask(sq: Square, dirs: &[(i8, i8)]) -> u64 {
    let mut bb = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            if next.offset(df, dr).is_none() {
                break;
            }
            bb |= 1 << next.index();
            cur = next;
        }
    }
    bb
}

/// xorshift64*, deterministic.
struct Prng(u64);

impl Prng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn fill_magics(
    dirs: &[(i8, i8)],
    known: &[u64; 64],
    magics: &mut [Magic; 64],
    table: &mut Vec<u64>,
    seed: u64,
) {
    let mut rng = Prng(seed);
    let mut occupancies = Vec::with_capacity(4096);
    let mut references = Vec::with_capacity(4096);
    let mut epoch = vec![0u32; 4096];
    let mut used = vec![0u64; 4096];
    let mut attempt = 0u32;
    for sq in Square::all() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        occupancies.clear();
        references.clear();
        // Carry-rippler enumeration of every subset of the mask.
        let mut subset = 0u64;
        loop {
            occupancies.push(subset);
            references.push(slide(sq, subset, dirs));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let shift = 64 - bits;
        let size = 1usize << bits;
        let mut candidates =
            std::iter::once(known[sq.index()]).chain(std::iter::repeat_with(|| rng.sparse()));
        let magic = loop {
            let candidate = candidates.next().unwrap_or_default();
            if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            let ok = occupancies.iter().zip(&references).all(|(&occ, &att)| {
                let idx = (occ.wrapping_mul(candidate) >> shift) as usize;
                if epoch[idx] != attempt {
                    epoch[idx] = attempt;
                    used[idx] = att;
                    true
                } else {
                    used[idx] == att
                }
            });
            if ok {
                break candidate;
            }
        };
        let offset = table.len();
        table.resize(offset + size, 0);
        for (&occ, &att) in occupancies.iter().zip(&references) {
            table[offset + (occ.wrapping_mul(magic) >> shift) as usize] = att;
        }
        magics[sq.index()] = Magic {
            mask,
            magic,
            shift,
            offset,
        };
    }
}

impl Tables {
    fn new() -> Tables {
        let mut king = [0; 64];
        let mut horse = [0; 64];
        let mut diagonal_step = [0; 64];
        let mut pawn = [[0; 64]; 2];
        for sq in Square::all() {
            let i = sq.index();
            king[i] = steps(
                sq,
                &[
                    (1, 0),
                    (-1, 0),
                    (0, 1),
                    (0, -1),
                    (1, 1),
                    (1, -1),
                    (-1, 1),
                    (-1, -1),
                ],
            );
            horse[i] = steps(sq, &HORSE_STEPS);
            diagonal_step[i] = steps(sq, &CAMEL_DIRS);
            pawn[0][i] = steps(sq, &[(-1, 1), (1, 1)]);
            pawn[1][i] = steps(sq, &[(-1, -1), (1, -1)]);
        }
        let mut sliding = Vec::with_capacity(110_000);
        let mut rook = [Magic::default(); 64];
        let mut camel = [Magic::default(); 64];
        fill_magics(
            &ROOK_DIRS,
            &ROOK_MAGICS,
            &mut rook,
            &mut sliding,
            0x9e37_79b9_7f4a_7c15,
        );
        fill_magics(
            &CAMEL_DIRS,
            &CAMEL_MAGICS,
            &mut camel,
            &mut sliding,
            0xd1b5_4a32_d192_ed03,
        );

        let mut between = vec![0u64; 64 * 64];
        let mut line = vec![0u64; 64 * 64];
        for a in Square::all() {
            for dirs in [&ROOK_DIRS, &CAMEL_DIRS] {
                for &(df, dr) in dirs.iter() {
                    let full_line = slide(a, 0, &[(df, dr), (-df, -dr)]) | 1 << a.index();
                    let mut cur = a;
                    let mut gap = 0u64;
                    while let Some(b) = cur.offset(df, dr) {
                        between[a.index() * 64 + b.index()] = gap;
                        line[a.index() * 64 + b.index()] = full_line;
                        gap |= 1 << b.index();
                        cur = b;
                    }
                }
            }
        }
        Tables {
            king,
            horse,
            diagonal_step,
            pawn,
            rook,
            camel,
            sliding,
            between,
            line,
        }
    }
}

/// Forces the tables to be built now (they are built lazily on first use otherwise).
pub fn init() {
    LazyLock::force(&TABLES);
}

/// King attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(TABLES.king[sq.index()])
}

/// Horse attacks (a chess knight; it cannot be blocked, S4 ch.1 §3 一.4 "无蹩脚").
#[inline]
pub fn horse_attacks(sq: Square) -> Bitboard {
    Bitboard(TABLES.horse[sq.index()])
}

/// The four diagonal neighbours: the extra step of the weak bers.
#[inline]
pub fn diagonal_step_attacks(sq: Square) -> Bitboard {
    Bitboard(TABLES.diagonal_step[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks (one step diagonally forward).
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(TABLES.pawn[color.index()][sq.index()])
}

/// Rook attacks given the occupied squares.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    Bitboard(t.sliding[t.rook[sq.index()].index(occupied)])
}

/// Camel (bishop) attacks given the occupied squares.
#[inline]
pub fn camel_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    Bitboard(t.sliding[t.camel[sq.index()].index(occupied)])
}

/// Full bers (queen) attacks.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | camel_attacks(sq, occupied)
}

/// Weak bers attacks: rook moves plus one diagonal step (S3 traditional; FSF's `J`).
#[inline]
pub fn weak_bers_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | diagonal_step_attacks(sq)
}

/// Squares strictly between `a` and `b` when they share a rank, file or diagonal.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.between[a.index() * 64 + b.index()])
}

/// The full line through `a` and `b` when they share one, else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.line[a.index() * 64 + b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn magics_agree_with_ray_walks() {
        let mut rng = Prng(42);
        for s in Square::all() {
            for _ in 0..200 {
                let occ = rng.next() & rng.next();
                assert_eq!(rook_attacks(s, Bitboard(occ)).0, slide(s, occ, &ROOK_DIRS));
                assert_eq!(
                    camel_attacks(s, Bitboard(occ)).0,
                    slide(s, occ, &CAMEL_DIRS)
                );
            }
        }
    }

    #[test]
    fn searched_magics_are_valid_too() {
        // With no usable embedded numbers the search must still produce a correct table.
        let mut magics = [Magic::default(); 64];
        let mut table = Vec::new();
        fill_magics(&CAMEL_DIRS, &[0; 64], &mut magics, &mut table, 7);
        let mut rng = Prng(9);
        for s in Square::all() {
            let occ = rng.next() & rng.next();
            assert_eq!(
                table[magics[s.index()].index(Bitboard(occ))],
                slide(s, occ, &CAMEL_DIRS)
            );
        }
    }

    #[test]
    fn leapers() {
        assert_eq!(horse_attacks(sq("a1")).count(), 2);
        assert_eq!(horse_attacks(sq("d4")).count(), 8);
        assert_eq!(king_attacks(sq("h8")).count(), 3);
        assert_eq!(weak_bers_attacks(sq("d4"), Bitboard::EMPTY).count(), 14 + 4);
        assert!(pawn_attacks(Color::White, sq("e4")).contains(sq("d5")));
        assert!(pawn_attacks(Color::Black, sq("e4")).contains(sq("f3")));
    }

    #[test]
    fn between_and_line() {
        assert_eq!(
            between(sq("a1"), sq("d4")),
            Bitboard::from_square(sq("b2")) | Bitboard::from_square(sq("c3"))
        );
        assert!(between(sq("a1"), sq("b3")).is_empty());
        assert!(line(sq("a1"), sq("b3")).is_empty());
        assert_eq!(line(sq("e1"), sq("e5")), Bitboard::file(crate::File::E));
    }
}
