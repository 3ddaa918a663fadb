//! Test kit: start the real server on a loopback port, a small HTTP/1.1 client with a
//! cookie jar, and game-socket clients.
#![allow(dead_code)]

pub mod events;
pub mod online;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use shatar_server::{Config, Running};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A guard against a hung test, not a timing assertion.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// The PostgreSQL URL for the PG variants, or `None` (the caller prints why it skips).
pub fn postgres_url() -> Option<String> {
    std::env::var("SHATAR_TEST_POSTGRES_URL")
        .ok()
        .filter(|s| !s.is_empty())
}

/// Which database a scenario runs on.
#[derive(Debug, Clone)]
pub enum Backend {
    /// A fresh SQLite file in a temporary directory.
    Sqlite,
    /// The PostgreSQL database at this URL: the scenario's own ([`OwnDatabase`]), shared only
    /// by the servers the scenario starts itself.
    Postgres(String),
}

/// A PostgreSQL database of one scenario's own, created on the server of
/// `SHATAR_TEST_POSTGRES_URL` and dropped after it. Scenarios run in parallel: on one shared
/// database they heard each other's notifications (NOTIFY is per database), and one test's
/// server could take over another test's online event or game and stop before that test was
/// done with it (one such arena move went unanswered in CI).
pub struct OwnDatabase {
    /// The URL of the new database.
    pub url: String,
    admin_url: String,
    name: String,
}

impl OwnDatabase {
    /// Creates an empty database beside the one `base_url` names.
    pub async fn create(base_url: &str) -> OwnDatabase {
        use sqlx::Connection;
        let name = unique("shatar_t_");
        let mut admin = sqlx::PgConnection::connect(base_url)
            .await
            .expect("the test PostgreSQL server is reachable");
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .await
            .expect("the test role may create databases (install-test-deps-server.sh)");
        let _ = admin.close().await;
        OwnDatabase {
            url: with_database(base_url, &name),
            admin_url: base_url.to_owned(),
            name,
        }
    }

    /// Drops the database, closing whatever connections are still open on it.
    pub async fn remove(self) {
        use sqlx::Connection;
        if let Ok(mut admin) = sqlx::PgConnection::connect(&self.admin_url).await {
            let _ = sqlx::query(&format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                self.name
            ))
            .execute(&mut admin)
            .await;
            let _ = admin.close().await;
        }
    }

    /// Runs `scenario` on its own database, dropped afterwards whether it passed or not.
    pub async fn run<F: std::future::Future<Output = ()>>(
        base_url: &str,
        scenario: impl FnOnce(Backend) -> F,
    ) {
        use futures_util::FutureExt;
        let db = OwnDatabase::create(base_url).await;
        let outcome = std::panic::AssertUnwindSafe(scenario(Backend::Postgres(db.url.clone())))
            .catch_unwind()
            .await;
        db.remove().await;
        if let Err(panic) = outcome {
            std::panic::resume_unwind(panic);
        }
    }
}

/// `url` with its database name replaced by `name` (query parameters kept).
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let authority_end = base.find("://").map_or(0, |i| i + 3);
    let host_part = match base[authority_end..].find('/') {
        Some(i) => &base[..authority_end + i],
        None => base,
    };
    match query {
        Some(q) => format!("{host_part}/{name}?{q}"),
        None => format!("{host_part}/{name}"),
    }
}

/// A server under test and its data directory.
pub struct TestServer {
    pub running: Option<Running>,
    pub addr: SocketAddr,
    pub dir: tempfile::TempDir,
    pub backend: Backend,
}

pub fn config(dir: PathBuf, backend: &Backend) -> Config {
    let mut c = Config::new("127.0.0.1:0".parse().unwrap(), dir);
    // Small argon2 memory keeps debug-build tests quick; the hash format is the same.
    c.argon2_memory_kib = 256;
    // Every test signs its players up from 127.0.0.1.
    c.signups_per_hour = 10_000;
    if let Backend::Postgres(url) = backend {
        c.database_url = Some(url.clone());
    }
    c
}

impl TestServer {
    pub async fn start(backend: Backend) -> TestServer {
        let dir = tempfile::tempdir().unwrap();
        let running = shatar_server::start(config(dir.path().to_path_buf(), &backend))
            .await
            .unwrap();
        TestServer {
            addr: running.addr,
            running: Some(running),
            dir,
            backend,
        }
    }

    /// The running server's state (its database, its live rooms).
    pub fn state(&self) -> &shatar_server::AppState {
        &self.running.as_ref().expect("the server is running").state
    }

    /// Stops the server and starts a new one on the same database (a new port).
    pub async fn restart(&mut self) {
        if let Some(r) = self.running.take() {
            r.shutdown().await;
        }
        let running = shatar_server::start(config(self.dir.path().to_path_buf(), &self.backend))
            .await
            .unwrap();
        self.addr = running.addr;
        self.running = Some(running);
    }

    pub fn client(&self) -> Client {
        Client {
            addr: self.addr,
            cookies: HashMap::new(),
            headers: Vec::new(),
        }
    }

    pub async fn stop(mut self) {
        if let Some(r) = self.running.take() {
            r.shutdown().await;
        }
    }
}

/// A unique name for this run (PostgreSQL databases are shared between runs).
pub fn unique(prefix: &str) -> String {
    let mut b = [0u8; 4];
    getrandom::fill(&mut b).unwrap();
    format!("{prefix}{:08x}", u32::from_le_bytes(b))
}

/// An HTTP response.
#[derive(Debug)]
pub struct Resp {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Resp {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
    pub fn headers_named(&self, name: &str) -> Vec<&str> {
        self.headers
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
            .collect()
    }
    /// The CSRF token of the first form on the page.
    pub fn csrf(&self) -> String {
        let marker = r#"name="csrf" value=""#;
        let start = self.body.find(marker).expect("a form with a CSRF field") + marker.len();
        let end = self.body[start..].find('"').unwrap() + start;
        self.body[start..end].to_owned()
    }
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap()
    }
}

/// A browser-like client: cookie jar, `Connection: close` requests.
#[derive(Debug, Clone)]
pub struct Client {
    pub addr: SocketAddr,
    pub cookies: HashMap<String, String>,
    pub headers: Vec<(String, String)>,
}

pub fn form_encode(fields: &[(&str, &str)]) -> String {
    fields
        .iter()
        .map(|(k, v)| format!("{}={}", enc(k), enc(v)))
        .collect::<Vec<_>>()
        .join("&")
}

fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

impl Client {
    pub fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    pub async fn request(
        &mut self,
        method: &str,
        path: &str,
        body: Option<(&str, Vec<u8>)>,
    ) -> Resp {
        let mut stream = tokio::time::timeout(PATIENCE, TcpStream::connect(self.addr))
            .await
            .unwrap()
            .unwrap();
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n",
            self.addr
        );
        if !self.cookies.is_empty() {
            head.push_str(&format!("Cookie: {}\r\n", self.cookie_header()));
        }
        for (k, v) in &self.headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        let body = body.map(|(ct, b)| {
            head.push_str(&format!(
                "Content-Type: {ct}\r\nContent-Length: {}\r\n",
                b.len()
            ));
            b
        });
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).await.unwrap();
        if let Some(b) = body {
            // The server may answer (413) before reading a large body; ignore a reset.
            let _ = stream.write_all(&b).await;
        }
        let mut raw = Vec::new();
        let _ = tokio::time::timeout(PATIENCE, stream.read_to_end(&mut raw))
            .await
            .unwrap();
        let split = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("response head");
        let head = String::from_utf8_lossy(&raw[..split]).to_string();
        let mut body = raw[split + 4..].to_vec();
        let mut lines = head.split("\r\n");
        let status: u16 = lines
            .next()
            .unwrap()
            .split(' ')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
            .collect();
        let chunked = headers
            .iter()
            .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
        if chunked {
            body = dechunk(&body);
        }
        for (k, v) in &headers {
            if k.eq_ignore_ascii_case("set-cookie") {
                let first = v.split(';').next().unwrap();
                let (name, value) = first.split_once('=').unwrap();
                if v.contains("Max-Age=0") {
                    self.cookies.remove(name);
                } else {
                    self.cookies.insert(name.to_owned(), value.to_owned());
                }
            }
        }
        Resp {
            status,
            headers,
            body: String::from_utf8_lossy(&body).to_string(),
        }
    }

    pub async fn get(&mut self, path: &str) -> Resp {
        self.request("GET", path, None).await
    }

    pub async fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Resp {
        let body = form_encode(fields).into_bytes();
        self.request(
            "POST",
            path,
            Some(("application/x-www-form-urlencoded", body)),
        )
        .await
    }

    /// Signs up `name` through the form; panics unless it worked.
    pub async fn sign_up(&mut self, name: &str, password: &str) {
        let page = self.get("/signup").await;
        let csrf = page.csrf();
        let r = self
            .post(
                "/signup",
                &[("username", name), ("password", password), ("csrf", &csrf)],
            )
            .await;
        assert_eq!(r.status, 303, "sign-up of {name:?}: {}", r.body);
        assert!(self.cookies.contains_key("shatar_session"));
    }

    /// The CSRF token of a signed-in page.
    pub async fn csrf(&mut self) -> String {
        self.get("/").await.csrf()
    }

    /// Posts a seek and returns its id.
    pub async fn seek(&mut self, fields: &[(&str, &str)]) -> String {
        let csrf = self.csrf().await;
        let mut all = vec![("csrf", csrf.as_str())];
        all.extend_from_slice(fields);
        let r = self.post("/seeks", &all).await;
        assert_eq!(r.status, 303, "seek: {}", r.body);
        r.header("location")
            .unwrap()
            .trim_start_matches("/seeks/")
            .to_owned()
    }

    /// Accepts a seek and returns the game id.
    pub async fn accept(&mut self, seek: &str) -> String {
        let csrf = self.csrf().await;
        let r = self
            .post(&format!("/seeks/{seek}/accept"), &[("csrf", &csrf)])
            .await;
        assert_eq!(r.status, 303, "accept: {}", r.body);
        r.header("location")
            .unwrap()
            .trim_start_matches("/game/")
            .to_owned()
    }

    /// Signs this client up as `name` and `black` as `black_name` (password `12345678`);
    /// this client seeks with `fields` and `black` accepts: the new game's id.
    pub async fn game_against(
        &mut self,
        name: &str,
        black: &mut Client,
        black_name: &str,
        fields: &[(&str, &str)],
    ) -> String {
        self.sign_up(name, "12345678").await;
        black.sign_up(black_name, "12345678").await;
        let seek = self.seek(fields).await;
        black.accept(&seek).await
    }

    /// Opens the game's socket with this client's cookies.
    pub async fn socket(&self, game: &str) -> Socket {
        let mut req = format!("ws://{}/game/{game}/ws", self.addr)
            .into_client_request()
            .unwrap();
        if !self.cookies.is_empty() {
            req.headers_mut()
                .insert("Cookie", self.cookie_header().parse().unwrap());
        }
        let (ws, _) = tokio::time::timeout(PATIENCE, tokio_tungstenite::connect_async(req))
            .await
            .unwrap()
            .unwrap();
        let mut s = Socket { ws, you: None };
        let hello = s.recv().await;
        assert_eq!(hello["t"], "hello", "{hello}");
        s.you = hello["you"].as_str().map(str::to_owned);
        s
    }
}

fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = b.windows(2).position(|w| w == b"\r\n") {
        let size =
            usize::from_str_radix(std::str::from_utf8(&b[..eol]).unwrap().trim(), 16).unwrap();
        if size == 0 {
            break;
        }
        out.extend_from_slice(&b[eol + 2..eol + 2 + size]);
        b = &b[eol + 2 + size + 2..];
    }
    out
}

/// A game socket.
pub struct Socket {
    pub ws: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
    /// The colour the server gave this connection (`None`: spectator).
    pub you: Option<String>,
}

impl Socket {
    /// The next message.
    pub async fn recv(&mut self) -> Value {
        loop {
            let msg = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("a message in time");
            match msg.expect("socket open").expect("socket ok") {
                Message::Text(t) => return serde_json::from_str(t.as_str()).unwrap(),
                Message::Close(c) => panic!("socket closed: {c:?}"),
                _ => continue,
            }
        }
    }

    /// The next `state` message, within [`PATIENCE`] however many other messages (the
    /// presence notes every few seconds) come meanwhile.
    pub async fn state(&mut self) -> Value {
        let since = std::time::Instant::now();
        loop {
            assert!(since.elapsed() < PATIENCE, "no state within {PATIENCE:?}");
            let m = self.recv().await;
            if m["t"] == "state" {
                return m;
            }
            eprintln!("skipped while waiting for a state: {m}");
        }
    }

    /// The next `error` message (skipping states), within [`PATIENCE`].
    pub async fn error(&mut self) -> String {
        let since = std::time::Instant::now();
        loop {
            assert!(since.elapsed() < PATIENCE, "no error within {PATIENCE:?}");
            let m = self.recv().await;
            if m["t"] == "error" {
                return m["error"].as_str().unwrap().to_owned();
            }
        }
    }

    /// Reads states until one has `ply` moves.
    pub async fn state_at(&mut self, ply: u64) -> Value {
        loop {
            let s = self.state().await;
            if s["ply"] == ply || s["status"] != "started" {
                return s;
            }
        }
    }

    pub async fn send(&mut self, v: Value) {
        self.ws
            .send(Message::Text(v.to_string().into()))
            .await
            .unwrap();
    }

    pub async fn send_text(&mut self, t: &str) {
        self.ws
            .send(Message::Text(t.to_owned().into()))
            .await
            .unwrap();
    }

    pub async fn play(&mut self, uci: &str, ply: u64) {
        self.send(serde_json::json!({"t": "move", "uci": uci, "ply": ply}))
            .await;
    }

    /// Sends a ping and returns the fresh snapshot the server answers with.
    pub async fn get_state_via_ping(&mut self) -> Value {
        self.send(serde_json::json!({"t": "ping"})).await;
        self.state().await
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// The longest one scenario may run: a scenario stuck on a socket that keeps talking
/// (each message within [`PATIENCE`], never the one awaited) fails, naming itself, instead
/// of holding the whole test command.
pub const SCENARIO_LIMIT: Duration = Duration::from_secs(300);

/// Runs `scenario`, failing it when it takes longer than [`SCENARIO_LIMIT`].
pub async fn bounded(scenario: impl std::future::Future<Output = ()>) {
    if tokio::time::timeout(SCENARIO_LIMIT, scenario)
        .await
        .is_err()
    {
        panic!("the scenario ran past {SCENARIO_LIMIT:?}: stuck");
    }
}

/// Runs scenario `$name(Backend)` on SQLite and, when `SHATAR_TEST_POSTGRES_URL` is set, on
/// PostgreSQL (`$name::sqlite`, `$name::postgres`).
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                $crate::common::bounded(super::$name($crate::common::Backend::Sqlite)).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                match $crate::common::postgres_url() {
                    Some(url) => {
                        $crate::common::OwnDatabase::run(&url, |backend| {
                            $crate::common::bounded(super::$name(backend))
                        })
                        .await
                    }
                    None => eprintln!(
                        "skipped {}::postgres: SHATAR_TEST_POSTGRES_URL is unset \
                         (scripts/install-test-deps-server.sh sets up PostgreSQL)",
                        stringify!($name)
                    ),
                }
            }
        }
    )*};
}

impl TestServer {
    /// A server on SQLite with the configuration changed by `adjust` (limits, for example).
    pub async fn start_with(adjust: impl FnOnce(&mut Config)) -> TestServer {
        let dir = tempfile::tempdir().unwrap();
        let mut c = config(dir.path().to_path_buf(), &Backend::Sqlite);
        adjust(&mut c);
        let running = shatar_server::start(c).await.unwrap();
        TestServer {
            addr: running.addr,
            running: Some(running),
            dir,
            backend: Backend::Sqlite,
        }
    }
}
