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
            already_registered(&a.name, n),
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
    let msg = if late && paired > 0 {
        Msg::new("event-done-player-late")
            .arg("paired", paired)
            .arg_id("bye", bye_id(missed))
    } else if late {
        Msg::new("event-done-player-after-draw")
    } else {
        Msg::new("event-done-player-registered")
    };
    Ok(Applied::Changed(
        msg.arg("number", number).arg("name", name),
    ))
}

/// "Bat is already registered as player 3".
fn already_registered(account: &str, n: EntrantNo) -> Msg {
    Msg::new("event-error-account-registered")
        .arg("name", account)
        .arg("number", n)
}

/// "no player 7".
pub(super) fn no_player(n: EntrantNo) -> Msg {
    Msg::new("event-error-no-player-number").arg("number", n)
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
        .ok_or_else(|| ActionError::NotFound(no_player(number)))?;
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
        .ok_or_else(|| ActionError::NotFound(no_player(number)))?;
    let mut changes: Option<Msg> = None;
    let mut note = |what: &'static str, was: String, now: String| {
        if was != now {
            let change = Msg::new("event-done-correction")
                .arg_id("what", what)
                .arg("now", format!("{now:?}"))
                .arg("was", format!("{was:?}"));
            changes = Some(match changes.take() {
                None => change,
                Some(before) => Msg::new("event-list")
                    .arg_msg("first", before)
                    .arg_msg("next", change),
            });
        }
    };
    let num = |n: Option<u32>| n.map_or(String::new(), |n| n.to_string());
    note("event-detail-name", before.name.clone(), after.name.clone());
    note("event-detail-club", before.club.clone(), after.club.clone());
    note(
        "event-detail-region",
        before.region.clone(),
        after.region.clone(),
    );
    note("event-detail-rating", num(before.rating), num(after.rating));
    note(
        "event-detail-birth-year",
        num(before.birth_year.map(u32::from)),
        num(after.birth_year.map(u32::from)),
    );
    Ok(match changes {
        None => Applied::Unchanged(Msg::new("event-done-nothing-to-correct").arg("number", number)),
        Some(changes) => Applied::Changed(
            Msg::new("event-done-corrected")
                .arg("number", number)
                .arg_msg("changes", changes),
        ),
    })
}

/// The most a CSV file may hold (about 2,000 players).
pub const MAX_CSV_BYTES: usize = 256 * 1024;

/// Registers every player of a CSV file, all or none, through the library's reader.
pub(super) fn import_players(state: &mut EventState, csv: &str) -> Result<Applied, ActionError> {
    if csv.len() > MAX_CSV_BYTES {
        return Err(ActionError::invalid(
            "csv",
            Msg::new("event-error-csv-size")
                .arg("bytes", csv.len())
                .arg("max", MAX_CSV_BYTES),
        ));
    }
    if state.event.is_team_event() {
        return Err(ActionError::invalid(
            "csv",
            Msg::new("event-error-csv-team-event"),
        ));
    }
    let numbers = shatar_tournament::csv_import::import_players(&mut state.event, csv)
        .map_err(|e| ActionError::invalid("csv", crate::refusals::csv_error(&e)))?;
    Ok(match (numbers.first(), numbers.last()) {
        (Some(first), Some(last)) => Applied::Changed(
            Msg::new("event-done-csv")
                .arg("n", numbers.len())
                .arg("first", first)
                .arg("last", last),
        ),
        _ => Applied::Unchanged(Msg::new("event-done-csv-empty")),
    })
}

pub(super) fn open_registration(state: &mut EventState, open: bool) -> Applied {
    if state.registration_open == open {
        return Applied::Unchanged(Msg::new(if open {
            "event-done-registration-already-open"
        } else {
            "event-done-registration-already-closed"
        }));
    }
    state.registration_open = open;
    Applied::Changed(Msg::new(if open {
        "event-done-registration-opened"
    } else {
        "event-done-registration-closed"
    }))
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
            Msg::new("event-error-registration-not-open"),
        ));
    }
    if let Some(n) = state.entrant_of(account.id) {
        return Err(ActionError::invalid(
            "username",
            already_registered(&account.name, n),
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
            return Ok(Applied::Unchanged(
                Msg::new("event-done-already-asked").arg("account", &account.name),
            ));
        }
        *r = request;
        return Ok(Applied::Changed(
            Msg::new("event-done-request-changed")
                .arg("account", &account.name)
                .arg("name", name),
        ));
    }
    state.pending.push(request);
    Ok(Applied::Changed(
        Msg::new("event-done-asked")
            .arg("account", &account.name)
            .arg("name", name),
    ))
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
            ActionError::NotFound(
                Msg::new("event-error-no-request-waiting").arg("account", &account.name),
            )
        })?;
    Ok(state.pending.remove(at))
}

pub(super) fn approve(state: &mut EventState, account: &Person) -> Result<Applied, ActionError> {
    let request = take_request(state, account)?;
    let done = add_player(state, &request.player, &Some(request.account.clone()))?;
    Ok(match done {
        Applied::Changed(s) => Applied::Changed(
            Msg::new("event-done-approved")
                .arg_msg("done", s)
                .arg("account", &account.name),
        ),
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
        return Err(ActionError::invalid("reason", at_most_chars(200)));
    }
    let msg = if reason.is_empty() {
        Msg::new("event-done-declined")
    } else if reason == super::TAKEN_BACK {
        Msg::new("event-done-declined-why").arg_id("reason", "event-reason-taken-back")
    } else {
        Msg::new("event-done-declined-why").arg("reason", reason)
    };
    Ok(Applied::Changed(
        msg.arg("account", &account.name)
            .arg("name", &request.player.name),
    ))
}

/// The check-in before round 1: who has reported at the venue.
pub(super) fn check_in(
    state: &mut EventState,
    entrant: EntrantNo,
    present: bool,
) -> Result<Applied, ActionError> {
    if state.event.player(entrant).is_none() {
        return Err(ActionError::NotFound(no_player(entrant)));
    }
    if !state.event.rounds.is_empty() {
        return Err(ActionError::invalid(
            "entrant",
            Msg::new("event-error-check-in-over"),
        ));
    }
    let name = named(&state.event, entrant);
    let changed = if present {
        state.checked_in.insert(entrant)
    } else {
        state.checked_in.remove(&entrant)
    };
    Ok(match (changed, present) {
        (true, true) => Applied::Changed(Msg::new("event-done-checked-in").arg("name", name)),
        (true, false) => Applied::Changed(Msg::new("event-done-not-present").arg("name", name)),
        (false, true) => {
            Applied::Unchanged(Msg::new("event-done-already-checked-in").arg("name", name))
        }
        (false, false) => {
            Applied::Unchanged(Msg::new("event-done-not-checked-in").arg("name", name))
        }
    })
}
