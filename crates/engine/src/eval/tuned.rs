//! The evaluation weights in play, written by `examples/texel_tune.rs` (see the README's
//! tuning section); edit by re-running the tuner, not by hand.

use super::params::Params;

/// The tuned weights, in the order of `params::NAMES`.
#[rustfmt::skip]
pub const TUNED: Params = [
    85, // MatPawnMg
    110, // MatPawnEg
    370, // MatHorseMg
    248, // MatHorseEg
    380, // MatCamelMg
    266, // MatCamelEg
    459, // MatRookMg
    600, // MatRookEg
    963, // MatBersQueenMg
    920, // MatBersQueenEg
    660, // MatBersWeakMg
    710, // MatBersWeakEg
    4, // PawnRank3Mg
    10, // PawnRank4Mg
    18, // PawnRank5Mg
    28, // PawnRank6Mg
    45, // PawnRank7Mg
    4, // PawnRank3Eg
    10, // PawnRank4Eg
    20, // PawnRank5Eg
    34, // PawnRank6Eg
    55, // PawnRank7Eg
    12, // PawnCentreMg
    8, // HorseCentreMg
    -22, // HorseOffsetMg
    5, // HorseCentreEg
    -15, // HorseOffsetEg
    6, // CamelMinMg
    2, // CamelSumMg
    -12, // CamelOffsetMg
    3, // CamelSumEg
    -9, // CamelOffsetEg
    15, // RookSeventhMg
    10, // RookSeventhEg
    4, // RookCentreFileMg
    2, // BersQueenCentreMg
    -6, // BersQueenOffsetMg
    4, // BersQueenCentreEg
    -12, // BersQueenOffsetEg
    4, // BersWeakCentreMg
    -12, // BersWeakOffsetMg
    5, // BersWeakCentreEg
    -15, // BersWeakOffsetEg
    10, // KingFirstRankMg
    -10, // KingSecondRankMg
    -25, // KingAdvanceMg
    8, // KingCentreEg
    -24, // KingOffsetEg
    4, // MobHorseMg
    4, // MobHorseEg
    5, // MobCamelMg
    5, // MobCamelEg
    2, // MobRookMg
    4, // MobRookEg
    1, // MobBersQueenMg
    2, // MobBersQueenEg
    2, // MobBersWeakMg
    3, // MobBersWeakEg
    -12, // DoubledMg
    -20, // DoubledEg
    -12, // IsolatedMg
    -16, // IsolatedEg
    5, // Passed2Mg
    8, // Passed3Mg
    14, // Passed4Mg
    25, // Passed5Mg
    40, // Passed6Mg
    60, // Passed7Mg
    10, // Passed2Eg
    15, // Passed3Eg
    25, // Passed4Eg
    45, // Passed5Eg
    70, // Passed6Eg
    110, // Passed7Eg
    12, // KingShield
    20, // AttackHorse
    20, // AttackCamel
    30, // AttackRook
    50, // AttackBers
    15, // Tempo
];
