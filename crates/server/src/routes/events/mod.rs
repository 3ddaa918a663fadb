//! Events: the pages (`pages/`), the public reports (`reports/`: standings, crosstable,
//! bracket, match cards, awards), the pages' live updates (`live.rs`) and the JSON API
//! (`api.rs`, an arena's parts in `arena.rs`, the corrections in `corrections.rs`, entries
//! and teams in `entries.rs`, an over-the-board board's log in `board_log.rs`, the
//! arbiter PIN that unlocks its tablet in `arbiter_pin.rs`, a round's
//! games as PGN in `pgn.rs`, the error form in `json.rs`).

pub mod api;
pub mod arbiter_pin;
pub mod arena;
pub mod board_log;
pub mod corrections;
pub mod entries;
pub mod json;
pub mod live;
pub mod pages;
pub mod pgn;
pub mod reports;

use crate::state::AppState;
use axum::Router;

/// Every event route.
pub fn router() -> Router<AppState> {
    let api = Router::new()
        .merge(api::router())
        .merge(corrections::router())
        .merge(entries::router())
        .merge(board_log::router())
        .merge(arbiter_pin::router())
        .merge(pgn::router())
        .layer(axum::middleware::from_fn(json::in_reader_language));
    Router::new()
        .merge(api)
        .merge(pages::router())
        .merge(live::router())
        .merge(reports::router())
}
