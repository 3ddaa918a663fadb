//! Keeping an over-the-board game's log on the server: opening it, taking the lines of the
//! board's tablet ([`board_log::merge`]) and entering the result in the event when the log
//! ends the game; and the board links that let a tablet do so without an account.
//!
//! The lines are stored before the result is entered; a process killed between the two
//! leaves the log ended and the board without its result, and the next request (any lines,
//! even none new) enters it. Who may: the event's staff, or whoever holds the board's link
//! (the players' lines only, [`board_log::from_the_board`]; every line with the event's
//! arbiter PIN); a result a link's log brings is entered under the server's name, as the
//! log's verdict.

use super::board_log::{self, BoardLogError, Sender};
use super::change::{self, ChangeError};
use super::{Action, EventState, Standing};
use crate::db::board_logs::{self, BoardAt};
use crate::db::users::User;
use crate::db::{Db, board_links, events as store};
use crate::i18n::Msg;
use shatar_arbiter::{ArbiterGame, LogEntry};
use shatar_tournament::{BoardNo, EntrantNo, GameResult, Pairing, RoundNo};

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
    /// The arbiter PIN given is not the event's (or the event has none).
    #[error("not the event's arbiter PIN")]
    BadPin,
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

/// Who asks.
#[derive(Debug, Clone, Copy)]
pub enum Access<'a> {
    /// A visitor, signed in or not: the event's staff may.
    Account(Option<&'a User>),
    /// The key of a board link, as the link gives it, and the visitor (the event's staff
    /// holding a link are the staff).
    Link {
        /// The key.
        key: &'a str,
        /// The visitor, signed in or not.
        user: Option<&'a User>,
        /// The event's arbiter PIN, when the tablet's holder unlocked the arbiter's actions
        /// with it ([`arbiter_pin`](super::arbiter_pin)).
        pin: Option<&'a str>,
    },
}

/// Who a request is found to come from, once checked.
#[derive(Debug, Clone, Copy)]
struct Asker<'a> {
    /// Which lines they may send.
    sender: Sender,
    /// The staff account a result they bring is entered under; `None`: the server's name
    /// (a link's holder, or an arbiter who unlocked with the PIN).
    by: Option<&'a User>,
}

/// What a request did.
#[derive(Debug, Clone)]
pub struct Sent {
    /// The log's lines now.
    pub stored: usize,
    /// How many of them this request added.
    pub appended: usize,
    /// The game after the stored lines.
    pub game: ArbiterGame,
    /// The game's result, once the log has ended it.
    pub result: Option<GameResult>,
    /// The event's answer to entering it (or that it was in already), or why it was not
    /// entered (a different result there already): the log stands either way.
    pub entered: Option<Result<Msg, Msg>>,
}

/// One game of a round with its log as the server has it, for those who read a whole
/// round (its PGN, the hall's live boards).
#[derive(Debug, Clone)]
pub struct RoundBoard<'a> {
    /// The pairing.
    pub pairing: &'a Pairing,
    /// Its Black (a bye has no board).
    pub black: EntrantNo,
    /// The log's stored lines; for a board nobody has opened, its `open` line as the server
    /// would write it ([`board_log::open_line`]), not stored.
    pub lines: Vec<String>,
    /// When line 1 was stored (Unix ms), for a stored log.
    pub origin_ms: Option<i64>,
    /// Whether the log is stored (a tablet or the arbiter has opened it).
    pub stored: bool,
}

/// Every game of round `round` of the event stored as `id` with its log, board 1 first;
/// the event must be one whose boards keep logs ([`board_log::open_line`] says which).
pub async fn round_boards<'a>(
    db: &Db,
    id: &str,
    state: &'a EventState,
    round: RoundNo,
) -> Result<Vec<RoundBoard<'a>>, BoardError> {
    let r = state.event.rounds.get(round.index()).ok_or_else(|| {
        BoardLogError::NoBoard(Msg::new("board-log-no-round").arg("round", round))
    })?;
    let mut logs = board_logs::of_round(db, id, round.get()).await?;
    let mut boards = Vec::new();
    for pairing in &r.pairings {
        let Some(black) = pairing.black else { continue };
        let stored = logs.iter().position(|l| l.board == pairing.board.get());
        let (lines, origin_ms) = match stored {
            Some(k) => {
                let log = logs.swap_remove(k);
                (log.lines, log.origin_ms)
            }
            None => (
                vec![board_log::open_line(state, round, pairing.board)?.to_string()],
                None,
            ),
        };
        boards.push(RoundBoard {
            pairing,
            black,
            lines,
            origin_ms,
            stored: stored.is_some(),
        });
    }
    Ok(boards)
}

/// Board `board` of round `round` of event `id`: its log's lines, opened by the server if
/// nobody has asked before.
pub async fn read(
    db: &Db,
    access: Access<'_>,
    id: &str,
    round: RoundNo,
    board: BoardNo,
) -> Result<Vec<String>, BoardError> {
    let at = board_at(id, round, board);
    opened(db, access, at, round, board)
        .await
        .map(|(lines, _, _)| lines)
}

/// A board's log as its tablet takes it up.
#[derive(Debug, Clone)]
pub struct Opened {
    /// The stored lines.
    pub lines: usize,
    /// The game after them.
    pub game: ArbiterGame,
    /// When line 1 was stored (Unix ms): the log's time 0 on the server's clock.
    pub origin_ms: Option<i64>,
    /// Who asks: the staff may send the arbiter's lines, a link the players'.
    pub sender: Sender,
    /// The event's name.
    pub event_name: String,
}

/// Board `board` of round `round` of event `id` for its tablet: the game after the stored
/// lines (opened by the server if nobody has asked before), and the log's time 0.
pub async fn open(
    db: &Db,
    access: Access<'_>,
    id: &str,
    round: RoundNo,
    board: BoardNo,
) -> Result<Opened, BoardError> {
    let at = board_at(id, round, board);
    let (lines, asker, state) = opened(db, access, at, round, board).await?;
    let game = board_log::replay(&lines)?;
    Ok(Opened {
        lines: lines.len(),
        game,
        origin_ms: board_logs::origin_ms(db, at).await?,
        sender: asker.sender,
        event_name: state.event.name,
    })
}

/// Lines `sent`, the first of them line `from`, of board `board`'s log.
pub async fn send(
    db: &Db,
    access: Access<'_>,
    id: &str,
    round: RoundNo,
    board: BoardNo,
    from: usize,
    sent: &[LogEntry],
) -> Result<Sent, BoardError> {
    let at = board_at(id, round, board);
    let (mut stored, asker, _) = opened(db, access, at, round, board).await?;
    let mut attempts = 0;
    let (merged, appended) = loop {
        let merged = board_log::merge(&stored, from, sent, asker.sender)?;
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
        Some(r) => Some(enter(db, asker.by, id, round, board, r).await?),
        None => None,
    };
    Ok(Sent {
        stored: stored.len(),
        appended,
        game: merged.game,
        result,
        entered,
    })
}

/// A board's link, for the round's pairing sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardLink {
    /// The board.
    pub board: BoardNo,
    /// The first-listed player (White).
    pub white: EntrantNo,
    /// The second.
    pub black: EntrantNo,
    /// The link's key.
    pub key: String,
}

/// The links of every game of round `round` (a bye has none), made for the boards that
/// have none; the staff only.
pub async fn links(
    db: &Db,
    author: Option<&User>,
    id: &str,
    round: RoundNo,
) -> Result<Vec<BoardLink>, BoardError> {
    let state = staff_state(db, author, id).await?;
    let pairings = state
        .event
        .rounds
        .get(round.index())
        .map(|r| r.pairings.clone())
        .unwrap_or_default();
    if pairings.is_empty() {
        return Err(
            BoardLogError::NoBoard(Msg::new("board-log-no-round").arg("round", round)).into(),
        );
    }
    let mut links = Vec::new();
    for p in pairings {
        let Some(black) = p.black else { continue };
        // The same refusals as the board's log (an online event, a team match …).
        board_log::open_line(&state, round, p.board)?;
        let fresh = crate::auth::random_token()?;
        let key = board_links::make(db, board_at(id, round, p.board), &fresh).await?;
        links.push(BoardLink {
            board: p.board,
            white: p.white,
            black,
            key,
        });
    }
    Ok(links)
}

/// Round `round`'s boards that may have a link (the games of an over-the-board event
/// with one game a pairing), each with its key if it has one; the staff only. Makes
/// nothing: the pairing sheet shows what [`links`] made.
pub async fn held_links(
    db: &Db,
    author: Option<&User>,
    id: &str,
    round: RoundNo,
) -> Result<Vec<(BoardNo, Option<String>)>, BoardError> {
    let state = staff_state(db, author, id).await?;
    let Some(r) = state.event.rounds.get(round.index()) else {
        return Ok(Vec::new());
    };
    let held = board_links::of_round(db, id, round.get()).await?;
    Ok(r.pairings
        .iter()
        .filter(|p| p.black.is_some() && board_log::open_line(&state, round, p.board).is_ok())
        .map(|p| {
            let key = held
                .iter()
                .find(|(b, _)| *b == p.board.get())
                .map(|(_, k)| k.clone());
            (p.board, key)
        })
        .collect())
}

/// Revokes board `board`'s link (the printed one stops working; the round's links made
/// again give the board a new key); returns whether it had one. The staff only.
pub async fn revoke(
    db: &Db,
    author: Option<&User>,
    id: &str,
    round: RoundNo,
    board: BoardNo,
) -> Result<bool, BoardError> {
    staff_state(db, author, id).await?;
    Ok(board_links::revoke(db, board_at(id, round, board)).await?)
}

fn board_at(id: &str, round: RoundNo, board: BoardNo) -> BoardAt<'_> {
    BoardAt {
        event: id,
        round: round.get(),
        board: board.get(),
    }
}

/// The event's state, when `author` is one of its staff (the board logs' and the arbiter
/// PIN's check).
pub(super) async fn staff_state(
    db: &Db,
    author: Option<&User>,
    id: &str,
) -> Result<super::EventState, ChangeError> {
    let stored = store::load(db, id)
        .await?
        .ok_or_else(|| ChangeError::NotFound(id.to_owned()))?;
    let Some(user) = author else {
        return Err(ChangeError::Unauthorized);
    };
    if !Standing::of(Some(user), &stored.state).is_staff() {
        return Err(ChangeError::Forbidden(Msg::new("board-log-staff-only")));
    }
    Ok(stored.state)
}

/// The log's stored lines, its `open` line written first when it has none, who sends, and
/// the event; refused unless `access` may and the board is one that has a log.
async fn opened<'a>(
    db: &Db,
    access: Access<'a>,
    at: BoardAt<'_>,
    round: RoundNo,
    board: BoardNo,
) -> Result<(Vec<String>, Asker<'a>, super::EventState), BoardError> {
    let (state, asker) = match access {
        Access::Account(author) => {
            let state = staff_state(db, author, at.event).await?;
            let asker = Asker {
                sender: Sender::Staff,
                by: author,
            };
            (state, asker)
        }
        Access::Link { key, user, pin } => {
            let stored = store::load(db, at.event)
                .await?
                .ok_or_else(|| ChangeError::NotFound(at.event.to_owned()))?;
            let held = board_links::key_of(db, at).await?;
            if !held.is_some_and(|k| crate::auth::constant_time_eq(&k, key)) {
                return Err(ChangeError::Forbidden(Msg::new("board-log-bad-link")).into());
            }
            let asker = if Standing::of(user, &stored.state).is_staff() {
                Asker {
                    sender: Sender::Staff,
                    by: user,
                }
            } else if let Some(pin) = pin {
                if !super::arbiter_pin::unlocks(db, at.event, pin).await? {
                    return Err(BoardError::BadPin);
                }
                Asker {
                    sender: Sender::Staff,
                    by: None,
                }
            } else {
                Asker {
                    sender: Sender::Link,
                    by: None,
                }
            };
            (stored.state, asker)
        }
    };
    let open = board_log::open_line(&state, round, board)?;
    let lines = board_logs::lines(db, at).await?;
    if !lines.is_empty() {
        return Ok((lines, asker, state));
    }
    // Two first requests at once: one stores the line, the other reads it.
    board_logs::append(db, at, 0, &[open.to_string()]).await?;
    Ok((board_logs::lines(db, at).await?, asker, state))
}

/// Enters `result` as the board's result unless it has one: the same one is left as it is,
/// a different one is not replaced (an arbiter decides which stands). Under the name of
/// the staff account `by`, or the server's.
async fn enter(
    db: &Db,
    by: Option<&User>,
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
    let done = match by {
        Some(author) => change::change(db, id, Some(author), action, None).await,
        None => change::by_server(db, id, action, None).await,
    };
    match done {
        Ok(done) => Ok(Ok(done.message)),
        Err(ChangeError::Action(e)) => Ok(Err(e.message())),
        Err(e) => Err(e.into()),
    }
}
