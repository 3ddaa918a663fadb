//! The lobby (`/`): open seeks, creating a seek, challenge links and accepting them.

use super::see_other;
use crate::auth::Visitor;
use crate::db::games::{self, GameRow, Status};
use crate::db::now_ms;
use crate::db::seeks::{self, ColorChoice, Seek};
use crate::error::{AppError, AppResult};
use crate::extract::Form;
use crate::html::{csrf_field, esc, page};
use crate::i18n::Msg;
use crate::i18n::{Lang, ruleset_name};
use crate::ratings::Category;
use crate::redirect::SameSitePath;
use crate::state::AppState;
use axum::Router;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use shatar_rules::{Preset, fen};

/// A random id of `len` letters and digits.
pub fn random_id(len: usize) -> Result<String, AppError> {
    const ALPHABET: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut out = String::with_capacity(len);
    while out.len() < len {
        let mut buf = [0u8; 32];
        getrandom::fill(&mut buf).map_err(|e| AppError::Internal(format!("OS random: {e}")))?;
        // 248 = 4·62: rejecting larger bytes keeps every letter equally likely.
        for b in buf.into_iter().filter(|b| *b < 248) {
            if out.len() == len {
                break;
            }
            out.push(char::from(ALPHABET[usize::from(b % 62)]));
        }
    }
    Ok(out)
}

/// Whether `s` could be one of our ids.
pub fn is_id(s: &str) -> bool {
    (4..=16).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// A time control as `90′ + 30″`.
pub fn clock_text(initial_ms: i64, increment_ms: i64) -> String {
    let secs = initial_ms / 1000;
    let base = if secs % 60 == 0 {
        format!("{}′", secs / 60)
    } else {
        format!("{secs}″")
    };
    format!("{base} + {}″", increment_ms / 1000)
}

fn seek_form(v: &Visitor) -> String {
    let l = v.lang;
    let rulesets = crate::i18n::ruleset_options(l, Preset::Official.name());
    let minutes: String = [90, 60, 30, 15, 10, 5, 3]
        .iter()
        .map(|m| format!(r#"<option value="{m}">{m}</option>"#))
        .collect();
    format!(
        r#"<h2>{title}</h2>
<form method="post" action="/seeks" class="card seek-form">
{csrf}
<label>{ruleset} <select name="ruleset">{rulesets}</select></label>
<label>{minutes_l} <select name="minutes">{minutes}</select></label>
<label>{inc} <input name="increment" type="number" min="0" max="60" value="0"></label>
<fieldset><legend>{mode}</legend>
<label><input type="radio" name="rated" value="0" checked> {casual}</label>
<label><input type="radio" name="rated" value="1"> {rated}</label></fieldset>
<label>{color} <select name="color">
<option value="random">{random}</option><option value="white">{white}</option><option value="black">{black}</option>
</select></label>
<label><input type="checkbox" name="listed" value="1" checked> {listed}</label>
<button type="submit">{submit}</button>
</form>"#,
        title = esc(&l.t("lobby-create-seek")),
        csrf = csrf_field(v),
        ruleset = esc(&l.t("seek-ruleset")),
        minutes_l = esc(&l.t("seek-minutes")),
        inc = esc(&l.t("seek-increment")),
        mode = esc(&l.t("seek-mode")),
        casual = esc(&l.t("seek-casual")),
        rated = esc(&l.t("seek-rated")),
        color = esc(&l.t("seek-color")),
        random = esc(&l.t("color-random")),
        white = esc(&l.t("color-white")),
        black = esc(&l.t("color-black")),
        listed = esc(&l.t("seek-listed")),
        submit = esc(&l.t("seek-submit")),
    )
}

fn color_label(l: Lang, c: ColorChoice) -> String {
    l.t(match c {
        ColorChoice::White => "color-white",
        ColorChoice::Black => "color-black",
        ColorChoice::Random => "color-random",
    })
}

/// A side's name: the account, else the computer or a guest.
pub fn side_name(l: Lang, g: &GameRow, name: &Option<String>, guest: &Option<String>) -> String {
    match (name, guest, g.computer_level) {
        (Some(n), _, _) => n.clone(),
        (None, None, Some(level)) => l.t_args("computer-name", &[("level", &level.to_string())]),
        _ => l.t("guest-name"),
    }
}

fn game_list(l: Lang, games: &[GameRow]) -> String {
    if games.is_empty() {
        return format!("<p>{}</p>", esc(&l.t("lobby-none")));
    }
    let items: String = games
        .iter()
        .map(|g| {
            format!(
                r#"<li><a href="/game/{id}">{w} – {b}</a> <span class="meta">{rs} · {clock}</span></li>"#,
                id = esc(&g.id),
                w = esc(&side_name(l, g, &g.white_name, &g.white_guest)),
                b = esc(&side_name(l, g, &g.black_name, &g.black_guest)),
                rs = esc(&ruleset_name(l, &g.ruleset)),
                clock = esc(&clock_text(g.initial_ms, g.increment_ms)),
            )
        })
        .collect();
    format!("<ul class=\"games\">{items}</ul>")
}

async fn lobby(State(state): State<AppState>, v: Visitor) -> AppResult<Response> {
    let l = v.lang;
    // A seeker in the lobby is there: their seeks stay open.
    if let Some(u) = &v.user {
        seeks::owner_seen(&state.db, u.id, now_ms()).await?;
    }
    let open = seeks::open(&state.db, &seek_cutoff(&state)).await?;
    let mut body = format!("<h1>{}</h1>", esc(&l.t("lobby-title")));
    body.push_str(&format!(
        "<section><h2>{}</h2>",
        esc(&l.t("lobby-open-seeks"))
    ));
    if open.is_empty() {
        body.push_str(&format!("<p>{}</p>", esc(&l.t("lobby-no-seeks"))));
    } else {
        body.push_str("<table class=\"seeks\"><tbody>");
        for s in &open {
            let mine = v.user.as_ref().is_some_and(|u| u.id == s.user_id);
            let action = match (&v.user, mine) {
                (Some(_), false) => format!(
                    r#"<form method="post" action="/seeks/{id}/accept">{csrf}<button>{accept}</button></form>"#,
                    id = esc(&s.id),
                    csrf = csrf_field(&v),
                    accept = esc(&l.t("seek-accept"))
                ),
                (Some(_), true) => format!(r#"<a href="/seeks/{}">…</a>"#, esc(&s.id)),
                (None, _) => String::new(),
            };
            // The seeker's rating in the category the game would be rated in.
            let category = Category::of(&s.ruleset, s.initial_ms, s.increment_ms).key();
            let rating = crate::db::ratings::get(&state.db, s.user_id, &category).await?;
            body.push_str(&format!(
                "<tr><td class=\"name\">{name}</td><td>{rs}</td><td>{clock}</td><td>{mode}</td><td>{color}</td><td>{action}</td></tr>",
                name = crate::routes::profile::linked_name_with_rating(&s.username, &rating),
                rs = esc(&ruleset_name(l, &s.ruleset)),
                clock = esc(&clock_text(s.initial_ms, s.increment_ms)),
                mode = esc(&l.t(if s.rated { "seek-rated" } else { "seek-casual" })),
                color = esc(&color_label(l, s.color)),
            ));
        }
        body.push_str("</tbody></table>");
    }
    body.push_str("</section>");
    body.push_str(&crate::routes::computer::form(&v));
    match &v.user {
        Some(u) => {
            body.push_str(&seek_form(&v));
            let mine = games::ongoing_of(&state.db, u.id).await?;
            body.push_str(&format!(
                "<section><h2>{}</h2>{}</section>",
                esc(&l.t("lobby-ongoing")),
                game_list(l, &mine)
            ));
        }
        None => body.push_str(&format!(
            "<p class=\"hint\">{}</p>",
            esc(&l.t("lobby-sign-in-to-play"))
        )),
    }
    let all = games::ongoing(&state.db).await?;
    body.push_str(&format!(
        "<section><h2>{}</h2>{}</section>",
        esc(&l.t("lobby-watch")),
        game_list(l, &all)
    ));
    // The lobby keeps itself up to date (static/live.js, routes/lobby_live.rs).
    let signature = seeks::lobby_signature(&state.db, &seek_cutoff(&state)).await?;
    body.push_str(&format!(
        r#"<p class="notice" id="live" hidden data-src="/lobby/live" data-since="{sig}">{changed} <a href="">{reload}</a></p><script src="/static/live.js" defer></script>"#,
        sig = esc(&signature),
        changed = esc(&l.t("lobby-live-changed")),
        reload = esc(&l.t("event-live-reload")),
    ));
    Ok(page(&v, "/", &l.t("lobby-title"), &body).into_response())
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
    let details = format!(
        "<p>{rs} · {clock} · {mode} · {color}</p>",
        rs = esc(&ruleset_name(l, &seek.ruleset)),
        clock = esc(&clock_text(seek.initial_ms, seek.increment_ms)),
        mode = esc(&l.t(if seek.rated {
            "seek-rated"
        } else {
            "seek-casual"
        })),
        color = esc(&color_label(l, seek.color)),
    );
    let title = l.t_args("seek-title", &[("name", &seek.username)]);
    let mut body = format!("<h1>{}</h1>{details}", esc(&title));
    if mine {
        // The whole address, to send to anyone (the button is shown by its script).
        let link = format!("{}/seeks/{}", state.config.site_url(&headers), seek.id);
        body.push_str(&format!(
            r#"<p><label for="seek-link">{wait}</label></p><p class="copy-row"><input class="link" id="seek-link" readonly value="{link}"> <button type="button" data-copy="seek-link" data-copied="{copied}" hidden>{copy}</button></p>
<form method="post" action="/seeks/{id}/cancel">{csrf}<button>{cancel}</button></form>
<p class="hint" id="seek-wait" data-seek="{id}"></p><p class="error" id="seek-expired" hidden>{expired}</p><script src="/static/copy.js"></script><script src="/static/game.js"></script>"#,
            wait = esc(&l.t("seek-waiting")),
            link = esc(&link),
            copy = esc(&l.t("seek-copy-link")),
            copied = esc(&l.t("seek-link-copied")),
            expired = esc(&l.t_args(
                "error-seek-expired",
                &[("id", &seek.id), ("minutes", &state.config.seek_minutes.to_string())]
            )),
            id = esc(&seek.id),
            csrf = csrf_field(&v),
            cancel = esc(&l.t("seek-cancel")),
        ));
    } else if v.user.is_some() {
        body.push_str(&format!(
            r#"<form method="post" action="/seeks/{id}/accept">{csrf}<button>{accept}</button></form>"#,
            id = esc(&seek.id),
            csrf = csrf_field(&v),
            accept = esc(&l.t("seek-accept")),
        ));
    } else {
        body.push_str(&format!(
            r#"<p><a href="/signin">{}</a> · <a href="/signup">{}</a></p>"#,
            esc(&l.t("nav-sign-in")),
            esc(&l.t("nav-sign-up"))
        ));
    }
    Ok(page(&v, &format!("/seeks/{}", seek.id), &title, &body).into_response())
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
    let start = shatar_rules::Position::start(preset.ruleset());
    let game = GameRow {
        id: random_id(8)?,
        ruleset: seek.ruleset.clone(),
        initial_fen: fen::write(&start),
        white_id: Some(white),
        black_id: Some(black),
        white_name: None,
        black_name: None,
        initial_ms: seek.initial_ms,
        increment_ms: seek.increment_ms,
        rated: seek.rated,
        status: Status::Started,
        result: None,
        termination: None,
        created_ms: now_ms(),
        computer_level: None,
        white_guest: None,
        black_guest: None,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_clock_text() {
        let a = random_id(8).unwrap();
        assert_eq!(a.len(), 8);
        assert!(is_id(&a));
        assert!(!is_id("../etc"));
        assert_eq!(clock_text(90 * 60_000, 30_000), "90′ + 30″");
        assert_eq!(clock_text(5_000, 0), "5″ + 0″");
    }
}
