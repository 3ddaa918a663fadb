//! The staff's acts on an online event that touch a live game as well as the event:
//! giving a player more time. Who may and whether the board is being played are checked
//! first (the change previewed), then the game's clock gets the time, then the history
//! keeps the decision: nothing is recorded that did not happen, and no clock is touched by
//! an account that may not.

use super::action::{Action, ActionError};
use super::change::{self, ChangeError, Changed};
use crate::db::users::User;
use crate::error::AppError;
use crate::i18n::Msg;
use crate::state::AppState;
use shatar_tournament::{BoardNo, Color, RoundNo};

/// `author` gives `color` on board `board` of round `round` of event `id` `seconds` more
/// time in its live game.
pub async fn give_time(
    app: &AppState,
    author: Option<&User>,
    id: &str,
    round: RoundNo,
    board: BoardNo,
    color: Color,
    seconds: u32,
) -> Result<Changed, ChangeError> {
    let action = Action::GiveTime {
        round,
        board,
        color,
        seconds,
    };
    change::preview(&app.db, id, author, &action).await?;
    let not_played = || {
        ChangeError::Action(ActionError::invalid(
            "board",
            Msg::new("event-error-time-not-played")
                .arg("round", round)
                .arg("board", board),
        ))
    };
    let game = crate::db::event_games::game_at(&app.db, id, round.get(), board.get())
        .await?
        .ok_or_else(not_played)?;
    app.hub
        .give_time(&game, color, i64::from(seconds) * 1_000)
        .await
        .map_err(|e| match e {
            crate::error::ActionError::Storage => ChangeError::Storage(AppError::Internal(
                format!("game {game}: giving time failed"),
            )),
            // The game ended between the check and the clock.
            _ => not_played(),
        })?;
    change::change(&app.db, id, author, action, None).await
}
