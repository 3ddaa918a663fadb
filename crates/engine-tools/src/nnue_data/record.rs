//! One training position in 32 bytes: the men, the side to move, the search's score, the
//! game's result and the ruleset. Every field is little-endian.
//!
//! | bytes | field |
//! |---|---|
//! | 0–7 | occupancy: bit `i` set when a man stands on square `i` (a1 = 0, b1 = 1 … h8 = 63) |
//! | 8–23 | the men, one nibble each in the order of the occupancy's set bits, low nibble first: bit 3 = Black, bits 0–2 = [`Kind`] (0 pawn, 1 horse, 2 camel, 3 rook, 4 full bers, 5 weak bers, 6 king, 7 returning pawn); unused nibbles 0 |
//! | 24–25 | the search's score in centipawns for the side to move, `i16` |
//! | 26 | the game's result for the side to move: 0 lost, 1 drawn, 2 won |
//! | 27 | the side to move: 0 White, 1 Black |
//! | 28 | the ruleset: its index in [`Preset::ALL`] (0 official, 1 competition, 2 traditional, 3 fsf, 4 traditional-step-back) |
//! | 29 | the halfmove clock, capped at 255 |
//! | 30–31 | the fullmove number, `u16` |
//!
//! A record holds at most 32 men, as every game does.

use shatar_engine::nnue::features::{self, Kind};
use shatar_rules::ruleset::BersMove;
use shatar_rules::{Color, Position, Preset};

/// The size of a record in bytes.
pub const RECORD_BYTES: usize = 32;

/// The most men a record holds.
pub const MAX_MEN: usize = 32;

/// A game's result for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wdl {
    /// The side to move lost the game.
    Loss = 0,
    /// The game was drawn.
    Draw = 1,
    /// The side to move won the game.
    Win = 2,
}

impl Wdl {
    /// The result as a score for the side to move: 0, ½ or 1.
    pub fn score(self) -> f32 {
        f32::from(self as u8) / 2.0
    }
}

/// One man of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Man {
    /// Its square, 0 = a1 … 63 = h8.
    pub square: u8,
    /// Its colour.
    pub color: Color,
    /// Its kind.
    pub kind: Kind,
}

/// A training position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The men, by square.
    pub men: arrayvec::ArrayVec<Man, MAX_MEN>,
    /// The side to move.
    pub turn: Color,
    /// The search's score in centipawns for the side to move.
    pub score: i16,
    /// The game's result for the side to move.
    pub result: Wdl,
    /// The ruleset the game was played under.
    pub preset: Preset,
    /// The halfmove clock, capped at 255.
    pub halfmoves: u8,
    /// The fullmove number.
    pub fullmoves: u16,
}

/// Why 32 bytes are not a record, or a position cannot be one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// More than 32 men.
    #[error("{0} men: a record holds at most 32")]
    TooManyMen(u32),
    /// A byte out of its range.
    #[error("byte {offset}: {value} is not a valid {field}")]
    BadByte {
        /// The byte's offset in the record.
        offset: usize,
        /// Its value.
        value: u8,
        /// The field it belongs to.
        field: &'static str,
    },
    /// A nibble past the last man is not zero.
    #[error("the men's nibbles past the last man are not zero")]
    TrailingMen,
}

impl Record {
    /// The record of `pos` with its score and result.
    pub fn from_position(
        pos: &Position,
        score: i16,
        result: Wdl,
        preset: Preset,
    ) -> Result<Record, RecordError> {
        let occupied = pos.board().occupied();
        if occupied.count() as usize > MAX_MEN {
            return Err(RecordError::TooManyMen(occupied.count()));
        }
        let mut men = arrayvec::ArrayVec::new();
        for sq in occupied {
            if let Some((color, kind)) = Kind::at(pos, sq) {
                men.push(Man {
                    square: sq.index() as u8,
                    color,
                    kind,
                });
            }
        }
        Ok(Record {
            men,
            turn: pos.turn(),
            score,
            result,
            preset,
            halfmoves: pos.halfmoves().min(255) as u8,
            fullmoves: pos.fullmoves().min(u32::from(u16::MAX)) as u16,
        })
    }

    /// The 32 bytes of the record.
    pub fn to_bytes(&self) -> [u8; RECORD_BYTES] {
        let mut b = [0u8; RECORD_BYTES];
        let occupancy = self.men.iter().fold(0u64, |o, m| o | 1u64 << m.square);
        b[0..8].copy_from_slice(&occupancy.to_le_bytes());
        let mut men: Vec<&Man> = self.men.iter().collect();
        men.sort_by_key(|m| m.square);
        for (i, m) in men.iter().enumerate() {
            let nibble = (m.kind as u8) | (u8::from(m.color == Color::Black) << 3);
            b[8 + i / 2] |= nibble << (4 * (i % 2));
        }
        b[24..26].copy_from_slice(&self.score.to_le_bytes());
        b[26] = self.result as u8;
        b[27] = u8::from(self.turn == Color::Black);
        b[28] = Preset::ALL
            .iter()
            .position(|&p| p == self.preset)
            .unwrap_or(0) as u8;
        b[29] = self.halfmoves;
        b[30..32].copy_from_slice(&self.fullmoves.to_le_bytes());
        b
    }

    /// Reads 32 bytes written by [`Record::to_bytes`].
    pub fn from_bytes(b: &[u8; RECORD_BYTES]) -> Result<Record, RecordError> {
        let mut occupancy = u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        if occupancy.count_ones() as usize > MAX_MEN {
            return Err(RecordError::TooManyMen(occupancy.count_ones()));
        }
        let mut men = arrayvec::ArrayVec::new();
        let mut i = 0;
        while occupancy != 0 {
            let square = occupancy.trailing_zeros() as u8;
            occupancy &= occupancy - 1;
            let nibble = (b[8 + i / 2] >> (4 * (i % 2))) & 0xf;
            let kind = Kind::from_index(usize::from(nibble & 7)).ok_or(RecordError::BadByte {
                offset: 8 + i / 2,
                value: b[8 + i / 2],
                field: "man",
            })?;
            let color = if nibble & 8 == 0 {
                Color::White
            } else {
                Color::Black
            };
            men.push(Man {
                square,
                color,
                kind,
            });
            i += 1;
        }
        for j in i..MAX_MEN {
            if (b[8 + j / 2] >> (4 * (j % 2))) & 0xf != 0 {
                return Err(RecordError::TrailingMen);
            }
        }
        let result = match b[26] {
            0 => Wdl::Loss,
            1 => Wdl::Draw,
            2 => Wdl::Win,
            value => {
                return Err(RecordError::BadByte {
                    offset: 26,
                    value,
                    field: "result",
                });
            }
        };
        let turn = match b[27] {
            0 => Color::White,
            1 => Color::Black,
            value => {
                return Err(RecordError::BadByte {
                    offset: 27,
                    value,
                    field: "side to move",
                });
            }
        };
        let preset = *Preset::ALL
            .get(usize::from(b[28]))
            .ok_or(RecordError::BadByte {
                offset: 28,
                value: b[28],
                field: "ruleset",
            })?;
        Ok(Record {
            men,
            turn,
            score: i16::from_le_bytes([b[24], b[25]]),
            result,
            preset,
            halfmoves: b[29],
            fullmoves: u16::from_le_bytes([b[30], b[31]]),
        })
    }

    /// The network's active features of the record for `perspective`.
    pub fn features(&self, perspective: Color) -> impl Iterator<Item = usize> + '_ {
        self.men
            .iter()
            .map(move |m| features::index(perspective, m.color, m.kind, usize::from(m.square)))
    }

    /// Whether the record's ruleset has the queen-like bers (official, competition): the
    /// family its network is trained for.
    pub fn queen_like_bers(&self) -> bool {
        self.preset.ruleset().bers == BersMove::Queen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{Ruleset, fen};

    #[test]
    fn the_start_position_in_bytes_by_hand() {
        let pos = Position::start(Ruleset::OFFICIAL);
        let r = Record::from_position(&pos, -25, Wdl::Draw, Preset::Official).unwrap();
        let b = r.to_bytes();
        assert_eq!(&b[0..8], &0xffff_0000_0000_ffffu64.to_le_bytes());
        // a1 rook (3), b1 horse (1), c1 camel (2), d1 full bers (4), e1 king (6), f1 camel,
        // g1 horse, h1 rook; then eight pawns (0); Black the same with bit 3 set.
        assert_eq!(&b[8..12], &[0x13, 0x42, 0x26, 0x31]);
        assert_eq!(&b[12..16], &[0, 0, 0, 0]);
        assert_eq!(&b[16..20], &[0x88, 0x88, 0x88, 0x88]);
        assert_eq!(&b[20..24], &[0x9b, 0xca, 0xae, 0xb9]);
        assert_eq!(&b[24..32], &[0xe7, 0xff, 1, 0, 0, 0, 1, 0]);
        assert_eq!(Record::from_bytes(&b).unwrap(), r);
        // Under fsf the bers is the weak one (5), and the ruleset byte is 3.
        let pos = Position::start(Ruleset::FSF);
        let b = Record::from_position(&pos, 0, Wdl::Win, Preset::Fsf)
            .unwrap()
            .to_bytes();
        assert_eq!(b[9], 0x52);
        assert_eq!(b[26..29], [2, 0, 3]);
    }

    #[test]
    fn marks_side_and_counts_are_kept() {
        // Under traditional-step-back: a returning white pawn on b7, a weak black bers
        // on d5, Black to move at move 41 with 7 halfmoves.
        let pos = fen::read(
            "4k3/1P~6/8/3j4/8/8/8/4K3 b - - 7 41",
            Ruleset::TRADITIONAL_STEP_BACK,
        )
        .unwrap();
        let r = Record::from_position(&pos, 120, Wdl::Loss, Preset::TraditionalStepBack).unwrap();
        let b = r.to_bytes();
        let squares: Vec<u8> = r.men.iter().map(|m| m.square).collect();
        assert_eq!(squares, [4, 35, 49, 60]);
        // e1 white king 6, d5 black weak bers 8|5, b7 white returning pawn 7, e8 black king.
        assert_eq!(&b[8..10], &[0xd6, 0xe7]);
        assert_eq!(&b[24..32], &[120, 0, 0, 1, 4, 7, 41, 0]);
        assert_eq!(Record::from_bytes(&b).unwrap(), r);
    }

    #[test]
    fn bad_bytes_are_named() {
        let pos = Position::start(Ruleset::FSF);
        let good = Record::from_position(&pos, 0, Wdl::Win, Preset::Fsf)
            .unwrap()
            .to_bytes();
        let mut b = good;
        b[26] = 3;
        assert_eq!(
            Record::from_bytes(&b),
            Err(RecordError::BadByte {
                offset: 26,
                value: 3,
                field: "result"
            })
        );
        let mut b = good;
        b[28] = 9;
        assert!(matches!(
            Record::from_bytes(&b),
            Err(RecordError::BadByte { offset: 28, .. })
        ));
        // One man fewer in the occupancy leaves a nibble past the last man.
        let mut b = good;
        b[7] &= 0x7f;
        assert_eq!(Record::from_bytes(&b), Err(RecordError::TrailingMen));
        let mut b = good;
        b[0..8].copy_from_slice(&u64::MAX.to_le_bytes());
        assert_eq!(Record::from_bytes(&b), Err(RecordError::TooManyMen(64)));
    }
}
