//! Making a change: who may, on which version, and the retry when another writer committed
//! first.
//!
//! A change is computed on the latest state and committed on the condition that the state
//! is still that version (`db::events::commit`). When another writer got there first, the
//! change is computed again on the new state, so results entered at once on different
//! boards are all kept and the same board is never written twice unnoticed (the second
//! writer meets the first's result: the same one is a no-op, a different one a conflict).
//! A change made on a page that showed an older version (`seen`) is refused unless
//! everything committed since commutes with it, with a message naming who changed what.

use super::access::Standing;
use super::action::{Action, ActionError, Applied, NewEvent};
use super::state::{EventState, Person};
use crate::db::users::User;
use crate::db::{Db, events as store};
use crate::error::AppError;
use crate::i18n::Msg;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, Weak};

/// How many times a change is recomputed after losing the race to commit.
const MAX_ATTEMPTS: usize = 64;

/// One writer at a time per event within this process, so that simultaneous entries queue
/// instead of recomputing after lost races (the version check still guards writers in
/// other processes). Entries whose event nobody is writing are swept as the map grows.
static WRITERS: LazyLock<Mutex<HashMap<String, Weak<tokio::sync::Mutex<()>>>>> =
    LazyLock::new(Default::default);

fn writer_lock(id: &str) -> Arc<tokio::sync::Mutex<()>> {
    let mut map = WRITERS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(lock) = map.get(id).and_then(Weak::upgrade) {
        return lock;
    }
    if map.len() >= 1024 {
        map.retain(|_, w| w.strong_count() > 0);
    }
    let lock = Arc::new(tokio::sync::Mutex::new(()));
    map.insert(id.to_owned(), Arc::downgrade(&lock));
    lock
}

/// Why a change was not made.
#[derive(Debug, thiserror::Error)]
pub enum ChangeError {
    /// The change itself is refused.
    #[error(transparent)]
    Action(#[from] ActionError),
    /// Signing in is required.
    #[error("sign in first")]
    Unauthorized,
    /// The account may not make this change.
    #[error("not allowed: {0}")]
    Forbidden(Msg),
    /// No such event.
    #[error("no event {0:?}")]
    NotFound(String),
    /// Made on a view older than a change it does not commute with.
    #[error("{0}")]
    Stale(Msg),
    /// Storage failed.
    #[error(transparent)]
    Storage(#[from] AppError),
}

/// A change made (or found already made).
#[derive(Debug, Clone)]
pub struct Changed {
    /// The event's version after it.
    pub version: i64,
    /// The event's state after it.
    pub state: EventState,
    /// What it did ("round 1 board 3: Bat 1 – 0 Dorj"); the history keeps its English
    /// text.
    pub summary: Msg,
    /// What the author is told ("Board 3: Bat 1 – 0 Dorj"): the action's echo, or the
    /// summary.
    pub message: Msg,
    /// Whether anything changed (the same result again changes nothing).
    pub changed: bool,
}

/// A new event id: 12 hex digits from the OS's random source.
fn new_id() -> Result<String, AppError> {
    Ok(crate::auth::random_token()?[..12].to_owned())
}

/// Creates an event organised by `author`; returns its id and state.
pub async fn create(
    db: &Db,
    author: &User,
    new: NewEvent,
) -> Result<(String, EventState), ChangeError> {
    let action = Action::Create {
        event: Box::new(new),
        organiser: Person::of(author),
    };
    begin(db, author, action).await
}

/// Brings in an event from another program's file, organised by `author`.
pub async fn import(
    db: &Db,
    author: &User,
    event: shatar_tournament::Event,
    source: &str,
) -> Result<(String, EventState), ChangeError> {
    let action = Action::Import {
        event: Box::new(event),
        organiser: Person::of(author),
        source: source.to_owned(),
    };
    begin(db, author, action).await
}

/// Stores an event's first change (its creation or import).
async fn begin(
    db: &Db,
    author: &User,
    action: Action,
) -> Result<(String, EventState), ChangeError> {
    if !super::access::may_create(author) {
        return Err(ChangeError::Forbidden(Msg::new("event-refused-create")));
    }
    let (state, applied) = action.apply(None)?;
    let summary = applied.summary().to_string();
    let id = new_id()?;
    store::create(db, &id, &state, &action, &Person::of(author), &summary).await?;
    Ok((id, state))
}

/// Makes `action` on event `id` as `author`. `seen` is the version the author's page
/// showed, when it says; a change made on an older one is refused unless it commutes with
/// everything since.
pub async fn change(
    db: &Db,
    id: &str,
    author: Option<&User>,
    action: Action,
    seen: Option<i64>,
) -> Result<Changed, ChangeError> {
    make(db, id, Who::Account(author), action, seen).await
}

/// Makes `action` on event `id` as the server itself (an online event's rounds and
/// results): no account's permission applies, and the history names the server. `seen`
/// as for [`change`]: the runner's view must still hold.
pub async fn by_server(
    db: &Db,
    id: &str,
    action: Action,
    seen: Option<i64>,
) -> Result<Changed, ChangeError> {
    make(db, id, Who::Server, action, seen).await
}

/// Who makes a change.
#[derive(Clone, Copy)]
enum Who<'a> {
    /// A visitor, signed in or not, held to their permissions.
    Account(Option<&'a User>),
    /// The server running an online event.
    Server,
}

async fn make(
    db: &Db,
    id: &str,
    who: Who<'_>,
    action: Action,
    seen: Option<i64>,
) -> Result<Changed, ChangeError> {
    let lock = writer_lock(id);
    let _turn = lock.lock().await;
    let author = match who {
        Who::Account(a) => a,
        Who::Server => None,
    };
    for _ in 0..MAX_ATTEMPTS {
        let stored = store::load(db, id)
            .await?
            .ok_or_else(|| ChangeError::NotFound(id.to_owned()))?;
        let standing = Standing::of(author, &stored.state);
        if matches!(who, Who::Account(_)) && !super::access::allowed(author, &stored.state, &action)
        {
            return Err(match author {
                None => ChangeError::Unauthorized,
                Some(_) => ChangeError::Forbidden(Msg::new(
                    if matches!(action, Action::AppointArbiter { .. }) {
                        "event-refused-organiser"
                    } else {
                        "event-refused-staff"
                    },
                )),
            });
        }
        if let Some(late) =
            super::access::too_late(author, &stored.state, &action, crate::db::now_ms())
                .filter(|_| matches!(who, Who::Account(_)))
        {
            return Err(late.into());
        }
        let author = match who {
            Who::Account(a) => Person::of(a.ok_or(ChangeError::Unauthorized)?),
            Who::Server => Person::server(),
        };
        if let Some(seen) = seen.filter(|&v| v < stored.version) {
            let since = store::history(db, id, seen).await?;
            if let Some(blocking) = since.iter().find(|h| !action.commutes_with(&h.action)) {
                let history = store::history(db, id, 0).await?;
                let worded = worded(&history);
                let msg = Msg::new("event-error-stale");
                return Err(ChangeError::Stale(
                    summary_arg(msg, "summary", blocking, &worded, false)
                        .arg("by", &blocking.by_name)
                        .arg("at", clock_time(blocking.at_ms)),
                ));
            }
        }
        let (state, applied, made) = match &action {
            Action::Undo { seq } => undo(db, id, *seq, standing).await?,
            _ => {
                let (state, applied) = action.apply(Some(&stored.state))?;
                (state, applied, action.clone())
            }
        };
        let message = |state: &EventState, summary: &Msg| {
            action.echo(state).unwrap_or_else(|| summary.clone())
        };
        let summary = match applied {
            Applied::Unchanged(summary) => {
                return Ok(Changed {
                    version: stored.version,
                    message: message(&stored.state, &summary),
                    state: stored.state,
                    summary,
                    changed: false,
                });
            }
            Applied::Changed(summary) => summary,
        };
        if store::commit(
            db,
            id,
            stored.version,
            &state,
            &made,
            &author,
            &summary.to_string(),
        )
        .await?
        {
            return Ok(Changed {
                version: stored.version + 1,
                message: message(&state, &summary),
                state,
                summary,
                changed: true,
            });
        }
        // Another writer committed first: compute the change again on what they left.
        tokio::task::yield_now().await;
    }
    Err(ChangeError::Storage(AppError::Internal(format!(
        "event {id}: {MAX_ATTEMPTS} writers in a row committed first"
    ))))
}

/// What `action` would do on the event as it is now, without making it: the summary the
/// history would keep, for a page to show before the author confirms (a withdrawal's
/// treatment, the boards an exchange moves and its warnings). The same permission and
/// refusals as [`change`].
pub async fn preview(
    db: &Db,
    id: &str,
    author: Option<&User>,
    action: &Action,
) -> Result<Msg, ChangeError> {
    let stored = store::load(db, id)
        .await?
        .ok_or_else(|| ChangeError::NotFound(id.to_owned()))?;
    let standing = Standing::of(author, &stored.state);
    if !super::access::allowed(author, &stored.state, action) {
        return Err(match author {
            None => ChangeError::Unauthorized,
            Some(_) => ChangeError::Forbidden(Msg::new("event-refused-staff")),
        });
    }
    let (_, applied) = match action {
        Action::Undo { seq } => {
            let (state, applied, _) = undo(db, id, *seq, standing).await?;
            (state, applied)
        }
        _ => action.apply(Some(&stored.state))?,
    };
    Ok(match applied {
        Applied::Changed(s) | Applied::Unchanged(s) => s,
    })
}

/// Undoes the latest change still in force (entry `wanted`, or whichever it is when
/// `wanted` is 0): the state is the replay of the history without it. Refused when the
/// entry named is not that change (someone changed the event since), when nothing is left
/// to undo, and when the author may not make the change being undone.
async fn undo(
    db: &Db,
    id: &str,
    wanted: i64,
    standing: Standing,
) -> Result<(EventState, Applied, Action), ChangeError> {
    let history = store::history(db, id, 0).await?;
    let force = super::action::in_force(history.iter().map(|h| (h.seq, &h.action)));
    let target = force
        .last()
        .filter(|(_, a)| !matches!(a, Action::Create { .. } | Action::Import { .. }))
        .map(|&(seq, _)| seq)
        .ok_or_else(|| ActionError::Invalid {
            field: "seq",
            message: Msg::new("event-error-nothing-to-undo"),
        })?;
    let entry = history
        .iter()
        .find(|h| h.seq == target)
        .ok_or_else(|| AppError::Internal(format!("event {id}: history entry {target} missing")))?;
    let worded = worded(&history);
    if wanted != 0 && wanted != target {
        let msg = match history.iter().find(|h| h.seq == wanted) {
            Some(h) => summary_arg(Msg::new("event-error-not-latest"), "what", h, &worded, true),
            None => Msg::new("event-error-not-latest-entry").arg("seq", wanted),
        };
        return Err(ChangeError::Stale(
            summary_arg(msg, "latest", entry, &worded, true)
                .arg("by", &entry.by_name)
                .arg("at", clock_time(entry.at_ms)),
        ));
    }
    if !standing.may(&entry.action) {
        return Err(ChangeError::Forbidden(Msg::new("event-refused-undo")));
    }
    let undo = Action::Undo { seq: target };
    let state = super::action::replay(
        history
            .iter()
            .map(|h| (h.seq, &h.action))
            .chain(std::iter::once((i64::MAX, &undo))),
    )?
    .ok_or_else(|| AppError::Internal(format!("event {id}: nothing left after an undo")))?;
    let summary = summary_arg(
        Msg::new("event-done-undone"),
        "summary",
        entry,
        &worded,
        false,
    );
    Ok((state, Applied::Changed(summary), undo))
}

/// The history's summaries worded again ([`worded`](super::action::worded)), by `seq`.
fn worded(history: &[store::HistoryEntry]) -> HashMap<i64, Msg> {
    super::action::worded(
        history
            .iter()
            .map(|h| (h.seq, &h.action, h.summary.as_str())),
    )
}

/// `msg` with the summary of `entry` as its argument `name`: worded again in the reader's
/// language where the history allows, else the English text the history keeps; `quoted`
/// in quotation marks (in English as Rust writes a string: `"round 1 paired (2 boards)"`).
fn summary_arg(
    msg: Msg,
    name: &'static str,
    entry: &store::HistoryEntry,
    worded: &HashMap<i64, Msg>,
    quoted: bool,
) -> Msg {
    let kept = entry.summary.as_str();
    match (worded.get(&entry.seq), quoted) {
        (Some(m), false) => msg.arg_msg(name, m.clone()),
        // The marks of the reader's language, where the English is the same either way.
        (Some(m), true) if format!("{kept:?}") == format!("\"{kept}\"") => {
            msg.arg_msg(name, Msg::new("event-quoted").arg_msg("text", m.clone()))
        }
        (_, true) => msg.arg(name, format!("{kept:?}")),
        (None, false) => msg.arg(name, kept),
    }
}

/// The event's state replayed from its stored history, to compare with the stored state
/// (they are always equal; `shatar admin check-events` and the tests check it).
pub async fn replayed(db: &Db, id: &str) -> Result<Option<EventState>, ChangeError> {
    let history = store::history(db, id, 0).await?;
    Ok(super::action::replay(
        history.iter().map(|h| (h.seq, &h.action)),
    )?)
}

/// `HH:MM` of a time stamp, UTC.
fn clock_time(at_ms: i64) -> String {
    let minutes = at_ms.div_euclid(60_000);
    let (h, m) = (
        minutes.div_euclid(60).rem_euclid(24),
        minutes.rem_euclid(60),
    );
    format!("{h:02}:{m:02}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn clock_time_is_utc_hours_and_minutes() {
        // 2026-12-01 14:02:30 UTC.
        assert_eq!(super::clock_time(1_796_133_750_000), "14:02");
        assert_eq!(super::clock_time(0), "00:00");
    }
}
