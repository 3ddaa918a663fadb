//! Keeping an over-the-board game's log on the server: opening it, taking a tablet's lines
//! ([`board_log::merge`]) and entering the result in the event when the log ends the game.
//!
//! The lines are stored before the result is entered; a process killed between the two
//! leaves the log ended and the board without its result, and the next request (any lines,
//! even none new) enters it. Who may: the event's staff.

use super::board_log::{self, BoardLogError};
use super::change::{self, ChangeError};
use super::{Action, Standing};
use crate::db::board_logs::{self, BoardAt};
use crate::db::users::User;
use crate::db::{Db, events as store};
use crate::i18n::Msg;
use shatar_arbiter::LogEntry;
use shatar_tournament::{BoardNo, GameResult, RoundNo};

/// How many times lines are merged again after another request stored lines first.
const MAX_ATTEMPTS: usize = 16;

/// Why a log was not read or lines were not taken.
#[derive(Debug, thiserror::Error)]
pub enum BoardError {
    /// Who may, the event, storage.
    #[error(transparent)]
    Change(#[from] ChangeError),
    /// The board or the lines.
    #[error("{0:?}")]
    Log(BoardLogError),
}

impl From<BoardLogError> for BoardError {
    fn from(e: BoardLogError) -> BoardError {
        BoardError::Log(e)
    }
}

impl From<crate::error::AppError> for BoardError {
    fn from(e: crate::error::AppError) -> BoardError {
        BoardError::Change(ChangeError::Storage(e))
    }
}

/// What a request did.
#[derive(Debug, Clone)]
pub struct Sent {
    /// The log's lines now.
    pub stored: usize,
    /// How many of them this request added.
    pub appended: usize,
    /// The game's result, once the log has ended it.
    pub result: Option<GameResult>,
    /// The event's answer to entering it (or that it was in already), or why it was not
    /// entered (a different result there already): the log stands either way.
    pub entered: Option<Result<Msg, Msg>>,
}

/// The staff's view of board `board` in round `round` of event `id`: its log's lines,
/// opened by the server if nobody has asked before.
pub async fn read(
    db: &Db,
    author: Option<&User>,
    id: &str,
    round: RoundNo,
    board: BoardNo,
) -> Result<Vec<String>, BoardError> {
    let at = board_at(id, round, board);
    opened(db, author, at, round, board).await
}

/// `author` sends lines `sent`, the first of them line `from`, of board `board`'s log.
pub async fn send(
    db: &Db,
    author: Option<&User>,
    id: &str,
    round: RoundNo,
    board: BoardNo,
    from: usize,
    sent: &[LogEntry],
) -> Result<Sent, BoardError> {
    let at = board_at(id, round, board);
    let mut stored = opened(db, author, at, round, board).await?;
    let mut attempts = 0;
    let (merged, appended) = loop {
        let merged = board_log::merge(&stored, from, sent)?;
        if board_logs::append(db, at, stored.len(), &merged.new).await? {
            let appended = merged.new.len();
            stored.extend(merged.new.iter().cloned());
            break (merged, appended);
        }
        attempts += 1;
        if attempts == MAX_ATTEMPTS {
            return Err(
                ChangeError::Storage(crate::error::AppError::Internal(format!(
                    "event {id}: board log kept changing"
                )))
                .into(),
            );
        }
        stored = board_logs::lines(db, at).await?;
    };
    let result = board_log::result_of(&merged.game);
    let entered = match &result {
        Some(r) => Some(enter(db, author, id, round, board, r).await?),
        None => None,
    };
    Ok(Sent {
        stored: stored.len(),
        appended,
        result,
        entered,
    })
}

fn board_at(id: &str, round: RoundNo, board: BoardNo) -> BoardAt<'_> {
    BoardAt {
        event: id,
        round: round.get(),
        board: board.get(),
    }
}

/// The log's stored lines, its `open` line written first when it has none; refused unless
/// `author` is one of the event's staff and the board is one that has a log.
async fn opened(
    db: &Db,
    author: Option<&User>,
    at: BoardAt<'_>,
    round: RoundNo,
    board: BoardNo,
) -> Result<Vec<String>, BoardError> {
    let stored = store::load(db, at.event)
        .await?
        .ok_or_else(|| ChangeError::NotFound(at.event.to_owned()))?;
    let Some(user) = author else {
        return Err(ChangeError::Unauthorized.into());
    };
    if !Standing::of(Some(user), &stored.state).is_staff() {
        return Err(ChangeError::Forbidden(Msg::new("board-log-staff-only")).into());
    }
    let open = board_log::open_line(&stored.state, round, board)?;
    let lines = board_logs::lines(db, at).await?;
    if !lines.is_empty() {
        return Ok(lines);
    }
    // Two first requests at once: one stores the line, the other reads it.
    board_logs::append(db, at, 0, &[open.to_string()]).await?;
    Ok(board_logs::lines(db, at).await?)
}

/// Enters `result` as the board's result unless it has one: the same one is left as it is,
/// a different one is not replaced (an arbiter decides which stands).
async fn enter(
    db: &Db,
    author: Option<&User>,
    id: &str,
    round: RoundNo,
    board: BoardNo,
    result: &GameResult,
) -> Result<Result<Msg, Msg>, BoardError> {
    let action = Action::SetResult {
        round,
        board,
        games: vec![result.clone()],
        replace: false,
        sheet: None,
    };
    match change::change(db, id, author, action, None).await {
        Ok(done) => Ok(Ok(done.message)),
        Err(ChangeError::Action(e)) => Ok(Err(e.message())),
        Err(e) => Err(e.into()),
    }
}
