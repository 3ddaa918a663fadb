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
        .ok_or_else(|| ActionError::NotFound(no_board(round, board)))?;
    let Some(black) = pairing.black else {
        return Err(ActionError::invalid(
            "board",
            Msg::new("event-error-board-is-bye")
                .arg("round", round)
                .arg("board", board),
        ));
    };
    let white = pairing.white;
    if pairing.decided_for == Some(winner) {
        return Ok(Applied::Unchanged(
            Msg::new("event-done-already-decided")
                .arg("round", round)
                .arg("board", board)
                .arg("name", named(&state.event, winner)),
        ));
    }
    if winner != white && winner != black {
        return Err(ActionError::invalid(
            "winner",
            Msg::new("event-error-winner-not-playing")
                .arg("winner", winner)
                .arg("round", round)
                .arg("board", board)
                .arg("white", white)
                .arg("black", black),
        ));
    }
    state.event.decide_match(round, white, black, winner)?;
    Ok(Applied::Changed(
        Msg::new("event-done-decided")
            .arg("round", round)
            .arg("board", board)
            .arg("name", named(&state.event, winner)),
    ))
}

/// "round 2 has no board 9".
pub(super) fn no_board(round: RoundNo, board: BoardNo) -> Msg {
    Msg::new("event-error-round-no-board")
        .arg("round", round)
        .arg("board", board)
}

/// A change of a result already there (a board's or a team match's): "round 2 board 3:
/// Bat 1 – 0 Dorj (was 0-1)", and the rounds paired from it. `ids` are the message
/// without and with those rounds.
pub(super) fn replaced(
    ids: (&'static str, &'static str),
    round: RoundNo,
    board: BoardNo,
    now: String,
    was: String,
    later: &[RoundNo],
) -> Msg {
    let msg = match paired_from_it(later) {
        None => Msg::new(ids.0),
        Some(affects) => Msg::new(ids.1).arg_msg("affects", affects),
    };
    msg.arg("round", round)
        .arg("board", board)
        .arg("now", now)
        .arg("was", was)
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
        .ok_or_else(|| ActionError::NotFound(not_paired(round)))?;
    let pairing = r
        .pairings
        .iter()
        .find(|p| p.board == board)
        .ok_or_else(|| ActionError::NotFound(no_board(round, board)))?;
    let (white, black): (EntrantNo, EntrantNo) = match pairing.black {
        Some(black) => (pairing.white, black),
        None => {
            return Err(ActionError::invalid(
                "board",
                Msg::new("event-error-bye-no-result")
                    .arg("round", round)
                    .arg("board", board),
            ));
        }
    };
    if pairing.team_match.is_some() || event.is_team_event() {
        return Err(ActionError::invalid(
            "board",
            Msg::new("event-error-team-match-result"),
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
            Msg::new("event-error-sheet-mismatch")
                .arg("round", round)
                .arg("board", board)
                .arg("white", white)
                .arg("white_name", &names.0)
                .arg("black", black)
                .arg("black_name", &names.1)
                .arg("sheet_white", sheet_white)
                .arg("sheet_black", sheet_black),
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
                later: later_rounds,
            },
            e => ActionError::Event(e),
        })?;
    Ok(match entered {
        Entered::New => Applied::Changed(
            Msg::new("event-done-result")
                .arg("round", round)
                .arg("board", board)
                .arg("said", said(games)),
        ),
        Entered::Unchanged => Applied::Unchanged(
            Msg::new("event-done-board")
                .arg("board", board)
                .arg("said", said(games)),
        ),
        Entered::Replaced {
            previous,
            later_rounds,
        } => Applied::Changed(replaced(
            (
                "event-done-result-replaced",
                "event-done-result-replaced-later",
            ),
            round,
            board,
            said(games),
            written(&previous),
            &later_rounds,
        )),
    })
}
