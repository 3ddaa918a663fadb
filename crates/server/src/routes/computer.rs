//! `POST /computer`: a game against the computer, for accounts and guests alike.

use super::see_other;
use crate::auth::{Visitor, session};
use crate::db::games::{self, GameRow};
use crate::error::{AppError, AppResult};
use crate::extract::Form;
use crate::html::{csrf_field, esc};
use crate::i18n::Msg;
use crate::i18n::PageLang;
use crate::ids::random_id;
use crate::live::computer::LEVELS;
use crate::redirect::SameSitePath;
use crate::state::AppState;
use axum::Router;
use axum::extract::State;
use axum::response::Response;
use axum::routing::post;
use serde::Deserialize;
use shatar_rules::Preset;

/// The form as submitted.
#[derive(Debug, Deserialize)]
pub struct ComputerForm {
    csrf: Option<String>,
    ruleset: String,
    level: u8,
    minutes: Option<u32>,
    /// Seconds instead of minutes (short games, tests).
    seconds: Option<u32>,
    increment: Option<u32>,
    color: String,
}

/// The lobby's form for a game against the computer.
pub fn form(v: &Visitor) -> String {
    let l = v.lang;
    let rulesets = crate::i18n::ruleset_options(l, Preset::Official.name());
    let levels: String = LEVELS
        .map(|n| {
            format!(
                r#"<option value="{n}"{}>{n}</option>"#,
                if n == 3 { " selected" } else { "" }
            )
        })
        .collect();
    let minutes: String = [90, 60, 30, 15, 10, 5, 3]
        .iter()
        .map(|m| {
            format!(
                r#"<option value="{m}"{}>{m}</option>"#,
                if *m == 10 { " selected" } else { "" }
            )
        })
        .collect();
    format!(
        r#"<section><h2>{title}</h2>
<form method="post" action="/computer" class="card computer-form">
{csrf}
<label>{ruleset} <select name="ruleset">{rulesets}</select></label>
<label>{level} <select name="level">{levels}</select></label>
<label>{minutes_l} <select name="minutes">{minutes}</select></label>
<label>{inc} <input name="increment" type="number" min="0" max="60" value="2"></label>
<label>{color} <select name="color">
<option value="white">{white}</option><option value="black">{black}</option><option value="random">{random}</option>
</select></label>
<button type="submit">{submit}</button>
</form></section>"#,
        title = esc(&l.t("lobby-play-computer")),
        csrf = csrf_field(v),
        ruleset = esc(&l.t("seek-ruleset")),
        level = esc(&l.t("computer-level")),
        minutes_l = esc(&l.t("seek-minutes")),
        inc = esc(&l.t("seek-increment")),
        color = esc(&l.t("seek-color")),
        white = esc(&l.t("color-white")),
        black = esc(&l.t("color-black")),
        random = esc(&l.t("color-random")),
        submit = esc(&l.t("computer-submit")),
    )
}

async fn create(
    State(state): State<AppState>,
    v: Visitor,
    Form(f): Form<ComputerForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let preset: Preset = f
        .ruleset
        .parse()
        .map_err(|_| AppError::BadRequest(crate::i18n::unknown_ruleset(&f.ruleset)))?;
    if !LEVELS.contains(&f.level) {
        return Err(AppError::BadRequest(
            Msg::new("error-level").arg("level", f.level),
        ));
    }
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
    let human_white = match f.color.as_str() {
        "white" => true,
        "black" => false,
        "random" => {
            let mut b = [0u8; 1];
            getrandom::fill(&mut b).map_err(|e| AppError::Internal(format!("OS random: {e}")))?;
            b[0] & 1 == 0
        }
        other => {
            return Err(AppError::BadRequest(
                Msg::new("error-color").arg("value", other),
            ));
        }
    };
    // Accounts play as themselves; guests get (or keep) a guest token.
    let mut cookies = Vec::new();
    let (user_id, guest) = match (&v.user, &v.guest) {
        (Some(u), _) => (Some(u.id), None),
        (None, Some(g)) => (None, Some(g.clone())),
        (None, None) => {
            let (hash, cookie) = session::new_guest(&state)?;
            cookies.push(cookie);
            (None, Some(hash))
        }
    };
    let (white_id, black_id, white_guest, black_guest) = if human_white {
        (user_id, None, guest, None)
    } else {
        (None, user_id, None, guest)
    };
    let game = GameRow {
        white_id,
        black_id,
        computer_level: Some(i64::from(f.level)),
        white_guest,
        black_guest,
        ..GameRow::new(
            random_id(8)?,
            preset,
            i64::from(initial_s) * 1000,
            i64::from(increment) * 1000,
        )
    };
    let mut tx = state.db.pool.begin().await?;
    games::insert(&mut tx, &game).await?;
    tx.commit().await?;
    // The process that creates a game runs it (with several processes: `live::fanout`).
    state.hub.room(&game.id).await?;
    tracing::info!(game = %game.id, level = f.level, "game against the computer created");
    // Loading the room starts the computer thinking when it has White.
    state.hub.room(&game.id).await?;
    Ok(see_other(
        &SameSitePath::internal(format!("/game/{}", game.id)),
        &cookies,
    ))
}

/// `POST /computer`.
pub fn router() -> Router<AppState> {
    Router::new().route("/computer", post(create))
}
