//! Team events (S4 ch.2 §4): teams and their captains, line-ups per round, and the match
//! results entered board by board. Whether a line-up fits the event's mode is the
//! tournament library's rule ([`Team::validate_lineup`]), and so is the match's score.

use super::*;
use crate::events::state::Lineup;
use shatar_tournament::{Team, TeamMatch};

fn team_event(state: &EventState) -> Result<(u8, LineupMode), ActionError> {
    match state.event.entrants {
        Entrants::Team { boards, lineup } => Ok((boards, lineup)),
        Entrants::Individual => Err(ActionError::invalid("event", "this is not a team event")),
    }
}

fn team(state: &EventState, number: EntrantNo) -> Result<&Team, ActionError> {
    state
        .event
        .team(number)
        .ok_or_else(|| ActionError::NotFound(format!("no team {number}")))
}

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
            "a team's name must have 1 to 100 characters",
        ));
    }
    if new.members.len() > 40 {
        return Err(ActionError::invalid(
            "members",
            format!("{} members: at most 40", new.members.len()),
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
    Ok(Applied::Changed(match (members.first(), members.last()) {
        (Some(first), Some(last)) => format!(
            "team {number} {name} registered with {count} member(s) (players {first}–{last})"
        ),
        _ => format!("team {number} {name} registered"),
    }))
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
        Some(c) => format!("{} is the captain of team {number} {name}", c.name),
        None => format!("team {number} {name} has no captain"),
    };
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
        .ok_or_else(|| ActionError::NotFound(format!("round {round} is not paired")))?;
    r.pairings
        .iter()
        .find(|p| p.involves(number))
        .ok_or_else(|| {
            ActionError::invalid(
                "team",
                format!("team {number} is not paired in round {round}"),
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
            "members play as individuals in this event: there are no line-ups",
        ));
    }
    let pairing = match_of(state, round, number)?;
    if pairing.black.is_none() {
        return Err(ActionError::invalid(
            "team",
            format!("team {number} has a bye in round {round}"),
        ));
    }
    if pairing.team_match.is_some() {
        return Err(ActionError::invalid(
            "round",
            format!(
                "the match of round {round} table {} is already entered",
                pairing.board
            ),
        ));
    }
    if state.lineups_are_closed(round) {
        return Err(ActionError::invalid(
            "round",
            format!("the line-ups of round {round} are closed"),
        ));
    }
    let t = team(state, number)?;
    t.validate_lineup(players, usize::from(boards), mode)
        .map_err(|e| ActionError::invalid("players", e.to_string()))?;
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
    match state
        .lineups
        .iter_mut()
        .find(|l| l.round == round && l.team == number)
    {
        Some(l) if *l == lineup => Ok(Applied::Unchanged(format!(
            "team {number} {name} already has this line-up for round {round}"
        ))),
        Some(l) => {
            *l = lineup;
            Ok(Applied::Changed(format!(
                "team {number} {name}: line-up for round {round} changed to {listed}"
            )))
        }
        None => {
            state.lineups.push(lineup);
            Ok(Applied::Changed(format!(
                "team {number} {name}: line-up for round {round}: {listed}"
            )))
        }
    }
}

pub(super) fn close_lineups(
    state: &mut EventState,
    round: RoundNo,
) -> Result<Applied, ActionError> {
    team_event(state)?;
    if round.index() >= state.event.rounds.len() {
        return Err(ActionError::NotFound(format!(
            "round {round} is not paired"
        )));
    }
    if state.lineups_are_closed(round) {
        return Ok(Applied::Unchanged(format!(
            "the line-ups of round {round} are already closed"
        )));
    }
    state.lineups_closed.push(round);
    Ok(Applied::Changed(format!(
        "the line-ups of round {round} are closed"
    )))
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
        .ok_or_else(|| ActionError::NotFound(format!("round {round} is not paired")))?
        .pairings
        .iter()
        .find(|p| p.board == board)
        .ok_or_else(|| ActionError::NotFound(format!("round {round} has no table {board}")))?;
    let (white, black) = match pairing.black {
        Some(black) => (pairing.white, black),
        None => {
            return Err(ActionError::invalid(
                "board",
                format!("round {round} table {board} is a bye: there is no match to enter"),
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
            return Ok(Applied::Unchanged(format!(
                "Table {board}: {}",
                score(state)
            )));
        }
        Some(_) if !replace => {
            return Err(ActionError::ResultConflict {
                round,
                board,
                existing: score(state),
                affects: results::paired_from_it(&later),
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
                ActionError::invalid("lineup", e.to_string())
            }
            EventError::WrongGameCount { .. } => ActionError::invalid("boards", e.to_string()),
            e => ActionError::Event(e),
        })?;
    state
        .lineups
        .retain(|l| !(l.round == round && (l.team == white || l.team == black)));
    let now = score(state);
    Ok(Applied::Changed(match was {
        Some(was) => format!(
            "round {round} table {board}: {now} (was {was}){}",
            results::paired_from_it(&later)
        ),
        None => format!("round {round} table {board}: {now}"),
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
