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
    if team {
        return Err(ActionError::invalid(
            "online",
            Msg::new("event-error-online-teams"),
        ));
    }
    if event.games_per_pairing != 1 {
        return Err(ActionError::invalid(
            "online",
            Msg::new("event-error-online-matches"),
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
    if state.event.started {
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

pub(super) fn leave(state: &mut EventState, account: &Person) -> Result<Applied, ActionError> {
    online(state)?;
    if state.event.started {
        return Err(ActionError::invalid(
            "event",
            Msg::new("event-error-online-started"),
        ));
    }
    let Some(n) = state.entrant_of(account.id) else {
        return Err(ActionError::invalid(
            "username",
            Msg::new("event-error-not-joined").arg("account", &account.name),
        ));
    };
    if state.event.withdrawal(n).is_some() {
        return Ok(Applied::Unchanged(
            Msg::new("event-done-already-left").arg("account", &account.name),
        ));
    }
    let before = state.event.players.len();
    state.event.withdraw(n, "left before the start")?;
    if state.event.players.len() < before {
        // The library took the player out (a round robin before its draw) and numbered
        // the rest again: the accounts follow.
        state.accounts.remove(&n);
        let moved: Vec<(EntrantNo, EntrantNo)> = state
            .accounts
            .keys()
            .filter(|&&k| k > n)
            .filter_map(|&k| Some((k, EntrantNo::new(k.get() - 1)?)))
            .collect();
        state.renumbered(&moved);
    }
    Ok(Applied::Changed(
        Msg::new("event-done-left").arg("account", &account.name),
    ))
}
