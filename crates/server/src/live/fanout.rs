//! Several server processes on one PostgreSQL database: one process owns each live game,
//! the others mirror it.
//!
//! - **Ownership** is a PostgreSQL session-level advisory lock on the game (a 64-bit hash of
//!   its id), taken with `pg_try_advisory_lock` on a connection each process holds for its
//!   lifetime. The process that first opens a live game's room owns it: it plans and commits
//!   the steps, runs the flag timer and the computer. When that process dies its connection
//!   closes and PostgreSQL releases the lock.
//! - **Committed states**: the transaction that stores a step also runs
//!   `pg_notify('shatar_step', game_id)`, which PostgreSQL delivers only when it commits.
//!   A process with a mirror room for the game and sockets in it reloads the game from the
//!   database and sends the new state to them (a mirror without sockets is dropped and
//!   reloaded when next opened).
//! - **Relayed actions**: a player's move, offer, resignation… on a socket of a process that
//!   does not own the game goes out as `pg_notify('shatar_act', …)`; the owner performs it
//!   as if it came from its own socket, and every process hears the committed state as
//!   above. Before relaying, the process tries to take the lock itself: if it gets it, the
//!   owner has gone, and it takes the game over (reloading it from the database) and acts
//!   locally.
//! - **Refusals of relayed actions** (an illegal or stale move, an offer out of turn) go back
//!   as `pg_notify('shatar_refused', …)`, addressed to the relaying process and socket and
//!   written in every language of the site: that socket alone shows the refusal, in its
//!   visitor's language, as it would a refusal of its own process.
//!
//! Not done: notifications sent while a listener reconnects
//! are lost (its sockets catch up with the next step or a `ping`); when an owner dies, its
//! games' flags fall only once another process takes them over (on the next relayed action
//! or when a process starts and resumes the games nobody owns); rematch requests and lag
//! quotas are per process.

use crate::db::fanout as store;
pub use crate::db::fanout::{ACT_CHANNEL, REFUSED_CHANNEL, STEP_CHANNEL, lock_key};
use crate::db::{Backend, Db};
use crate::error::AppError;
use crate::i18n::{Lang, Msg};
use crate::live::Hub;
use crate::live::game::Action;
use serde::{Deserialize, Serialize};
use shatar_rules::Color;
use sqlx::Connection;
use sqlx::postgres::{PgConnection, PgListener};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The socket a relayed action came from: a refusal is sent back to it alone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplyTo {
    /// The relaying process ([`Fanout::process`]).
    pub process: String,
    /// The socket's number in that process ([`Hub::socket_number`]).
    pub socket: u64,
}

/// A player's action relayed to the game's owner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Relayed {
    /// The game.
    pub game: String,
    /// The acting side (`white`, `black`).
    pub color: String,
    /// The action as JSON ([`Action`]'s form, that of the socket's message).
    pub msg: String,
    /// The lag estimate of the player's socket.
    pub lag_ms: i64,
    /// Where to send a refusal (absent from the payloads of older servers).
    #[serde(default)]
    pub reply_to: Option<ReplyTo>,
}

/// The owner's refusal of a relayed action, for the socket it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refused {
    /// The game.
    pub game: String,
    /// The socket that sent the action.
    pub to: ReplyTo,
    /// The refusal in each language of the site, by language code: the owner does not
    /// know the language of the socket's visitor.
    pub texts: BTreeMap<String, String>,
}

impl Refused {
    /// The refusal `msg` of an action relayed from `to` in `game`.
    pub fn new(game: &str, to: ReplyTo, msg: &Msg) -> Refused {
        let texts = Lang::ALL
            .iter()
            .map(|lang| (lang.code().to_owned(), msg.text(*lang)))
            .collect();
        Refused {
            game: game.to_owned(),
            to,
            texts,
        }
    }

    /// The refusal in `lang` (any language the payload has, should it lack that one).
    pub fn text(&self, lang: Lang) -> &str {
        self.texts
            .get(lang.code())
            .or_else(|| self.texts.values().next())
            .map_or("", String::as_str)
    }
}

/// This process's side of the fan-out: the connection holding its ownership locks.
#[derive(Debug)]
pub struct Fanout {
    /// `None` once closed (at shutdown), which releases every lock at once.
    locks: tokio::sync::Mutex<Option<PgConnection>>,
    url: String,
    /// This process's name in [`ReplyTo`]: random, so that processes on several machines
    /// never share one.
    process: String,
}

impl Fanout {
    /// Connects the lock connection (PostgreSQL only).
    pub async fn connect(url: &str) -> Result<Fanout, AppError> {
        let conn = PgConnection::connect(url).await?;
        Ok(Fanout {
            locks: tokio::sync::Mutex::new(Some(conn)),
            url: url.to_owned(),
            process: crate::ids::random_id(16)?,
        })
    }

    /// This process's name in the addresses of relayed actions.
    pub fn process(&self) -> &str {
        &self.process
    }

    /// Takes ownership of `game_id` unless another process has it (true: this process owns
    /// it, possibly already).
    pub async fn try_own(&self, game_id: &str) -> Result<bool, AppError> {
        let mut guard = self.locks.lock().await;
        let Some(conn) = guard.as_mut() else {
            return Ok(false);
        };
        store::try_lock(conn, game_id).await
    }

    /// Gives up ownership of `game_id` (an ended game leaving the cache).
    pub async fn release(&self, game_id: &str) {
        let mut guard = self.locks.lock().await;
        let Some(conn) = guard.as_mut() else {
            return;
        };
        store::unlock(conn, game_id).await;
    }

    /// Closes the lock connection: every game this process owns is free for another.
    pub async fn close(&self) {
        if let Some(conn) = self.locks.lock().await.take() {
            let _ = conn.close().await;
        }
    }

    /// Sends `color`'s action in `game_id` to the owner; a refusal comes back to this
    /// process's socket number `socket`, if given.
    pub async fn relay(
        &self,
        db: &Db,
        game_id: &str,
        color: Color,
        action: &Action,
        lag_ms: i64,
        socket: Option<u64>,
    ) -> Result<(), AppError> {
        let msg = serde_json::to_string(action)
            .map_err(|e| AppError::Internal(format!("relayed action: {e}")))?;
        let relayed = Relayed {
            game: game_id.to_owned(),
            color: color.name().to_owned(),
            msg,
            lag_ms,
            reply_to: socket.map(|socket| ReplyTo {
                process: self.process.clone(),
                socket,
            }),
        };
        notify(db, ACT_CHANNEL, &relayed).await
    }

    /// Sends the refusal of a relayed action back to the process it came from.
    pub async fn refuse(&self, db: &Db, refused: &Refused) -> Result<(), AppError> {
        notify(db, REFUSED_CHANNEL, refused).await
    }

    /// Listens for committed steps and relayed actions and hands them to `hub`, until the
    /// task is aborted.
    pub fn listen(self: &Arc<Self>, hub: Arc<Hub>) -> tokio::task::JoinHandle<()> {
        let url = self.url.clone();
        let process = self.process.clone();
        tokio::spawn(async move {
            let mut listener = loop {
                match PgListener::connect(&url).await {
                    Ok(l) => break l,
                    Err(e) => {
                        tracing::warn!(error = %e, "fan-out listener: connecting failed");
                        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    }
                }
            };
            if let Err(e) = listener
                .listen_all([STEP_CHANNEL, ACT_CHANNEL, REFUSED_CHANNEL])
                .await
            {
                tracing::error!(error = %e, "fan-out listener: LISTEN failed");
                return;
            }
            loop {
                // `recv` reconnects by itself after a lost connection.
                let n = match listener.recv().await {
                    Ok(n) => n,
                    Err(e) => {
                        tracing::warn!(error = %e, "fan-out listener");
                        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
                        continue;
                    }
                };
                let hub = Arc::clone(&hub);
                let channel = n.channel().to_owned();
                let payload = n.payload().to_owned();
                let process = process.clone();
                // Each in its own task: a reload or an action never holds up the listener.
                tokio::spawn(async move {
                    match channel.as_str() {
                        STEP_CHANNEL => {
                            for id in payload.split(',') {
                                hub.step_committed_elsewhere(id).await;
                            }
                        }
                        ACT_CHANNEL => match serde_json::from_str::<Relayed>(&payload) {
                            Ok(r) => hub.relayed(r).await,
                            Err(e) => tracing::warn!(error = %e, "bad relayed action"),
                        },
                        REFUSED_CHANNEL => match serde_json::from_str::<Refused>(&payload) {
                            Ok(r) if r.to.process == process => hub.refused_elsewhere(r),
                            Ok(_) => {}
                            Err(e) => tracing::warn!(error = %e, "bad refusal"),
                        },
                        _ => {}
                    }
                });
            }
        })
    }
}

/// Sends `payload` as JSON on `channel`.
async fn notify(db: &Db, channel: &str, payload: &impl Serialize) -> Result<(), AppError> {
    let payload = serde_json::to_string(payload)
        .map_err(|e| AppError::Internal(format!("{channel} payload: {e}")))?;
    store::notify(db, channel, &payload).await
}

/// Whether a database has the fan-out (PostgreSQL).
pub fn applies(db: &Db) -> bool {
    db.backend == Backend::Postgres
}
