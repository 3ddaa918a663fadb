//! Results: a board's games, and the decision of a level knock-out match.

use super::*;

pub(super) fn decide_match(
    state: &mut EventState,
    round: RoundNo,
    board: BoardNo,
    winner: EntrantNo,
) -> Result<Applied, ActionError> {
    let pairing = state
        .event
        .rounds
        .get(round.index())
        .and_then(|r| r.pairings.iter().find(|p| p.board == board))
        .ok_or_else(|| ActionError::NotFound(format!("round {round} has no board {board}")))?;
    let Some(black) = pairing.black else {
        return Err(ActionError::invalid(
            "board",
            format!("round {round} board {board} is a bye"),
        ));
    };
    let white = pairing.white;
    if pairing.decided_for == Some(winner) {
        return Ok(Applied::Unchanged(format!(
            "round {round} board {board} is already decided for {}",
            named(&state.event, winner)
        )));
    }
    if winner != white && winner != black {
        return Err(ActionError::invalid(
            "winner",
            format!("{winner} does not play on round {round} board {board} ({white} – {black})"),
        ));
    }
    state.event.decide_match(round, white, black, winner)?;
    Ok(Applied::Changed(format!(
        "round {round} board {board}: the level match is decided for {}",
        named(&state.event, winner)
    )))
}

/// The rounds paired after a result's round, as a clause for a message.
pub(super) fn paired_from_it(later: &[RoundNo]) -> String {
    match later {
        [] => String::new(),
        [one] => format!(" (round {one} was paired from it)"),
        [first, .., last] => format!(" (rounds {first}–{last} were paired from it)"),
    }
}

/// Enters a board's result. Which result counts as the same, a different one or one given
/// with the colours reversed is the library's rule ([`Event::set_result_at`]); this only
/// finds the pairing by its board and words the outcome.
pub(super) fn set_result(
    state: &mut EventState,
    round: RoundNo,
    board: BoardNo,
    games: &[GameResult],
    replace: bool,
    sheet: Option<(EntrantNo, EntrantNo)>,
) -> Result<Applied, ActionError> {
    let event = &state.event;
    let r = event
        .rounds
        .get(round.index())
        .ok_or_else(|| ActionError::NotFound(format!("round {round} is not paired")))?;
    let pairing = r
        .pairings
        .iter()
        .find(|p| p.board == board)
        .ok_or_else(|| ActionError::NotFound(format!("round {round} has no board {board}")))?;
    let (white, black): (EntrantNo, EntrantNo) = match pairing.black {
        Some(black) => (pairing.white, black),
        None => {
            return Err(ActionError::invalid(
                "board",
                format!("round {round} board {board} is a bye: there is no result to enter"),
            ));
        }
    };
    if pairing.team_match.is_some() || event.is_team_event() {
        return Err(ActionError::invalid(
            "board",
            "a team match's result is entered with both line-ups, board by board",
        ));
    }
    let names = (event.entrant_name(white), event.entrant_name(black));
    let said = |games: &[GameResult]| -> String {
        games
            .iter()
            .map(|g| words::spoken(g, &names.0, &names.1))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let written = |games: &[GameResult]| -> String {
        games.iter().map(words::write).collect::<Vec<_>>().join(" ")
    };
    let there = written(&pairing.games);
    // From a score sheet, the numbers written on it go to the library, which refuses a
    // pairing given with its colours reversed or one not on this board.
    let (sheet_white, sheet_black) = sheet.unwrap_or((white, black));
    if (sheet_white, sheet_black) != (white, black) && (sheet_white, sheet_black) != (black, white)
    {
        return Err(ActionError::invalid(
            "sheet",
            format!(
                "round {round} board {board} is {white} {} – {black} {}, not {sheet_white} – {sheet_black}",
                names.0, names.1
            ),
        ));
    }
    let entered = state
        .event
        .set_result_at(round, sheet_white, sheet_black, games.to_vec(), replace)
        .map_err(|e| match e {
            EventError::ResultAlreadyEntered { later_rounds, .. } => ActionError::ResultConflict {
                round,
                board,
                existing: there.clone(),
                affects: paired_from_it(&later_rounds),
            },
            e => ActionError::Event(e),
        })?;
    Ok(match entered {
        Entered::New => Applied::Changed(format!("round {round} board {board}: {}", said(games))),
        Entered::Unchanged => Applied::Unchanged(format!("Board {board}: {}", said(games))),
        Entered::Replaced {
            previous,
            later_rounds,
        } => Applied::Changed(format!(
            "round {round} board {board}: {} (was {}){}",
            said(games),
            written(&previous),
            paired_from_it(&later_rounds)
        )),
    })
}
