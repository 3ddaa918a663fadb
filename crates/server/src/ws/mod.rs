//! The live-game socket: `GET /game/{id}/ws`. Players act; everyone (players and
//! spectators) receives a snapshot after each committed step. A reconnecting client simply
//! opens a new socket and gets the current snapshot, which is the whole truth.

pub mod protocol;

use crate::auth::Visitor;
use crate::error::{ActionError, AppError, ProtocolError};
use crate::i18n::{Lang, Msg};
use crate::limits::TokenBucket;
use crate::live::lag::RoundTrips;
use crate::live::{Room, snapshot_text};
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use shatar_rules::Color;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::broadcast::error::RecvError;

/// Refuses cross-site socket requests: a present `Origin` must name this host.
fn check_origin(headers: &HeaderMap) -> Result<(), AppError> {
    let Some(origin) = headers.get(axum::http::header::ORIGIN) else {
        return Ok(());
    };
    let host = headers
        .get(axum::http::header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let origin = origin.to_str().unwrap_or("");
    let origin_host = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        .unwrap_or("");
    if !host.is_empty() && origin_host == host {
        Ok(())
    } else {
        Err(AppError::Forbidden(
            crate::i18n::Msg::new("error-foreign-origin").arg("origin", origin),
        ))
    }
}

/// Upgrades to the game's socket (at most `--max-sockets-per-ip` open per address).
pub async fn socket(
    ws: WebSocketUpgrade,
    Path(id): Path<String>,
    visitor: Visitor,
    headers: HeaderMap,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    State(state): State<AppState>,
) -> Result<Response, AppError> {
    check_origin(&headers)?;
    let slot = state
        .sockets
        .acquire(peer.ip())
        .ok_or(AppError::TooManySockets {
            max: state.sockets.max(),
        })?;
    let room = state.hub.room(&id).await?;
    let lang = visitor.lang;
    let color = room.game.lock().await.color_of(
        visitor.user.as_ref().map(|u| u.id),
        visitor.guest.as_deref(),
    );
    Ok(ws
        .max_message_size(protocol::TRANSPORT_MAX_BYTES)
        .max_frame_size(protocol::TRANSPORT_MAX_BYTES)
        .on_upgrade(move |socket| async move {
            run(socket, state, id, room, color, lang).await;
            // The address's place is freed when the socket ends.
            drop(slot);
        }))
}

/// How often the server measures a socket's round trip (the first at once).
pub const PING_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

/// A refusal frame, written in the socket's language (the visitor's, as on the pages);
/// `closing` when the server closes the socket after it.
fn refusal(msg: &Msg, lang: Lang, closing: bool) -> String {
    refusal_frame(&msg.text(lang), closing)
}

/// A refusal frame with its text already written.
fn refusal_frame(text: &str, closing: bool) -> String {
    let mut frame = json!({"t": "error", "error": text});
    if closing {
        frame["closing"] = json!(true);
    }
    frame.to_string()
}

/// The refusal sent before a socket is closed for sending too fast.
fn rate_error(state: &AppState, lang: Lang) -> String {
    let e = ProtocolError::TooFast {
        per_second: state.config.socket_messages_per_second,
        burst: state.config.socket_message_burst,
    };
    refusal(&e.message(), lang, true)
}

/// The refusal sent before a socket is closed for a message over
/// [`protocol::MAX_MESSAGE_BYTES`] (`len`: its length in bytes).
fn too_long_error(len: usize, lang: Lang) -> String {
    let e = ProtocolError::TooLong {
        len,
        max: protocol::MAX_MESSAGE_BYTES,
    };
    refusal(&e.message(), lang, true)
}

/// The length of the message the transport refused as too long, if that is why reading
/// failed (messages over [`protocol::TRANSPORT_MAX_BYTES`] never reach the server's check).
fn refused_length(e: axum::Error) -> Option<usize> {
    match *e.into_inner().downcast::<tungstenite::Error>().ok()? {
        tungstenite::Error::Capacity(tungstenite::error::CapacityError::MessageTooLong {
            size,
            ..
        }) => Some(size),
        _ => None,
    }
}

/// Sends the too-long refusal and the close frame (code 1009, "message too big").
async fn close_too_long(
    sink: &mut futures_util::stream::SplitSink<WebSocket, Message>,
    len: usize,
    lang: Lang,
) -> bool {
    let _ = sink
        .send(Message::Text(too_long_error(len, lang).into()))
        .await;
    let frame = CloseFrame {
        code: close_code::SIZE,
        reason: "message too long".into(),
    };
    sink.send(Message::Close(Some(frame))).await.is_ok()
}

/// How long a socket the server closes waits for the client's closing frame.
const CLOSE_REPLY_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Completes the closing handshake (RFC 6455 §7.1.1): reads, and discards, what the client
/// still sends until its Close frame, the end of the stream or [`CLOSE_REPLY_WAIT`].
/// Dropping a TCP socket with unread data makes the kernel reset the connection, and a
/// reset can discard the error and the Close frame before the client reads them.
async fn await_close_reply(stream: &mut futures_util::stream::SplitStream<WebSocket>) {
    let drain = async {
        while let Some(Ok(msg)) = stream.next().await {
            if matches!(msg, Message::Close(_)) {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(CLOSE_REPLY_WAIT, drain).await;
}

async fn snapshot(room: &Room) -> Arc<str> {
    let live = room.game.lock().await;
    snapshot_text(&live, crate::db::now_ms())
}

/// What a player's page is told of the opponent: how long they have been gone and in how
/// many seconds the game can be claimed (both `null` while the opponent is there, before
/// the first round is over, against the computer and after the end). The player's own
/// presence is noted first.
async fn presence_note(state: &AppState, id: &str, room: &Room, color: Color) -> String {
    state.hub.note_seen(id, color).await;
    let quiet = json!({"t": "presence", "opponent_gone_s": null, "claim_in_s": null});
    let (initial_ms, last_step_ms) = {
        let live = room.game.lock().await;
        if !live.is_live() || live.ply() < 2 || live.computer().is_some() {
            return quiet.to_string();
        }
        (live.row.initial_ms, live.last_step_ms)
    };
    let Ok(p) = state.hub.presence(id, initial_ms).await else {
        return quiet.to_string();
    };
    let now = crate::db::now_ms();
    match p.gone_since(!color, last_step_ms, now) {
        None => quiet.to_string(),
        Some(since) => json!({
            "t": "presence",
            "opponent_gone_s": (now - since) / 1000,
            "claim_in_s": crate::live::presence::seconds_up(p.claim_wait_ms(since, now)),
        })
        .to_string(),
    }
}

async fn run(
    socket: WebSocket,
    state: AppState,
    id: String,
    room: Arc<Room>,
    color: Option<Color>,
    lang: Lang,
) {
    let (mut sink, mut stream) = socket.split();
    let mut rate = TokenBucket::new(
        state.config.socket_messages_per_second,
        state.config.socket_message_burst,
        Instant::now(),
    );
    // Round trips measured with ping frames, for lag compensation (`live::lag`).
    let mut trips = RoundTrips::default();
    let mut probe = tokio::time::interval(PING_EVERY);
    probe.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // A player's socket notes them at the game (`live::presence`), the first at once.
    let mut heartbeat = tokio::time::interval(crate::live::presence::HEARTBEAT);
    heartbeat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // Subscribe before the first snapshot so that no step falls between them.
    let mut rx = room.tx.subscribe();
    // The refusals of this socket's actions that another process's owner sends back.
    let number = state.hub.socket_number();
    let mut refusals = room.refusals.subscribe();
    let hello = json!({"t": "hello", "you": color.map(Color::name)}).to_string();
    if sink.send(Message::Text(hello.into())).await.is_err() {
        return;
    }
    if sink
        .send(Message::Text(snapshot(&room).await.as_ref().into()))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            incoming = stream.next() => {
                let text = match incoming {
                    Some(Ok(Message::Close(_))) | None => break,
                    Some(Err(e)) => {
                        // The stream has ended: nothing more can be read, only said.
                        if let Some(len) = refused_length(e) {
                            close_too_long(&mut sink, len, lang).await;
                        }
                        break;
                    }
                    Some(Ok(Message::Pong(payload))) => {
                        trips.pong(&payload, Instant::now());
                        continue;
                    }
                    Some(Ok(_)) if !rate.take(Instant::now()) => {
                        let _ = sink.send(Message::Text(rate_error(&state, lang).into())).await;
                        let frame = CloseFrame {
                            code: close_code::POLICY,
                            reason: "message rate limit".into(),
                        };
                        if sink.send(Message::Close(Some(frame))).await.is_ok() {
                            await_close_reply(&mut stream).await;
                        }
                        break;
                    }
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(_)) => continue,
                };
                let reply = match protocol::decode(text.as_str()) {
                    Err(ProtocolError::TooLong { len, .. }) => {
                        if close_too_long(&mut sink, len, lang).await {
                            await_close_reply(&mut stream).await;
                        }
                        break;
                    }
                    Err(e) => Some(refusal(&e.message(), lang, false)),
                    Ok(protocol::ClientMsg::Ping { seq }) => {
                        let snap = snapshot(&room).await;
                        if sink.send(Message::Text(snap.as_ref().into())).await.is_err() {
                            break;
                        }
                        Some(json!({"t": "pong", "seq": seq, "lag_ms": trips.estimate_ms()}).to_string())
                    }
                    Ok(protocol::ClientMsg::Rematch) => match color {
                        Some(c) => match state.hub.rematch(&id, c).await {
                            Ok(()) => None,
                            Err(e) => Some(refusal(&e.message(), lang, false)),
                        },
                        None => Some(refusal(&ActionError::NotAPlayer.message(), lang, false)),
                    },
                    Ok(msg) => match (color, msg.action()) {
                        (Some(c), Some(action)) => match state.hub.act(&id, c, &action, trips.estimate_ms(), Some(number)).await {
                            Ok(()) => None,
                            Err(e) => Some(refusal(&e.message(), lang, false)),
                        },
                        _ => Some(refusal(&ActionError::NotAPlayer.message(), lang, false)),
                    },
                };
                if let Some(reply) = reply
                    && sink.send(Message::Text(reply.into())).await.is_err() {
                        break;
                    }
            }
            _ = heartbeat.tick(), if color.is_some() => {
                let Some(c) = color else { continue };
                let note = presence_note(&state, &id, &room, c).await;
                if sink.send(Message::Text(note.into())).await.is_err() {
                    break;
                }
            }
            _ = probe.tick() => {
                let payload = trips.ping(Instant::now());
                if sink.send(Message::Ping(Bytes::copy_from_slice(&payload))).await.is_err() {
                    break;
                }
            }
            refused = refusals.recv() => {
                let refused = match refused {
                    Ok(r) => r,
                    // A refusal missed among many is not worth a snapshot: the state is current.
                    Err(RecvError::Lagged(_)) => continue,
                    Err(RecvError::Closed) => break,
                };
                if refused.to.socket != number {
                    continue;
                }
                let frame = refusal_frame(refused.text(lang), false);
                if sink.send(Message::Text(frame.into())).await.is_err() {
                    break;
                }
            }
            update = rx.recv() => {
                let text = match update {
                    Ok(t) => t,
                    Err(RecvError::Lagged(_)) => snapshot(&room).await,
                    Err(RecvError::Closed) => break,
                };
                if sink.send(Message::Text(text.as_ref().into())).await.is_err() {
                    break;
                }
            }
        }
    }
    // The last note is the moment the player left.
    if let Some(c) = color {
        state.hub.note_seen(&id, c).await;
    }
}
