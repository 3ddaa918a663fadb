//! The Shatar web app: an axum + tokio HTTP and WebSocket server with accounts and roles,
//! storage in SQLite (embedded, the default) or PostgreSQL, live games with server-side
//! rules and clocks, and server-rendered pages in Chinese, Mongolian and English.
//!
//! ```no_run
//! use shatar_server::{Config, serve};
//! # async fn run() -> Result<(), shatar_server::error::AppError> {
//! // `shatar serve`: http://127.0.0.1:8080 with shatar-data/shatar.db
//! let config = Config::new("127.0.0.1:8080".parse().unwrap(), "shatar-data".into());
//! serve(config).await
//! # }
//! ```
//!
//! Tests start the server on a free loopback port with [`start`]:
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), shatar_server::error::AppError> {
//! let dir = std::env::temp_dir().join(format!("shatar-doc-{}", std::process::id()));
//! let server = shatar_server::start(shatar_server::Config::new(
//!     "127.0.0.1:0".parse().unwrap(),
//!     dir.clone(),
//! ))
//! .await?;
//! assert!(server.addr.ip().is_loopback());
//! server.shutdown().await;
//! # let _ = std::fs::remove_dir_all(dir);
//! # Ok(())
//! # }
//! ```
//!
//! Layout: [`config`] (flags), [`app`] (the router), [`routes`] (one module per resource),
//! [`ws`] (the game socket and its protocol), [`live`] (rooms, clock, draw offers),
//! [`db`] (one module per table; migrations in `migrations/{sqlite,postgres}/`), [`auth`],
//! [`i18n`] (Fluent files in `locales/`), [`assets`] (embedded `static/`), [`ids`] and
//! [`wording`] (ids; sides and clocks as people read them), used by the routes and the
//! domain alike so that no domain module reaches up into [`routes`].

pub mod admin;
pub mod analysis;
pub mod app;
pub mod archive;
pub mod assets;
pub mod auth;
pub mod board_view;
pub mod config;
pub mod db;
pub mod error;
pub mod events;
pub mod extract;
pub mod html;
pub mod i18n;
pub mod ids;
pub mod limits;
pub mod live;
pub mod names;
pub mod qr;
pub mod ratings;
pub mod redirect;
pub mod refusals;
pub mod routes;
pub mod state;
pub mod timestamps;
pub mod wording;
pub mod ws;

pub use config::Config;
pub use error::AppError;
pub use state::AppState;

use std::net::SocketAddr;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// A server running in this process.
#[derive(Debug)]
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// The shared state (for tests and tools).
    pub state: AppState,
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), std::io::Error>>,
    sweeper: JoinHandle<()>,
    runner: JoinHandle<()>,
    fanout: Option<JoinHandle<()>>,
}

impl Running {
    /// Stops accepting connections, lets requests in flight finish, closes the database.
    pub async fn shutdown(self) {
        let _ = self.stop.send(());
        let _ = self.task.await;
        self.sweeper.abort();
        self.runner.abort();
        if let Some(f) = &self.fanout {
            f.abort();
        }
        self.state.hub.close_fanout().await;
        self.state.db.pool.close().await;
    }
}

/// Opens the database (migrating it), resumes live games, binds and starts serving in a
/// background task.
pub async fn start(config: Config) -> Result<Running, AppError> {
    if config.database_url.is_none() {
        std::fs::create_dir_all(&config.data_dir).map_err(|e| {
            AppError::Internal(format!("data dir {}: {e}", config.data_dir.display()))
        })?;
    }
    let db = db::Db::connect(&config.database_url()).await?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| AppError::Internal(format!("listen on {}: {e}", config.listen)))?;
    let addr = listener
        .local_addr()
        .map_err(|e| AppError::Internal(format!("local address: {e}")))?;
    let state = AppState::new(config, db);
    // PostgreSQL: share live games with the other processes on the database.
    let fanout = if live::fanout::applies(&state.db) {
        let f =
            std::sync::Arc::new(live::fanout::Fanout::connect(&state.config.database_url()).await?);
        state.hub.set_fanout(std::sync::Arc::clone(&f));
        Some(f.listen(std::sync::Arc::clone(&state.hub)))
    } else {
        None
    };
    let resumed = state.hub.resume_all().await?;
    tracing::info!(%addr, backend = ?state.db.backend, resumed, "serving");
    // Expired sessions are refused at once; this only keeps the table small.
    let sweep_db = state.db.clone();
    let sweeper = tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(3600));
        loop {
            every.tick().await;
            if let Err(e) = db::sessions::delete_expired(&sweep_db).await {
                tracing::warn!(error = %e, "sweeping expired sessions failed");
            }
        }
    });
    // Online events: their rounds run by themselves (events/runner.rs).
    let runner = events::runner::spawn(state.clone());
    let router = app::app(state.clone());
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        // A move is a small message answered at once: without TCP_NODELAY, Nagle's rule
        // holds a reply back until the last one is acknowledged (tens of milliseconds).
        let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
            if let Err(e) = tcp.set_nodelay(true) {
                tracing::debug!(error = %e, "TCP_NODELAY not set");
            }
        });
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async move {
            let _ = stopped.await;
        })
        .await
    });
    Ok(Running {
        addr,
        state,
        stop,
        task,
        sweeper,
        runner,
        fanout,
    })
}

/// Serves until Ctrl-C or SIGTERM, then shuts down gracefully.
pub async fn serve(config: Config) -> Result<(), AppError> {
    let running = start(config).await?;
    println!("Shatar is serving on http://{}", running.addr);
    shutdown_signal().await;
    tracing::info!("shutting down");
    running.shutdown().await;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

/// Installs the `tracing` subscriber: `RUST_LOG` filters (default `info`).
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).try_init();
}

/// `shatar serve`: logs, a multi-threaded runtime, and [`serve`] until a signal.
pub fn serve_blocking(config: Config) -> Result<(), AppError> {
    init_logging();
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| AppError::Internal(format!("tokio runtime: {e}")))?
        .block_on(serve(config))
}
