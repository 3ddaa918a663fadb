//! Events: the pages (`pages.rs`) and the JSON API (`api.rs`, with its error form in
//! `json.rs`).

pub mod api;
pub mod json;
pub mod pages;

use crate::state::AppState;
use axum::Router;

/// Every event route.
pub fn router() -> Router<AppState> {
    Router::new().merge(api::router()).merge(pages::router())
}
