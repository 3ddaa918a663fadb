//! The archive: a player's games (`/@/{username}`) and the recently finished games
//! (`/games`), newest first, a page at a time.

use crate::archive::{pgn_date, player_name, time_control};
use crate::auth::Visitor;
use crate::db::archive::{self, PAGE_SIZE};
use crate::db::games::{GameRow, Status};
use crate::error::{AppError, AppResult};
use crate::extract::Query;
use crate::html::{page, url_encode};
use crate::i18n::Lang;
use crate::i18n::Msg;
use crate::i18n::PageLang;
use crate::state::AppState;
use axum::Router;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use maud::{Markup, html};
use serde::Deserialize;
use shatar_rules::Color;
use shatar_rules::outcome::Outcome;

/// The highest page number accepted (keeps offsets small).
pub const MAX_PAGE: u32 = 10_000;

/// `?page=N` (from 1).
#[derive(Debug, Deserialize)]
pub struct PageQuery {
    page: Option<u32>,
}

impl PageQuery {
    /// The page from 0, checked.
    fn index(&self) -> Result<i64, AppError> {
        match self.page {
            None => Ok(0),
            Some(p @ 1..=MAX_PAGE) => Ok(i64::from(p) - 1),
            Some(p) => Err(AppError::BadRequest(
                Msg::new("error-page-number")
                    .arg("page", p)
                    .arg("max", MAX_PAGE),
            )),
        }
    }
}

/// A result as shown: the score and, when it ended, the words.
fn result_text(l: Lang, g: &GameRow) -> String {
    match (g.status, g.result.map(Outcome::pgn)) {
        (Status::Started, _) => l.t("archive-playing"),
        (Status::Aborted, _) | (Status::Ended, None) => l.t("term-aborted"),
        (Status::Ended, Some(r)) => {
            let term = g
                .termination
                .map(|t| format!(" · {}", l.t(&t.message_id())))
                .unwrap_or_default();
            format!("{r}{term}")
        }
    }
}

/// A link to a player's archive when the side is an account, else the name as text.
fn name_cell(l: Lang, g: &GameRow, color: Color) -> Markup {
    let account = match color {
        Color::White => g.white_name.as_deref(),
        Color::Black => g.black_name.as_deref(),
    };
    let name = player_name(l, g, color);
    html! {
        @match account {
            Some(a) => a href={ "/@/" (url_encode(a)) } { (name) },
            None => (name),
        }
    }
}

fn pager(l: Lang, base: &str, index: i64, shown: usize, total: Option<i64>) -> Markup {
    let more = match total {
        Some(t) => (index + 1) * PAGE_SIZE < t,
        None => i64::try_from(shown).unwrap_or(0) == PAGE_SIZE,
    };
    html! {
        p class="pager" {
            @if index > 0 {
                a rel="prev" href={ (base) "?page=" (index) } { (l.t("archive-newer")) } " "
            }
            @if more {
                a rel="next" href={ (base) "?page=" (index + 2) } { (l.t("archive-older")) }
            }
        }
    }
}

/// A table of games that scrolls inside its own box on a narrow screen.
fn games_table(head: &[String], rows: Markup) -> Markup {
    html! {
        div class="scroll" {
            table class="archive" {
                thead { tr { @for h in head { th { (h) } } th {} } }
                tbody { (rows) }
            }
        }
    }
}

async fn player(
    State(state): State<AppState>,
    Path(username): Path<String>,
    Query(q): Query<PageQuery>,
    v: Visitor,
) -> AppResult<Response> {
    let l = v.lang;
    let index = q.index()?;
    if username.chars().count() > 64 {
        return Err(AppError::NotFound(
            Msg::new("error-no-player").arg("name", &username),
        ));
    }
    let user = crate::archive::account(&state.db, &username)
        .await?
        .ok_or_else(|| AppError::NotFound(Msg::new("error-no-player").arg("name", &username)))?;
    let total = archive::count_of_player(&state.db, user.id).await?;
    let games = archive::of_player(&state.db, user.id, index).await?;
    let title = l.t_args("archive-player-title", &[("name", &user.username)]);
    let base = format!("/@/{}", url_encode(&user.username));
    let head = [
        "archive-date",
        "seek-color",
        "archive-opponent",
        "seek-ruleset",
        "seek-time",
        "seek-mode",
        "archive-result",
    ]
    .map(|k| l.t(k));
    let body = html! {
        h1 { (title) }
        p class="meta" { (l.t_args("archive-count", &[("count", &total.to_string())])) }
        @if games.is_empty() {
            p { (l.t("archive-none")) }
        } @else {
            (games_table(&head, html! {
                @for g in &games {
                    @let color = if g.white_id == Some(user.id) { Color::White } else { Color::Black };
                    tr data-game=(g.id) {
                        td { (pgn_date(g.created_ms)) }
                        td { (l.t(crate::i18n::color_id(color))) }
                        td { (name_cell(l, g, !color)) }
                        td { (crate::i18n::ruleset_name(l, &g.ruleset)) }
                        td { (time_control(g)) }
                        td { (l.t(if g.rated { "seek-rated" } else { "seek-casual" })) }
                        td { (result_text(l, g)) }
                        td { a href={ "/game/" (g.id) "/replay" } { (l.t("archive-open")) } }
                    }
                }
            }))
        }
        (pager(l, &base, index, games.len(), Some(total)))
    };
    Ok(page(&v, &base, &title, &body.into_string()).into_response())
}

async fn recent(
    State(state): State<AppState>,
    Query(q): Query<PageQuery>,
    v: Visitor,
) -> AppResult<Response> {
    let l = v.lang;
    let index = q.index()?;
    let games = archive::recent_finished(&state.db, index).await?;
    let title = l.t("archive-recent-title");
    let head = [
        "archive-date",
        "color-white",
        "color-black",
        "seek-ruleset",
        "seek-time",
        "archive-result",
    ]
    .map(|k| l.t(k));
    let body = html! {
        h1 { (title) }
        @if let Some(u) = &v.user {
            p { a href={ "/@/" (url_encode(&u.username)) } { (l.t("nav-my-games")) } }
        }
        @if games.is_empty() {
            p { (l.t("archive-none")) }
        } @else {
            (games_table(&head, html! {
                @for g in &games {
                    tr data-game=(g.id) {
                        td { (pgn_date(g.created_ms)) }
                        td { (name_cell(l, g, Color::White)) }
                        td { (name_cell(l, g, Color::Black)) }
                        td { (crate::i18n::ruleset_name(l, &g.ruleset)) }
                        td { (time_control(g)) }
                        td { (result_text(l, g)) }
                        td { a href={ "/game/" (g.id) "/replay" } { (l.t("archive-open")) } }
                    }
                }
            }))
        }
        (pager(l, "/games", index, games.len(), None))
    };
    Ok(page(&v, "/games", &title, &body.into_string()).into_response())
}

/// `/@/{username}`, `/games`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/@/{username}", get(player))
        .route("/games", get(recent))
}
