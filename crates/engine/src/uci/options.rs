//! The UCI options the engine offers, with their types, defaults and bounds.

use crate::error::UciError;
use crate::search::Heuristics;
use shatar_rules::{Preset, Ruleset};

/// The `UCI_Variant` names and their rulesets: `shatar` is Fairy-Stockfish's variant
/// (our `fsf` ruleset), so tools that drive Fairy-Stockfish can drive this engine unchanged.
pub const VARIANTS: [(&str, Preset); 5] = [
    ("shatar", Preset::Fsf),
    ("shatar-official", Preset::Official),
    ("shatar-competition", Preset::Competition),
    ("shatar-traditional", Preset::Traditional),
    ("shatar-traditional-step-back", Preset::TraditionalStepBack),
];

/// The variant name of a preset.
pub fn variant_name(preset: Preset) -> &'static str {
    VARIANTS
        .iter()
        .find(|(_, p)| *p == preset)
        .map_or("shatar-official", |(n, _)| n)
}

/// The current option values.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Transposition table megabytes.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Lines to report.
    pub multipv: usize,
    /// Strength level 0–20.
    pub skill_level: u32,
    /// Whether `UCI_Elo` limits the strength.
    pub limit_strength: bool,
    /// The target Elo when limiting strength.
    pub elo: u32,
    /// Whether the GUI may send `go ponder`.
    pub ponder: bool,
    /// Milliseconds kept back per move.
    pub move_overhead_ms: u64,
    /// The ruleset played.
    pub ruleset: Ruleset,
    /// The search heuristics switched on (hidden options `Search_<Name>`, for matches
    /// that measure a heuristic; not announced to GUIs).
    pub heuristics: Heuristics,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: crate::engine::DEFAULT_HASH_MB,
            threads: 1,
            multipv: 1,
            skill_level: 20,
            limit_strength: false,
            elo: ELO_MAX,
            ponder: false,
            move_overhead_ms: 30,
            ruleset: Ruleset::OFFICIAL,
            heuristics: Heuristics::default(),
        }
    }
}

/// The lowest `UCI_Elo`.
pub const ELO_MIN: u32 = 600;
/// The Elo of level 0 by the calibration line (see [`Options::effective_skill`]).
pub const CALIBRATED_ELO_AT_LEVEL_0: f64 = 1097.0;
/// The Elo one level adds by the calibration line.
pub const CALIBRATED_ELO_PER_LEVEL: f64 = 86.5;

/// The highest `UCI_Elo`.
pub const ELO_MAX: u32 = 2400;

impl Options {
    /// The `option` lines of the `uci` answer.
    pub fn declarations() -> Vec<String> {
        let vars: String = VARIANTS.iter().map(|(n, _)| format!(" var {n}")).collect();
        vec![
            "option name Hash type spin default 16 min 1 max 4096".to_owned(),
            "option name Clear Hash type button".to_owned(),
            "option name Threads type spin default 1 min 1 max 256".to_owned(),
            "option name MultiPV type spin default 1 min 1 max 64".to_owned(),
            "option name Skill Level type spin default 20 min 0 max 20".to_owned(),
            "option name UCI_LimitStrength type check default false".to_owned(),
            format!("option name UCI_Elo type spin default {ELO_MAX} min {ELO_MIN} max {ELO_MAX}"),
            "option name Ponder type check default false".to_owned(),
            "option name Move Overhead type spin default 30 min 0 max 5000".to_owned(),
            format!("option name UCI_Variant type combo default shatar-official{vars}"),
            "option name RulesetFile type string default <empty>".to_owned(),
        ]
    }

    /// The strength level in effect: `Skill Level`, or the level `UCI_Elo` maps to. The
    /// map is the line fitted to matches of levels 0, 5, 10 and 15 against
    /// Fairy-Stockfish with `UCI_LimitStrength` at `UCI_Elo` 1350, 1850 and 2350 (README,
    /// *calibration*):
    /// level = (Elo − 1097) / 86.5. Below 1097 every Elo plays level 0, the weakest.
    pub fn effective_skill(&self) -> f64 {
        if self.limit_strength {
            let elo = f64::from(self.elo.clamp(ELO_MIN, ELO_MAX));
            ((elo - CALIBRATED_ELO_AT_LEVEL_0) / CALIBRATED_ELO_PER_LEVEL).clamp(0.0, 19.99)
        } else {
            f64::from(self.skill_level)
        }
    }

    /// Sets one option. Names are case-insensitive as UCI asks. Returns whether the
    /// ruleset changed.
    pub fn set(&mut self, name: &str, value: &str) -> Result<SetEffect, UciError> {
        let spin = |min: u64, max: u64| -> Result<u64, UciError> {
            let v: u64 = value.trim().parse().map_err(|_| {
                UciError::SetOption(format!("{name}: {value:?} is not a whole number"))
            })?;
            if !(min..=max).contains(&v) {
                return Err(UciError::SetOption(format!(
                    "{name}: {v} is outside {min}..{max}"
                )));
            }
            Ok(v)
        };
        let check = || -> Result<bool, UciError> {
            match value.trim().to_ascii_lowercase().as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(UciError::SetOption(format!(
                    "{name}: {value:?} is not true or false"
                ))),
            }
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => self.hash_mb = spin(1, 4096)? as usize,
            "clear hash" => return Ok(SetEffect::ClearHash),
            "threads" => self.threads = spin(1, 256)? as usize,
            "multipv" => self.multipv = spin(1, 64)? as usize,
            "skill level" => self.skill_level = spin(0, 20)? as u32,
            "uci_limitstrength" => self.limit_strength = check()?,
            "uci_elo" => self.elo = spin(u64::from(ELO_MIN), u64::from(ELO_MAX))? as u32,
            "ponder" => self.ponder = check()?,
            "move overhead" => self.move_overhead_ms = spin(0, 5000)?,
            "uci_variant" => {
                let v = value.trim();
                let preset = VARIANTS
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(v))
                    .map(|(_, p)| *p)
                    .ok_or_else(|| {
                        UciError::SetOption(format!(
                            "UCI_Variant: unknown variant {v:?} (shatar, shatar-official, shatar-competition, shatar-traditional)"
                        ))
                    })?;
                self.ruleset = preset.ruleset();
                return Ok(SetEffect::Ruleset);
            }
            "rulesetfile" => {
                let v = value.trim();
                if v.is_empty() || v == "<empty>" {
                    return Ok(SetEffect::None);
                }
                self.ruleset = Ruleset::from_name_or_path(v)
                    .map_err(|e| UciError::SetOption(format!("RulesetFile: {e}")))?;
                return Ok(SetEffect::Ruleset);
            }
            other => {
                let switch = other
                    .strip_prefix("search_")
                    .and_then(|h| self.heuristics.switch_mut(h))
                    .ok_or_else(|| UciError::SetOption(format!("no option named {name:?}")))?;
                *switch = check()?;
            }
        }
        Ok(SetEffect::None)
    }
}

/// What a `setoption` requires of the protocol beyond storing the value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetEffect {
    /// Nothing.
    None,
    /// The ruleset changed: the position goes back to its start.
    Ruleset,
    /// Clear the transposition table.
    ClearHash,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setting_options() {
        let mut o = Options::default();
        assert_eq!(o.set("hash", "64"), Ok(SetEffect::None));
        assert_eq!(o.hash_mb, 64);
        assert!(o.set("Hash", "0").is_err());
        assert!(o.set("Threads", "two").is_err());
        assert_eq!(o.set("UCI_Variant", "shatar"), Ok(SetEffect::Ruleset));
        assert_eq!(o.ruleset, Ruleset::FSF);
        assert!(o.set("UCI_Variant", "chess").is_err());
        assert_eq!(o.ruleset, Ruleset::FSF);
        o.set("UCI_LimitStrength", "true").unwrap();
        o.set("UCI_Elo", &ELO_MIN.to_string()).unwrap();
        assert_eq!(o.effective_skill(), 0.0);
        // The calibration line: 1097 + 86.5 × level (level 10 = 1962).
        o.set("UCI_Elo", "1962").unwrap();
        assert!((o.effective_skill() - 10.0).abs() < 1e-9);
        // The highest UCI_Elo is below full strength (level 20 scored 96.9% against
        // Fairy-Stockfish's 2350): level 15.1.
        o.set("UCI_Elo", "2400").unwrap();
        assert_eq!(o.effective_skill(), (2400.0 - 1097.0) / 86.5);
        assert_eq!(o.set("Search_NullMove", "false"), Ok(SetEffect::None));
        assert!(!o.heuristics.null_move);
        assert!(o.heuristics.lmr);
        assert!(o.set("Search_LMR", "maybe").is_err());
        assert!(o.set("Search_Nothing", "false").is_err());
        for name in Heuristics::NAMES {
            let mut o = Options::default();
            o.set(&format!("Search_{name}"), "false").unwrap();
            assert_ne!(o.heuristics, Heuristics::default(), "{name}");
        }
    }
}
