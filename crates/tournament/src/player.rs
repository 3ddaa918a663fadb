//! Players: the people who play. Names are kept exactly as written, in any script.

use serde::{Deserialize, Serialize};

use crate::numbers::EntrantNo;

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Start number. In a round robin this is the draw number.
    pub number: EntrantNo,
    /// Name as written (Chinese, Cyrillic, Latin…).
    pub name: String,
    /// Name in the traditional Mongolian script, where given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_traditional: Option<String>,
    /// Club or unit.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub club: String,
    /// Region (banner, league, city).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub region: String,
    /// Rating, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
    /// Seed class: 1 or 2 (S4 ch.2 §5.1.2); none for unseeded players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed_class: Option<u8>,
    /// Year of birth.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birth_year: Option<u16>,
    /// Violations recorded in the whole event (a tie-break: fewer is better, S4 ch.2 §6).
    #[serde(default)]
    pub violations: u32,
    /// Withdrawal, if the player has left the event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawal: Option<Withdrawal>,
}

impl Player {
    /// A player with only a name; other fields empty. The number is a placeholder:
    /// [`Event::add_player`](crate::Event::add_player) gives the player the next one.
    #[must_use]
    pub fn named(name: impl Into<String>) -> Player {
        Player {
            number: EntrantNo::FIRST,
            name: name.into(),
            name_traditional: None,
            club: String::new(),
            region: String::new(),
            rating: None,
            seed_class: None,
            birth_year: None,
            violations: 0,
            withdrawal: None,
        }
    }

    /// Whether the player still takes part in pairings after `round`.
    #[must_use]
    pub fn active_after(&self, round: u32) -> bool {
        match &self.withdrawal {
            None => true,
            Some(w) => w.after_round > round,
        }
    }
}

/// A withdrawal and how its games are treated (S4 ch.2 §7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Withdrawal {
    /// Last round the player's result counts for (0: before the first round).
    pub after_round: u32,
    /// How the player's games are treated.
    pub treatment: WithdrawalTreatment,
    /// Why the player withdrew.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// How a withdrawn player's games count (S4 ch.2 §7.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WithdrawalTreatment {
    /// Fewer than half the games played: every game is cancelled and the player leaves the
    /// table.
    CancelAll,
    /// Half or more played (and always in Swiss events): played games stand, the remaining
    /// ones are lost by forfeit.
    KeepAndForfeit,
}
