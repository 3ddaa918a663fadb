//! What the server's benchmarks share: one HTTP request with a bearer token, a player's
//! game socket, waiting on it for a position, and percentiles. Each benchmark uses a part
//! (hence the `dead_code` allowance: each example compiles this module on its own).
#![allow(dead_code)]

use futures_util::StreamExt;
use serde_json::Value;
use shatar_server::db::games::{self, GameRow};
use shatar_server::db::{Db, sessions, users};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// Longest wait for one answer (a 1,000-player pairing takes seconds).
pub const PATIENCE: Duration = Duration::from_secs(600);

/// One HTTP/1.1 request with the bearer token; the status and body.
pub async fn request(
    addr: SocketAddr,
    token: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, String), String> {
    let mut stream = tokio::time::timeout(PATIENCE, TcpStream::connect(addr))
        .await
        .map_err(|_| "connect timed out".to_string())?
        .map_err(|e| format!("connect: {e}"))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Authorization: Bearer {token}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    stream
        .write_all(format!("{head}{body}").as_bytes())
        .await
        .map_err(|e| format!("write: {e}"))?;
    let mut raw = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut raw))
        .await
        .map_err(|_| format!("{method} {path}: no answer in {PATIENCE:?}"))?
        .map_err(|e| format!("read: {e}"))?;
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or("no response head")?;
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("bad status line: {head}"))?;
    let mut body = raw[split + 4..].to_vec();
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        body = dechunk(&body);
    }
    Ok((status, String::from_utf8_lossy(&body).to_string()))
}

fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = b.windows(2).position(|w| w == b"\r\n") {
        let Ok(size) = usize::from_str_radix(String::from_utf8_lossy(&b[..eol]).trim(), 16) else {
            break;
        };
        if size == 0 || b.len() < eol + 2 + size {
            break;
        }
        out.extend_from_slice(&b[eol + 2..eol + 2 + size]);
        b = &b[(eol + 4 + size).min(b.len())..];
    }
    out
}

/// A request that must answer `want`; its JSON body (`null` when empty).
pub async fn expect(
    addr: SocketAddr,
    token: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
    want: u16,
) -> Value {
    let (status, text) = request(addr, token, method, path, body.as_ref())
        .await
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    assert_eq!(status, want, "{method} {path}: {text}");
    if text.trim().is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{method} {path}: {e}: {text}"))
    }
}

pub fn id_of(v: &Value) -> String {
    match &v["id"] {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        other => panic!("an event id expected, got {other}"),
    }
}

/// The p-th fraction of sorted microseconds, in ms.
pub fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 * p) as usize).min(sorted.len() - 1);
    sorted[i] as f64 / 1000.0
}

pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn connect(addr: SocketAddr, game: &str, token: &str) -> Ws {
    let mut req = format!("ws://{addr}/game/{game}/ws")
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("Cookie", format!("shatar_session={token}").parse().unwrap());
    let (ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    ws
}

/// Reads until a state with `ply` moves (or an error).
pub async fn until_ply(ws: &mut Ws, ply: usize) -> Result<(), String> {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .map_err(|_| "no answer in 30 s".to_string())?
            .ok_or("closed")?
            .map_err(|e| e.to_string())?;
        if let Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str()).map_err(|e| e.to_string())?;
            if v["t"] == "error" {
                return Err(v["error"].to_string());
            }
            if v["t"] == "state" && v["ply"].as_u64() == Some(ply as u64) {
                return Ok(());
            }
        }
    }
}

const OPENING: [&str; 2] = ["e2e4", "e7e5"];
const SHUFFLE: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];

/// The move at `ply` of a game that never ends: 1.e4 e5, then the horses shuffle
/// (Ng1-f3 Ng8-f6 Nf3-g1 Nf6-g8 …; under `competition` a repetition is only claimable).
pub fn move_at(ply: usize) -> &'static str {
    OPENING.get(ply).copied().unwrap_or(SHUFFLE[(ply - 2) % 4])
}

/// A new player account `name` with a session, written straight to the database
/// (sign-up's argon2 would dominate a benchmark): its id and session token.
pub async fn account(db: &Db, name: &str, hash: &str, role: users::AccountRole) -> (i64, String) {
    let name = shatar_server::names::check(name).unwrap();
    let u = users::insert(db, &name, hash, role).await.unwrap();
    let token = shatar_server::auth::random_token().unwrap();
    let csrf = shatar_server::auth::random_token().unwrap();
    sessions::insert(db, &shatar_server::auth::token_hash(&token), u.id, &csrf)
        .await
        .unwrap();
    (u.id, token)
}

/// Casual game `i` of run `run` between two new accounts, under `competition` with three
/// hours each (it never ends in a benchmark): its id and the two session tokens.
pub async fn shuffling_game(db: &Db, hash: &str, run: &str, i: usize) -> (String, Vec<String>) {
    let mut tokens = Vec::new();
    let mut ids = Vec::new();
    for side in ["w", "b"] {
        let (id, token) = account(
            db,
            &format!("{side}{i}-{run}"),
            hash,
            users::AccountRole::Player,
        )
        .await;
        tokens.push(token);
        ids.push(id);
    }
    let id = format!("L{run}{i:05}");
    let row = GameRow {
        white_id: Some(ids[0]),
        black_id: Some(ids[1]),
        ..GameRow::new(
            id.clone(),
            shatar_rules::Preset::Competition,
            180 * 60_000,
            0,
        )
    };
    let mut conn = db.pool.acquire().await.unwrap();
    games::insert(&mut conn, &row).await.unwrap();
    (id, tokens)
}
