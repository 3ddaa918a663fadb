//! The runner's steps for a round of an online team event: the round is paired as soon as
//! the last one is over, and the pause between rounds is the captains' time to set their
//! line-ups (the round's line-ups are due at its end, `SetLineupDeadline`). At that time
//! each match's boards are created at once, board k between the two line-ups' k-th
//! players — the first-named team White on boards 1, 3, … and Black on 2, 4, … (the
//! library's `Event::first_team_colour`) — and once every board of a match has ended the match is
//! entered with both line-ups, so the library scores it (match points 2/1/0).

use super::Action;
use super::action::lineup_for;
use super::change::{self, ChangeError};
use super::online::{self, Online};
use super::runner::game_row;
use super::state::EventState;
use crate::db::event_games::{self, EventGame};
use crate::db::games::Status as GameStatus;
use crate::db::now_ms;
use crate::state::AppState;
use shatar_tournament::{Color, EntrantNo, Entrants, GameResult, Pairing, Round, RoundNo};

/// The boards of each match in event `s`.
fn boards(s: &EventState) -> usize {
    match s.event.entrants {
        Entrants::Team { boards, .. } => usize::from(boards),
        Entrants::Individual => 0,
    }
}

/// Board `k`'s (0-based) two players in `round`, White first, by the library's board
/// colours (`Event::first_team_colour`).
fn board_players(
    s: &EventState,
    round: RoundNo,
    k: usize,
    first: &[EntrantNo],
    second: &[EntrantNo],
) -> (Option<EntrantNo>, Option<EntrantNo>) {
    let (a, b) = (first.get(k).copied(), second.get(k).copied());
    match s.event.first_team_colour(round, k) {
        Color::White => (a, b),
        Color::Black => (b, a),
    }
}

/// A round of a team event being played; whether a match was entered.
pub(super) async fn play(
    app: &AppState,
    id: &str,
    s: &EventState,
    settings: &Online,
    round: &Round,
) -> Result<bool, ChangeError> {
    let now = now_ms();
    // 1. The line-ups' due time: the pause from the pairing on, unless the staff set one.
    let Some(due) = s.lineup_deadline(round.number) else {
        let at_ms = now + i64::from(settings.pause_s) * 1_000;
        let action = Action::SetLineupDeadline {
            round: round.number,
            at_ms: Some(at_ms),
        };
        change::by_server(&app.db, id, action, None).await?;
        return Ok(false);
    };
    if now < due {
        return Ok(false);
    }
    // 2. Every board's game, once, when the line-ups are due.
    let r = round.number.get();
    let mut games = event_games::of_round(&app.db, id, r).await?;
    if games.is_empty() {
        let mut rows = Vec::new();
        for p in &round.pairings {
            let Some(black) = p.black else { continue };
            let (first, second) = (
                lineup_for(s, round.number, p.white, None),
                lineup_for(s, round.number, black, None),
            );
            for k in 0..boards(s) {
                if let (Some(w), Some(b)) = board_players(s, round.number, k, &first, &second)
                    && let Some(row) = game_row(s, settings, w, b)?
                {
                    let game_no = u32::try_from(k + 1).unwrap_or(u32::MAX);
                    rows.push((p.board.get(), game_no, row));
                }
            }
        }
        if event_games::create_round(&app.db, id, r, &rows).await? {
            for (_, _, row) in &rows {
                app.hub.room(&row.id).await?;
            }
            tracing::info!(event = %id, round = r, games = rows.len(), "team round's games created");
        }
        games = event_games::of_round(&app.db, id, r).await?;
    }
    // 3. Each match whose boards have all ended is entered.
    let mut entered = false;
    for p in round.pairings.iter().filter(|p| !p.is_complete()) {
        let Some(black) = p.black else { continue };
        let (first, second) = (
            lineup_for(s, round.number, p.white, None),
            lineup_for(s, round.number, black, None),
        );
        let Some(results) =
            match_results(app, s, round.number, p, &games, [&first, &second]).await?
        else {
            continue;
        };
        let action = Action::SetTeamResult {
            round: round.number,
            board: p.board,
            boards: results.into_iter().map(|r| vec![r]).collect(),
            white_lineup: Some(first),
            black_lineup: Some(second),
            replace: false,
        };
        match change::by_server(&app.db, id, action, None).await {
            // The staff entered the match first: theirs stands.
            Err(ChangeError::Action(super::ActionError::ResultConflict { .. })) => {}
            other => {
                other?;
                entered = true;
            }
        }
    }
    Ok(entered)
}

/// Each board's result of match `p`, once all have ended (`None` while one is played): a
/// board without a game (a line-up too short, a player without an account) is lost by
/// default by the side that is missing.
async fn match_results(
    app: &AppState,
    s: &EventState,
    round: RoundNo,
    p: &Pairing,
    games: &[EventGame],
    [first, second]: [&[EntrantNo]; 2],
) -> Result<Option<Vec<GameResult>>, ChangeError> {
    let mut results = Vec::new();
    for k in 0..boards(s) {
        let game_no = u32::try_from(k + 1).unwrap_or(u32::MAX);
        let game = games
            .iter()
            .find(|g| g.board == p.board.get() && g.game_no == game_no);
        let Some(game) = game else {
            let (w, b) = board_players(s, round, k, first, second);
            let here = |n: Option<EntrantNo>| n.is_some_and(|n| s.accounts.contains_key(&n));
            // A board without its game: the one missing loses; with both missing, or both
            // here yet no game made, neither played.
            let neither = || GameResult::DoubleForfeit {
                reason: online::NO_SHOW.to_owned(),
            };
            results.push(
                GameResult::forfeit(!here(w), !here(b), online::NO_SHOW).unwrap_or_else(neither),
            );
            continue;
        };
        if game.game.status == GameStatus::Started {
            // Its clock runs here unless another process is running it.
            app.hub.adopt(&game.game.id).await?;
            return Ok(None);
        }
        match online::result_of(&game.game) {
            Some(r) => results.push(r),
            None => return Ok(None),
        }
    }
    Ok(Some(results))
}
