//! The one state struct every handler receives.

use crate::auth::rate_limit::{PinLimiter, SignInLimiter};
use crate::config::Config;
use crate::db::Db;
use crate::live::Hub;
use std::sync::Arc;

/// Shared by all handlers (cheap to clone).
#[derive(Debug, Clone)]
pub struct AppState {
    /// The configuration.
    pub config: Arc<Config>,
    /// The database.
    pub db: Db,
    /// Live games.
    pub hub: Arc<Hub>,
    /// The sign-in rate limit.
    pub limiter: Arc<SignInLimiter>,
    /// Wrong arbiter PINs per address and event, and per event (`events/arbiter_pin.rs`).
    pub pins: Arc<PinLimiter>,
    /// The sign-up limit per address.
    pub signups: Arc<crate::auth::rate_limit::SignUpLimiter>,
    /// The analysis board's engines.
    pub analysis: Arc<crate::analysis::AnalysisPool>,
    /// Open game sockets per address.
    pub sockets: Arc<crate::limits::SocketCounts>,
    /// HTTP requests per address.
    pub requests: Arc<crate::limits::RequestRate>,
}

impl AppState {
    /// The state over a connected database.
    pub fn new(config: Config, db: Db) -> AppState {
        AppState {
            limiter: Arc::new(SignInLimiter::new(config.signin_attempts)),
            pins: Arc::new(PinLimiter::new(
                crate::events::arbiter_pin::WRONG_PER_MINUTE,
                crate::events::arbiter_pin::WRONG_PER_MINUTE_PER_EVENT,
            )),
            signups: Arc::new(crate::auth::rate_limit::SignUpLimiter::new(
                config.signups_per_hour,
            )),
            sockets: crate::limits::SocketCounts::new(config.max_sockets_per_ip),
            requests: Arc::new(crate::limits::RequestRate::new(
                config.http_requests_per_second,
                config.http_request_burst,
            )),
            hub: Arc::new(Hub::new(
                db.clone(),
                config.first_move_seconds,
                config.claim_victory_seconds,
            )),
            config: Arc::new(config),
            analysis: Arc::new(crate::analysis::AnalysisPool::for_this_machine()),
            db,
        }
    }
}
