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
pub const COUNT: usize = 180;

/// A full set of weights.
pub type Params = [i32; COUNT];

define_params! {
    MatPawnMg = 85, MatPawnEg = 110,
    MatHorseMg = 310, MatHorseEg = 290,
    MatCamelMg = 320, MatCamelEg = 310,
    MatRookMg = 480, MatRookEg = 540,
    MatBersQueenMg = 920, MatBersQueenEg = 980,
    MatBersWeakMg = 600, MatBersWeakEg = 650,
    PawnRank3Mg = 4, PawnRank4Mg = 10, PawnRank5Mg = 18, PawnRank6Mg = 28, PawnRank7Mg = 45,
    PawnRank3Eg = 4, PawnRank4Eg = 10, PawnRank5Eg = 20, PawnRank6Eg = 34, PawnRank7Eg = 55,
    PawnCentreMg = 12,
    HorseCentreMg = 8, HorseOffsetMg = -22, HorseCentreEg = 5, HorseOffsetEg = -15,
    CamelMinMg = 6, CamelSumMg = 2, CamelOffsetMg = -12, CamelSumEg = 3, CamelOffsetEg = -9,
    RookSeventhMg = 15, RookSeventhEg = 10, RookCentreFileMg = 4,
    BersQueenCentreMg = 2, BersQueenOffsetMg = -6, BersQueenCentreEg = 4, BersQueenOffsetEg = -12,
    BersWeakCentreMg = 4, BersWeakOffsetMg = -12, BersWeakCentreEg = 5, BersWeakOffsetEg = -15,
    KingFirstRankMg = 10, KingSecondRankMg = -10, KingAdvanceMg = -25,
    KingCentreEg = 8, KingOffsetEg = -24,
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
