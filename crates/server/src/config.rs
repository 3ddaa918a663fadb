//! Server configuration: flags, each with an environment variable, and sane defaults.

use std::net::SocketAddr;
use std::path::PathBuf;

/// How the server is configured (`shatar serve --help`).
#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "SHATAR_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

    /// Database URL: `sqlite://FILE` or `postgres://USER:PASS@HOST/DB`. Default: the SQLite
    /// file `shatar.db` in the data directory.
    #[arg(long, env = "SHATAR_DATABASE_URL")]
    pub database_url: Option<String>,

    /// Directory for the embedded database and other state.
    #[arg(long, env = "SHATAR_DATA_DIR", default_value = "shatar-data")]
    pub data_dir: PathBuf,

    /// Mark cookies `Secure` (set when the site is served over HTTPS behind a proxy).
    #[arg(long, env = "SHATAR_SECURE_COOKIES")]
    pub secure_cookies: bool,

    /// The site's public address, e.g. `https://shatar.example` (scheme, host, optional port
    /// and path; no query), written in absolute links: the PGN's `Site`, the challenge link.
    /// Default: the request's `Host`, over `https` when cookies are `Secure`, else `http`.
    #[arg(long, env = "SHATAR_PUBLIC_URL", value_parser = parse_public_url)]
    pub public_url: Option<String>,

    /// Seconds each of the first round's two moves may wait in a game of up to 10 minutes
    /// (once more per further 10 minutes on the clock, at most five times) before the game
    /// is aborted.
    #[arg(long, env = "SHATAR_FIRST_MOVE_SECONDS", default_value_t = 30)]
    pub first_move_seconds: u64,

    /// Seconds a player must have been gone from a game (no page of theirs open on it) in a
    /// game of up to 10 minutes before the opponent may claim the win (once more per
    /// further 10 minutes on the clock, at most five times).
    #[arg(long, env = "SHATAR_CLAIM_VICTORY_SECONDS", default_value_t = 30)]
    pub claim_victory_seconds: u64,

    /// Minutes an open seek (a lobby entry or a challenge link) stays open; older ones are
    /// no longer listed nor accepted.
    #[arg(long, env = "SHATAR_SEEK_MINUTES", default_value_t = 60)]
    pub seek_minutes: u64,

    /// Seconds an open seek stays open once its owner has left (closed its waiting page
    /// and the lobby, which note them every few seconds).
    #[arg(long, env = "SHATAR_SEEK_OWNER_GONE_SECONDS", default_value_t = 45)]
    pub seek_owner_gone_seconds: u64,

    /// Milliseconds an arena's minute lasts (60,000); tests shorten it so that an arena
    /// ends in seconds.
    #[arg(
        long,
        env = "SHATAR_ARENA_MINUTE_MS",
        default_value_t = 60_000,
        hide = true
    )]
    pub arena_minute_ms: u64,

    /// Argon2 memory cost in KiB for new password hashes (OWASP minimum: 19456).
    #[arg(
        long,
        env = "SHATAR_ARGON2_MEMORY_KIB",
        default_value_t = 19_456,
        hide = true
    )]
    pub argon2_memory_kib: u32,

    /// Sign-in attempts allowed per address and account name in one window.
    #[arg(long, env = "SHATAR_SIGNIN_ATTEMPTS", default_value_t = 5, hide = true)]
    pub signin_attempts: u32,

    /// Accounts one IP address may create in an hour; more sign-ups get 429.
    #[arg(long, env = "SHATAR_SIGNUPS_PER_HOUR", default_value_t = 5)]
    pub signups_per_hour: u32,

    /// Game sockets open at once from one IP address; more are refused with 429.
    #[arg(long, env = "SHATAR_MAX_SOCKETS_PER_IP", default_value_t = 32)]
    pub max_sockets_per_ip: usize,

    /// Messages a second one game socket may send on average; a socket that exceeds it
    /// (beyond the burst) is told so and closed.
    #[arg(long, env = "SHATAR_SOCKET_MESSAGES_PER_SECOND", default_value_t = 10)]
    pub socket_messages_per_second: u32,

    /// Messages a game socket may send in a burst before the per-second rate applies.
    #[arg(long, env = "SHATAR_SOCKET_MESSAGE_BURST", default_value_t = 30)]
    pub socket_message_burst: u32,

    /// HTTP requests a second one IP address may make on average; more get 429.
    #[arg(long, env = "SHATAR_HTTP_REQUESTS_PER_SECOND", default_value_t = 50)]
    pub http_requests_per_second: u32,

    /// HTTP requests one IP address may make in a burst before the per-second rate applies.
    #[arg(long, env = "SHATAR_HTTP_REQUEST_BURST", default_value_t = 200)]
    pub http_request_burst: u32,
}

impl Config {
    /// The configuration with every default, listening on `listen` and storing in `data_dir`.
    pub fn new(listen: SocketAddr, data_dir: PathBuf) -> Config {
        Config {
            listen,
            database_url: None,
            data_dir,
            secure_cookies: false,
            public_url: None,
            first_move_seconds: 30,
            claim_victory_seconds: 30,
            seek_minutes: 60,
            seek_owner_gone_seconds: 45,
            arena_minute_ms: 60_000,
            argon2_memory_kib: 19_456,
            signin_attempts: 5,
            signups_per_hour: 5,
            max_sockets_per_ip: 32,
            socket_messages_per_second: 10,
            socket_message_burst: 30,
            http_requests_per_second: 50,
            http_request_burst: 200,
        }
    }

    /// The site's address before a path (`https://shatar.example`, no trailing slash): the
    /// configured public URL, else the request's `Host` (checked: a host name or address and
    /// a port, at most 255 bytes), else the address the server listens on.
    pub fn site_url(&self, headers: &axum::http::HeaderMap) -> String {
        if let Some(url) = &self.public_url {
            return url.clone();
        }
        let scheme = if self.secure_cookies { "https" } else { "http" };
        let host = headers
            .get(axum::http::header::HOST)
            .and_then(|h| h.to_str().ok())
            .filter(|h| is_host(h));
        match host {
            Some(h) => format!("{scheme}://{h}"),
            None => format!("{scheme}://{}", self.listen),
        }
    }

    /// The database URL in force: the flag, else the SQLite file under the data directory.
    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.clone(),
            None => format!("sqlite://{}", self.data_dir.join("shatar.db").display()),
        }
    }
}

/// Whether `text` can be a `Host` header: a host name, an IPv4 address or a bracketed IPv6
/// address, and an optional port; at most 255 bytes.
fn is_host(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 255
        && !text.starts_with([':', '.', '-'])
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
}

/// Checks `--public-url`: `http://` or `https://`, a host, then an optional path; no
/// query, fragment, spaces or user part; at most 200 bytes. The trailing `/` is dropped.
pub fn parse_public_url(text: &str) -> Result<String, String> {
    let text = text.trim().trim_end_matches('/');
    if text.len() > 200 {
        return Err(format!("{} bytes, at most 200", text.len()));
    }
    let rest = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))
        .ok_or_else(|| format!("{text:?} does not begin with http:// or https://"))?;
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    if !is_host(host) {
        return Err(format!("{host:?} is not a host name with an optional port"));
    }
    let path_ok = path
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"/-._~%!$&'()*+,;=:@".contains(&b))
        && !path.contains("//");
    if !path_ok {
        return Err(format!(
            "{path:?} is not a plain path (no query, fragment or spaces)"
        ));
    }
    Ok(text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{HeaderMap, HeaderValue, header};

    #[test]
    fn public_urls() {
        assert_eq!(
            parse_public_url("https://shatar.example/"),
            Ok("https://shatar.example".to_owned())
        );
        assert_eq!(
            parse_public_url("http://127.0.0.1:8080/play"),
            Ok("http://127.0.0.1:8080/play".to_owned())
        );
        assert!(parse_public_url("shatar.example").is_err());
        assert!(parse_public_url("https://user@evil.example").is_err());
        assert!(parse_public_url("https://a.example/?q=1").is_err());
        assert!(parse_public_url("https://a.example/x y").is_err());
        assert!(parse_public_url(&format!("https://{}.example", "a".repeat(200))).is_err());
    }

    #[test]
    fn site_url_falls_back_to_the_host() {
        let mut c = Config::new("127.0.0.1:9000".parse().unwrap(), "d".into());
        let mut h = HeaderMap::new();
        assert_eq!(c.site_url(&h), "http://127.0.0.1:9000");
        h.insert(header::HOST, HeaderValue::from_static("play.example:8443"));
        assert_eq!(c.site_url(&h), "http://play.example:8443");
        c.secure_cookies = true;
        assert_eq!(c.site_url(&h), "https://play.example:8443");
        h.insert(header::HOST, HeaderValue::from_static("evil\"/x"));
        assert_eq!(c.site_url(&h), "https://127.0.0.1:9000");
        c.public_url = Some("https://shatar.example".into());
        assert_eq!(c.site_url(&h), "https://shatar.example");
    }
}
