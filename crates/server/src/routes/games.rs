//! A game's page, its socket and its JSON state.

use crate::auth::Visitor;
use crate::db::games::Ending;
use crate::error::{AppError, AppResult};
use crate::html::{esc, json_in_script, page};
use crate::i18n::PageLang;
use crate::ids::is_id;
use crate::state::AppState;
use axum::Router;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;
use serde_json::{Map, Value, json};

/// The messages the game script shows, in the visitor's language.
const SCRIPT_MESSAGES: &[&str] = &[
    "game-your-turn",
    "game-their-turn",
    "game-draw-offered",
    "game-draw-declined",
    "game-first-round",
    "game-spectating",
    "game-over",
    "game-aborted",
    "game-promote",
    "game-reconnecting",
    "result-white-wins",
    "result-black-wins",
    "result-draw",
    "game-opponent-left",
    "role-king",
    "role-bers",
    "role-rook",
    "role-camel",
    "role-horse",
    "role-weak-bers",
    "role-full-bers",
    "role-returning-pawn",
    "role-pawn",
    "color-white",
    "color-black",
    "game-rematch-offered",
    "game-berserked",
];

async fn game_page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    v: Visitor,
) -> AppResult<Response> {
    if !is_id(&id) {
        return Err(AppError::NotFound(
            crate::i18n::Msg::new("error-no-game").arg("id", &id),
        ));
    }
    let l = v.lang;
    let room = state.hub.room(&id).await?;
    let (you, white, black, rated) = {
        let live = room.game.lock().await;
        let you = live.color_of(v.user.as_ref().map(|u| u.id), v.guest.as_deref());
        let name = |n: &Option<String>, color| match (n, live.computer()) {
            (Some(n), _) => n.clone(),
            (None, Some((c, level))) if c == color => {
                l.t_args("computer-name", &[("level", &level.to_string())])
            }
            (None, _) => l.t("guest-name"),
        };
        (
            you,
            Some(name(&live.row.white_name, shatar_rules::Color::White)),
            Some(name(&live.row.black_name, shatar_rules::Color::Black)),
            crate::routes::profile::rated_sides(&live.row),
        )
    };
    // Ratings beside the names of a rated game: "alice (1532?)".
    let (white, black) =
        crate::routes::profile::names_with_ratings(&state.db, rated, white, black).await?;
    let mut strings: Map<String, Value> = SCRIPT_MESSAGES
        .iter()
        .map(|k| ((*k).to_owned(), Value::String(l.t(k))))
        .collect();
    // The words of every ending the snapshot's `termination` may name.
    for ending in Ending::ALL {
        let id = ending.message_id();
        let text = l.t(&id);
        strings.insert(id, Value::String(text));
    }
    strings.insert(
        "name-white".into(),
        Value::String(white.clone().unwrap_or_default()),
    );
    strings.insert(
        "name-black".into(),
        Value::String(black.clone().unwrap_or_default()),
    );
    // The seconds are filled in by the script as it counts down.
    strings.insert(
        "game-claim-in".into(),
        Value::String(l.t_args("game-claim-in", &[("seconds", "{s}")])),
    );
    let cfg = json!({
        "id": id,
        "you": you.map(shatar_rules::Color::name),
        "strings": strings,
    });
    let title = l.t_args("game-title", &[("id", &id)]);
    let b = |k: &str| esc(&l.t(k));
    let body = format!(
        r#"<div class="game">
<div class="board-wrap"><div id="board" class="board" aria-label="board"></div>
<div id="promo" class="promo" hidden><span>{promote}</span><div class="choices"></div></div></div>
<aside class="side">
<div class="player top"><span class="name" id="name-top"></span><span class="clock" id="clock-top">–</span></div>
<div id="status" class="status" role="status"></div>
<p id="presence" class="status presence" role="status" hidden></p>
<ol id="moves" class="moves" aria-label="{moves}"></ol>
<div class="buttons">
<button id="btn-flip" type="button">{flip}</button>
<button id="btn-offer" type="button" class="act">{offer}</button>
<button id="btn-accept" type="button" class="act">{accept}</button>
<button id="btn-decline" type="button" class="act">{decline}</button>
<button id="btn-claim" type="button" class="act">{claim}</button>
<button id="btn-claim-victory" type="button" class="act" hidden>{claim_victory}</button>
<button id="btn-abort" type="button" class="act">{abort}</button>
<button id="btn-resign" type="button" class="act">{resign}</button>
<button id="btn-berserk" type="button" class="act" hidden title="{berserk_hint}">{berserk}</button>
<button id="btn-rematch" type="button" class="act" hidden>{rematch}</button>
</div>
<label class="pieces-choice">{pieces} <select id="piece-set"><option value="shatar">{shatar}</option><option value="chess">{chess}</option></select></label>
<input id="move-input" class="act" autocomplete="off" placeholder="{input}" aria-label="{input}" maxlength="5">
<div class="player bottom"><span class="name" id="name-bottom"></span><span class="clock" id="clock-bottom">–</span></div>
<p class="record-links"><a id="replay-link" href="/game/{id}/replay">{replay}</a></p>
</aside></div>
<p class="vs" hidden>{white} – {black}</p>
<script type="application/json" id="game-config">{cfg}</script>
<script src="/static/board.js"></script>
<script src="/static/game.js"></script>"#,
        promote = b("game-promote"),
        moves = b("game-moves"),
        flip = b("game-flip"),
        offer = b("game-offer-draw"),
        accept = b("game-accept-draw"),
        decline = b("game-decline-draw"),
        claim = b("game-claim"),
        claim_victory = b("game-claim-victory"),
        abort = b("game-abort"),
        resign = b("game-resign"),
        berserk = b("game-berserk"),
        berserk_hint = b("game-berserk-hint"),
        rematch = b("game-rematch"),
        pieces = b("game-pieces"),
        shatar = b("pieces-shatar"),
        chess = b("pieces-chess"),
        input = b("game-move-input"),
        white = esc(white.as_deref().unwrap_or("?")),
        black = esc(black.as_deref().unwrap_or("?")),
        cfg = json_in_script(&cfg),
        id = esc(&id),
        replay = b("record-replay-link"),
    );
    Ok(page(&v, &format!("/game/{id}"), &title, &body).into_response())
}

async fn game_state(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> AppResult<Json<Value>> {
    if !is_id(&id) {
        return Err(AppError::NotFound(
            crate::i18n::Msg::new("error-no-game").arg("id", &id),
        ));
    }
    let room = state.hub.room(&id).await?;
    let live = room.game.lock().await;
    Ok(Json(live.snapshot(crate::db::now_ms())))
}

/// `/game/{id}`, `/game/{id}/ws`, `/api/games/{id}`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/game/{id}", get(game_page))
        .route("/game/{id}/ws", get(crate::ws::socket))
        .route("/api/games/{id}", get(game_state))
}
