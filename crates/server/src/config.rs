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

    /// The database URL in force: the flag, else the SQLite file under the data directory.
    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.clone(),
            None => format!("sqlite://{}", self.data_dir.join("shatar.db").display()),
        }
    }
}
