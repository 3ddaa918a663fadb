//! Creating an event, or bringing one in from another program's file.

use super::*;
use shatar_tournament::pairing::swiss::acceleration::Acceleration;
use shatar_tournament::{DrawnMatchRule, Tiebreak};

pub(super) fn create(
    new: &NewEvent,
    organiser: &Person,
) -> Result<(EventState, Applied), ActionError> {
    let name = new.name.trim();
    if name.is_empty() || name.chars().count() > 200 {
        return Err(ActionError::invalid(
            "name",
            Msg::new("event-error-event-name"),
        ));
    }
    let system = System::from_code(&new.system).ok_or_else(|| {
        let known: Vec<&str> = System::ALL.iter().map(|s| s.code()).collect();
        ActionError::invalid(
            "system",
            Msg::new("event-error-unknown-system")
                .arg("value", format!("{:?}", new.system))
                .arg("known", known.join(", ")),
        )
    })?;
    let mut event = Event::new(name, system);
    event.games_per_pairing = system.default_games_per_pairing();
    if let Some(rounds) = new.rounds {
        if rounds > 100 {
            return Err(ActionError::invalid(
                "rounds",
                Msg::new("event-error-rounds-max").arg("n", rounds),
            ));
        }
        event.rounds_planned = rounds;
    }
    if let Some(ruleset) = &new.ruleset {
        let preset: shatar_rules::ruleset::Preset = ruleset.parse().map_err(|_| {
            ActionError::invalid(
                "ruleset",
                Msg::new("event-error-unknown-ruleset").arg("value", format!("{ruleset:?}")),
            )
        })?;
        event.ruleset = preset.name().to_owned();
    }
    if let Some(tc) = &new.time_control {
        tc.parse::<shatar_arbiter::TimeControl>().map_err(|e| {
            ActionError::invalid("time_control", crate::refusals::time_control_error(&e))
        })?;
        event.time_control = tc.clone();
    }
    match (new.boards, &new.lineup) {
        (Some(boards), lineup) => {
            if !(1..=20).contains(&boards) {
                return Err(ActionError::invalid(
                    "boards",
                    Msg::new("event-error-boards-range").arg("n", boards),
                ));
            }
            let lineup = match lineup {
                None => LineupMode::default(),
                Some(code) => LineupMode::from_code(code).ok_or_else(|| {
                    ActionError::invalid(
                        "lineup",
                        Msg::new("event-error-unknown-lineup").arg("value", format!("{code:?}")),
                    )
                })?,
            };
            event.entrants = Entrants::Team { boards, lineup };
        }
        (None, Some(_)) => {
            return Err(ActionError::invalid(
                "lineup",
                Msg::new("event-error-lineup-needs-boards"),
            ));
        }
        (None, None) => {}
    }
    settings(&mut event, &new.settings)?;
    let mut state = EventState::new(event, organiser.clone());
    if let Some(min) = new.settings.default_time_min {
        if min > 240 {
            return Err(ActionError::invalid(
                "default_time_min",
                Msg::new("event-error-default-time-max").arg("n", min),
            ));
        }
        state.default_time_min = min;
    }
    if let Some(sheet) = new.settings.score_sheet {
        if !sheet && new.online {
            return Err(ActionError::invalid(
                "score_sheet",
                Msg::new("event-error-clock-only-online"),
            ));
        }
        state.score_sheet = sheet;
    }
    if new.online {
        let team = state.event.is_team_event();
        state.online = Some(super::online::settings(
            &state.event,
            &new.online_settings,
            team,
        )?);
    }
    state.arena = super::online::arena(&state.event, new.online, &new.online_settings)?;
    let summary = Msg::new("event-done-created")
        .arg("name", format!("{name:?}"))
        .arg("system", system.code());
    Ok((state, Applied::Changed(summary)))
}

/// Applies the organiser's settings, each checked and named when refused; what is left
/// out keeps S4's default (the library's).
fn settings(event: &mut Event, s: &EventSettings) -> Result<(), ActionError> {
    if let Some(codes) = &s.tiebreaks {
        let mut order = Vec::new();
        for code in codes.iter().map(|c| c.trim()).filter(|c| !c.is_empty()) {
            let tb: Tiebreak = code.parse().map_err(|_| {
                let known: Vec<&str> = Tiebreak::ALL.iter().map(|t| t.code()).collect();
                ActionError::invalid(
                    "tiebreaks",
                    Msg::new("event-error-unknown-tiebreak")
                        .arg("value", format!("{code:?}"))
                        .arg("known", known.join(", ")),
                )
            })?;
            if order.contains(&tb) {
                return Err(ActionError::invalid(
                    "tiebreaks",
                    Msg::new("event-error-tiebreak-twice").arg("code", code),
                ));
            }
            order.push(tb);
        }
        event.tiebreaks = order;
    }
    if let Some(games) = s.games {
        if !(1..=2).contains(&games) {
            return Err(ActionError::invalid(
                "games",
                Msg::new("event-error-games-range").arg("n", games),
            ));
        }
        event.games_per_pairing = games;
    }
    if let Some(rule) = &s.drawn_match {
        event.settings.drawn_match = DrawnMatchRule::from_code(rule).ok_or_else(|| {
            ActionError::invalid(
                "drawn_match",
                Msg::new("event-error-unknown-drawn-match").arg("value", format!("{rule:?}")),
            )
        })?;
    }
    if let Some(code) = &s.acceleration {
        event.settings.acceleration = Acceleration::from_code(code).ok_or_else(|| {
            ActionError::invalid(
                "acceleration",
                Msg::new("event-error-unknown-acceleration").arg("value", format!("{code:?}")),
            )
        })?;
    }
    let count =
        |field: &'static str, v: Option<u32>, max: u32| -> Result<Option<u32>, ActionError> {
            match v {
                Some(n) if n == 0 || n > max => Err(ActionError::invalid(
                    field,
                    Msg::new("event-error-count-range")
                        .arg("n", n)
                        .arg("max", max),
                )),
                v => Ok(v),
            }
        };
    if let Some(n) = count("groups", s.groups, 16)? {
        event.settings.groups = n;
    }
    if let Some(n) = count("advance_per_group", s.advance_per_group, 16)? {
        event.settings.advance_per_group = n;
    }
    if let Some(n) = count("eliminate_after", s.eliminate_after, 100)? {
        event.settings.elimination_after_round = n;
    }
    if let Some(n) = count("eliminate_per_round", s.eliminate_per_round, 100)? {
        event.settings.eliminate_per_round = n;
    }
    if let Some(reset) = s.bracket_reset {
        event.settings.bracket_reset = reset;
    }
    if let Some(seed) = s.lot_seed {
        event.settings.lot_seed = seed;
    }
    Ok(())
}

pub(super) fn import(
    event: &Event,
    organiser: &Person,
    source: &str,
) -> Result<(EventState, Applied), ActionError> {
    event.validate()?;
    let summary = Msg::new("event-done-imported")
        .arg("name", format!("{:?}", event.name))
        .arg("entrants", event.entrant_numbers().len())
        .arg("rounds", event.rounds.len());
    // The source is kept in the history as the API named it: "TRF" or "an event file".
    let summary = match source {
        "an event file" => summary.arg_id("source", "event-source-file"),
        other => summary.arg("source", other),
    };
    let mut state = EventState::new(event.clone(), organiser.clone());
    // Rounds that come in with the file were played: they are public facts.
    state.published = event.rounds.iter().map(|r| r.number).collect();
    Ok((state, Applied::Changed(summary)))
}
