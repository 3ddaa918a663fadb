//! `GET /events/{id}/live?since=V`: a server-sent-event stream that says `change` with the
//! event's version each time it moves past `V`, for an open page to bring itself up to
//! date (`static/live.js`). Each stream takes one of its address's connection places
//! (`--max-sockets-per-ip`), as a game socket does.

use crate::db::events as store;
use crate::error::{AppError, AppResult};
use crate::events::live;
use crate::i18n::Msg;
use crate::state::AppState;
use axum::Router;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::response::IntoResponse;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::routing::get;
use futures_util::stream;
use serde::Deserialize;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

/// How often a stream reads the version itself, for changes committed by another server
/// process on the same database.
const POLL: Duration = Duration::from_secs(10);

#[derive(Deserialize)]
struct Since {
    #[serde(default)]
    since: Option<i64>,
}

/// What a stream carries between its messages.
struct Watch {
    state: AppState,
    id: String,
    changes: tokio::sync::broadcast::Receiver<live::Changed>,
    stopping: tokio::sync::watch::Receiver<bool>,
    told: i64,
    _slot: crate::limits::SocketSlot,
}

impl Watch {
    /// The next version past the one told, or `None` when the stream should end (the
    /// server stops, the event is gone).
    async fn next(&mut self) -> Option<i64> {
        loop {
            // What woke the stream: an announcement, or the poll's time (`None`).
            let heard = tokio::select! {
                _ = self.stopping.wait_for(|stop| *stop) => return None,
                got = self.changes.recv() => match got {
                    Ok(c) if c.id == self.id => Some(c.version),
                    Ok(_) => continue,
                    Err(RecvError::Lagged(_)) => None,
                    Err(RecvError::Closed) => return None,
                },
                () = tokio::time::sleep(POLL) => None,
            };
            let latest = match heard {
                Some(v) => v,
                None => self.read().await?,
            };
            if latest > self.told {
                self.told = latest;
                return Some(latest);
            }
        }
    }

    async fn read(&self) -> Option<i64> {
        store::version(&self.state.db, &self.id)
            .await
            .ok()
            .flatten()
    }
}

async fn stream_changes(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(since): Query<Since>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
) -> AppResult<impl IntoResponse> {
    let slot = state
        .sockets
        .acquire(peer.ip())
        .ok_or(AppError::TooManySockets {
            max: state.sockets.max(),
        })?;
    // Subscribed before the version is read, so that no change falls between the two.
    let changes = live::subscribe();
    let now = store::version(&state.db, &id)
        .await?
        .ok_or_else(|| AppError::NotFound(Msg::new("event-error-no-event").arg("id", &id)))?;
    let told = since.since.unwrap_or(now);
    let mut watch = Watch {
        stopping: state.stopping.subscribe(),
        state,
        id,
        changes,
        told,
        _slot: slot,
    };
    // A change made before the stream opened is told at once.
    let pending = (now > told).then_some(now);
    if let Some(v) = pending {
        watch.told = v;
    }
    let events = stream::unfold((watch, pending), |(mut watch, pending)| async move {
        let version = match pending {
            Some(v) => v,
            None => watch.next().await?,
        };
        let event = Event::default().event("change").data(version.to_string());
        Some((Ok::<_, Infallible>(event), (watch, None)))
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(20))))
}

/// The stream's route.
pub fn router() -> Router<AppState> {
    Router::new().route("/events/{id}/live", get(stream_changes))
}
