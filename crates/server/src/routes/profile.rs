//! A player's profile: `/player/{name}` with the Glicko-2 rating of each category played.

use crate::auth::Visitor;
use crate::db::games::GameRow;
use crate::db::{Db, ratings, users};
use crate::error::{AppError, AppResult};
use crate::html::{esc, page, url_encode};
use crate::i18n::Lang;
use crate::i18n::PageLang;
use crate::ratings::Category;
use crate::state::AppState;
use axum::Router;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

/// The localised name of a category key such as `official-blitz`.
pub fn category_name(l: Lang, key: &str) -> String {
    match key.split_once('-') {
        Some((family, speed)) => format!(
            "{} · {}",
            l.t(&format!("rating-family-{family}")),
            l.t(&format!("rating-speed-{speed}"))
        ),
        None => key.to_owned(),
    }
}

/// `name` linked to its profile, with the rating shown after it (`alice (1532?)`).
pub fn linked_name_with_rating(name: &str, rating: &crate::ratings::Rating) -> String {
    format!(
        r#"<a href="/player/{href}">{name}</a> <span class="rating">({r})</span>"#,
        href = url_encode(name),
        name = esc(name),
        r = esc(&rating.shown())
    )
}

/// The accounts and category of a rated game's two sides, for showing their ratings.
pub fn rated_sides(row: &GameRow) -> Option<(Option<i64>, Option<i64>, String)> {
    row.rated.then(|| {
        (
            row.white_id,
            row.black_id,
            Category::of(&row.ruleset, row.initial_ms, row.increment_ms).key(),
        )
    })
}

/// Appends each account's rating in the game's category to the shown names.
pub async fn names_with_ratings(
    db: &Db,
    rated: Option<(Option<i64>, Option<i64>, String)>,
    white: Option<String>,
    black: Option<String>,
) -> Result<(Option<String>, Option<String>), AppError> {
    let Some((white_id, black_id, category)) = rated else {
        return Ok((white, black));
    };
    let with = async |name: Option<String>, id: Option<i64>| match (name, id) {
        (Some(n), Some(id)) => {
            let r = ratings::get(db, id, &category).await?;
            Ok::<_, AppError>(Some(format!("{n} ({})", r.shown())))
        }
        (name, _) => Ok(name),
    };
    Ok((with(white, white_id).await?, with(black, black_id).await?))
}

async fn profile(
    State(state): State<AppState>,
    Path(name): Path<String>,
    v: Visitor,
) -> AppResult<Response> {
    let l = v.lang;
    let user = users::by_name(&state.db, &name).await?.ok_or_else(|| {
        AppError::NotFound(crate::i18n::Msg::new("error-no-player").arg("name", &name))
    })?;
    let rows = ratings::of_user(&state.db, user.id).await?;
    let mut body = format!(
        "<h1>{}</h1><section><h2>{}</h2>",
        esc(&user.username),
        esc(&l.t("profile-ratings"))
    );
    if rows.is_empty() {
        body.push_str(&format!("<p>{}</p>", esc(&l.t("profile-no-ratings"))));
    } else {
        body.push_str(&format!(
            "<table class=\"ratings\"><thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
            esc(&l.t("profile-category")),
            esc(&l.t("profile-rating")),
            esc(&l.t("profile-deviation")),
            esc(&l.t("profile-games")),
        ));
        for r in &rows {
            body.push_str(&format!(
                "<tr><td>{cat}</td><td class=\"rating\">{rating}</td><td>{rd:.0}</td><td>{games}</td></tr>",
                cat = esc(&category_name(l, &r.category)),
                rating = esc(&r.rating.shown()),
                rd = r.rating.deviation,
                games = r.games,
            ));
        }
        body.push_str("</tbody></table>");
        body.push_str(&format!(
            "<p class=\"hint\">{}</p>",
            esc(&l.t("profile-provisional"))
        ));
    }
    body.push_str("</section>");
    let path = format!("/player/{}", url_encode(&user.username));
    Ok(page(&v, &path, &user.username, &body).into_response())
}

/// `/player/{name}`.
pub fn router() -> Router<AppState> {
    Router::new().route("/player/{name}", get(profile))
}
