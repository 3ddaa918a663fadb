//! An event's state in the web app: the tournament library's event, and around it who runs
//! it, what is published and which players have accounts.

use serde::{Deserialize, Serialize};
use shatar_tournament::{EntrantNo, Event, RoundNo};
use std::collections::{BTreeMap, BTreeSet};

/// An account as an event remembers it: its row id and its name at the time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Person {
    /// The account's row id.
    pub id: i64,
    /// Its name.
    pub name: String,
}

impl Person {
    /// The id the server's own changes are made under (an online event's rounds): no
    /// account has it.
    pub const SERVER_ID: i64 = 0;

    /// A signed-in account as the event remembers it.
    pub fn of(user: &crate::db::users::User) -> Person {
        Person {
            id: user.id,
            name: user.username.clone(),
        }
    }

    /// The server, as the author of an online event's rounds and results.
    pub fn server() -> Person {
        Person {
            id: Person::SERVER_ID,
            name: "server".to_owned(),
        }
    }
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
    /// Whether accounts may ask to play (self-registration, approved by the staff).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub registration_open: bool,
    /// Accounts that asked to play and wait for the staff's answer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<Registration>,
    /// Players who reported at the venue before round 1 (check-in).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub checked_in: BTreeSet<EntrantNo>,
    /// Team events: each team's captain, who submits its line-ups.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub captains: BTreeMap<EntrantNo, Person>,
    /// Team events: line-ups submitted for rounds whose match is not yet entered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lineups: Vec<Lineup>,
    /// Team events: rounds whose line-ups are closed (captains may no longer change them,
    /// and everyone may see them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lineups_closed: Vec<RoundNo>,
    /// Team events: the time by which each round's line-ups are due. After it captains may
    /// no longer change them and everyone may see them, as when closed by hand.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lineup_deadlines: Vec<LineupDeadline>,
    /// Minutes a player may arrive late before losing by default (S4 ch.2 §6: 15).
    #[serde(default = "default_time_min")]
    pub default_time_min: u32,
    /// Over-the-board boards keep an electronic score sheet on the tablet (the moves entered
    /// from the legal ones); false: the tablet is a clock only and the players keep paper
    /// score sheets (the log has each press without its move).
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub score_sheet: bool,
    /// An online event: played live on the site, its rounds run by the server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub online: Option<super::online::Online>,
    /// Online Swiss and arena: players who paused (not paired in the rounds paired
    /// meanwhile, or while paused).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub paused: BTreeSet<EntrantNo>,
    /// An online arena: its clock and the games it paired.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arena: Option<super::arena::ArenaRun>,
}

fn default_time_min() -> u32 {
    DEFAULT_TIME_MIN
}

fn yes() -> bool {
    true
}

fn is_yes(b: &bool) -> bool {
    *b
}

/// The default time of S4 ch.2 §6: a player more than 15 minutes late loses by default.
pub const DEFAULT_TIME_MIN: u32 = 15;

/// An account's request to play, waiting for the staff.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Registration {
    /// The account asking.
    pub account: Person,
    /// The player's details as the account gave them.
    pub player: super::NewPlayer,
}

/// When a round's line-ups are due.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineupDeadline {
    /// The round.
    pub round: RoundNo,
    /// The time, in milliseconds since the Unix epoch.
    pub at_ms: i64,
}

/// A team's line-up for a round, board 1 first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lineup {
    /// The round.
    pub round: RoundNo,
    /// The team.
    pub team: EntrantNo,
    /// Its players, board 1 first.
    pub players: Vec<EntrantNo>,
}

impl EventState {
    /// A new event's state: the library's event and its organiser, nothing else yet.
    pub fn new(event: Event, organiser: Person) -> EventState {
        EventState {
            event,
            organiser,
            arbiters: Vec::new(),
            published: Vec::new(),
            accounts: BTreeMap::new(),
            registration_open: false,
            pending: Vec::new(),
            checked_in: BTreeSet::new(),
            captains: BTreeMap::new(),
            lineups: Vec::new(),
            lineups_closed: Vec::new(),
            lineup_deadlines: Vec::new(),
            default_time_min: DEFAULT_TIME_MIN,
            score_sheet: true,
            online: None,
            paused: BTreeSet::new(),
            arena: None,
        }
    }

    /// Where the event stands.
    pub fn status(&self) -> Status {
        if !self.event.started {
            return Status::Registration;
        }
        if let Some(run) = &self.arena {
            return if run.ended {
                Status::Finished
            } else {
                Status::Running
            };
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

    /// How many players take part: registered (or joined) and not withdrawn (or left).
    pub fn players_taking_part(&self) -> usize {
        self.event
            .players
            .iter()
            .filter(|p| p.withdrawal.is_none())
            .count()
    }

    /// Whether the server runs the event's rounds: an online event not yet finished.
    pub fn runs_online(&self) -> bool {
        self.online.is_some() && self.status() != Status::Finished
    }

    /// How many rounds, from round 1 on, the public may see standings after: each one
    /// published with every result in.
    pub fn public_rounds(&self) -> usize {
        self.event
            .rounds
            .iter()
            .take_while(|r| {
                self.is_published(r.number)
                    && r.pairings
                        .iter()
                        .all(shatar_tournament::Pairing::is_complete)
            })
            .count()
    }

    /// The event as the public may have it whole (exports, standings): its rounds up to
    /// [`EventState::public_rounds`].
    pub fn public_event(&self) -> Event {
        event_after(&self.event, self.public_rounds())
    }

    /// Follows the library's `Event::take_back_team` of `team` with `members`: forgets its
    /// captain and its members' accounts, and numbers the other captains and accounts again.
    pub fn team_taken_back(
        &mut self,
        team: EntrantNo,
        members: &[EntrantNo],
        moved: &shatar_tournament::TakenBack,
    ) {
        self.captains.remove(&team);
        for m in members {
            self.accounts.remove(m);
        }
        self.renumbered(&moved.teams);
        self.accounts = std::mem::take(&mut self.accounts)
            .into_iter()
            .map(|(n, p)| (n.renumbered(&moved.players), p))
            .collect();
    }

    /// Forgets what the event keeps of entrant `n` by number (its account or captain, its
    /// check-in and pause), after the library took it out of the event.
    pub fn forget(&mut self, n: EntrantNo) {
        if self.event.is_team_event() {
            self.captains.remove(&n);
        } else {
            self.accounts.remove(&n);
            self.checked_in.remove(&n);
            self.paused.remove(&n);
        }
    }

    /// Follows the draw's new start numbers (old, new) in what the state keeps by number:
    /// players' accounts and check-ins in an individual event, captains in a team event.
    pub fn renumbered(&mut self, moved: &[(EntrantNo, EntrantNo)]) {
        let new_of = |old: EntrantNo| old.renumbered(moved);
        if self.event.is_team_event() {
            self.captains = std::mem::take(&mut self.captains)
                .into_iter()
                .map(|(t, p)| (new_of(t), p))
                .collect();
        } else {
            self.accounts = std::mem::take(&mut self.accounts)
                .into_iter()
                .map(|(n, p)| (new_of(n), p))
                .collect();
            self.checked_in = std::mem::take(&mut self.checked_in)
                .into_iter()
                .map(new_of)
                .collect();
            self.paused = std::mem::take(&mut self.paused)
                .into_iter()
                .map(new_of)
                .collect();
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

    /// The team whose captain is the account `user_id`, if any.
    pub fn captain_of(&self, user_id: i64) -> Option<EntrantNo> {
        self.captains
            .iter()
            .find(|(_, p)| p.id == user_id)
            .map(|(&n, _)| n)
    }

    /// The line-up submitted for `team` in `round`, if any.
    pub fn lineup(&self, round: RoundNo, team: EntrantNo) -> Option<&Lineup> {
        self.lineups
            .iter()
            .find(|l| l.round == round && l.team == team)
    }

    /// Whether the line-ups of `round` are closed by hand.
    pub fn lineups_are_closed(&self, round: RoundNo) -> bool {
        self.lineups_closed.contains(&round)
    }

    /// When the line-ups of `round` are due, if a time was set.
    pub fn lineup_deadline(&self, round: RoundNo) -> Option<i64> {
        self.lineup_deadlines
            .iter()
            .find(|d| d.round == round)
            .map(|d| d.at_ms)
    }

    /// Whether the line-ups of `round` are past their due time at `now_ms`.
    pub fn lineups_are_due(&self, round: RoundNo, now_ms: i64) -> bool {
        self.lineup_deadline(round).is_some_and(|at| at <= now_ms)
    }

    /// Whether everyone may see the line-ups of `round` at `now_ms`: once closed by hand or
    /// past their due time.
    pub fn lineups_are_public(&self, round: RoundNo, now_ms: i64) -> bool {
        self.lineups_are_closed(round) || self.lineups_are_due(round, now_ms)
    }

    /// The start number of the player whose account is `user_id`, if any.
    pub fn entrant_of(&self, user_id: i64) -> Option<EntrantNo> {
        self.accounts
            .iter()
            .find(|(_, p)| p.id == user_id)
            .map(|(&n, _)| n)
    }
}

/// The event as it stood after its first `n` rounds: later rounds dropped, and with them
/// the withdrawals and eliminations that came after (violations are a whole-event total
/// and stay).
pub fn event_after(event: &Event, n: usize) -> Event {
    let mut e = event.clone();
    if n >= e.rounds.len() {
        return e;
    }
    e.rounds.truncate(n);
    let n = u32::try_from(n).unwrap_or(u32::MAX);
    for p in &mut e.players {
        if p.withdrawal.as_ref().is_some_and(|w| w.after_round >= n) {
            p.withdrawal = None;
        }
    }
    for t in &mut e.teams {
        if t.withdrawal.as_ref().is_some_and(|w| w.after_round >= n) {
            t.withdrawal = None;
        }
    }
    e.eliminated.retain(|&(_, after)| after <= n);
    e
}
