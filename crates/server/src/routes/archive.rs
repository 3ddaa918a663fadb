//! The archive: a player's games (`/@/{username}`) and the recently finished games
//! (`/games`), newest first, a page at a time.

use crate::archive::{pgn_date, player_name, time_control};
use crate::auth::Visitor;
use crate::db::archive::{self, PAGE_SIZE};
use crate::db::games::{GameRow, Status};
use crate::error::{AppError, AppResult};
use crate::extract::Query;
use crate::html::{esc, page, url_encode};
use crate::i18n::Lang;
use crate::i18n::Msg;
use crate::state::AppState;
use axum::Router;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use shatar_rules::Color;

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
    match (g.status, g.result.as_deref()) {
        (Status::Started, _) => l.t("archive-playing"),
        (Status::Aborted, _) | (Status::Ended, None) => l.t("term-aborted"),
        (Status::Ended, Some(r)) => {
            let term = g
                .termination
                .as_deref()
                .map(|t| format!(" · {}", l.t(&format!("term-{t}"))))
                .unwrap_or_default();
            format!("{r}{term}")
        }
    }
}

/// A link to a player's archive when the side is an account, else the name as text.
fn name_cell(l: Lang, g: &GameRow, color: Color) -> String {
    let account = match color {
        Color::White => g.white_name.as_deref(),
        Color::Black => g.black_name.as_deref(),
    };
    let name = player_name(l, g, color);
    match account {
        Some(a) => format!(r#"<a href="/@/{}">{}</a>"#, esc(&url_encode(a)), esc(&name)),
        None => esc(&name),
    }
}

fn pager(l: Lang, base: &str, index: i64, shown: usize, total: Option<i64>) -> String {
    let mut out = String::from(r#"<p class="pager">"#);
    if index > 0 {
        out.push_str(&format!(
            r#"<a rel="prev" href="{base}?page={}">{}</a> "#,
            index,
            esc(&l.t("archive-newer"))
        ));
    }
    let more = match total {
        Some(t) => (index + 1) * PAGE_SIZE < t,
        None => i64::try_from(shown).unwrap_or(0) == PAGE_SIZE,
    };
    if more {
        out.push_str(&format!(
            r#"<a rel="next" href="{base}?page={}">{}</a>"#,
            index + 2,
            esc(&l.t("archive-older"))
        ));
    }
    out.push_str("</p>");
    out
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
    let mut body = format!(
        r#"<h1>{}</h1><p class="meta">{}</p>"#,
        esc(&title),
        esc(&l.t_args("archive-count", &[("count", &total.to_string())]))
    );
    if games.is_empty() {
        body.push_str(&format!("<p>{}</p>", esc(&l.t("archive-none"))));
    } else {
        body.push_str(&format!(
            r#"<table class="archive"><thead><tr><th>{date}</th><th>{color}</th><th>{opp}</th><th>{rs}</th><th>{tc}</th><th>{mode}</th><th>{res}</th><th></th></tr></thead><tbody>"#,
            date = esc(&l.t("archive-date")),
            color = esc(&l.t("seek-color")),
            opp = esc(&l.t("archive-opponent")),
            rs = esc(&l.t("seek-ruleset")),
            tc = esc(&l.t("seek-time")),
            mode = esc(&l.t("seek-mode")),
            res = esc(&l.t("archive-result")),
        ));
        for g in &games {
            let color = if g.white_id == Some(user.id) {
                Color::White
            } else {
                Color::Black
            };
            body.push_str(&format!(
                r#"<tr data-game="{id}"><td>{date}</td><td>{color}</td><td>{opp}</td><td>{rs}</td><td>{tc}</td><td>{mode}</td><td>{res}</td><td><a href="/game/{id}/replay">{open}</a></td></tr>"#,
                id = esc(&g.id),
                date = esc(&pgn_date(g.created_ms)),
                color = esc(&l.t(match color {
                    Color::White => "color-white",
                    Color::Black => "color-black",
                })),
                opp = name_cell(l, g, !color),
                rs = esc(&crate::i18n::ruleset_name(l, &g.ruleset)),
                tc = esc(&time_control(g)),
                mode = esc(&l.t(if g.rated { "seek-rated" } else { "seek-casual" })),
                res = esc(&result_text(l, g)),
                open = esc(&l.t("archive-open")),
            ));
        }
        body.push_str("</tbody></table>");
    }
    let base = format!("/@/{}", url_encode(&user.username));
    body.push_str(&pager(l, &esc(&base), index, games.len(), Some(total)));
    Ok(page(&v, &base, &title, &body).into_response())
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
    let mut body = format!("<h1>{}</h1>", esc(&title));
    if let Some(u) = &v.user {
        body.push_str(&format!(
            r#"<p><a href="/@/{}">{}</a></p>"#,
            esc(&url_encode(&u.username)),
            esc(&l.t("nav-my-games"))
        ));
    }
    if games.is_empty() {
        body.push_str(&format!("<p>{}</p>", esc(&l.t("archive-none"))));
    } else {
        body.push_str(&format!(
            r#"<table class="archive"><thead><tr><th>{date}</th><th>{white}</th><th>{black}</th><th>{rs}</th><th>{tc}</th><th>{res}</th><th></th></tr></thead><tbody>"#,
            date = esc(&l.t("archive-date")),
            white = esc(&l.t("color-white")),
            black = esc(&l.t("color-black")),
            rs = esc(&l.t("seek-ruleset")),
            tc = esc(&l.t("seek-time")),
            res = esc(&l.t("archive-result")),
        ));
        for g in &games {
            body.push_str(&format!(
                r#"<tr data-game="{id}"><td>{date}</td><td>{w}</td><td>{b}</td><td>{rs}</td><td>{tc}</td><td>{res}</td><td><a href="/game/{id}/replay">{open}</a></td></tr>"#,
                id = esc(&g.id),
                date = esc(&pgn_date(g.created_ms)),
                w = name_cell(l, g, Color::White),
                b = name_cell(l, g, Color::Black),
                rs = esc(&crate::i18n::ruleset_name(l, &g.ruleset)),
                tc = esc(&time_control(g)),
                res = esc(&result_text(l, g)),
                open = esc(&l.t("archive-open")),
            ));
        }
        body.push_str("</tbody></table>");
    }
    body.push_str(&pager(l, "/games", index, games.len(), None));
    Ok(page(&v, "/games", &title, &body).into_response())
}

/// `/@/{username}`, `/games`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/@/{username}", get(player))
        .route("/games", get(recent))
}
