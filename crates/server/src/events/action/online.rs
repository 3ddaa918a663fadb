//! Online events: their settings at creation, and accounts joining and leaving.

use super::*;
use crate::events::online::{self as rules, Online, OnlineRefusal};

/// An online event's settings from the creation's, checked; the clock must be one the
/// live games run.
pub(super) fn settings(
    event: &Event,
    given: &OnlineSettings,
    team: bool,
) -> Result<Online, ActionError> {
    if team && event.system == System::Arena {
        return Err(ActionError::invalid(
            "online",
            Msg::new("event-error-online-teams"),
        ));
    }
    let tc: shatar_arbiter::TimeControl = event.time_control.parse().map_err(|e| {
        ActionError::invalid("time_control", crate::refusals::time_control_error(&e))
    })?;
    let (initial_ms, increment_ms) = rules::live_clock(&tc).map_err(|why| {
        ActionError::invalid(
            "time_control",
            Msg::new(match why {
                OnlineRefusal::Clock => "event-error-online-clock",
                OnlineRefusal::Untimed => "event-error-online-untimed",
            })
            .arg("value", &event.time_control),
        )
    })?;
    let range = |field: &'static str, v: Option<u32>, min: u32, max: u32, default: u32| match v {
        None => Ok(default),
        Some(n) if (min..=max).contains(&n) => Ok(n),
        Some(n) => Err(ActionError::invalid(
            field,
            Msg::new("event-error-online-range")
                .arg("n", n)
                .arg("min", min)
                .arg("max", max),
        )),
    };
    let start_at_ms = match given.start_at.as_deref() {
        None => None,
        Some(text) => Some(crate::timestamps::from_rfc3339(text).ok_or_else(|| {
            ActionError::invalid(
                "start_at",
                Msg::new("event-error-time-syntax").arg("value", text),
            )
        })?),
    };
    Ok(Online {
        initial_ms,
        increment_ms,
        rated: given.rated.unwrap_or(true),
        pause_s: range("pause_s", given.pause_s, 0, 3_600, rules::DEFAULT_PAUSE_S)?,
        limit: range("limit", given.limit, 2, 10_000, rules::DEFAULT_LIMIT)?,
        start_at_ms,
        default_s: range(
            "default_s",
            given.default_s,
            5,
            3_600,
            rules::default_time_s(initial_ms),
        )?,
    })
}

/// An arena's run from the creation's settings: an arena is played online, for
/// `duration_min` minutes (5 to a day, an hour by default); other systems take no
/// duration.
pub(super) fn arena(
    event: &Event,
    online: bool,
    given: &OnlineSettings,
) -> Result<Option<crate::events::arena::ArenaRun>, ActionError> {
    use crate::events::arena::{ArenaRun, DEFAULT_DURATION_MIN, MAX_DURATION_MIN};
    if event.system != System::Arena {
        if given.duration_min.is_some() {
            return Err(ActionError::invalid(
                "duration_min",
                Msg::new("event-error-duration-not-arena"),
            ));
        }
        return Ok(None);
    }
    if !online {
        return Err(ActionError::invalid(
            "online",
            Msg::new("event-error-arena-online"),
        ));
    }
    let minutes = match given.duration_min {
        None => DEFAULT_DURATION_MIN,
        Some(n) if (5..=MAX_DURATION_MIN).contains(&n) => n,
        Some(n) => {
            return Err(ActionError::invalid(
                "duration_min",
                Msg::new("event-error-online-range")
                    .arg("n", n)
                    .arg("min", 5)
                    .arg("max", MAX_DURATION_MIN),
            ));
        }
    };
    Ok(Some(ArenaRun::new(minutes)))
}

fn online(state: &EventState) -> Result<Online, ActionError> {
    state
        .online
        .ok_or_else(|| ActionError::invalid("event", Msg::new("event-error-not-online")))
}

pub(super) fn join(
    state: &mut EventState,
    account: &Person,
    rating: Option<u32>,
) -> Result<Applied, ActionError> {
    let online = online(state)?;
    // An arena takes players until its end; the other systems until their start.
    let closed = match &state.arena {
        Some(run) => run.ended,
        None => state.event.started,
    };
    if closed {
        return Err(ActionError::invalid(
            "event",
            Msg::new("event-error-online-started"),
        ));
    }
    let entrant = state.entrant_of(account.id);
    if let Some(n) = entrant.filter(|&n| state.event.withdrawal(n).is_none()) {
        return Ok(Applied::Unchanged(
            Msg::new("event-done-already-joined")
                .arg("account", &account.name)
                .arg("number", n),
        ));
    }
    if state.players_taking_part() >= usize::try_from(online.limit).unwrap_or(usize::MAX) {
        return Err(ActionError::invalid(
            "event",
            Msg::new("event-error-online-full").arg("limit", online.limit),
        ));
    }
    if let Some(n) = entrant {
        // Back after leaving, before the start: the withdrawal is taken back.
        if let Some(p) = state.event.players.iter_mut().find(|p| p.number == n) {
            p.withdrawal = None;
        }
        return Ok(Applied::Changed(
            Msg::new("event-done-joined")
                .arg("account", &account.name)
                .arg("number", n),
        ));
    }
    let player = NewPlayer {
        name: account.name.clone(),
        rating,
        club: None,
        region: None,
        birth_year: None,
        name_traditional: None,
        seed_class: None,
        missed: None,
    };
    let number = state
        .event
        .add_late_player(super::players::to_player(&player)?, ByeKind::Zero)?;
    state.accounts.insert(number, account.clone());
    Ok(Applied::Changed(
        Msg::new("event-done-joined")
            .arg("account", &account.name)
            .arg("number", number),
    ))
}

/// A captain registers team `team` of the accounts `members` (in the team's order) in an
/// online team event, before its start: each account plays in one team only.
pub(super) fn join_team(
    state: &mut EventState,
    captain: &Person,
    team: &NewTeam,
    members: &[Person],
) -> Result<Applied, ActionError> {
    let online = online(state)?;
    if state.event.started {
        return Err(ActionError::invalid(
            "event",
            Msg::new("event-error-online-started"),
        ));
    }
    if members.len() != team.members.len() {
        return Err(ActionError::invalid(
            "members",
            Msg::new("event-error-team-accounts"),
        ));
    }
    for (k, m) in members.iter().enumerate() {
        if state.entrant_of(m.id).is_some() || members[..k].iter().any(|o| o.id == m.id) {
            return Err(ActionError::invalid(
                "members",
                Msg::new("event-error-account-in-a-team").arg("account", &m.name),
            ));
        }
    }
    let teams = state
        .event
        .teams
        .iter()
        .filter(|t| t.withdrawal.is_none())
        .count();
    if teams >= usize::try_from(online.limit).unwrap_or(usize::MAX) {
        return Err(ActionError::invalid(
            "event",
            Msg::new("event-error-online-full").arg("limit", online.limit),
        ));
    }
    let applied = super::teams::add_team(state, team, &Some(captain.clone()))?;
    let numbers = state
        .event
        .teams
        .last()
        .map(|t| t.members.clone())
        .unwrap_or_default();
    for (n, m) in numbers.into_iter().zip(members) {
        state.accounts.insert(n, m.clone());
    }
    Ok(applied)
}

/// The account's entrant number in online event `state`, or the refusal naming it.
fn joined(state: &EventState, account: &Person) -> Result<EntrantNo, ActionError> {
    state.entrant_of(account.id).ok_or_else(|| {
        ActionError::invalid(
            "username",
            Msg::new("event-error-not-joined").arg("account", &account.name),
        )
    })
}

/// An account leaves: before the start its entry is taken back; after it, it withdraws
/// (the library's withdrawal: its results stand, a game of the round being played is lost
/// by forfeit and it is not paired again). In a team event it is the team that leaves
/// (`leave_team`).
pub(super) fn leave(state: &mut EventState, account: &Person) -> Result<Applied, ActionError> {
    online(state)?;
    if state.event.is_team_event() {
        return leave_team(state, account);
    }
    let n = joined(state, account)?;
    if state.event.withdrawal(n).is_some() {
        return Ok(Applied::Unchanged(
            Msg::new("event-done-already-left").arg("account", &account.name),
        ));
    }
    if state.event.started {
        withdraw_entrant(state, n, WITHDREW)?;
        state.paused.remove(&n);
        return Ok(Applied::Changed(
            Msg::new("event-done-withdrew").arg("account", &account.name),
        ));
    }
    withdraw_entrant(state, n, LEFT_BEFORE_THE_START)?;
    Ok(Applied::Changed(
        Msg::new("event-done-left").arg("account", &account.name),
    ))
}

/// The reason an entry taken back before the start records.
const LEFT_BEFORE_THE_START: &str = "left before the start";

/// A team's captain or member leaves an online team event. The captain takes the team's
/// entry back before the start, or withdraws it during the event (the library's withdrawal
/// of a team). A member named by a captain has not agreed to play: before the start, one
/// who declines takes the whole entry back (the captain may enter the team again without
/// him); during the event the captain decides who plays, by the line-ups.
/// (`withdraw_entrant` would keep a withdrawn team's name and members entered.)
fn leave_team(state: &mut EventState, account: &Person) -> Result<Applied, ActionError> {
    let (team, captain) = match state.captain_of(account.id) {
        Some(t) => (t, true),
        None => {
            let member = joined(state, account)?;
            let team = state
                .event
                .team_of(member)
                .map(|t| t.number)
                .ok_or_else(|| {
                    ActionError::invalid(
                        "username",
                        Msg::new("event-error-not-joined").arg("account", &account.name),
                    )
                })?;
            (team, false)
        }
    };
    let name = state.event.entrant_name(team);
    if state.event.withdrawal(team).is_some() {
        return Ok(Applied::Unchanged(
            Msg::new("event-done-team-already-left").arg("team", &name),
        ));
    }
    if state.event.started {
        if !captain {
            return Err(ActionError::invalid(
                "username",
                Msg::new("event-error-member-leaves")
                    .arg("account", &account.name)
                    .arg("team", &name),
            ));
        }
        withdraw_entrant(state, team, WITHDREW)?;
        return Ok(Applied::Changed(
            Msg::new("event-done-team-withdrew").arg("team", &name),
        ));
    }
    // Before the start the entry is taken back whole: the team's accounts are free again,
    // each may play in another team, and the team may be entered again under its name.
    let members = state
        .event
        .team(team)
        .map(|t| t.members.clone())
        .unwrap_or_default();
    let moved = state.event.take_back_team(team)?;
    state.team_taken_back(team, &members, &moved);
    Ok(Applied::Changed(if captain {
        Msg::new("event-done-team-left").arg("team", &name)
    } else {
        Msg::new("event-done-team-declined")
            .arg("account", &account.name)
            .arg("team", &name)
    }))
}

/// The reason a player's own withdrawal from a running online event records.
pub const WITHDREW: &str = "withdrew during the event";

/// An account pauses in a running (or not yet started) online Swiss: it is not paired in
/// the rounds paired while it is paused (a declared absence: no bye, no points), and comes
/// back by unpausing. Round robins and knock-outs fix every round's pairings, so a player
/// there can only withdraw.
pub(super) fn pause(
    state: &mut EventState,
    account: &Person,
    paused: bool,
) -> Result<Applied, ActionError> {
    online(state)?;
    let n = joined(state, account)?;
    if !state.event.system.is_swiss() && state.arena.is_none() {
        return Err(ActionError::invalid(
            "event",
            Msg::new("event-error-pause-not-swiss"),
        ));
    }
    if state.event.withdrawal(n).is_some() {
        return Err(ActionError::invalid(
            "username",
            Msg::new("event-error-pause-withdrawn").arg("account", &account.name),
        ));
    }
    let changed = if paused {
        state.paused.insert(n)
    } else {
        state.paused.remove(&n)
    };
    let id = match (paused, changed) {
        (true, true) => "event-done-paused",
        (false, true) => "event-done-unpaused",
        (true, false) => "event-done-already-paused",
        (false, false) => "event-done-not-paused",
    };
    let msg = Msg::new(id).arg("account", &account.name);
    Ok(if changed {
        Applied::Changed(msg)
    } else {
        Applied::Unchanged(msg)
    })
}

/// Before an online Swiss pairs its next round, each paused player is recorded as absent
/// from it (a zero-point requested bye: the library leaves them out of the pairing).
pub(super) fn absent_while_paused(state: &mut EventState) -> Result<(), ActionError> {
    if state.online.is_none() || state.paused.is_empty() {
        return Ok(());
    }
    let round = RoundNo::from_index(state.event.rounds.len());
    let paused: Vec<EntrantNo> = state.paused.iter().copied().collect();
    for n in paused {
        if state.event.is_active_in(n, round) && state.event.requested_bye(n, round).is_none() {
            state.event.request_bye(n, round, ByeKind::Zero)?;
        }
    }
    Ok(())
}

/// The most time an arbiter gives at once: an hour.
pub const MAX_TIME_GIVEN_S: u32 = 3_600;

/// An arbiter gives `color` on board `board` of round `round` more time in its live game
/// (the server gives it on the game's clock; the history keeps the decision). Only a game
/// being played can be given time.
pub(super) fn give_time(
    state: &EventState,
    round: RoundNo,
    board: BoardNo,
    color: shatar_tournament::Color,
    seconds: u32,
) -> Result<Applied, ActionError> {
    online(state)?;
    if !(1..=MAX_TIME_GIVEN_S).contains(&seconds) {
        return Err(ActionError::invalid(
            "seconds",
            Msg::new("event-error-online-range")
                .arg("n", seconds)
                .arg("min", 1)
                .arg("max", MAX_TIME_GIVEN_S),
        ));
    }
    let rounds = u32::try_from(state.event.rounds.len()).unwrap_or(u32::MAX);
    let p = state
        .event
        .rounds
        .get(round.index())
        .ok_or(EventError::UnknownRound { round, rounds })?
        .pairings
        .iter()
        .find(|p| p.board == board)
        .ok_or(EventError::UnknownBoard { round, board })?;
    let (Some(black), false) = (p.black, p.is_complete()) else {
        return Err(ActionError::invalid(
            "board",
            Msg::new("event-error-time-not-played")
                .arg("round", round)
                .arg("board", board),
        ));
    };
    let player = match color {
        shatar_tournament::Color::White => p.white,
        shatar_tournament::Color::Black => black,
    };
    Ok(Applied::Changed(
        Msg::new("event-done-time-given")
            .arg("name", super::named(&state.event, player))
            .arg("seconds", seconds)
            .arg("round", round)
            .arg("board", board),
    ))
}
