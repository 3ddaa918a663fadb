//! Registering and correcting players.

use super::*;

pub(super) fn add_player(
    state: &mut EventState,
    new: &NewPlayer,
    account: &Option<Person>,
) -> Result<Applied, ActionError> {
    let name = player_name(new)?;
    if let Some(a) = account
        && let Some(n) = state.entrant_of(a.id)
    {
        return Err(ActionError::invalid(
            "username",
            format!("{} is already registered as player {n}", a.name),
        ));
    }
    let player = to_player(new)?;
    let late = state.event.started;
    let missed = new.missed.unwrap_or(ByeKind::Zero);
    let number = state.event.add_late_player(player, missed)?;
    if let Some(a) = account {
        state.accounts.insert(number, a.clone());
    }
    let paired = state.event.rounds.len();
    Ok(Applied::Changed(if late && paired > 0 {
        format!(
            "player {number} {name} entered late; round(s) 1–{paired} missed, each a {}",
            bye_words(missed)
        )
    } else if late {
        format!("player {number} {name} entered after the draw")
    } else {
        format!("player {number} {name} registered")
    }))
}

/// The library's player for the details given, each field checked and named.
pub(super) fn to_player(new: &NewPlayer) -> Result<Player, ActionError> {
    let mut player = Player::named(player_name(new)?);
    player.rating = new.rating;
    player.club = text_field("club", &new.club)?;
    player.region = text_field("region", &new.region)?;
    player.birth_year = new.birth_year;
    player.seed_class = new.seed_class;
    let traditional = text_field("name_traditional", &new.name_traditional)?;
    player.name_traditional = (!traditional.is_empty()).then_some(traditional);
    Ok(player)
}

pub(super) fn correct_player(
    state: &mut EventState,
    number: EntrantNo,
    new: &NewPlayer,
) -> Result<Applied, ActionError> {
    let name = player_name(new)?;
    let before = state
        .event
        .player(number)
        .cloned()
        .ok_or_else(|| ActionError::NotFound(format!("no player {number}")))?;
    let details = PlayerDetails {
        name: name.to_owned(),
        club: text_field("club", &new.club)?,
        region: text_field("region", &new.region)?,
        rating: new.rating,
        birth_year: new.birth_year,
    };
    state.event.correct_player(number, details)?;
    let after = state
        .event
        .player(number)
        .ok_or_else(|| ActionError::NotFound(format!("no player {number}")))?;
    let mut changes = Vec::new();
    let mut note = |what: &str, was: String, now: String| {
        if was != now {
            changes.push(format!("{what} {now:?} (was {was:?})"));
        }
    };
    let num = |n: Option<u32>| n.map_or(String::new(), |n| n.to_string());
    note("name", before.name.clone(), after.name.clone());
    note("club", before.club.clone(), after.club.clone());
    note("region", before.region.clone(), after.region.clone());
    note("rating", num(before.rating), num(after.rating));
    note(
        "birth year",
        num(before.birth_year.map(u32::from)),
        num(after.birth_year.map(u32::from)),
    );
    Ok(if changes.is_empty() {
        Applied::Unchanged(format!("player {number}: nothing to correct"))
    } else {
        Applied::Changed(format!("player {number}: {}", changes.join(", ")))
    })
}

/// The most a CSV file may hold (about 2,000 players).
pub const MAX_CSV_BYTES: usize = 256 * 1024;

/// Registers every player of a CSV file, all or none, through the library's reader.
pub(super) fn import_players(state: &mut EventState, csv: &str) -> Result<Applied, ActionError> {
    if csv.len() > MAX_CSV_BYTES {
        return Err(ActionError::invalid(
            "csv",
            format!("the file has {} bytes: at most {MAX_CSV_BYTES}", csv.len()),
        ));
    }
    if state.event.is_team_event() {
        return Err(ActionError::invalid(
            "csv",
            "a team event registers teams with their members, not players alone",
        ));
    }
    let numbers = shatar_tournament::csv_import::import_players(&mut state.event, csv)
        .map_err(|e| ActionError::invalid("csv", e.to_string()))?;
    Ok(match (numbers.first(), numbers.last()) {
        (Some(first), Some(last)) => Applied::Changed(format!(
            "{} player(s) registered from a CSV file (numbers {first}–{last})",
            numbers.len()
        )),
        _ => Applied::Unchanged("the CSV file names no player".into()),
    })
}

pub(super) fn open_registration(state: &mut EventState, open: bool) -> Applied {
    if state.registration_open == open {
        return Applied::Unchanged(format!(
            "registration is already {}",
            if open { "open" } else { "closed" }
        ));
    }
    state.registration_open = open;
    Applied::Changed(
        if open {
            "registration opened to accounts"
        } else {
            "registration closed to accounts"
        }
        .into(),
    )
}

/// An account's request to play, checked as the registration will be (the name, and that
/// nobody is registered twice) so that the staff approve only what can be registered.
pub(super) fn register(
    state: &mut EventState,
    account: &Person,
    player: &NewPlayer,
) -> Result<Applied, ActionError> {
    if !state.registration_open || state.event.started {
        return Err(ActionError::invalid(
            "event",
            "registration is not open for this event",
        ));
    }
    if let Some(n) = state.entrant_of(account.id) {
        return Err(ActionError::invalid(
            "username",
            format!("{} is already registered as player {n}", account.name),
        ));
    }
    let mut trial = state.clone();
    add_player(&mut trial, player, &Some(account.clone()))?;
    let name = player_name(player)?.to_owned();
    let request = super::super::state::Registration {
        account: account.clone(),
        player: player.clone(),
    };
    if let Some(r) = state
        .pending
        .iter_mut()
        .find(|r| r.account.id == account.id)
    {
        if *r == request {
            return Ok(Applied::Unchanged(format!(
                "{} has already asked to play",
                account.name
            )));
        }
        *r = request;
        return Ok(Applied::Changed(format!(
            "{} changed their request to play as {name}",
            account.name
        )));
    }
    state.pending.push(request);
    Ok(Applied::Changed(format!(
        "{} asked to play as {name}",
        account.name
    )))
}

fn take_request(
    state: &mut EventState,
    account: &Person,
) -> Result<super::super::state::Registration, ActionError> {
    let at = state
        .pending
        .iter()
        .position(|r| r.account.id == account.id)
        .ok_or_else(|| {
            ActionError::NotFound(format!("{} has no request to play waiting", account.name))
        })?;
    Ok(state.pending.remove(at))
}

pub(super) fn approve(state: &mut EventState, account: &Person) -> Result<Applied, ActionError> {
    let request = take_request(state, account)?;
    let done = add_player(state, &request.player, &Some(request.account.clone()))?;
    Ok(match done {
        Applied::Changed(s) => Applied::Changed(format!("{s} (asked by {})", account.name)),
        unchanged => unchanged,
    })
}

pub(super) fn decline(
    state: &mut EventState,
    account: &Person,
    reason: &str,
) -> Result<Applied, ActionError> {
    let request = take_request(state, account)?;
    let reason = reason.trim();
    if reason.chars().count() > 200 {
        return Err(ActionError::invalid("reason", "at most 200 characters"));
    }
    Ok(Applied::Changed(if reason.is_empty() {
        format!(
            "request of {} to play as {} declined",
            account.name, request.player.name
        )
    } else {
        format!(
            "request of {} to play as {} declined: {reason}",
            account.name, request.player.name
        )
    }))
}

/// The check-in before round 1: who has reported at the venue.
pub(super) fn check_in(
    state: &mut EventState,
    entrant: EntrantNo,
    present: bool,
) -> Result<Applied, ActionError> {
    if state.event.player(entrant).is_none() {
        return Err(ActionError::NotFound(format!("no player {entrant}")));
    }
    if !state.event.rounds.is_empty() {
        return Err(ActionError::invalid(
            "entrant",
            "the check-in is before round 1; round 1 is paired",
        ));
    }
    let name = named(&state.event, entrant);
    let changed = if present {
        state.checked_in.insert(entrant)
    } else {
        state.checked_in.remove(&entrant)
    };
    Ok(match (changed, present) {
        (true, true) => Applied::Changed(format!("{name} checked in")),
        (true, false) => Applied::Changed(format!("{name} marked not present")),
        (false, true) => Applied::Unchanged(format!("{name} is already checked in")),
        (false, false) => Applied::Unchanged(format!("{name} is not checked in")),
    })
}
