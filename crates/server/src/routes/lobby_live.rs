//! `GET /lobby/live?since=SIG`: a server-sent-event stream that says `change` when the
//! lobby's open seeks or games in play are no longer those the page showed (`SIG`, the
//! signature `db::seeks::lobby_signature` gave it), for the page to bring itself up to
//! date (`static/live.js`). A signed-in visitor with the lobby open is there: their open
//! seeks stay open while the stream lasts. Each stream takes one of the address's
//! connection places (`--max-sockets-per-ip`), as a game socket does.

use crate::auth::Visitor;
use crate::db::{now_ms, seeks};
use crate::error::{AppError, AppResult};
use crate::routes::lobby::seek_cutoff;
use crate::state::AppState;
use axum::Router;
use axum::extract::{ConnectInfo, Query, State};
use axum::response::IntoResponse;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::routing::get;
use futures_util::stream;
use serde::Deserialize;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::time::Duration;

/// How often a stream looks at the lobby (seeks come and go, games start and end).
const LOOK: Duration = Duration::from_secs(3);

#[derive(Deserialize)]
struct Since {
    #[serde(default)]
    since: String,
}

/// What a stream carries between its messages.
struct Watch {
    state: AppState,
    user: Option<i64>,
    told: String,
    stopping: tokio::sync::watch::Receiver<bool>,
    _slot: crate::limits::SocketSlot,
}

impl Watch {
    /// The next signature unlike the one told; `None` when the stream should end.
    async fn next(&mut self) -> Option<String> {
        loop {
            tokio::select! {
                _ = self.stopping.wait_for(|stop| *stop) => return None,
                () = tokio::time::sleep(LOOK) => {}
            }
            if let Some(id) = self.user {
                seeks::owner_seen(&self.state.db, id, now_ms()).await.ok()?;
            }
            let now = seeks::lobby_signature(&self.state.db, &seek_cutoff(&self.state))
                .await
                .ok()?;
            if now != self.told {
                self.told.clone_from(&now);
                return Some(now);
            }
        }
    }
}

async fn stream_changes(
    State(state): State<AppState>,
    v: Visitor,
    Query(since): Query<Since>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
) -> AppResult<impl IntoResponse> {
    let slot = state
        .sockets
        .acquire(peer.ip())
        .ok_or(AppError::TooManySockets {
            max: state.sockets.max(),
        })?;
    let told: String = since.since.chars().take(100).collect();
    let watch = Watch {
        stopping: state.stopping.subscribe(),
        user: v.user.as_ref().map(|u| u.id),
        state,
        told,
        _slot: slot,
    };
    let events = stream::unfold(watch, |mut watch| async move {
        let signature = watch.next().await?;
        let event = Event::default().event("change").data(signature);
        Some((Ok::<_, Infallible>(event), watch))
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(20))))
}

/// The stream's route.
pub fn router() -> Router<AppState> {
    Router::new().route("/lobby/live", get(stream_changes))
}
