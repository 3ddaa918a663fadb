//! Who may do what with an event. Checked on the server for every action, whatever page or
//! API call asks for it.

use super::action::{Action, ActionError};
use super::state::EventState;
use crate::db::users::{AccountRole, User};
use crate::i18n::Msg;

/// What an account is to one event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Standing {
    /// Not signed in, or signed in with no part in the event: sees what is published.
    Public,
    /// A registered player with an account: also sees their own pairing.
    Player,
    /// One of the event's arbiters: pairs rounds, enters results, registers players.
    Arbiter,
    /// The organiser who created it (or was handed it): also appoints arbiters.
    Organiser,
    /// A site administrator: may do everything with every event.
    Admin,
}

impl Standing {
    /// What `user` is to the event.
    pub fn of(user: Option<&User>, state: &EventState) -> Standing {
        let Some(user) = user else {
            return Standing::Public;
        };
        if user.role == AccountRole::Admin {
            Standing::Admin
        } else if state.organiser.id == user.id {
            Standing::Organiser
        } else if state.is_arbiter(user.id) {
            Standing::Arbiter
        } else if state.entrant_of(user.id).is_some() {
            Standing::Player
        } else {
            Standing::Public
        }
    }

    /// Whether the event's staff (arbiters and up) may see and change its unpublished parts.
    pub fn is_staff(self) -> bool {
        self >= Standing::Arbiter
    }

    /// Whether this standing may make the change.
    pub fn may(self, action: &Action) -> bool {
        match action {
            // Creating is checked on the account's site role ([`may_create`]).
            Action::Create { .. } | Action::Import { .. } => false,
            Action::AppointArbiter { .. }
            | Action::RemoveArbiter { .. }
            | Action::HandOver { .. } => self >= Standing::Organiser,
            // An undo is also checked against the change it takes back.
            Action::Undo { .. }
            | Action::AddPlayer { .. }
            | Action::CorrectPlayer { .. }
            | Action::Start
            | Action::PairRound
            | Action::UnpairRound { .. }
            | Action::Exchange { .. }
            | Action::Publish { .. }
            | Action::SetResult { .. }
            | Action::DecideMatch { .. }
            | Action::RequestBye { .. }
            | Action::Withdraw { .. }
            | Action::SetViolations { .. }
            | Action::ImportPlayers { .. }
            | Action::Approve { .. }
            | Action::Decline { .. }
            | Action::CheckIn { .. }
            | Action::AddTeam { .. }
            | Action::SetCaptain { .. }
            | Action::SubmitLineup { .. }
            | Action::CloseLineups { .. }
            | Action::SetLineupDeadline { .. }
            | Action::SetTeamResult { .. }
            | Action::Pause { .. }
            | Action::GiveTime { .. } => self.is_staff(),
            Action::OpenRegistration { .. } => self >= Standing::Organiser,
            // Asking to play, joining and leaving are an account's own acts ([`allowed`]).
            Action::Register { .. }
            | Action::Join { .. }
            | Action::JoinTeam { .. }
            | Action::Leave { .. } => false,
            // The staff may end an arena early; its other steps are the server's own (its
            // runner), never a visitor's.
            Action::ArenaEnd => self.is_staff(),
            Action::ArenaBegin { .. } | Action::ArenaPair { .. } | Action::ArenaResult { .. } => {
                false
            }
        }
    }
}

/// Whether `user` may make the change: by their standing in the event, or because the
/// change is their own — asking to play (or taking the request back), checking in, and a
/// captain's line-up for their own team.
pub fn allowed(user: Option<&User>, state: &EventState, action: &Action) -> bool {
    if Standing::of(user, state).may(action) {
        return true;
    }
    let Some(user) = user else {
        return false;
    };
    match action {
        Action::Register { account, .. }
        | Action::Decline { account, .. }
        | Action::Join { account, .. }
        | Action::Leave { account }
        | Action::Pause { account, .. } => account.id == user.id,
        Action::JoinTeam { captain, .. } => captain.id == user.id,
        Action::CheckIn { entrant, .. } => state.entrant_of(user.id) == Some(*entrant),
        Action::SubmitLineup { team, .. } => state.captain_of(user.id) == Some(*team),
        _ => false,
    }
}

/// Why a change that `user` may make is refused at `now_ms` because its time is over: a
/// captain's line-up after the round's line-ups were due. The staff may still enter one
/// (a line-up handed in late with the arbiter's leave).
pub fn too_late(
    user: Option<&User>,
    state: &EventState,
    action: &Action,
    now_ms: i64,
) -> Option<ActionError> {
    let Action::SubmitLineup { round, .. } = action else {
        return None;
    };
    if Standing::of(user, state).is_staff() {
        return None;
    }
    let at = state.lineup_deadline(*round).filter(|&at| at <= now_ms)?;
    Some(ActionError::invalid(
        "round",
        Msg::new("event-error-lineups-due")
            .arg("round", *round)
            .arg("at", crate::archive::utc_minute(at)),
    ))
}

/// Whether an account may create events: organisers and administrators.
pub fn may_create(user: &User) -> bool {
    user.role >= AccountRole::Organiser
}
