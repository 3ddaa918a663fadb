//! Events: the JSON API (`api.rs`, with its error form in `json.rs`).

pub mod api;
pub mod json;

use crate::state::AppState;
use axum::Router;

/// Every event route.
pub fn router() -> Router<AppState> {
    Router::new().merge(api::router())
}
