//! The evaluation's weights as one flat table, so that a tuner can change any of them and
//! the evaluation can be run with the changed table (`evaluate_with`). The values in play
//! are [`TUNED`] (made by `examples/texel_tune.rs`, see the README); [`HAND`] keeps the
//! hand-set values the tuning started from. Middlegame and endgame values of one term
//! are adjacent (`…Mg`, then `…Eg`).

macro_rules! define_params {
    ($($name:ident = $default:expr,)*) => {
        /// The index of each weight in [`Params`].
        #[allow(missing_docs)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum P {
            $($name,)*
        }
        /// The weights' names, in index order.
        pub const NAMES: &[&str] = &[$(stringify!($name),)*];
        /// The hand-set values the tuning started from.
        pub const HAND: Params = [$($default,)*];
    };
}

/// The number of weights.
pub const COUNT: usize = 599;

/// A full set of weights.
pub type Params = [i32; COUNT];

define_params! {
    MatPawnMg = 85, MatPawnEg = 110,
    MatHorseMg = 310, MatHorseEg = 290,
    MatCamelMg = 320, MatCamelEg = 310,
    MatRookMg = 480, MatRookEg = 540,
    MatBersQueenMg = 920, MatBersQueenEg = 980,
    MatBersWeakMg = 600, MatBersWeakEg = 650,
    // Piece-square tables (`material.rs`): for each role, files a to d (e to h mirror
    // them) and ranks 1 to 8 counted from the man's own side (the pawn's 2 to 7), the
    // middlegame then the endgame value of each square. The start values are the formula
    // tables these replaced (a rank bonus for pawns, centre distance for the pieces, the
    // seventh rank and centre files for rooks, the first ranks for the king), as tuned then.
    PsqPawnA2Mg = 0, PsqPawnA2Eg = 0, PsqPawnB2Mg = 0, PsqPawnB2Eg = 0,
    PsqPawnC2Mg = 0, PsqPawnC2Eg = 0, PsqPawnD2Mg = 0, PsqPawnD2Eg = 0,
    PsqPawnA3Mg = 12, PsqPawnA3Eg = -12, PsqPawnB3Mg = 12, PsqPawnB3Eg = -12,
    PsqPawnC3Mg = 12, PsqPawnC3Eg = -12, PsqPawnD3Mg = 24, PsqPawnD3Eg = -12,
    PsqPawnA4Mg = 18, PsqPawnA4Eg = -6, PsqPawnB4Mg = 18, PsqPawnB4Eg = -6,
    PsqPawnC4Mg = 18, PsqPawnC4Eg = -6, PsqPawnD4Mg = 30, PsqPawnD4Eg = -6,
    PsqPawnA5Mg = 18, PsqPawnA5Eg = 12, PsqPawnB5Mg = 18, PsqPawnB5Eg = 12,
    PsqPawnC5Mg = 18, PsqPawnC5Eg = 12, PsqPawnD5Mg = 30, PsqPawnD5Eg = 12,
    PsqPawnA6Mg = 44, PsqPawnA6Eg = 42, PsqPawnB6Mg = 44, PsqPawnB6Eg = 42,
    PsqPawnC6Mg = 44, PsqPawnC6Eg = 42, PsqPawnD6Mg = 44, PsqPawnD6Eg = 42,
    PsqPawnA7Mg = 29, PsqPawnA7Eg = 39, PsqPawnB7Mg = 29, PsqPawnB7Eg = 39,
    PsqPawnC7Mg = 29, PsqPawnC7Eg = 39, PsqPawnD7Mg = 29, PsqPawnD7Eg = 39,
    PsqHorseA1Mg = -22, PsqHorseA1Eg = -15, PsqHorseB1Mg = -14, PsqHorseB1Eg = -10,
    PsqHorseC1Mg = -6, PsqHorseC1Eg = -5, PsqHorseD1Mg = 2, PsqHorseD1Eg = 0,
    PsqHorseA2Mg = -14, PsqHorseA2Eg = -10, PsqHorseB2Mg = -6, PsqHorseB2Eg = -5,
    PsqHorseC2Mg = 2, PsqHorseC2Eg = 0, PsqHorseD2Mg = 10, PsqHorseD2Eg = 5,
    PsqHorseA3Mg = -6, PsqHorseA3Eg = -5, PsqHorseB3Mg = 2, PsqHorseB3Eg = 0,
    PsqHorseC3Mg = 10, PsqHorseC3Eg = 5, PsqHorseD3Mg = 18, PsqHorseD3Eg = 10,
    PsqHorseA4Mg = 2, PsqHorseA4Eg = 0, PsqHorseB4Mg = 10, PsqHorseB4Eg = 5,
    PsqHorseC4Mg = 18, PsqHorseC4Eg = 10, PsqHorseD4Mg = 26, PsqHorseD4Eg = 15,
    PsqHorseA5Mg = 2, PsqHorseA5Eg = 0, PsqHorseB5Mg = 10, PsqHorseB5Eg = 5,
    PsqHorseC5Mg = 18, PsqHorseC5Eg = 10, PsqHorseD5Mg = 26, PsqHorseD5Eg = 15,
    PsqHorseA6Mg = -6, PsqHorseA6Eg = -5, PsqHorseB6Mg = 2, PsqHorseB6Eg = 0,
    PsqHorseC6Mg = 10, PsqHorseC6Eg = 5, PsqHorseD6Mg = 18, PsqHorseD6Eg = 10,
    PsqHorseA7Mg = -14, PsqHorseA7Eg = -10, PsqHorseB7Mg = -6, PsqHorseB7Eg = -5,
    PsqHorseC7Mg = 2, PsqHorseC7Eg = 0, PsqHorseD7Mg = 10, PsqHorseD7Eg = 5,
    PsqHorseA8Mg = -22, PsqHorseA8Eg = -15, PsqHorseB8Mg = -14, PsqHorseB8Eg = -10,
    PsqHorseC8Mg = -6, PsqHorseC8Eg = -5, PsqHorseD8Mg = 2, PsqHorseD8Eg = 0,
    PsqCamelA1Mg = -12, PsqCamelA1Eg = -9, PsqCamelB1Mg = -10, PsqCamelB1Eg = -6,
    PsqCamelC1Mg = -8, PsqCamelC1Eg = -3, PsqCamelD1Mg = -6, PsqCamelD1Eg = 0,
    PsqCamelA2Mg = -10, PsqCamelA2Eg = -6, PsqCamelB2Mg = -2, PsqCamelB2Eg = -3,
    PsqCamelC2Mg = 0, PsqCamelC2Eg = 0, PsqCamelD2Mg = 2, PsqCamelD2Eg = 3,
    PsqCamelA3Mg = -8, PsqCamelA3Eg = -3, PsqCamelB3Mg = 0, PsqCamelB3Eg = 0,
    PsqCamelC3Mg = 8, PsqCamelC3Eg = 3, PsqCamelD3Mg = 10, PsqCamelD3Eg = 6,
    PsqCamelA4Mg = -6, PsqCamelA4Eg = 0, PsqCamelB4Mg = 2, PsqCamelB4Eg = 3,
    PsqCamelC4Mg = 10, PsqCamelC4Eg = 6, PsqCamelD4Mg = 18, PsqCamelD4Eg = 9,
    PsqCamelA5Mg = -6, PsqCamelA5Eg = 0, PsqCamelB5Mg = 2, PsqCamelB5Eg = 3,
    PsqCamelC5Mg = 10, PsqCamelC5Eg = 6, PsqCamelD5Mg = 18, PsqCamelD5Eg = 9,
    PsqCamelA6Mg = -8, PsqCamelA6Eg = -3, PsqCamelB6Mg = 0, PsqCamelB6Eg = 0,
    PsqCamelC6Mg = 8, PsqCamelC6Eg = 3, PsqCamelD6Mg = 10, PsqCamelD6Eg = 6,
    PsqCamelA7Mg = -10, PsqCamelA7Eg = -6, PsqCamelB7Mg = -2, PsqCamelB7Eg = -3,
    PsqCamelC7Mg = 0, PsqCamelC7Eg = 0, PsqCamelD7Mg = 2, PsqCamelD7Eg = 3,
    PsqCamelA8Mg = -12, PsqCamelA8Eg = -9, PsqCamelB8Mg = -10, PsqCamelB8Eg = -6,
    PsqCamelC8Mg = -8, PsqCamelC8Eg = -3, PsqCamelD8Mg = -6, PsqCamelD8Eg = 0,
    PsqRookA1Mg = 0, PsqRookA1Eg = 0, PsqRookB1Mg = 0, PsqRookB1Eg = 0,
    PsqRookC1Mg = 12, PsqRookC1Eg = 0, PsqRookD1Mg = 12, PsqRookD1Eg = 0,
    PsqRookA2Mg = 0, PsqRookA2Eg = 0, PsqRookB2Mg = 0, PsqRookB2Eg = 0,
    PsqRookC2Mg = 12, PsqRookC2Eg = 0, PsqRookD2Mg = 12, PsqRookD2Eg = 0,
    PsqRookA3Mg = 0, PsqRookA3Eg = 0, PsqRookB3Mg = 0, PsqRookB3Eg = 0,
    PsqRookC3Mg = 12, PsqRookC3Eg = 0, PsqRookD3Mg = 12, PsqRookD3Eg = 0,
    PsqRookA4Mg = 0, PsqRookA4Eg = 0, PsqRookB4Mg = 0, PsqRookB4Eg = 0,
    PsqRookC4Mg = 12, PsqRookC4Eg = 0, PsqRookD4Mg = 12, PsqRookD4Eg = 0,
    PsqRookA5Mg = 0, PsqRookA5Eg = 0, PsqRookB5Mg = 0, PsqRookB5Eg = 0,
    PsqRookC5Mg = 12, PsqRookC5Eg = 0, PsqRookD5Mg = 12, PsqRookD5Eg = 0,
    PsqRookA6Mg = 0, PsqRookA6Eg = 0, PsqRookB6Mg = 0, PsqRookB6Eg = 0,
    PsqRookC6Mg = 12, PsqRookC6Eg = 0, PsqRookD6Mg = 12, PsqRookD6Eg = 0,
    PsqRookA7Mg = 31, PsqRookA7Eg = 18, PsqRookB7Mg = 31, PsqRookB7Eg = 18,
    PsqRookC7Mg = 43, PsqRookC7Eg = 18, PsqRookD7Mg = 43, PsqRookD7Eg = 18,
    PsqRookA8Mg = 0, PsqRookA8Eg = 0, PsqRookB8Mg = 0, PsqRookB8Eg = 0,
    PsqRookC8Mg = 12, PsqRookC8Eg = 0, PsqRookD8Mg = 12, PsqRookD8Eg = 0,
    PsqBersQueenA1Mg = 10, PsqBersQueenA1Eg = -12, PsqBersQueenB1Mg = 12, PsqBersQueenB1Eg = 8,
    PsqBersQueenC1Mg = 14, PsqBersQueenC1Eg = 28, PsqBersQueenD1Mg = 16, PsqBersQueenD1Eg = 48,
    PsqBersQueenA2Mg = 12, PsqBersQueenA2Eg = 8, PsqBersQueenB2Mg = 14, PsqBersQueenB2Eg = 28,
    PsqBersQueenC2Mg = 16, PsqBersQueenC2Eg = 48, PsqBersQueenD2Mg = 18, PsqBersQueenD2Eg = 68,
    PsqBersQueenA3Mg = 14, PsqBersQueenA3Eg = 28, PsqBersQueenB3Mg = 16, PsqBersQueenB3Eg = 48,
    PsqBersQueenC3Mg = 18, PsqBersQueenC3Eg = 68, PsqBersQueenD3Mg = 20, PsqBersQueenD3Eg = 88,
    PsqBersQueenA4Mg = 16, PsqBersQueenA4Eg = 48, PsqBersQueenB4Mg = 18, PsqBersQueenB4Eg = 68,
    PsqBersQueenC4Mg = 20, PsqBersQueenC4Eg = 88, PsqBersQueenD4Mg = 22, PsqBersQueenD4Eg = 108,
    PsqBersQueenA5Mg = 16, PsqBersQueenA5Eg = 48, PsqBersQueenB5Mg = 18, PsqBersQueenB5Eg = 68,
    PsqBersQueenC5Mg = 20, PsqBersQueenC5Eg = 88, PsqBersQueenD5Mg = 22, PsqBersQueenD5Eg = 108,
    PsqBersQueenA6Mg = 14, PsqBersQueenA6Eg = 28, PsqBersQueenB6Mg = 16, PsqBersQueenB6Eg = 48,
    PsqBersQueenC6Mg = 18, PsqBersQueenC6Eg = 68, PsqBersQueenD6Mg = 20, PsqBersQueenD6Eg = 88,
    PsqBersQueenA7Mg = 12, PsqBersQueenA7Eg = 8, PsqBersQueenB7Mg = 14, PsqBersQueenB7Eg = 28,
    PsqBersQueenC7Mg = 16, PsqBersQueenC7Eg = 48, PsqBersQueenD7Mg = 18, PsqBersQueenD7Eg = 68,
    PsqBersQueenA8Mg = 10, PsqBersQueenA8Eg = -12, PsqBersQueenB8Mg = 12, PsqBersQueenB8Eg = 8,
    PsqBersQueenC8Mg = 14, PsqBersQueenC8Eg = 28, PsqBersQueenD8Mg = 16, PsqBersQueenD8Eg = 48,
    PsqBersWeakA1Mg = -4, PsqBersWeakA1Eg = -23, PsqBersWeakB1Mg = -8, PsqBersWeakB1Eg = -10,
    PsqBersWeakC1Mg = -12, PsqBersWeakC1Eg = 3, PsqBersWeakD1Mg = -16, PsqBersWeakD1Eg = 16,
    PsqBersWeakA2Mg = -8, PsqBersWeakA2Eg = -10, PsqBersWeakB2Mg = -12, PsqBersWeakB2Eg = 3,
    PsqBersWeakC2Mg = -16, PsqBersWeakC2Eg = 16, PsqBersWeakD2Mg = -20, PsqBersWeakD2Eg = 29,
    PsqBersWeakA3Mg = -12, PsqBersWeakA3Eg = 3, PsqBersWeakB3Mg = -16, PsqBersWeakB3Eg = 16,
    PsqBersWeakC3Mg = -20, PsqBersWeakC3Eg = 29, PsqBersWeakD3Mg = -24, PsqBersWeakD3Eg = 42,
    PsqBersWeakA4Mg = -16, PsqBersWeakA4Eg = 16, PsqBersWeakB4Mg = -20, PsqBersWeakB4Eg = 29,
    PsqBersWeakC4Mg = -24, PsqBersWeakC4Eg = 42, PsqBersWeakD4Mg = -28, PsqBersWeakD4Eg = 55,
    PsqBersWeakA5Mg = -16, PsqBersWeakA5Eg = 16, PsqBersWeakB5Mg = -20, PsqBersWeakB5Eg = 29,
    PsqBersWeakC5Mg = -24, PsqBersWeakC5Eg = 42, PsqBersWeakD5Mg = -28, PsqBersWeakD5Eg = 55,
    PsqBersWeakA6Mg = -12, PsqBersWeakA6Eg = 3, PsqBersWeakB6Mg = -16, PsqBersWeakB6Eg = 16,
    PsqBersWeakC6Mg = -20, PsqBersWeakC6Eg = 29, PsqBersWeakD6Mg = -24, PsqBersWeakD6Eg = 42,
    PsqBersWeakA7Mg = -8, PsqBersWeakA7Eg = -10, PsqBersWeakB7Mg = -12, PsqBersWeakB7Eg = 3,
    PsqBersWeakC7Mg = -16, PsqBersWeakC7Eg = 16, PsqBersWeakD7Mg = -20, PsqBersWeakD7Eg = 29,
    PsqBersWeakA8Mg = -4, PsqBersWeakA8Eg = -23, PsqBersWeakB8Mg = -8, PsqBersWeakB8Eg = -10,
    PsqBersWeakC8Mg = -12, PsqBersWeakC8Eg = 3, PsqBersWeakD8Mg = -16, PsqBersWeakD8Eg = 16,
    PsqKingA1Mg = -6, PsqKingA1Eg = -24, PsqKingB1Mg = -6, PsqKingB1Eg = -16,
    PsqKingC1Mg = -6, PsqKingC1Eg = -8, PsqKingD1Mg = -6, PsqKingD1Eg = 0,
    PsqKingA2Mg = 6, PsqKingA2Eg = -16, PsqKingB2Mg = 6, PsqKingB2Eg = -8,
    PsqKingC2Mg = 6, PsqKingC2Eg = 0, PsqKingD2Mg = 6, PsqKingD2Eg = 8,
    PsqKingA3Mg = -18, PsqKingA3Eg = -8, PsqKingB3Mg = -18, PsqKingB3Eg = 0,
    PsqKingC3Mg = -18, PsqKingC3Eg = 8, PsqKingD3Mg = -18, PsqKingD3Eg = 16,
    PsqKingA4Mg = -27, PsqKingA4Eg = 0, PsqKingB4Mg = -27, PsqKingB4Eg = 8,
    PsqKingC4Mg = -27, PsqKingC4Eg = 16, PsqKingD4Mg = -27, PsqKingD4Eg = 24,
    PsqKingA5Mg = -36, PsqKingA5Eg = 0, PsqKingB5Mg = -36, PsqKingB5Eg = 8,
    PsqKingC5Mg = -36, PsqKingC5Eg = 16, PsqKingD5Mg = -36, PsqKingD5Eg = 24,
    PsqKingA6Mg = -36, PsqKingA6Eg = -8, PsqKingB6Mg = -36, PsqKingB6Eg = 0,
    PsqKingC6Mg = -36, PsqKingC6Eg = 8, PsqKingD6Mg = -36, PsqKingD6Eg = 16,
    PsqKingA7Mg = -36, PsqKingA7Eg = -16, PsqKingB7Mg = -36, PsqKingB7Eg = -8,
    PsqKingC7Mg = -36, PsqKingC7Eg = 0, PsqKingD7Mg = -36, PsqKingD7Eg = 8,
    PsqKingA8Mg = -36, PsqKingA8Eg = -24, PsqKingB8Mg = -36, PsqKingB8Eg = -16,
    PsqKingC8Mg = -36, PsqKingC8Eg = -8, PsqKingD8Mg = -36, PsqKingD8Eg = 0,
    // Mobility: `base + slope · √n` per role (`mobility.rs`), fitted to Stockfish 11's
    // `MobilityBonus` and scaled by 85/128 (mg) and 110/213 (eg); the weak bers starts
    // from the rook's curve.
    MobHorseSqrtMg = 24, MobHorseSqrtEg = 23, MobHorseBaseMg = -47, MobHorseBaseEg = -45,
    MobCamelSqrtMg = 27, MobCamelSqrtEg = 23, MobCamelBaseMg = -31, MobCamelBaseEg = -32,
    MobRookSqrtMg = 20, MobRookSqrtEg = 36, MobRookBaseMg = -40, MobRookBaseEg = -38,
    MobBersQueenSqrtMg = 20, MobBersQueenSqrtEg = 25,
    MobBersQueenBaseMg = -30, MobBersQueenBaseEg = -30,
    MobBersWeakSqrtMg = 20, MobBersWeakSqrtEg = 36,
    MobBersWeakBaseMg = -40, MobBersWeakBaseEg = -38,
    DoubledMg = -12, DoubledEg = -20,
    IsolatedMg = -12, IsolatedEg = -16,
    Passed2Mg = 5, Passed3Mg = 8, Passed4Mg = 14, Passed5Mg = 25, Passed6Mg = 40, Passed7Mg = 60,
    Passed2Eg = 10, Passed3Eg = 15, Passed4Eg = 25, Passed5Eg = 45, Passed6Eg = 70, Passed7Eg = 110,
    KingShield = 66,
    Tempo = 15,
    // Threats (`threats.rs`, Stockfish 11's `Evaluation::threats()`, its weights scaled by
    // 85/128 mg and 110/213 eg; more of them after the king danger):
    // `ThreatBySafePawn`, an enemy piece attacked by our pawn that stands safe;
    ThreatByPawnMg = 115, ThreatByPawnEg = 49,
    // `ThreatByMinor[ROOK]`, a rook attacked by our horse or camel;
    ThreatByMinorMg = 60, ThreatByMinorEg = 61,
    // `ThreatByRook[QUEEN]`, a bers not strongly protected and attacked by our rook;
    ThreatByRookMg = 34, ThreatByRookEg = 20,
    // `Hanging`, a weak man undefended, or a piece we attack twice.
    HangingMg = 46, HangingEg = 19,
    RookOpenFileMg = 30, RookOpenFileEg = 15,
    RookSemiOpenMg = 14, RookSemiOpenEg = 4,
    OutpostHorseMg = 40, OutpostHorseEg = 25,
    // King danger (Stockfish 11's `Evaluation::king()`), in units of a quarter of
    // Stockfish's: its weights divided by 4 (a pawn is 128 there, 85 here).
    KingDangerAttackHorse = 20, KingDangerAttackCamel = 13, KingDangerAttackRook = 11,
    KingDangerAttackBers = 3,
    KingDangerSafeCheckHorse = 198, KingDangerSafeCheckCamel = 159,
    KingDangerSafeCheckRook = 270, KingDangerSafeCheckBers = 195,
    KingDangerWeakRing = 46, KingDangerUnsafeCheck = 37, KingDangerAttacks = 17,
    KingDangerNoBers = -218, KingDangerShelter = 28, KingDangerMobility = 38,
    KingDangerBase = -2, KingDangerEg = 13,
    // Threats, continued: `ThreatByMinor[victim]` for the other victims (the rook is
    // `ThreatByMinorMg` above), `ThreatByRook[victim]` (the bers is `ThreatByRookMg`),
    // `ThreatByKing`, `WeakQueenProtection` (weak men their bers defends),
    // `RestrictedPiece`, `ThreatByPawnPush`, `KnightOnQueen`, `SliderOnQueen`.
    ThreatByMinorPawnMg = 4, ThreatByMinorPawnEg = 17,
    ThreatByMinorHorseMg = 39, ThreatByMinorHorseEg = 21,
    ThreatByMinorCamelMg = 52, ThreatByMinorCamelEg = 29,
    ThreatByMinorBersMg = 52, ThreatByMinorBersEg = 83,
    ThreatByRookPawnMg = 2, ThreatByRookPawnEg = 23,
    ThreatByRookHorseMg = 25, ThreatByRookHorseEg = 37,
    ThreatByRookCamelMg = 25, ThreatByRookCamelEg = 32,
    ThreatByRookRookMg = 0, ThreatByRookRookEg = 20,
    ThreatByKingMg = 16, ThreatByKingEg = 46,
    ThreatProtectedByBersMg = 9, ThreatProtectedByBersEg = 0,
    ThreatRestrictedMg = 5, ThreatRestrictedEg = 4,
    ThreatByPawnPushMg = 32, ThreatByPawnPushEg = 20,
    ThreatHorseOnBersMg = 11, ThreatHorseOnBersEg = 6,
    ThreatSliderOnBersMg = 39, ThreatSliderOnBersEg = 9,
    // Space (`space.rs`, Stockfish 11's `Evaluation::space()`): per cent of Stockfish's
    // bonus, 85/128 of it for our pawn.
    SpaceMg = 66,
    // The king's shelter and flank (Stockfish 11's `evaluate_shelter`, `do_king_safety`
    // and the flank terms of `king()`), scaled as above. `KingShield` is the percentage of
    // Stockfish's `ShelterStrength` table counted, `KingStorm` that of `UnblockedStorm`.
    KingStorm = 66,
    KingBlockedStormMg = 54, KingBlockedStormEg = 42,
    KingPawnDistanceEg = 8,
    KingPawnlessFlankMg = 11, KingPawnlessFlankEg = 49,
    KingFlankAttacksMg = 5,
    // King danger, quarters of Stockfish's units: pins 98 / 4; the flank attacks squared,
    // Stockfish's 3/8 as 3/32; the flank defences, its −4 in quarters (−4/4 per square);
    // a horse next to the king, −100 / 4.
    KingDangerPins = 25, KingDangerFlankAttack = 3, KingDangerFlankDefence = -4,
    KingDangerHorseDefender = -25,
    // Passed pawns, Stockfish 11's `Evaluation::passed()` (`passed.rs`), in eighths of
    // Stockfish's values scaled by 85/128 (mg) and 110/213 (eg), each times
    // `w = 5·rank − 13`: the kings' distances to the square in front (their king 5, ours
    // 2, ours to the square after it 1, endgame only); the free-path bonus `k` (35 with
    // no attacked square in the span, 20 with none on the path, 9 with the square in
    // front not attacked, + 5 when that square is defended); and `PassedFile` per file
    // from the edge (not in eighths).
    PassedSFKingThemEg = 21, PassedSFKingUsEg = 8, PassedSFKingUsNextEg = 4,
    PassedSFFreeMg = 186, PassedSFFreeEg = 145,
    PassedSFPathMg = 106, PassedSFPathEg = 83,
    PassedSFBlockMg = 48, PassedSFBlockEg = 37,
    PassedSFDefendedMg = 27, PassedSFDefendedEg = 21,
    PassedSFFileMg = 7, PassedSFFileEg = 4,
    // Piece placement (`pieces.rs`, Stockfish 11's `Evaluation::pieces()`), its weights
    // scaled by 85/128 mg and 110/213 eg: `Outpost` (30/21) for a camel on an outpost
    // (the horse's, twice that, is `OutpostHorse` above), and for a horse or a camel that
    // can reach one;
    PieceOutpostCamelMg = 20, PieceOutpostCamelEg = 11,
    PieceReachOutpostHorseMg = 20, PieceReachOutpostHorseEg = 11,
    PieceReachOutpostCamelMg = 20, PieceReachOutpostCamelEg = 11,
    // `MinorBehindPawn`; `KingProtector` per step from our king (a penalty);
    PieceMinorBehindPawnMg = 12, PieceMinorBehindPawnEg = 2,
    PieceKingProtectorMg = -5, PieceKingProtectorEg = -4,
    // `BishopPawns` (a penalty per pawn on the camel's colour, times one plus our blocked
    // central pawns); `LongDiagonalBishop`;
    PieceCamelPawnsMg = -2, PieceCamelPawnsEg = -4,
    PieceLongDiagonalMg = 30, PieceLongDiagonalEg = 0,
    // `RookOnQueenFile`; `TrappedRook` doubled as Stockfish's is without castling rights;
    PieceRookOnBersFileMg = 5, PieceRookOnBersFileEg = 3,
    PieceTrappedRookMg = -69, PieceTrappedRookEg = -10,
    // `WeakQueen`: a bers that an enemy rook or camel pins or can hit by a discovery.
    PieceBersPinMg = -33, PieceBersPinEg = -8,
    // Stockfish 11's endgame scale factor (`Evaluation::scale_factor`), in 64ths of the
    // endgame value: opposite camels alone, and `base + per pawn · pawns of the side
    // ahead` (per pawn with opposite camels among other pieces, or without).
    PieceScaleOppositeCamels = 22, PieceScaleBase = 36, PieceScalePawn = 7,
    PieceScalePawnOppositeCamels = 2,
    // Pawn structure, Stockfish 11's (`pawns.rs`; `Doubled` and `Isolated` above), its
    // weights scaled by 85/128 mg and 110/213 eg: `Backward`, `WeakUnopposed` (an
    // isolated or backward pawn with no enemy pawn ahead), `WeakLever` (an unsupported
    // pawn two enemy pawns attack), and the `Connected` formula per cent (the scaling).
    BackwardMg = -6, BackwardEg = -12,
    WeakUnopposedMg = -9, WeakUnopposedEg = -14,
    WeakLeverMg = 0, WeakLeverEg = -29,
    ConnectedMg = 66, ConnectedEg = 52,
    // Initiative (`initiative.rs`, Stockfish 11's), per cent of Stockfish's complexity:
    // 85/128 (mg) and 110/213 (eg) of it.
    InitiativeMg = 66, InitiativeEg = 52,
}

pub use super::tuned::TUNED;

/// One weight.
pub fn get(p: &Params, i: P) -> i32 {
    p.get(i as usize).copied().unwrap_or(0)
}

/// The weight `i + k` (the `k`-th of a run of weights starting at `i`).
pub fn nth(p: &Params, i: P, k: usize) -> i32 {
    p.get(i as usize + k).copied().unwrap_or(0)
}

/// The middlegame/endgame pair starting at `i`.
pub fn pair(p: &Params, i: P) -> super::Score {
    super::s(nth(p, i, 0), nth(p, i, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_the_count() {
        assert_eq!(NAMES.len(), COUNT);
        assert_eq!(NAMES[P::Tempo as usize], "Tempo");
        assert_eq!(get(&HAND, P::MatRookMg), 480);
        assert_eq!(pair(&HAND, P::MatPawnMg), super::super::s(85, 110));
    }
}
