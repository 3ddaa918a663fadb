//! Events: the pages (`pages.rs`) and the JSON API (`api.rs`, the corrections in
//! `corrections.rs`, the error form in `json.rs`).

pub mod api;
pub mod corrections;
pub mod json;
pub mod pages;
pub mod reports;

use crate::state::AppState;
use axum::Router;

/// Every event route.
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(api::router())
        .merge(corrections::router())
        .merge(pages::router())
        .merge(reports::router())
}
