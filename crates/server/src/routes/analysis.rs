//! The analysis board (`/analysis`): any position of any ruleset, set up in an editor, typed
//! as FEN, imported from PGN or a score sheet, or taken from a game at any ply; moves are
//! checked by the rules core on the server (`/api/analysis/position`), engine lines come
//! from the analysis pool (`/api/analysis/engine`), imports are read by the records library
//! (`/api/analysis/import`).

use crate::analysis::{MAX_DEPTH, MAX_MULTIPV};
use crate::archive::{ListedMove, listed_moves, notation_of, records_lang};
use crate::auth::Visitor;
use crate::board_view;
use crate::db::games::Ending;
use crate::error::{AnalysisError, AppResult};
use crate::html::{esc, json_in_script, page};
use crate::i18n::PageLang;
use crate::i18n::{Lang, Msg};
use crate::refusals;
use crate::routes::record::{notation_switcher, stored};
use crate::state::AppState;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Json, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use maud::html;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use shatar_engine::ScoreReport;
use shatar_records::{Notation, sheet};
use shatar_rules::{Game, Move, PlayError, Position, Preset, Ruleset, fen, uci};

/// The longest FEN accepted.
pub const MAX_FEN_CHARS: usize = 128;
/// The most moves accepted on the board.
pub const MAX_PLIES: usize = 1_000;
/// The longest imported text.
pub const MAX_IMPORT_CHARS: usize = 16_000;
/// The body limit of an import: the text form-encoded (a CJK character takes 9 bytes).
pub const MAX_IMPORT_BODY_BYTES: usize = 160 * 1024;

/// The messages the analysis script shows, in the visitor's language.
const SCRIPT_MESSAGES: &[&str] = &[
    "analysis-depth",
    "analysis-thinking",
    "analysis-mate",
    "analysis-no-lines",
    "analysis-editing",
    "analysis-error",
    "analysis-white-to-move",
    "analysis-black-to-move",
    "role-bers",
    "role-rook",
    "role-camel",
    "role-horse",
    "role-weak-bers",
    "role-full-bers",
    "role-returning-pawn",
];

/// A position asked for: ruleset, start FEN, moves (UCI, separated by spaces or commas) and
/// the ply to show.
#[derive(Debug, Default, Deserialize)]
pub struct PositionQuery {
    ruleset: Option<String>,
    fen: Option<String>,
    moves: Option<String>,
    ply: Option<String>,
    multipv: Option<String>,
    depth: Option<String>,
}

/// A position read and checked: the game through every move, and the ply shown.
struct Checked {
    ruleset: Ruleset,
    preset: Preset,
    game: Game,
    ply: usize,
}

fn field(field: &'static str, reason: Msg) -> AnalysisError {
    AnalysisError::Field { field, reason }
}

/// `field` is longer than `max` characters.
fn too_long(name: &'static str, label: &'static str, max: usize) -> AnalysisError {
    field(
        name,
        Msg::new("analysis-field-too-long")
            .arg_id("field", label)
            .arg("max", max),
    )
}

/// The ruleset of a preset name (`official` when none is given).
fn preset_of(name: Option<&str>) -> Result<Preset, AnalysisError> {
    let name = name.unwrap_or("official");
    if name.len() > 32 {
        return Err(too_long("ruleset", "analysis-label-ruleset", 32));
    }
    name.parse::<Preset>().map_err(|_| {
        let names = Preset::ALL.map(|p| p.name()).join(", ");
        field(
            "ruleset",
            Msg::new("error-unknown-ruleset")
                .arg("value", name)
                .arg("names", names),
        )
    })
}

/// Reads the start position and plays the moves, each checked by the rules core; errors
/// name the field and the move.
fn check(q: &PositionQuery) -> Result<Checked, AnalysisError> {
    let preset = preset_of(q.ruleset.as_deref())?;
    let ruleset = preset.ruleset();
    let fen_text = q.fen.as_deref().unwrap_or("startpos").trim();
    if fen_text.chars().count() > MAX_FEN_CHARS {
        return Err(too_long("fen", "analysis-label-fen", MAX_FEN_CHARS));
    }
    let initial = if fen_text.is_empty() {
        Position::start(ruleset)
    } else {
        fen::read(fen_text, ruleset).map_err(|e| field("fen", refusals::fen_error(&e)))?
    };
    let mut game = Game::from_position(initial);
    let moves = q.moves.as_deref().unwrap_or("");
    let too_many = || {
        field(
            "moves",
            Msg::new("analysis-field-too-many-moves").arg("max", MAX_PLIES),
        )
    };
    if moves.len() > MAX_PLIES * 8 {
        return Err(too_many());
    }
    for (k, text) in moves
        .split([',', ' '])
        .filter(|t| !t.is_empty())
        .enumerate()
    {
        if k >= MAX_PLIES {
            return Err(too_many());
        }
        let pos = game.position();
        let (number, side) = (pos.fullmoves(), crate::i18n::color_id(pos.turn()));
        let at = |id: &'static str| {
            Msg::new(id)
                .arg("number", number)
                .arg_id("side", side)
                .arg("text", text)
        };
        let mv = uci::parse_move(pos, text).map_err(|e| {
            field(
                "moves",
                at("analysis-field-move").arg_msg("reason", refusals::uci_error(&e)),
            )
        })?;
        match game.play(mv) {
            Ok(()) => {}
            Err(PlayError::GameOver(end)) => {
                return Err(field(
                    "moves",
                    at("analysis-field-move-after-end").arg_msg("end", refusals::game_end(&end)),
                ));
            }
            Err(PlayError::Illegal(_)) => {
                let why = Msg::new("move-illegal").arg("text", text);
                return Err(field(
                    "moves",
                    at("analysis-field-move").arg_msg("reason", why),
                ));
            }
        }
    }
    let total = game.moves().len();
    let ply = match q.ply.as_deref() {
        None | Some("") => total,
        Some(p) => p
            .parse::<usize>()
            .ok()
            .filter(|p| *p <= total)
            .ok_or_else(|| {
                field(
                    "ply",
                    Msg::new("analysis-field-ply")
                        .arg("value", p)
                        .arg("max", total),
                )
            })?,
    };
    Ok(Checked {
        ruleset,
        preset,
        game,
        ply,
    })
}

/// The game cut at `ply` (the position shown and its history).
fn game_at(game: &Game, ply: usize) -> Game {
    let mut g = Game::from_position(game.initial().clone());
    for m in game.moves().iter().take(ply) {
        g.play_unchecked(*m);
    }
    g
}

/// The words of a game's end by the rules, in the page language.
fn end_text(l: Lang, game: &Game) -> Option<String> {
    let end = game.end()?;
    Some(format!(
        "{} ({})",
        end.outcome.pgn(),
        l.t(&Ending::by_rules(end.termination).message_id())
    ))
}

/// `GET /api/analysis/position`: the board, legal moves and move list of a position, or
/// the field at fault in the visitor's language.
async fn position(
    Query(q): Query<PositionQuery>,
    headers: HeaderMap,
    v: Visitor,
) -> Result<Json<Value>, AnalysisError> {
    position_view(&q, &headers, v.lang).map_err(|e| e.in_lang(v.lang))
}

fn position_view(
    q: &PositionQuery,
    headers: &HeaderMap,
    lang: Lang,
) -> Result<Json<Value>, AnalysisError> {
    let c = check(q)?;
    let notation = notation_of(headers);
    let rl = records_lang(lang);
    let shown = game_at(&c.game, c.ply);
    let pos = shown.position();
    let mut view = board_view::position(pos, shown.moves().last(), c.ply);
    let (dests, promotions) = board_view::dests(&shown, &c.ruleset);
    let moves: Vec<Value> = listed_moves(c.game.initial(), c.game.moves(), notation, rl)
        .iter()
        .map(ListedMove::to_json)
        .collect();
    let tuuxei = if c.ruleset.tuuxei {
        shatar_records::Tuuxei::of(&shown).map(|t| t.name(rl))
    } else {
        None
    };
    if let Value::Object(o) = &mut view {
        o.insert("ruleset".into(), json!(c.preset.name()));
        o.insert("initial_fen".into(), json!(fen::write(c.game.initial())));
        o.insert("dests".into(), Value::Object(dests));
        o.insert("promotions".into(), Value::Object(promotions));
        o.insert(
            "status".into(),
            json!(if shown.end().is_some() {
                "ended"
            } else {
                "started"
            }),
        );
        o.insert("end".into(), json!(end_text(lang, &shown)));
        o.insert("tuuxei".into(), json!(tuuxei));
        o.insert("moves".into(), Value::Array(moves));
    }
    Ok(Json(view))
}

/// A number field within `range`, or `default` when absent; `label` names it in the
/// refusal.
fn number<T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy>(
    text: Option<&str>,
    name: &'static str,
    label: &'static str,
    default: T,
    range: std::ops::RangeInclusive<T>,
) -> Result<T, AnalysisError> {
    match text {
        None | Some("") => Ok(default),
        Some(t) => t
            .parse::<T>()
            .ok()
            .filter(|n| range.contains(n))
            .ok_or_else(|| {
                field(
                    name,
                    crate::analysis::out_of_range(label, t, range.start(), range.end()),
                )
            }),
    }
}

/// A line's moves written in the notation, numbered from the position.
fn line_text(pos: &Position, pv: &[Move], notation: Notation, rl: shatar_records::Lang) -> String {
    listed_moves(pos, pv, notation, rl)
        .iter()
        .enumerate()
        .map(|(k, m)| match (m.color, k) {
            (shatar_rules::Color::White, _) => format!("{}. {}", m.number, m.text),
            (shatar_rules::Color::Black, 0) => format!("{}… {}", m.number, m.text),
            (shatar_rules::Color::Black, _) => m.text.clone(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `GET /api/analysis/engine`: the engine's lines for a position, or the field at fault
/// in the visitor's language.
async fn engine(
    State(state): State<AppState>,
    Query(q): Query<PositionQuery>,
    headers: HeaderMap,
    axum::extract::ConnectInfo(peer): axum::extract::ConnectInfo<std::net::SocketAddr>,
    v: Visitor,
) -> Result<Json<Value>, AnalysisError> {
    engine_lines(&state, &q, &headers, peer.ip(), v.lang)
        .await
        .map_err(|e| e.in_lang(v.lang))
}

async fn engine_lines(
    state: &AppState,
    q: &PositionQuery,
    headers: &HeaderMap,
    peer: std::net::IpAddr,
    lang: Lang,
) -> Result<Json<Value>, AnalysisError> {
    let c = check(q)?;
    let multipv = number(
        q.multipv.as_deref(),
        "multipv",
        "analysis-label-multipv",
        1usize,
        1..=MAX_MULTIPV,
    )?;
    let depth = number(
        q.depth.as_deref(),
        "depth",
        "analysis-label-depth",
        12u32,
        1..=MAX_DEPTH,
    )?;
    let shown = game_at(&c.game, c.ply);
    if let Some(end) = shown.end() {
        return Err(field(
            "moves",
            Msg::new("analysis-field-over").arg_msg("end", refusals::game_end(&end)),
        ));
    }
    let analysis = state
        .analysis
        .analyse(peer, shown.initial(), shown.moves(), multipv, depth)
        .await?;
    let notation = notation_of(headers);
    let rl = records_lang(lang);
    let pos = shown.position();
    let lines: Vec<Value> = analysis
        .lines
        .iter()
        .map(|line| {
            let score = match line.score {
                ScoreReport::Cp(cp) => json!({"cp": cp}),
                ScoreReport::Mate(n) => json!({"mate": n}),
            };
            json!({
                "multipv": line.multipv,
                "depth": line.depth,
                "score": score,
                "pv": line.pv.iter().scan(pos.clone(), |p, m| {
                    let text = uci::write(m, p.ruleset());
                    p.play_unchecked(*m);
                    Some(text)
                }).collect::<Vec<_>>(),
                "text": line_text(pos, &line.pv, notation, rl),
            })
        })
        .collect();
    Ok(Json(json!({
        "fen": fen::write(pos),
        "turn": pos.turn().name(),
        "depth": analysis.depth,
        "nodes": analysis.nodes,
        "multipv": multipv,
        "lines": lines,
    })))
}

/// A pasted PGN or score sheet.
#[derive(Debug, Deserialize)]
pub struct ImportForm {
    text: String,
    ruleset: Option<String>,
}

/// `POST /api/analysis/import`: a pasted PGN or score sheet read into moves, or why not
/// (the line and the move) in the visitor's language.
async fn import(v: Visitor, Form(f): Form<ImportForm>) -> Result<Json<Value>, AnalysisError> {
    import_record(&f, v.lang).map_err(|e| e.in_lang(v.lang))
}

fn import_record(f: &ImportForm, lang: Lang) -> Result<Json<Value>, AnalysisError> {
    let preset = preset_of(f.ruleset.as_deref())?;
    if f.text.chars().count() > MAX_IMPORT_CHARS {
        return Err(too_long("text", "analysis-label-text", MAX_IMPORT_CHARS));
    }
    if f.text.trim().is_empty() {
        return Err(field("text", Msg::new("analysis-field-nothing")));
    }
    let file = sheet::read_any(&f.text, preset.ruleset());
    // The first game: an error of a game before it is reported, not skipped.
    let first_error = file.errors.first();
    let record = match (file.records.first(), first_error) {
        (Some(r), Some(e)) if e.game > 1 => r,
        (Some(r), None) => r,
        (_, Some(e)) => {
            let detail = refusals::game_error(e);
            return Err(field(
                "text",
                Msg::new("analysis-field-import").arg_msg("detail", detail),
            ));
        }
        (None, None) => return Err(field("text", Msg::new("analysis-field-no-game"))),
    };
    let standard_start =
        fen::write(&record.initial) == fen::write(&Position::start(record.ruleset));
    if record.moves.is_empty() && standard_start && sheet::looks_like_sheet(&f.text) {
        // A header read, and not one move: say where the moves were looked for.
        return Err(AnalysisError::Said {
            status: axum::http::StatusCode::BAD_REQUEST,
            field: Some("text"),
            text: lang.t("analysis-import-no-moves"),
        });
    }
    let rl = records_lang(lang);
    let game = record.game();
    let moves: Vec<String> = game
        .moves()
        .iter()
        .map(|m| uci::write(m, &record.ruleset))
        .collect();
    let ruleset = record
        .ruleset
        .preset()
        .map_or_else(|| preset.name().to_owned(), |p| p.name().to_owned());
    Ok(Json(json!({
        "ruleset": ruleset,
        "fen": fen::write(&record.initial),
        "moves": moves,
        "white": record.tags.get("White"),
        "black": record.tags.get("Black"),
        "result": record.result(),
        "tuuxei": record.tuuxei().map(|t| t.name(rl)),
    })))
}

/// `?game=ID&ply=N`, or `?ruleset=…&fen=…&moves=…`.
#[derive(Debug, Deserialize)]
pub struct PageQuery {
    game: Option<String>,
    ply: Option<u32>,
    ruleset: Option<String>,
    fen: Option<String>,
    moves: Option<String>,
}

/// The editor's men: each role of each colour, and for a step-back ruleset's positions
/// (docs/rules.md §2) the returning pawn (`P~`) and the weak bers (`B-`, FEN `J`), drawn
/// with the badge `board.js` gives them.
fn palette(l: Lang) -> String {
    let men = [
        ("K", "role-king", None),
        ("B", "role-bers", None),
        ("R", "role-rook", None),
        ("C", "role-camel", None),
        ("H", "role-horse", None),
        ("P", "role-pawn", None),
        ("P~", "role-returning-pawn", Some("\u{21ba}")),
        ("B-", "role-weak-bers", Some("\u{2212}")),
    ];
    html! {
        @for (color, name) in [("w", "color-white"), ("b", "color-black")] {
            div class="palette-row" aria-label=(l.t(name)) {
                @for (code, role, badge) in men {
                    @let label = format!("{} {}", l.t(name), l.t(role));
                    button type="button" class="man" data-man={ (color) (code) } title=(label) aria-label=(label) {
                        svg viewBox="0 0 100 100" {
                            use href={ "/static/pieces-shatar.svg#" (color) (&code[..1]) } {}
                            @if let Some(badge) = badge {
                                circle cx="80" cy="20" r="17" class="badge" {}
                                text x="80" y="27" text-anchor="middle" class="badge-text" { (badge) }
                            }
                        }
                    }
                }
            }
        }
        button type="button" class="man" data-man="" title=(l.t("analysis-remove")) aria-label=(l.t("analysis-remove")) { "✕" }
    }
    .into_string()
}

async fn analysis_page(
    State(state): State<AppState>,
    Query(q): Query<PageQuery>,
    headers: HeaderMap,
    v: Visitor,
) -> AppResult<Response> {
    let l = v.lang;
    // From a game at a ply, or from the query's position, else the official start.
    let (ruleset, fen_text, moves, ply) = match q.game.as_deref() {
        Some(id) => {
            let g = stored(&state, id).await?;
            let game = g.game();
            let moves: Vec<String> = game
                .moves()
                .iter()
                .map(|m| uci::write(m, game.ruleset()))
                .collect();
            let ply = q.ply.map_or(moves.len(), |p| (p as usize).min(moves.len()));
            (g.row.ruleset.clone(), g.row.initial_fen.clone(), moves, ply)
        }
        None => {
            let moves: Vec<String> = q
                .moves
                .as_deref()
                .unwrap_or("")
                .split([',', ' '])
                .filter(|t| !t.is_empty())
                .take(MAX_PLIES)
                .map(str::to_owned)
                .collect();
            let ply = q.ply.map_or(moves.len(), |p| (p as usize).min(moves.len()));
            (
                q.ruleset.clone().unwrap_or_else(|| "official".to_owned()),
                q.fen
                    .clone()
                    .filter(|f| f.chars().count() <= MAX_FEN_CHARS)
                    .unwrap_or_else(|| "startpos".to_owned()),
                moves,
                ply,
            )
        }
    };
    // `{depth}` and `{n}` stay in the text for the script to fill in.
    let strings: Map<String, Value> = SCRIPT_MESSAGES
        .iter()
        .map(|k| {
            let text = l.t_args(k, &[("depth", "{depth}"), ("n", "{n}")]);
            ((*k).to_owned(), Value::String(text))
        })
        .collect();
    let cfg = json!({
        "ruleset": ruleset,
        "fen": fen_text,
        "moves": moves,
        "ply": ply,
        "strings": strings,
    });
    let rulesets = crate::i18n::ruleset_options(l, &ruleset);
    let b = |k: &str| esc(&l.t(k));
    let depths: String = [6u32, 8, 10, 12, 14, 16, 18, 20]
        .iter()
        .map(|d| {
            format!(
                r#"<option value="{d}"{}>{d}</option>"#,
                if *d == 12 { " selected" } else { "" }
            )
        })
        .collect();
    let multipvs: String = (1..=MAX_MULTIPV)
        .map(|n| {
            format!(
                r#"<option value="{n}"{}>{n}</option>"#,
                if n == 3 { " selected" } else { "" }
            )
        })
        .collect();
    let title = l.t("analysis-title");
    let body = format!(
        r#"<h1>{title}</h1>
<div class="game analysis">
<div class="board-wrap"><div id="board" class="board" aria-label="board"></div>
<div id="promo" class="promo" hidden><span>{promote}</span><div class="choices"></div></div></div>
<aside class="side">
<p id="status" class="status" role="status"></p>
<p id="error" class="error" role="alert" hidden></p>
<div class="buttons nav-buttons">
<button id="btn-first" type="button" aria-label="{first}" title="{first}">⏮</button>
<button id="btn-prev" type="button" aria-label="{prev}" title="{prev}">◀</button>
<button id="btn-next" type="button" aria-label="{next}" title="{next}">▶</button>
<button id="btn-last" type="button" aria-label="{last}" title="{last}">⏭</button>
<button id="btn-flip" type="button">{flip}</button>
</div>
<ol id="analysis-moves" class="moves replay-moves" aria-label="{moves_l}"></ol>
{switcher}
<section class="engine card">
<h2>{engine}</h2>
<label>{lines} <select id="multipv">{multipvs}</select></label>
<label>{depth} <select id="depth">{depths}</select></label>
<button id="btn-analyse" type="button">{analyse}</button>
<p id="engine-status" class="hint"></p>
<ol id="engine-lines" class="engine-lines"></ol>
</section>
<section class="setup card">
<h2>{setup}</h2>
<label>{ruleset_l} <select id="ruleset">{rulesets}</select></label>
<label>FEN <input id="fen" maxlength="{max_fen}" autocomplete="off" spellcheck="false"></label>
<div class="buttons"><button id="btn-load-fen" type="button">{load_fen}</button>
<button id="btn-edit" type="button">{edit}</button></div>
<div id="editor" class="editor" hidden>
<p class="hint">{editor_hint}</p>
<div class="palette">{palette}</div>
<label>{turn_l} <select id="editor-turn"><option value="w">{white}</option><option value="b">{black}</option></select></label>
<div class="buttons"><button id="btn-start" type="button">{start}</button>
<button id="btn-clear" type="button">{clear}</button>
<button id="btn-done" type="button">{done}</button></div>
</div>
</section>
<section class="import card">
<h2>{import}</h2>
<textarea id="import-text" rows="6" maxlength="{max_import}" placeholder="{import_hint}" aria-label="{import}"></textarea>
<button id="btn-import" type="button">{import_btn}</button>
</section>
</aside></div>
<script type="application/json" id="analysis-config">{cfg}</script>
<script src="/static/board.js"></script>
<script src="/static/analysis.js"></script>"#,
        title = esc(&title),
        promote = b("game-promote"),
        first = b("record-first"),
        prev = b("record-prev"),
        next = b("record-next"),
        last = b("record-last"),
        flip = b("game-flip"),
        moves_l = b("game-moves"),
        switcher = notation_switcher(l, notation_of(&headers), "/analysis"),
        engine = b("analysis-engine"),
        lines = b("analysis-lines"),
        depth = b("analysis-depth-label"),
        analyse = b("analysis-run"),
        setup = b("analysis-setup"),
        ruleset_l = b("seek-ruleset"),
        max_fen = MAX_FEN_CHARS,
        load_fen = b("analysis-load-fen"),
        edit = b("analysis-edit"),
        editor_hint = b("analysis-editor-hint"),
        palette = palette(l),
        turn_l = b("analysis-turn"),
        white = b("color-white"),
        black = b("color-black"),
        start = b("analysis-start-position"),
        clear = b("analysis-clear"),
        done = b("analysis-done"),
        import = b("analysis-import"),
        max_import = MAX_IMPORT_CHARS,
        import_hint = b("analysis-import-hint"),
        import_btn = b("analysis-import-button"),
        cfg = json_in_script(&cfg),
    );
    Ok(page(&v, "/analysis", &title, &body).into_response())
}

/// `/analysis`, `/api/analysis/position`, `/api/analysis/engine`, `/api/analysis/import`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/analysis", get(analysis_page))
        .route("/api/analysis/position", get(position))
        .route("/api/analysis/engine", get(engine))
        .route(
            "/api/analysis/import",
            post(import).layer(DefaultBodyLimit::max(MAX_IMPORT_BODY_BYTES)),
        )
}
