//! Team events (S4 ch.2 §4): teams and their captains, line-ups per round, and the match
//! results entered board by board. Whether a line-up fits the event's mode is the
//! tournament library's rule ([`Team::validate_lineup`]), and so is the match's score.

use super::*;
use crate::events::state::{Lineup, LineupDeadline};
use shatar_tournament::{Team, TeamMatch};

fn team_event(state: &EventState) -> Result<(u8, LineupMode), ActionError> {
    match state.event.entrants {
        Entrants::Team { boards, lineup } => Ok((boards, lineup)),
        Entrants::Individual => Err(ActionError::invalid(
            "event",
            Msg::new("event-error-not-team-event"),
        )),
    }
}

fn team(state: &EventState, number: EntrantNo) -> Result<&Team, ActionError> {
    state
        .event
        .team(number)
        .ok_or_else(|| ActionError::NotFound(Msg::new("event-error-no-team").arg("number", number)))
}

/// The most members a team registers.
pub const MAX_TEAM_MEMBERS: usize = 40;

pub(super) fn add_team(
    state: &mut EventState,
    new: &NewTeam,
    captain: &Option<Person>,
) -> Result<Applied, ActionError> {
    team_event(state)?;
    let name = new.name.trim();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(ActionError::invalid(
            "name",
            Msg::new("event-error-team-name"),
        ));
    }
    if new.members.len() > MAX_TEAM_MEMBERS {
        return Err(ActionError::invalid(
            "members",
            Msg::new("event-error-members-max").arg("n", new.members.len()),
        ));
    }
    let members = new
        .members
        .iter()
        .map(players::to_player)
        .collect::<Result<Vec<_>, _>>()?;
    let count = members.len();
    let region = text_field("region", &new.region)?;
    let number = state.event.add_team(name, region, members)?;
    if let Some(c) = captain {
        state.captains.insert(number, c.clone());
    }
    let members = state
        .event
        .team(number)
        .map(|t| t.members.clone())
        .unwrap_or_default();
    let msg = match (members.first(), members.last()) {
        (Some(first), Some(last)) => Msg::new("event-done-team-registered-with")
            .arg("count", count)
            .arg("first", first)
            .arg("last", last),
        _ => Msg::new("event-done-team-registered"),
    };
    Ok(Applied::Changed(
        msg.arg("number", number).arg("name", name),
    ))
}

pub(super) fn set_captain(
    state: &mut EventState,
    number: EntrantNo,
    captain: &Option<Person>,
) -> Result<Applied, ActionError> {
    team_event(state)?;
    let name = team(state, number)?.name.clone();
    let before = match captain {
        Some(c) => state.captains.insert(number, c.clone()),
        None => state.captains.remove(&number),
    };
    let same = before.as_ref().map(|p| p.id) == captain.as_ref().map(|p| p.id);
    let said = match captain {
        Some(c) => Msg::new("event-done-captain").arg("captain", &c.name),
        None => Msg::new("event-done-no-captain"),
    }
    .arg("number", number)
    .arg("name", name);
    Ok(if same {
        Applied::Unchanged(said)
    } else {
        Applied::Changed(said)
    })
}

/// The match of `team` in `round`: its table number and whether the team is named first.
fn match_of(
    state: &EventState,
    round: RoundNo,
    number: EntrantNo,
) -> Result<&shatar_tournament::Pairing, ActionError> {
    let r = state
        .event
        .rounds
        .get(round.index())
        .ok_or_else(|| ActionError::NotFound(not_paired(round)))?;
    r.pairings
        .iter()
        .find(|p| p.involves(number))
        .ok_or_else(|| {
            ActionError::invalid(
                "team",
                Msg::new("event-error-team-not-paired")
                    .arg("number", number)
                    .arg("round", round),
            )
        })
}

pub(super) fn submit_lineup(
    state: &mut EventState,
    round: RoundNo,
    number: EntrantNo,
    players: &[EntrantNo],
) -> Result<Applied, ActionError> {
    let (boards, mode) = team_event(state)?;
    if mode == LineupMode::MembersTotal {
        return Err(ActionError::invalid(
            "lineup",
            Msg::new("event-error-no-lineups"),
        ));
    }
    let pairing = match_of(state, round, number)?;
    if pairing.black.is_none() {
        return Err(ActionError::invalid(
            "team",
            Msg::new("event-error-team-bye")
                .arg("number", number)
                .arg("round", round),
        ));
    }
    if pairing.team_match.is_some() {
        return Err(ActionError::invalid(
            "round",
            Msg::new("event-error-match-entered")
                .arg("round", round)
                .arg("board", pairing.board),
        ));
    }
    if state.lineups_are_closed(round) {
        return Err(ActionError::invalid("round", lineups_closed(round)));
    }
    let t = team(state, number)?;
    t.validate_lineup(players, usize::from(boards), mode)
        .map_err(|e| ActionError::invalid("players", crate::refusals::event_error(&e)))?;
    let name = t.name.clone();
    let lineup = Lineup {
        round,
        team: number,
        players: players.to_vec(),
    };
    let listed = players
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let said = |id: &'static str| {
        Msg::new(id)
            .arg("number", number)
            .arg("name", &name)
            .arg("round", round)
            .arg("players", &listed)
    };
    match state
        .lineups
        .iter_mut()
        .find(|l| l.round == round && l.team == number)
    {
        Some(l) if *l == lineup => Ok(Applied::Unchanged(said("event-done-same-lineup"))),
        Some(l) => {
            *l = lineup;
            Ok(Applied::Changed(said("event-done-lineup-changed")))
        }
        None => {
            state.lineups.push(lineup);
            Ok(Applied::Changed(said("event-done-lineup")))
        }
    }
}

pub(super) fn close_lineups(
    state: &mut EventState,
    round: RoundNo,
) -> Result<Applied, ActionError> {
    team_event(state)?;
    if round.index() >= state.event.rounds.len() {
        return Err(ActionError::NotFound(not_paired(round)));
    }
    if state.lineups_are_closed(round) {
        return Ok(Applied::Unchanged(
            Msg::new("event-done-lineups-already-closed").arg("round", round),
        ));
    }
    state.lineups_closed.push(round);
    Ok(Applied::Changed(lineups_closed(round)))
}

pub(super) fn set_lineup_deadline(
    state: &mut EventState,
    round: RoundNo,
    at_ms: Option<i64>,
) -> Result<Applied, ActionError> {
    team_event(state)?;
    // Before the start a round robin's rounds are not known yet: any round may be given.
    let planned = state
        .event
        .rounds_planned
        .max(len_u32(state.event.rounds.len()));
    if planned > 0 && round.get() > planned {
        return Err(ActionError::invalid(
            "round",
            Msg::new("event-error-round-not-planned")
                .arg("round", round)
                .arg("rounds", planned),
        ));
    }
    let before = state.lineup_deadline(round);
    if before == at_ms {
        return Ok(Applied::Unchanged(deadline_said(round, at_ms)));
    }
    state.lineup_deadlines.retain(|d| d.round != round);
    if let Some(at_ms) = at_ms {
        state.lineup_deadlines.push(LineupDeadline { round, at_ms });
        state.lineup_deadlines.sort_by_key(|d| d.round);
    }
    Ok(Applied::Changed(deadline_said(round, at_ms)))
}

/// "the line-ups of round 3 are due by 2026-12-02 14:00 UTC".
fn deadline_said(round: RoundNo, at_ms: Option<i64>) -> Msg {
    match at_ms {
        Some(at) => Msg::new("event-done-lineups-due")
            .arg("round", round)
            .arg("at", crate::archive::utc_minute(at)),
        None => Msg::new("event-done-lineups-not-due").arg("round", round),
    }
}

fn len_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// "the line-ups of round 3 are closed".
fn lineups_closed(round: RoundNo) -> Msg {
    Msg::new("event-lineups-closed").arg("round", round)
}

/// The line-up a team plays with: the one given, else the one submitted, else the
/// registered order (the board players, or every member when all play all).
pub fn lineup_for(
    state: &EventState,
    round: RoundNo,
    number: EntrantNo,
    given: Option<&[EntrantNo]>,
) -> Vec<EntrantNo> {
    if let Some(given) = given {
        return given.to_vec();
    }
    if let Some(l) = state.lineup(round, number) {
        return l.players.clone();
    }
    let Entrants::Team { boards, lineup } = state.event.entrants else {
        return Vec::new();
    };
    let members = state
        .event
        .team(number)
        .map(|t| t.members.clone())
        .unwrap_or_default();
    match lineup {
        LineupMode::AllPlayAll => members,
        _ => members.into_iter().take(usize::from(boards)).collect(),
    }
}

pub(super) fn set_team_result(
    state: &mut EventState,
    round: RoundNo,
    board: BoardNo,
    boards: &[Vec<GameResult>],
    given: [Option<&[EntrantNo]>; 2],
    replace: bool,
) -> Result<Applied, ActionError> {
    team_event(state)?;
    let pairing = state
        .event
        .rounds
        .get(round.index())
        .ok_or_else(|| ActionError::NotFound(not_paired(round)))?
        .pairings
        .iter()
        .find(|p| p.board == board)
        .ok_or_else(|| {
            ActionError::NotFound(
                Msg::new("event-error-round-no-table")
                    .arg("round", round)
                    .arg("board", board),
            )
        })?;
    let (white, black) = match pairing.black {
        Some(black) => (pairing.white, black),
        None => {
            return Err(ActionError::invalid(
                "board",
                Msg::new("event-error-table-bye")
                    .arg("round", round)
                    .arg("board", board),
            ));
        }
    };
    let entered = TeamMatch {
        white_lineup: lineup_for(state, round, white, given[0]),
        black_lineup: lineup_for(state, round, black, given[1]),
        boards: boards.to_vec(),
    };
    let before = pairing.team_match.clone();
    let later: Vec<RoundNo> = state
        .event
        .rounds
        .iter()
        .map(|r| r.number)
        .filter(|r| *r > round)
        .collect();
    let score = |state: &EventState| -> String {
        let tallies = shatar_tournament::scoring::tallies(&state.event);
        let (w, b) = match_points(&tallies, round, white, black);
        format!(
            "{} {w} – {b} {}",
            state.event.entrant_name(white),
            state.event.entrant_name(black)
        )
    };
    match &before {
        Some(b) if *b == entered => {
            return Ok(Applied::Unchanged(
                Msg::new("event-done-table")
                    .arg("board", board)
                    .arg("score", score(state)),
            ));
        }
        Some(_) if !replace => {
            return Err(ActionError::ResultConflict {
                round,
                board,
                existing: score(state),
                later,
            });
        }
        _ => {}
    }
    let was = before.as_ref().map(|_| score(state));
    state
        .event
        .set_team_result(round, board, entered)
        .map_err(|e| match e {
            EventError::InvalidLineup { .. } | EventError::LineupOutOfOrder { .. } => {
                ActionError::invalid("lineup", crate::refusals::event_error(&e))
            }
            EventError::WrongGameCount { .. } => {
                ActionError::invalid("boards", crate::refusals::event_error(&e))
            }
            e => ActionError::Event(e),
        })?;
    state
        .lineups
        .retain(|l| !(l.round == round && (l.team == white || l.team == black)));
    let now = score(state);
    Ok(Applied::Changed(match was {
        Some(was) => results::replaced(
            (
                "event-done-match-replaced",
                "event-done-match-replaced-later",
            ),
            round,
            board,
            now,
            was,
            &later,
        ),
        None => Msg::new("event-done-match")
            .arg("round", round)
            .arg("board", board)
            .arg("now", now),
    }))
}

/// Each side's game points in their match of `round`, as the library scores them (`?`
/// for a side with no encounter in that round).
pub fn match_points(
    tallies: &std::collections::BTreeMap<EntrantNo, shatar_tournament::scoring::Tally>,
    round: RoundNo,
    white: EntrantNo,
    black: EntrantNo,
) -> (String, String) {
    let points = |n: EntrantNo| {
        tallies
            .get(&n)
            .and_then(|t| t.encounters.iter().find(|e| e.round == round))
            .map_or_else(|| "?".to_owned(), |e| e.game_points.to_string())
    };
    (points(white), points(black))
}
