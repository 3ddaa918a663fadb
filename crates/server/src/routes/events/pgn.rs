//! A round's games as PGN (`events/round_pgn.rs`), for whoever may see the round (the
//! public once it is published, the staff always):
//!
//! - `GET /api/events/{id}/rounds/{r}/pgn`: every game of round `r`, board 1 first, as one
//!   PGN file to download (`{id}-round-{r}.pgn`).
//! - `GET /api/events/{id}/live.pgn`: the same for the latest round the visitor may see,
//!   the address a broadcast viewer or database polls while the round is played: shown
//!   inline, `Cache-Control: no-cache` with an `ETag` of the text, and `304 Not Modified`
//!   to an `If-None-Match` naming it while nothing has changed.

use super::api::{load, round_no};
use super::json::{ApiError, ApiResult, ApiVisitor};
use crate::events::Standing;
use crate::events::round_pgn;
use crate::i18n::Msg;
use crate::state::AppState;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use blake2::{Blake2s256, Digest};
use shatar_tournament::RoundNo;

/// The PGN files' media type.
const PGN: &str = "application/x-chess-pgn; charset=utf-8";

/// The round's PGN, or not found when the visitor may not see that round.
async fn text_of(
    state: &AppState,
    v: &crate::auth::Visitor,
    headers: &HeaderMap,
    id: &str,
    round: Option<RoundNo>,
) -> ApiResult<(RoundNo, String)> {
    let stored = load(state, id).await?;
    let s = &stored.state;
    let staff = Standing::of(v.user.as_ref(), s).is_staff();
    let shown = |r: RoundNo| staff || s.is_published(r);
    let round = match round {
        Some(r) if shown(r) && r.index() < s.event.rounds.len() => r,
        Some(r) => {
            return Err(ApiError::not_found(
                Msg::new("event-pgn-no-round").arg("round", r),
            ));
        }
        None => s
            .event
            .rounds
            .iter()
            .rev()
            .map(|r| r.number)
            .find(|&r| shown(r))
            .ok_or_else(|| ApiError::not_found(Msg::new("event-pgn-no-rounds")))?,
    };
    let site = state.config.site_url(headers);
    let text = round_pgn::of_round(&state.db, &stored, round, &site)
        .await
        .map_err(super::board_log::error)?;
    Ok((round, text))
}

async fn round_pgn(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path((id, round)): Path<(String, String)>,
) -> ApiResult<Response> {
    let round = round_no(&round)?;
    let (round, text) = text_of(&state, &v, &headers, &id, Some(round)).await?;
    let file = format!("attachment; filename=\"{id}-round-{round}.pgn\"");
    Ok((
        [
            (header::CONTENT_TYPE, PGN.to_owned()),
            (header::CONTENT_DISPOSITION, file),
        ],
        text,
    )
        .into_response())
}

/// The entity tag of a PGN text: a digest of it, quoted.
fn etag(text: &str) -> String {
    let digest = Blake2s256::digest(text.as_bytes());
    let hex: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// Whether `If-None-Match` names `tag` (or is `*`).
fn not_modified(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|t| t == "*" || t.trim_start_matches("W/") == tag)
}

async fn live_pgn(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let (_, text) = text_of(&state, &v, &headers, &id, None).await?;
    let tag = etag(&text);
    let tag_value = HeaderValue::from_str(&tag).map_err(|e| {
        ApiError::from(crate::error::AppError::Internal(format!("ETag {tag}: {e}")))
    })?;
    let cache = HeaderValue::from_static("no-cache");
    if not_modified(&headers, &tag) {
        return Ok((
            StatusCode::NOT_MODIFIED,
            [(header::ETAG, tag_value), (header::CACHE_CONTROL, cache)],
        )
            .into_response());
    }
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(PGN)),
            (header::ETAG, tag_value),
            (header::CACHE_CONTROL, cache),
        ],
        text,
    )
        .into_response())
}

/// The PGN routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/events/{id}/rounds/{r}/pgn", get(round_pgn))
        .route("/api/events/{id}/live.pgn", get(live_pgn))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn if_none_match_names_the_tag() {
        let tag = etag("[Event \"x\"]\n");
        assert_eq!(tag.len(), 26);
        let mut h = HeaderMap::new();
        assert!(!not_modified(&h, &tag));
        h.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_str(&format!("\"other\", W/{tag}")).unwrap(),
        );
        assert!(not_modified(&h, &tag));
        h.insert(header::IF_NONE_MATCH, HeaderValue::from_static("\"other\""));
        assert!(!not_modified(&h, &tag));
        h.insert(header::IF_NONE_MATCH, HeaderValue::from_static("*"));
        assert!(not_modified(&h, &tag));
    }
}
