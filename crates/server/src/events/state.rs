//! An event's state in the web app: the tournament library's event, and around it who runs
//! it, what is published and which players have accounts.

use serde::{Deserialize, Serialize};
use shatar_tournament::{EntrantNo, Event, RoundNo};
use std::collections::BTreeMap;

/// An account as an event remembers it: its row id and its name at the time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Person {
    /// The account's row id.
    pub id: i64,
    /// Its name.
    pub name: String,
}

/// Where an event stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Players are being registered; no round is paired.
    Registration,
    /// The draw has been made; rounds are being played.
    Running,
    /// Every planned round is paired and every result is in.
    Finished,
}

impl Status {
    /// The name the API writes.
    pub const fn name(self) -> &'static str {
        match self {
            Status::Registration => "registration",
            Status::Running => "running",
            Status::Finished => "finished",
        }
    }
}

/// An event as the web app keeps it; always equal to the replay of its history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventState {
    /// The tournament library's event.
    pub event: Event,
    /// Who created it and runs it (can hand it over).
    pub organiser: Person,
    /// The arbiters the organiser appointed.
    #[serde(default)]
    pub arbiters: Vec<Person>,
    /// The rounds shown to the public.
    #[serde(default)]
    pub published: Vec<RoundNo>,
    /// Players with an account on the site.
    #[serde(default)]
    pub accounts: BTreeMap<EntrantNo, Person>,
}

impl EventState {
    /// Where the event stands.
    pub fn status(&self) -> Status {
        if !self.event.started {
            return Status::Registration;
        }
        let planned = usize::try_from(self.event.rounds_planned).unwrap_or(usize::MAX);
        let all_paired = planned > 0 && self.event.rounds.len() >= planned;
        let all_in = self
            .event
            .rounds
            .iter()
            .flat_map(|r| &r.pairings)
            .all(shatar_tournament::Pairing::is_complete);
        if all_paired && all_in {
            Status::Finished
        } else {
            Status::Running
        }
    }

    /// Whether round `round` is published.
    pub fn is_published(&self, round: RoundNo) -> bool {
        self.published.contains(&round)
    }

    /// Whether the account `user_id` is one of the event's arbiters.
    pub fn is_arbiter(&self, user_id: i64) -> bool {
        self.arbiters.iter().any(|a| a.id == user_id)
    }

    /// The start number of the player whose account is `user_id`, if any.
    pub fn entrant_of(&self, user_id: i64) -> Option<EntrantNo> {
        self.accounts
            .iter()
            .find(|(_, p)| p.id == user_id)
            .map(|(&n, _)| n)
    }
}
