//! The lobby (`/`): open seeks, creating a seek, challenge links and accepting them.

use super::see_other;
use crate::auth::Visitor;
use crate::db::games::{self, GameRow};
use crate::db::now_ms;
use crate::db::seeks::{self, ColorChoice, Seek};
use crate::error::{AppError, AppResult};
use crate::extract::Form;
use crate::html::{csrf_input, page};
use crate::i18n::Msg;
use crate::i18n::PageLang;
use crate::i18n::{Lang, ruleset_name};
use crate::ids::{is_id, random_id};
use crate::ratings::Category;
use crate::redirect::SameSitePath;
use crate::state::AppState;
use crate::wording::{clock_text, side_name};
use axum::Router;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use maud::{Markup, PreEscaped, html};
use serde::Deserialize;
use shatar_rules::Preset;

fn seek_form(v: &Visitor) -> Markup {
    let l = v.lang;
    let t = |k: &str| l.t(k);
    html! {
        h2 { (t("lobby-create-seek")) }
        form method="post" action="/seeks" class="card seek-form" {
            (csrf_input(v))
            label { (t("seek-ruleset")) " "
                select name="ruleset" {
                    (PreEscaped(crate::i18n::ruleset_options(l, Preset::Official.name())))
                }
            }
            label { (t("seek-minutes")) " "
                select name="minutes" {
                    @for m in [90, 60, 30, 15, 10, 5, 3] { option value=(m) { (m) } }
                }
            }
            label { (t("seek-increment")) " "
                input name="increment" type="number" min="0" max="60" value="0";
            }
            fieldset {
                legend { (t("seek-mode")) }
                label { input type="radio" name="rated" value="0" checked; " " (t("seek-casual")) }
                label { input type="radio" name="rated" value="1"; " " (t("seek-rated")) }
            }
            label { (t("seek-color")) " "
                select name="color" {
                    option value="random" { (t("color-random")) }
                    option value="white" { (t("color-white")) }
                    option value="black" { (t("color-black")) }
                }
            }
            label { input type="checkbox" name="listed" value="1" checked; " " (t("seek-listed")) }
            button type="submit" { (t("seek-submit")) }
        }
    }
}

fn color_label(l: Lang, c: ColorChoice) -> String {
    l.t(match c {
        ColorChoice::White => "color-white",
        ColorChoice::Black => "color-black",
        ColorChoice::Random => "color-random",
    })
}

fn game_list(l: Lang, games: &[GameRow]) -> Markup {
    html! {
        @if games.is_empty() {
            p { (l.t("lobby-none")) }
        } @else {
            ul class="games" {
                @for g in games {
                    li {
                        a href={ "/game/" (g.id) } {
                            (side_name(l, g, &g.white_name, &g.white_guest)) " – "
                            (side_name(l, g, &g.black_name, &g.black_guest))
                        }
                        " "
                        span class="meta" {
                            (ruleset_name(l, &g.ruleset)) " · " (clock_text(g.initial_ms, g.increment_ms))
                        }
                    }
                }
            }
        }
    }
}

/// An open seek as the lobby lists it, with its seeker's rating in the game's category.
struct Listed {
    seek: Seek,
    rating: crate::ratings::Rating,
}

/// What the lobby shows: the open seeks, the visitor's games, every game being played.
struct Lobby {
    open: Vec<Listed>,
    mine: Option<Vec<GameRow>>,
    all: Vec<GameRow>,
    signature: String,
}

fn lobby_view(v: &Visitor, lobby: &Lobby) -> Markup {
    let l = v.lang;
    let t = |k: &str| l.t(k);
    html! {
        h1 { (t("lobby-title")) }
        section {
            h2 { (t("lobby-open-seeks")) }
            @if lobby.open.is_empty() {
                p { (t("lobby-no-seeks")) }
            } @else {
                table class="seeks" { tbody {
                    @for Listed { seek: s, rating } in &lobby.open {
                        tr {
                            td class="name" {
                                (PreEscaped(crate::routes::profile::linked_name_with_rating(&s.username, rating)))
                            }
                            td { (ruleset_name(l, &s.ruleset)) }
                            td { (clock_text(s.initial_ms, s.increment_ms)) }
                            td { (t(if s.rated { "seek-rated" } else { "seek-casual" })) }
                            td { (color_label(l, s.color)) }
                            td {
                                @match &v.user {
                                    Some(u) if u.id == s.user_id => a href={ "/seeks/" (s.id) } { "…" },
                                    Some(_) => form method="post" action={ "/seeks/" (s.id) "/accept" } {
                                        (csrf_input(v)) button { (t("seek-accept")) }
                                    },
                                    None => {},
                                }
                            }
                        }
                    }
                } }
            }
        }
        (PreEscaped(crate::routes::computer::form(v)))
        @if let Some(mine) = &lobby.mine {
            (seek_form(v))
            section { h2 { (t("lobby-ongoing")) } (game_list(l, mine)) }
        } @else {
            p class="hint" { (t("lobby-sign-in-to-play")) }
        }
        section { h2 { (t("lobby-watch")) } (game_list(l, &lobby.all)) }
        // The lobby keeps itself up to date (static/live.js, routes/lobby_live.rs).
        p class="notice" id="live" hidden data-src="/lobby/live" data-since=(lobby.signature) {
            (t("lobby-live-changed")) " " a href="" { (t("event-live-reload")) }
        }
        script src="/static/live.js" defer {}
    }
}

async fn lobby(State(state): State<AppState>, v: Visitor) -> AppResult<Response> {
    // A seeker in the lobby is there: their seeks stay open.
    if let Some(u) = &v.user {
        seeks::owner_seen(&state.db, u.id, now_ms()).await?;
    }
    let cutoff = seek_cutoff(&state);
    let mut open = Vec::new();
    for seek in seeks::open(&state.db, &cutoff).await? {
        // The seeker's rating in the category the game would be rated in.
        let category = Category::of(&seek.ruleset, seek.initial_ms, seek.increment_ms).key();
        let rating = crate::db::ratings::get(&state.db, seek.user_id, &category).await?;
        open.push(Listed { seek, rating });
    }
    let mine = match &v.user {
        Some(u) => Some(games::ongoing_of(&state.db, u.id).await?),
        None => None,
    };
    let lobby = Lobby {
        open,
        mine,
        all: games::ongoing(&state.db).await?,
        signature: seeks::lobby_signature(&state.db, &cutoff).await?,
    };
    let body = lobby_view(&v, &lobby);
    Ok(page(&v, "/", &v.lang.t("lobby-title"), &body.into_string()).into_response())
}

/// The seek form as submitted.
#[derive(Debug, Deserialize)]
pub struct SeekForm {
    csrf: Option<String>,
    ruleset: String,
    minutes: Option<u32>,
    /// Seconds instead of minutes (short games, tests).
    seconds: Option<u32>,
    increment: Option<u32>,
    rated: Option<u8>,
    color: String,
    listed: Option<u8>,
}

async fn create_seek(
    State(state): State<AppState>,
    v: Visitor,
    Form(f): Form<SeekForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let user = v.require_user()?;
    let preset: Preset = f
        .ruleset
        .parse()
        .map_err(|_| AppError::BadRequest(crate::i18n::unknown_ruleset(&f.ruleset)))?;
    let initial_s = match (f.seconds, f.minutes) {
        (Some(s), _) => s,
        (None, Some(m)) => m.saturating_mul(60),
        (None, None) => {
            return Err(AppError::BadRequest(
                Msg::new("form-error-missing").arg_id("field", "seek-minutes"),
            ));
        }
    };
    if !(1..=180 * 60).contains(&initial_s) {
        return Err(AppError::BadRequest(
            Msg::new("error-time").arg("seconds", initial_s),
        ));
    }
    let increment = f.increment.unwrap_or(0);
    if increment > 60 {
        return Err(AppError::BadRequest(
            Msg::new("error-increment").arg("seconds", increment),
        ));
    }
    let now = now_ms();
    let seek = Seek {
        id: random_id(10)?,
        user_id: user.id,
        username: user.username.clone(),
        ruleset: preset.name().to_owned(),
        initial_ms: i64::from(initial_s) * 1000,
        increment_ms: i64::from(increment) * 1000,
        color: ColorChoice::parse(&f.color)?,
        rated: f.rated == Some(1),
        listed: f.listed == Some(1),
        game_id: None,
        created_ms: now,
        owner_seen_ms: now,
    };
    seeks::insert(&state.db, &seek).await?;
    Ok(see_other(
        &SameSitePath::internal(format!("/seeks/{}", seek.id)),
        &[],
    ))
}

async fn seek_page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: axum::http::HeaderMap,
    v: Visitor,
) -> AppResult<Response> {
    let l = v.lang;
    let seek = if is_id(&id) {
        seeks::by_id(&state.db, &id).await?
    } else {
        None
    };
    let seek = seek.ok_or_else(|| AppError::NotFound(Msg::new("error-no-seek").arg("id", &id)))?;
    if let Some(game) = &seek.game_id {
        return Ok(see_other(
            &SameSitePath::internal(format!("/game/{game}")),
            &[],
        ));
    }
    if seek.expired(&seek_cutoff(&state)) {
        return Err(expired(&state, &seek));
    }
    let mine = v.user.as_ref().is_some_and(|u| u.id == seek.user_id);
    let title = l.t_args("seek-title", &[("name", &seek.username)]);
    // The whole address, to send to anyone (the button is shown by its script).
    let link = format!("{}/seeks/{}", state.config.site_url(&headers), seek.id);
    let t = |k: &str| l.t(k);
    let body = html! {
        h1 { (title) }
        p {
            (ruleset_name(l, &seek.ruleset)) " · " (clock_text(seek.initial_ms, seek.increment_ms))
            " · " (t(if seek.rated { "seek-rated" } else { "seek-casual" }))
            " · " (color_label(l, seek.color))
        }
        @if mine {
            p { label for="seek-link" { (t("seek-waiting")) } }
            p class="copy-row" {
                input class="link" id="seek-link" readonly value=(link);
                " "
                button type="button" data-copy="seek-link" data-copied=(t("seek-link-copied")) hidden {
                    (t("seek-copy-link"))
                }
            }
            form method="post" action={ "/seeks/" (seek.id) "/cancel" } {
                (csrf_input(&v)) button { (t("seek-cancel")) }
            }
            p class="hint" id="seek-wait" data-seek=(seek.id) {}
            p class="error" id="seek-expired" hidden {
                (l.t_args(
                    "error-seek-expired",
                    &[("id", &seek.id), ("minutes", &state.config.seek_minutes.to_string())],
                ))
            }
            script src="/static/copy.js" {}
            script src="/static/game.js" {}
        } @else if v.user.is_some() {
            form method="post" action={ "/seeks/" (seek.id) "/accept" } {
                (csrf_input(&v)) button { (t("seek-accept")) }
            }
        } @else {
            p { a href="/signin" { (t("nav-sign-in")) } " · " a href="/signup" { (t("nav-sign-up")) } }
        }
    };
    Ok(page(
        &v,
        &format!("/seeks/{}", seek.id),
        &title,
        &body.into_string(),
    )
    .into_response())
}

/// When open seeks expire: made `--seek-minutes` ago, or their owner gone for
/// `--seek-owner-gone-seconds`.
pub fn seek_cutoff(state: &AppState) -> seeks::Cutoff {
    let ago = |ms: u64| now_ms().saturating_sub(i64::try_from(ms).unwrap_or(i64::MAX));
    seeks::Cutoff {
        made_after_ms: ago(state.config.seek_minutes.saturating_mul(60_000)),
        owner_seen_after_ms: ago(state.config.seek_owner_gone_seconds.saturating_mul(1000)),
    }
}

/// The refusal of an expired seek, saying why: too old, or its player left.
fn expired(state: &AppState, seek: &Seek) -> AppError {
    if seek.created_ms < seek_cutoff(state).made_after_ms {
        AppError::NotFound(
            Msg::new("error-seek-expired")
                .arg("id", &seek.id)
                .arg("minutes", state.config.seek_minutes),
        )
    } else {
        AppError::NotFound(Msg::new("error-seek-owner-gone").arg("id", &seek.id))
    }
}

/// `GET /api/seeks/{id}`: the game id once accepted (polled by the seeker's page), and
/// whether the seek has expired.
async fn seek_status(
    State(state): State<AppState>,
    Path(id): Path<String>,
    v: Visitor,
) -> AppResult<Response> {
    let seek = if is_id(&id) {
        seeks::by_id(&state.db, &id).await?
    } else {
        None
    };
    let seek = seek.ok_or_else(|| AppError::NotFound(Msg::new("error-no-seek").arg("id", &id)))?;
    let expired = seek.expired(&seek_cutoff(&state));
    // The owner's waiting page polls: they are still there, and their seek stays open.
    if !expired && v.user.as_ref().is_some_and(|u| u.id == seek.user_id) {
        seeks::owner_seen(&state.db, seek.user_id, now_ms()).await?;
    }
    Ok(axum::Json(serde_json::json!({"game": seek.game_id, "expired": expired})).into_response())
}

/// The CSRF-only form.
#[derive(Debug, Deserialize)]
pub struct CsrfOnly {
    csrf: Option<String>,
}

async fn accept(
    State(state): State<AppState>,
    Path(id): Path<String>,
    v: Visitor,
    Form(f): Form<CsrfOnly>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let user = v.require_user()?;
    let seek = if is_id(&id) {
        seeks::by_id(&state.db, &id).await?
    } else {
        None
    };
    let seek = seek.ok_or_else(|| AppError::NotFound(Msg::new("error-no-seek").arg("id", &id)))?;
    if seek.user_id == user.id {
        return Err(AppError::Forbidden(Msg::new("error-own-seek")));
    }
    let cutoff = seek_cutoff(&state);
    if seek.expired(&cutoff) {
        return Err(expired(&state, &seek));
    }
    let seeker_white = match seek.color {
        ColorChoice::White => true,
        ColorChoice::Black => false,
        ColorChoice::Random => {
            let mut b = [0u8; 1];
            getrandom::fill(&mut b).map_err(|e| AppError::Internal(format!("OS random: {e}")))?;
            b[0] & 1 == 0
        }
    };
    let (white, black) = if seeker_white {
        (seek.user_id, user.id)
    } else {
        (user.id, seek.user_id)
    };
    let preset: Preset = seek
        .ruleset
        .parse()
        .map_err(|e| AppError::Internal(format!("seek ruleset: {e}")))?;
    let game = GameRow {
        white_id: Some(white),
        black_id: Some(black),
        rated: seek.rated,
        ..GameRow::new(random_id(8)?, preset, seek.initial_ms, seek.increment_ms)
    };
    let mut tx = state.db.pool.begin().await?;
    if !seeks::take(&mut tx, &seek.id, &game.id, &cutoff).await? {
        return Err(AppError::Conflict(Msg::new("error-seek-taken")));
    }
    games::insert(&mut tx, &game).await?;
    tx.commit().await?;
    // The process that creates a game runs it (with several processes: `live::fanout`).
    state.hub.room(&game.id).await?;
    tracing::info!(game = %game.id, seek = %seek.id, "game created");
    Ok(see_other(
        &SameSitePath::internal(format!("/game/{}", game.id)),
        &[],
    ))
}

async fn cancel(
    State(state): State<AppState>,
    Path(id): Path<String>,
    v: Visitor,
    Form(f): Form<CsrfOnly>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let user = v.require_user()?;
    if !is_id(&id) || !seeks::delete(&state.db, &id, user.id).await? {
        return Err(AppError::NotFound(
            Msg::new("error-no-own-seek").arg("id", &id),
        ));
    }
    Ok(see_other(&SameSitePath::root(), &[]))
}

/// `/`, `/seeks`, `/seeks/{id}`, `/seeks/{id}/accept`, `/seeks/{id}/cancel`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(lobby))
        .route("/seeks", post(create_seek))
        .route("/seeks/{id}", get(seek_page))
        .route("/api/seeks/{id}", get(seek_status))
        .route("/seeks/{id}/accept", post(accept))
        .route("/seeks/{id}/cancel", post(cancel))
}
