//! Rulesets: the options in which the regional readings of Shatar differ (docs/rules.md §5).
//!
//! A [`Ruleset`] is a small copyable value. The four presets are named values; a custom
//! ruleset is any combination of options and loads from a TOML or JSON file that names a
//! base preset and overrides some options:
//!
//! ```
//! use shatar_rules::{Ruleset, ruleset::{BersMove, MateRule}};
//! let custom = Ruleset::from_toml_str(r#"
//!     base = "official"
//!     horse-mate = "draw"
//!     bers = "weak"
//! "#)?;
//! assert_eq!(custom.horse_mate, MateRule::Draw);
//! assert_eq!(custom.bers, BersMove::Weak);
//! assert_eq!(custom.camel_mate, Ruleset::OFFICIAL.camel_mate);
//! # Ok::<_, shatar_rules::RulesetError>(())
//! ```

use crate::{File, Role};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How the bers moves (S1 §3.4; S3 traditional column; S2 说法2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BersMove {
    /// Any distance along ranks, files and diagonals, as a chess queen.
    Queen,
    /// Rook move plus one diagonal step (无力狮 / 目车; Fairy-Stockfish's `J`).
    Weak,
}

/// What a pawn may become on the last rank (S1 §3.7(3)(4); S2, S3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PromotionSet {
    /// Bers, rook, camel or horse, the player's choice.
    Any,
    /// Bers only.
    BersOnly,
}

impl PromotionSet {
    /// The roles, strongest first.
    pub const fn roles(self) -> &'static [Role] {
        match self {
            PromotionSet::Any => &[Role::Bers, Role::Rook, Role::Camel, Role::Horse],
            PromotionSet::BersOnly => &[Role::Bers],
        }
    }

    /// Whether `role` is allowed.
    pub fn contains(self, role: Role) -> bool {
        self.roles().contains(&role)
    }
}

/// What a pawn that reaches its last rank does (docs/rules.md §2, step-back pawn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LastRank {
    /// It promotes at once to a man of the [`PromotionSet`] (S1 §3.7).
    #[default]
    Promote,
    /// The traditional reading of S3's pawn: it becomes a *returning pawn*, which steps one
    /// square diagonally backward a move; after its first step the player may make it a weak
    /// bers, after its third it is a full bers. Both kinds of bers then share the board
    /// (`J` weak, `Q` full, whatever [`BersMove`] says of the start array's bers).
    StepBack,
}

impl LastRank {
    /// Whether pawns promote at once (the default, left out of ruleset files).
    pub const fn is_promote(&self) -> bool {
        matches!(self, LastRank::Promote)
    }
}

/// The files whose pawn may open the game with two steps (a set of files as a bit mask).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FileSet(pub u8);

impl FileSet {
    /// The e- and d-files: the open (Chahar) and closed (Ujumchin) openings.
    pub const E_AND_D: FileSet = FileSet(1 << 4 | 1 << 3);

    /// Whether `file` is in the set.
    pub const fn contains(self, file: File) -> bool {
        self.0 & (1 << file.index()) != 0
    }

    /// The files, `a` first.
    pub fn files(self) -> impl Iterator<Item = File> {
        File::ALL.into_iter().filter(move |f| self.contains(*f))
    }
}

impl Serialize for FileSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.files().map(|f| f.char().to_string()))
    }
}

impl<'de> Deserialize<'de> for FileSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<FileSet, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        let mut set = 0u8;
        for name in names {
            let mut chars = name.chars();
            match (chars.next().and_then(File::from_char), chars.next()) {
                (Some(f), None) => set |= 1 << f.index(),
                _ => {
                    return Err(serde::de::Error::custom(format!(
                        "{name:?} is not a file a-h"
                    )));
                }
            }
        }
        if set == 0 {
            return Err(serde::de::Error::custom(
                "the list of opening files is empty",
            ));
        }
        Ok(FileSet(set))
    }
}

/// The first round (S1 §1.2; S4 ch.1 §3): White opens with a two-step pawn move from the
/// allowed files and Black must answer with the mirror move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstRound {
    /// No first-round rule; no two-step pawn moves at all (Fairy-Stockfish).
    None,
    /// White's first move is a two-step move of a pawn on one of these files; Black mirrors.
    Mirrored {
        /// The allowed files (`["e", "d"]` in the presets).
        files: FileSet,
    },
}

/// The array a new game starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StartPosition {
    /// The start array (docs/rules.md §1), White to move, first round ahead.
    Standard,
    /// The start array after `1.d4 d5` (Fairy-Stockfish's and pychess.org's start).
    AfterD4D5,
}

/// What a checkmate by a particular man is worth (docs/rules.md §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MateRule {
    /// An ordinary win.
    Counts,
    /// Void: the game is drawn.
    Draw,
    /// The mating side loses (Fairy-Stockfish's horse mate).
    Loss,
}

/// The bare-king rule (S3 *nutʃgən*; S2 玩法规则 ⑤).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BareKing {
    /// A bare king plays on.
    PlayOn,
    /// A side left with its king alone draws at once.
    Draw,
}

/// Dead positions (S1 §5.2(2)): whether a position in which neither side can win any more
/// ends the game at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeadPosition {
    /// Drawn at once (S1 §5.2(2); FIDE 5.2.2).
    Draw,
    /// Play goes on until another rule ends the game (Fairy-Stockfish, which knows no dead
    /// positions in `shatar`: its games end by the move or repetition rule instead).
    PlayOn,
}

/// Perpetual check (S4 ch.1 §5 二.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PerpetualCheck {
    /// Handled by the repetition rules only.
    AsRepetition,
    /// A threefold repetition in which every move of one side gave check ends the game drawn.
    AutomaticDraw,
}

/// A counted draw rule: the count at which a player may claim, and at which the game ends
/// by itself. For repetition the count is occurrences of a position; for the move rule it
/// is moves by each side without a pawn move or capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawCount {
    /// Claimable from this count on.
    pub claim: Option<u16>,
    /// Automatic at this count.
    pub automatic: Option<u16>,
}

/// All the options of a ruleset (docs/rules.md §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Ruleset {
    /// How the bers moves.
    pub bers: BersMove,
    /// What pawns promote to.
    pub promotion: PromotionSet,
    /// What a pawn on its last rank does: promote, or step back first.
    #[serde(default, skip_serializing_if = "LastRank::is_promote")]
    pub last_rank: LastRank,
    /// The first-round rule.
    pub first_round: FirstRound,
    /// The start array.
    pub start: StartPosition,
    /// A mate given by horses alone.
    pub horse_mate: MateRule,
    /// A mate given by camels alone.
    pub camel_mate: MateRule,
    /// Fairy-Stockfish's shak rule: the series of checks ending in mate must contain a check
    /// by bers, rook or horse, else the mate is void (*niol*).
    pub shak_rule: bool,
    /// The bare-king rule.
    pub bare_king: BareKing,
    /// Dead positions.
    pub dead_position: DeadPosition,
    /// Perpetual check.
    pub perpetual_check: PerpetualCheck,
    /// Repetition of a position.
    pub repetition: DrawCount,
    /// Moves without pawn move or capture.
    pub move_rule: DrawCount,
    /// Regional option: the king may move only when in check (S2, second article).
    pub king_moves_only_in_check: bool,
    /// Whether the tuuxəi margin is reported for mates.
    pub tuuxei: bool,
}

/// The named presets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// Inner Mongolia Mongolian Chess Association rules, 2017 (S1). The default.
    Official,
    /// *蒙古象棋喜塔尔规则* competition rules (S4).
    Competition,
    /// Traditional and regional practice (S2, S3).
    Traditional,
    /// Fairy-Stockfish's and pychess.org's `shatar`.
    Fsf,
    /// `traditional` with S3's traditional reading of the pawn: it steps back before it
    /// promotes ([`LastRank::StepBack`]).
    TraditionalStepBack,
}

impl Preset {
    /// All presets.
    pub const ALL: [Preset; 5] = [
        Preset::Official,
        Preset::Competition,
        Preset::Traditional,
        Preset::Fsf,
        Preset::TraditionalStepBack,
    ];

    /// The preset's name: `official`, `competition`, `traditional`, `fsf`,
    /// `traditional-step-back`.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Official => "official",
            Preset::Competition => "competition",
            Preset::Traditional => "traditional",
            Preset::Fsf => "fsf",
            Preset::TraditionalStepBack => "traditional-step-back",
        }
    }

    /// The ruleset.
    pub const fn ruleset(self) -> Ruleset {
        match self {
            Preset::Official => Ruleset::OFFICIAL,
            Preset::Competition => Ruleset::COMPETITION,
            Preset::Traditional => Ruleset::TRADITIONAL,
            Preset::Fsf => Ruleset::FSF,
            Preset::TraditionalStepBack => Ruleset::TRADITIONAL_STEP_BACK,
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = RulesetError;
    fn from_str(s: &str) -> Result<Preset, RulesetError> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| RulesetError::UnknownPreset(s.to_owned()))
    }
}

/// A ruleset that could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum RulesetError {
    /// Not one of the preset names.
    #[error(
        "unknown ruleset {0:?}: expected official, competition, traditional, fsf, traditional-step-back, or a .toml/.json file"
    )]
    UnknownPreset(String),
    /// A TOML file that does not describe a ruleset.
    #[error("ruleset file: {0}")]
    Toml(#[from] toml::de::Error),
    /// A JSON file that does not describe a ruleset.
    #[error("ruleset file, line {line}, column {column}: {message}", line = .0.line(), column = .0.column(), message = .0)]
    Json(#[from] serde_json::Error),
    /// A file that could not be read.
    #[error("cannot read ruleset file {path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A combination of options that makes no sense.
    #[error("inconsistent ruleset: {0}")]
    Inconsistent(&'static str),
}

const CLAIM_3_50_AUTO_5_75: (DrawCount, DrawCount) = (
    DrawCount {
        claim: Some(3),
        automatic: Some(5),
    },
    DrawCount {
        claim: Some(50),
        automatic: Some(75),
    },
);
const CLAIM_3_50: (DrawCount, DrawCount) = (
    DrawCount {
        claim: Some(3),
        automatic: None,
    },
    DrawCount {
        claim: Some(50),
        automatic: None,
    },
);

impl Ruleset {
    /// `official` (S1; the default): queen bers, promotion to any of Q R B N, the first round,
    /// every mate counts, a bare king plays on, claims at 3 / 50 and automatic 5 / 75 (FIDE 9.6).
    pub const OFFICIAL: Ruleset = Ruleset {
        bers: BersMove::Queen,
        promotion: PromotionSet::Any,
        last_rank: LastRank::Promote,
        first_round: FirstRound::Mirrored {
            files: FileSet::E_AND_D,
        },
        start: StartPosition::Standard,
        horse_mate: MateRule::Counts,
        camel_mate: MateRule::Counts,
        shak_rule: false,
        bare_king: BareKing::PlayOn,
        dead_position: DeadPosition::Draw,
        perpetual_check: PerpetualCheck::AsRepetition,
        repetition: CLAIM_3_50_AUTO_5_75.0,
        move_rule: CLAIM_3_50_AUTO_5_75.1,
        king_moves_only_in_check: false,
        tuuxei: false,
    };

    /// `competition` (S4): as official, perpetual check an automatic draw, claims 3 / 50
    /// examined by the arbiter.
    pub const COMPETITION: Ruleset = Ruleset {
        perpetual_check: PerpetualCheck::AutomaticDraw,
        repetition: CLAIM_3_50.0,
        move_rule: CLAIM_3_50.1,
        ..Ruleset::OFFICIAL
    };

    /// `traditional` (S2, S3): weak bers, promotion to bers only, horse and camel mates
    /// void, bare king draws, tuuxəi reported.
    pub const TRADITIONAL: Ruleset = Ruleset {
        bers: BersMove::Weak,
        promotion: PromotionSet::BersOnly,
        horse_mate: MateRule::Draw,
        camel_mate: MateRule::Draw,
        bare_king: BareKing::Draw,
        repetition: CLAIM_3_50.0,
        move_rule: CLAIM_3_50.1,
        tuuxei: true,
        ..Ruleset::OFFICIAL
    };

    /// `traditional-step-back` (S3's traditional column for the pawn): `traditional`, with
    /// the pawn that steps back before it promotes ([`LastRank::StepBack`]).
    pub const TRADITIONAL_STEP_BACK: Ruleset = Ruleset {
        last_rank: LastRank::StepBack,
        ..Ruleset::TRADITIONAL
    };

    /// `fsf`: Fairy-Stockfish's `shatar` — weak bers, bers-only promotion, no two-step moves,
    /// start after `1.d4 d5`, horse mate loses, the shak rule, bare king draws, automatic
    /// 3 / 50, and, as in Fairy-Stockfish, no automatic end on dead positions.
    pub const FSF: Ruleset = Ruleset {
        bers: BersMove::Weak,
        promotion: PromotionSet::BersOnly,
        last_rank: LastRank::Promote,
        first_round: FirstRound::None,
        start: StartPosition::AfterD4D5,
        horse_mate: MateRule::Loss,
        camel_mate: MateRule::Counts,
        shak_rule: true,
        bare_king: BareKing::Draw,
        dead_position: DeadPosition::PlayOn,
        perpetual_check: PerpetualCheck::AsRepetition,
        repetition: DrawCount {
            claim: None,
            automatic: Some(3),
        },
        move_rule: DrawCount {
            claim: None,
            automatic: Some(50),
        },
        king_moves_only_in_check: false,
        tuuxei: false,
    };

    /// The preset this ruleset equals, if any.
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.ruleset() == *self)
    }

    /// A preset by name, or a ruleset file (`.toml` or `.json`) by path.
    pub fn from_name_or_path(name: &str) -> Result<Ruleset, RulesetError> {
        if let Ok(preset) = name.parse::<Preset>() {
            return Ok(preset.ruleset());
        }
        let is_json = name.ends_with(".json");
        if !(is_json || name.ends_with(".toml")) {
            return Err(RulesetError::UnknownPreset(name.to_owned()));
        }
        let text = std::fs::read_to_string(name).map_err(|source| RulesetError::Io {
            path: name.to_owned(),
            source,
        })?;
        if is_json {
            Ruleset::from_json_str(&text)
        } else {
            Ruleset::from_toml_str(&text)
        }
    }

    /// Reads a ruleset file in TOML: `base = "PRESET"` (default `official`) and any options.
    pub fn from_toml_str(text: &str) -> Result<Ruleset, RulesetError> {
        toml::from_str::<RulesetFile>(text)?.resolve()
    }

    /// Reads a ruleset file in JSON, with the same keys as the TOML form.
    pub fn from_json_str(text: &str) -> Result<Ruleset, RulesetError> {
        serde_json::from_str::<RulesetFile>(text)?.resolve()
    }

    /// Writes the ruleset as a complete TOML file.
    pub fn to_toml_string(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// Whether the bers letter in FEN and UCI text is `J` (weak bers) rather than `Q`, for a
    /// bers that moves as the ruleset's own (under [`LastRank::StepBack`] each bers's letter
    /// is its own kind's).
    pub const fn uses_bers_letter_j(&self) -> bool {
        matches!(self.bers, BersMove::Weak)
    }

    /// Whether pawns step back before they promote ([`LastRank::StepBack`]).
    #[inline]
    pub const fn steps_back(&self) -> bool {
        matches!(self.last_rank, LastRank::StepBack)
    }
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        Ruleset::OFFICIAL
    }
}

/// The file form: a base preset and overrides.
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct RulesetFile {
    base: Option<Preset>,
    bers: Option<BersMove>,
    promotion: Option<PromotionSet>,
    last_rank: Option<LastRank>,
    first_round: Option<FirstRound>,
    start: Option<StartPosition>,
    horse_mate: Option<MateRule>,
    camel_mate: Option<MateRule>,
    shak_rule: Option<bool>,
    bare_king: Option<BareKing>,
    dead_position: Option<DeadPosition>,
    perpetual_check: Option<PerpetualCheck>,
    repetition: Option<DrawCount>,
    move_rule: Option<DrawCount>,
    king_moves_only_in_check: Option<bool>,
    tuuxei: Option<bool>,
}

impl RulesetFile {
    fn resolve(self) -> Result<Ruleset, RulesetError> {
        let base = self.base.unwrap_or(Preset::Official).ruleset();
        let r = Ruleset {
            bers: self.bers.unwrap_or(base.bers),
            promotion: self.promotion.unwrap_or(base.promotion),
            last_rank: self.last_rank.unwrap_or(base.last_rank),
            first_round: self.first_round.unwrap_or(base.first_round),
            start: self.start.unwrap_or(base.start),
            horse_mate: self.horse_mate.unwrap_or(base.horse_mate),
            camel_mate: self.camel_mate.unwrap_or(base.camel_mate),
            shak_rule: self.shak_rule.unwrap_or(base.shak_rule),
            bare_king: self.bare_king.unwrap_or(base.bare_king),
            dead_position: self.dead_position.unwrap_or(base.dead_position),
            perpetual_check: self.perpetual_check.unwrap_or(base.perpetual_check),
            repetition: self.repetition.unwrap_or(base.repetition),
            move_rule: self.move_rule.unwrap_or(base.move_rule),
            king_moves_only_in_check: self
                .king_moves_only_in_check
                .unwrap_or(base.king_moves_only_in_check),
            tuuxei: self.tuuxei.unwrap_or(base.tuuxei),
        };
        for count in [r.repetition.claim, r.repetition.automatic] {
            if matches!(count, Some(0 | 1)) {
                return Err(RulesetError::Inconsistent(
                    "a repetition count must be at least 2",
                ));
            }
        }
        for count in [r.move_rule.claim, r.move_rule.automatic] {
            if count == Some(0) {
                return Err(RulesetError::Inconsistent(
                    "a move-rule count must be at least 1",
                ));
            }
        }
        if let (Some(c), Some(a)) = (r.repetition.claim, r.repetition.automatic)
            && c > a
        {
            return Err(RulesetError::Inconsistent(
                "the repetition claim count exceeds the automatic count",
            ));
        }
        if let (Some(c), Some(a)) = (r.move_rule.claim, r.move_rule.automatic)
            && c > a
        {
            return Err(RulesetError::Inconsistent(
                "the move-rule claim count exceeds the automatic count",
            ));
        }
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_round_trip_through_toml() {
        for p in Preset::ALL {
            let text = p.ruleset().to_toml_string();
            assert_eq!(
                Ruleset::from_toml_str(&text).unwrap(),
                p.ruleset(),
                "{text}"
            );
            assert_eq!(p.ruleset().preset(), Some(p));
        }
    }

    #[test]
    fn json_with_base() {
        let r = Ruleset::from_json_str(r#"{"base": "fsf", "first-round": {"mirrored": {"files": ["d"]}}, "start": "standard"}"#)
            .unwrap();
        assert_eq!(
            r.first_round,
            FirstRound::Mirrored {
                files: FileSet(1 << 3)
            }
        );
        assert_eq!(r.bers, BersMove::Weak);
    }

    #[test]
    fn broken_files_are_rejected_with_a_reason() {
        let e = Ruleset::from_toml_str("bers = \"strong\"")
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown variant") && e.contains("strong"), "{e}");
        let e = Ruleset::from_toml_str("colour = 1")
            .unwrap_err()
            .to_string();
        assert!(e.contains("colour"), "{e}");
        let e = Ruleset::from_toml_str("repetition = { claim = \"three\" }")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("repetition") && e.contains("invalid type"),
            "{e}"
        );
        let e = Ruleset::from_toml_str("repetition = { claim = 1, automatic = 5 }")
            .unwrap_err()
            .to_string();
        assert!(e.contains("at least 2"), "{e}");
        let e = Ruleset::from_json_str("{\"base\": \"fsf\",")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 1"), "{e}");
        let e = Ruleset::from_toml_str("first-round = { mirrored = { files = [\"z\"] } }")
            .unwrap_err()
            .to_string();
        assert!(e.contains("\"z\""), "{e}");
        assert!(matches!(
            Ruleset::from_name_or_path("chess"),
            Err(RulesetError::UnknownPreset(_))
        ));
    }
}
