//! The events JSON API (`/api/events/…`): everything the event pages do, for other tools.
//! Credentials: a session cookie (with an `X-CSRF-Token` header on writes) or a personal
//! token (`Authorization: Bearer TOKEN`). Errors: `{"error": …, "field": …}` with a 4xx
//! status.

use super::json::{ApiError, ApiJson, ApiResult, ApiVisitor, no_event};
use crate::auth::Visitor;
use crate::db::{events as store, users};
use crate::events::action::NewEvent;
use crate::events::change::{self, Changed};
use crate::events::state::EventState;
use crate::events::{Action, NewPlayer, Person, Standing, words};
use crate::i18n::Msg;
use crate::refusals;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};
use shatar_tournament::{Pairing, RoundNo};

/// The header a cookie-session write carries its CSRF token in.
pub const CSRF_HEADER: &str = "x-csrf-token";

/// The account making a write, checked: a token needs nothing more, a session cookie needs
/// its CSRF token in [`CSRF_HEADER`]; `None` when there are no credentials.
pub(super) fn writer<'v>(
    v: &'v Visitor,
    headers: &HeaderMap,
) -> ApiResult<Option<&'v users::User>> {
    if v.user.is_some() && !v.by_token {
        let sent = headers.get(CSRF_HEADER).and_then(|h| h.to_str().ok());
        v.check_csrf(sent).map_err(|_| {
            ApiError::forbidden(Msg::new("api-error-csrf-header").arg("header", CSRF_HEADER))
        })?;
    }
    Ok(v.user.as_ref())
}

pub(super) async fn load(state: &AppState, id: &str) -> ApiResult<store::StoredEvent> {
    store::load(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::not_found(no_event(id)))
}

/// A pairing as the API writes it.
pub(super) fn pairing_json(p: &Pairing) -> Value {
    let result = (!p.games.is_empty()).then(|| {
        p.games
            .iter()
            .map(words::write)
            .collect::<Vec<_>>()
            .join(" ")
    });
    let mut v = json!({
        "board": p.board,
        "white": p.white,
        "black": p.black,
        "result": result,
    });
    if let (Some(m), Some(o)) = (&p.team_match, v.as_object_mut()) {
        let boards: Vec<String> = m
            .boards
            .iter()
            .map(|games| games.iter().map(words::write).collect::<Vec<_>>().join(" "))
            .collect();
        o.insert(
            "match".into(),
            json!({
                "white_lineup": m.white_lineup,
                "black_lineup": m.black_lineup,
                "boards": boards,
            }),
        );
    }
    if let (Some(w), Some(o)) = (p.decided_for, v.as_object_mut()) {
        o.insert("decided_for".into(), json!(w));
    }
    v
}

/// The event as `standing` may see it; `games` the live game of each (round, board) of an
/// online event.
fn event_json(
    id: &str,
    version: i64,
    s: &EventState,
    standing: Standing,
    games: &std::collections::HashMap<(u32, u32), Vec<String>>,
) -> Value {
    let e = &s.event;
    let players: Vec<Value> = e
        .players
        .iter()
        .map(|p| {
            let mut v = json!({"number": p.number, "name": p.name});
            let o = v.as_object_mut().expect("a JSON object");
            if let Some(a) = s.accounts.get(&p.number) {
                o.insert("username".into(), json!(a.name));
            }
            if !p.club.is_empty() {
                o.insert("club".into(), json!(p.club));
            }
            if !p.region.is_empty() {
                o.insert("region".into(), json!(p.region));
            }
            if let Some(r) = p.rating {
                o.insert("rating".into(), json!(r));
            }
            if let Some(y) = p.birth_year {
                o.insert("birth_year".into(), json!(y));
            }
            if p.withdrawal.is_some() {
                o.insert("withdrawn".into(), json!(true));
            }
            if s.paused.contains(&p.number) {
                o.insert("paused".into(), json!(true));
            }
            if p.violations > 0 {
                o.insert("violations".into(), json!(p.violations));
            }
            v
        })
        .collect();
    let rounds: Vec<Value> = e
        .rounds
        .iter()
        .filter(|r| standing.is_staff() || s.is_published(r.number))
        .map(|r| {
            let pairings: Vec<Value> = r
                .pairings
                .iter()
                .map(|p| {
                    let mut v = pairing_json(p);
                    // "game": the board's current game; "games": a match's every game.
                    if let (Some(g), Some(o)) = (
                        games.get(&(r.number.get(), p.board.get())),
                        v.as_object_mut(),
                    ) {
                        o.insert("game".into(), json!(g.last()));
                        if g.len() > 1 {
                            o.insert("games".into(), json!(g));
                        }
                    }
                    v
                })
                .collect();
            json!({
                "round": r.number,
                "published": s.is_published(r.number),
                "pairings": pairings,
            })
        })
        .collect();
    let teams: Vec<Value> = e
        .teams
        .iter()
        .map(|t| {
            let mut v = json!({"number": t.number, "name": t.name, "members": t.members});
            let o = v.as_object_mut().expect("a JSON object");
            if !t.region.is_empty() {
                o.insert("region".into(), json!(t.region));
            }
            if let Some(c) = s.captains.get(&t.number) {
                o.insert("captain".into(), json!(c.name));
            }
            if t.withdrawal.is_some() {
                o.insert("withdrawn".into(), json!(true));
            }
            v
        })
        .collect();
    let mut answer = json!({
        "id": id,
        "name": e.name,
        "system": e.system.code(),
        "status": s.status().name(),
        "version": version,
        "ruleset": e.ruleset,
        "time_control": e.time_control,
        "rounds_planned": e.rounds_planned,
        "tiebreaks": e.tiebreak_order().iter().map(|t| t.code()).collect::<Vec<_>>(),
        "default_time_min": s.default_time_min,
        "score_sheet": s.score_sheet,
        "registration_open": s.registration_open,
        "organiser": s.organiser.name,
        "arbiters": s.arbiters.iter().map(|a| &a.name).collect::<Vec<_>>(),
        "players": players,
        "checked_in": s.checked_in,
        "rounds": rounds,
    });
    let o = answer.as_object_mut().expect("a JSON object");
    if let shatar_tournament::Entrants::Team { boards, lineup } = e.entrants {
        o.insert("boards".into(), json!(boards));
        o.insert("lineup".into(), json!(lineup.code()));
        o.insert("teams".into(), json!(teams));
        // Line-ups submitted are the staff's until the round's are closed or due.
        let lineups: Vec<Value> = s
            .lineups
            .iter()
            .filter(|l| standing.is_staff() || s.lineups_are_public(l.round, crate::db::now_ms()))
            .map(|l| json!({"round": l.round, "team": l.team, "players": l.players}))
            .collect();
        o.insert("lineups".into(), json!(lineups));
        let due: Vec<Value> = s
            .lineup_deadlines
            .iter()
            .map(|d| json!({"round": d.round, "at": crate::timestamps::to_rfc3339(d.at_ms)}))
            .collect();
        o.insert("lineups_due".into(), json!(due));
        o.insert("lineups_closed".into(), json!(s.lineups_closed));
    }
    // A knock-out's draw: the entrant in each bracket position, position 1 first (null
    // where a bye stands), as S4 ch.4 §1's diagram numbers them.
    if let Some(bracket) = &e.bracket {
        o.insert("bracket".into(), json!(bracket.positions));
    }
    if let Some(online) = &s.online {
        let mut settings = json!({
            "time_control": e.time_control,
            "rated": online.rated,
            "pause_s": online.pause_s,
            "limit": online.limit,
            "default_s": online.default_s,
        });
        if let (Some(at), Some(o)) = (online.start_at_ms, settings.as_object_mut()) {
            o.insert("start_at".into(), json!(crate::timestamps::to_rfc3339(at)));
        }
        o.insert("online".into(), settings);
    }
    if let Some(run) = &s.arena {
        o.insert("arena".into(), super::arena::arena_json(s, run, games));
    }
    if standing.is_staff() {
        let pending: Vec<Value> = s
            .pending
            .iter()
            .map(|r| json!({"username": r.account.name, "name": r.player.name}))
            .collect();
        o.insert("pending".into(), json!(pending));
    }
    answer
}

async fn list(State(state): State<AppState>) -> ApiResult<Json<Value>> {
    let events = store::list(&state.db).await?;
    Ok(Json(json!(
        events
            .iter()
            .map(|e| json!({"id": e.id, "name": e.name}))
            .collect::<Vec<_>>()
    )))
}

async fn create(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    ApiJson(new): ApiJson<NewEvent>,
) -> ApiResult<Response> {
    let user = writer(&v, &headers)?.ok_or_else(ApiError::unauthorized)?;
    let (id, _) = change::create(&state.db, user, new).await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))).into_response())
}

async fn show(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let stored = load(&state, &id).await?;
    let standing = Standing::of(v.user.as_ref(), &stored.state);
    let games = if stored.state.online.is_some() {
        // In round, board and game order: each board's list is its games in order.
        let mut by_board = std::collections::HashMap::<_, Vec<String>>::new();
        for (round, board, _, game) in crate::db::event_games::of_event(&state.db, &id).await? {
            by_board.entry((round, board)).or_default().push(game);
        }
        by_board
    } else {
        std::collections::HashMap::new()
    };
    Ok(Json(event_json(
        &id,
        stored.version,
        &stored.state,
        standing,
        &games,
    )))
}

/// Makes a change as the request's account, answering its outcome.
pub(super) async fn apply(
    state: &AppState,
    v: &Visitor,
    headers: &HeaderMap,
    id: &str,
    action: Action,
    seen: Option<i64>,
) -> ApiResult<Changed> {
    let user = writer(v, headers)?;
    Ok(change::change(&state.db, id, user, action, seen).await?)
}

/// The account named in a body, as an event remembers it.
pub(super) async fn person(state: &AppState, username: &str) -> ApiResult<Person> {
    let u = users::by_name(&state.db, username).await?.ok_or_else(|| {
        ApiError::field(
            "username",
            Msg::new("api-error-no-account").arg("name", format!("{username:?}")),
        )
    })?;
    Ok(Person {
        id: u.id,
        name: u.username,
    })
}

#[derive(Deserialize)]
struct ArbiterBody {
    username: String,
    #[serde(default)]
    version: Option<i64>,
}

async fn appoint_arbiter(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ArbiterBody>,
) -> ApiResult<Json<Value>> {
    let arbiter = person(&state, &body.username).await?;
    let done = apply(
        &state,
        &v,
        &headers,
        &id,
        Action::AppointArbiter { arbiter },
        body.version,
    )
    .await?;
    Ok(Json(json!({
        "arbiters": done.state.arbiters.iter().map(|a| &a.name).collect::<Vec<_>>(),
        "version": done.version,
    })))
}

#[derive(Deserialize)]
struct PlayerBody {
    #[serde(flatten)]
    player: NewPlayer,
    #[serde(default)]
    username: Option<String>,
    #[serde(default)]
    version: Option<i64>,
}

async fn add_player(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PlayerBody>,
) -> ApiResult<Response> {
    let account = match &body.username {
        Some(name) => Some(person(&state, name).await?),
        None => None,
    };
    let done = apply(
        &state,
        &v,
        &headers,
        &id,
        Action::AddPlayer {
            player: body.player,
            account,
        },
        body.version,
    )
    .await?;
    let number = done.state.event.players.last().map(|p| p.number);
    Ok((
        StatusCode::CREATED,
        Json(json!({"number": number, "version": done.version})),
    )
        .into_response())
}

/// `?version=N`: the version the author's page showed.
#[derive(Deserialize, Default)]
pub(super) struct Seen {
    #[serde(default)]
    pub(super) version: Option<i64>,
    /// `?dry_run=true`: say what the change would do, and make nothing.
    #[serde(default)]
    pub(super) dry_run: bool,
}

/// Where a call was made: the event, and the round when the path names one.
#[derive(Deserialize)]
pub(super) struct At {
    pub(super) id: String,
    #[serde(default)]
    pub(super) r: Option<String>,
}

impl At {
    pub(super) fn round(&self) -> ApiResult<RoundNo> {
        round_no(self.r.as_deref().unwrap_or_default())
    }
}

/// "start numbers begin at 1".
pub(super) fn from_one() -> Msg {
    Msg::new("api-error-start-numbers")
}

pub(super) fn round_no(text: &str) -> ApiResult<RoundNo> {
    text.parse().map_err(|_| {
        ApiError::not_found(Msg::new("api-error-no-round").arg("round", format!("{text:?}")))
    })
}

/// A call with no body (start, pair the next round, publish a round): the path says which
/// change, `?version=N` which version the caller saw, and `answer` what to say once done.
fn staff_call(
    make: fn(&At) -> ApiResult<Action>,
    answer: fn(&At, &Changed) -> ApiResult<Response>,
) -> MethodRouter<AppState> {
    post(
        move |State(state): State<AppState>,
              ApiVisitor(v): ApiVisitor,
              headers: HeaderMap,
              Path(at): Path<At>,
              Query(seen): Query<Seen>| async move {
            let action = make(&at)?;
            let done = apply(&state, &v, &headers, &at.id, action, seen.version).await?;
            answer(&at, &done)
        },
    )
}

fn started(_: &At, done: &Changed) -> ApiResult<Response> {
    Ok(Json(json!({
        "status": done.state.status().name(),
        "rounds_planned": done.state.event.rounds_planned,
        "version": done.version,
    }))
    .into_response())
}

fn paired(_: &At, done: &Changed) -> ApiResult<Response> {
    let round = done
        .state
        .event
        .rounds
        .last()
        .ok_or_else(|| ApiError::internal("a paired round is missing"))?;
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "round": round.number,
            "pairings": round.pairings.iter().map(pairing_json).collect::<Vec<_>>(),
            "explanation": round.explanation,
            "version": done.version,
        })),
    )
        .into_response())
}

fn published(at: &At, done: &Changed) -> ApiResult<Response> {
    let round = at.round()?;
    Ok(Json(json!({"round": round, "published": true, "version": done.version})).into_response())
}

#[derive(Deserialize)]
struct ResultBody {
    result: String,
    #[serde(default)]
    replace: bool,
    /// From a score sheet: the start numbers written on it, checked against the pairing.
    #[serde(default)]
    white: Option<u32>,
    #[serde(default)]
    black: Option<u32>,
    #[serde(default)]
    version: Option<i64>,
}

async fn set_result(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path((id, round, board)): Path<(String, String, String)>,
    ApiJson(body): ApiJson<ResultBody>,
) -> ApiResult<Json<Value>> {
    let round = round_no(&round)?;
    let board = super::corrections::board_no(&board)?;
    let games = body
        .result
        .split_whitespace()
        .map(words::read)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| ApiError::field("result", refusals::result_error(&e)))?;
    if games.is_empty() {
        return Err(ApiError::field("result", Msg::new("api-error-no-result")));
    }
    let number = |field: &'static str, n: u32| {
        shatar_tournament::EntrantNo::new(n).ok_or_else(|| ApiError::field(field, from_one()))
    };
    let sheet = match (body.white, body.black) {
        (None, None) => None,
        (Some(w), Some(b)) => Some((number("white", w)?, number("black", b)?)),
        _ => {
            return Err(ApiError::field("black", Msg::new("api-error-sheet-both")));
        }
    };
    let done = apply(
        &state,
        &v,
        &headers,
        &id,
        Action::SetResult {
            round,
            board,
            games,
            replace: body.replace,
            sheet,
        },
        body.version,
    )
    .await?;
    let pairing = done
        .state
        .event
        .rounds
        .get(round.index())
        .and_then(|r| r.pairings.iter().find(|p| p.board == board))
        .ok_or_else(|| ApiError::internal("the board is missing after its result"))?;
    let mut answer = pairing_json(pairing);
    let o = answer.as_object_mut().expect("a JSON object");
    o.insert("round".into(), json!(round));
    o.insert("message".into(), json!(done.message.text(v.lang)));
    o.insert("changed".into(), json!(done.changed));
    o.insert("version".into(), json!(done.version));
    Ok(Json(answer))
}

/// The event as the visitor may have it: whole for its staff, up to the last round the
/// public may see for everyone else (unpublished pairings are the staff's).
fn visible_event(v: &Visitor, stored: &store::StoredEvent) -> shatar_tournament::Event {
    if Standing::of(v.user.as_ref(), &stored.state).is_staff() {
        stored.state.event.clone()
    } else {
        stored.state.public_event()
    }
}

async fn standings(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let stored = load(&state, &id).await?;
    let e = &visible_event(&v, &stored);
    let table = shatar_tournament::standings(e);
    let lines: Vec<Value> = table
        .lines
        .iter()
        .map(|line| {
            let mut tiebreaks = serde_json::Map::new();
            for (tb, value) in table.order.iter().zip(&line.values).skip(1) {
                tiebreaks.insert(tb.code().to_owned(), json!(value.to_f64()));
            }
            json!({
                "place": line.place,
                "place_to": line.place_to,
                "number": line.entrant,
                "name": e.entrant_name(line.entrant),
                "points": line.values.first().map(|p| p.to_f64()),
                "tiebreaks": tiebreaks,
            })
        })
        .collect();
    Ok(Json(json!(lines)))
}

async fn export_trf(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let stored = load(&state, &id).await?;
    let text = shatar_tournament::trf::write(&visible_event(&v, &stored)).map_err(|e| {
        ApiError::field(
            "event",
            Msg::new("api-error-trf-export").arg_msg("error", refusals::trf_error(&e)),
        )
    })?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

/// The largest file an import takes (a 300-player open of 11 rounds is about 60 KiB as
/// TRF and a few hundred KiB as an event file).
pub const MAX_IMPORT_BYTES: usize = 4 * 1024 * 1024;

/// `?format=trf|json&system=CODE&strict=true`.
#[derive(Deserialize)]
struct ImportQuery {
    format: String,
    #[serde(default)]
    system: Option<String>,
    #[serde(default)]
    strict: bool,
}

async fn import(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Query(q): Query<ImportQuery>,
    body: String,
) -> ApiResult<Response> {
    let user = writer(&v, &headers)?.ok_or_else(ApiError::unauthorized)?;
    let (event, warnings, notes, source) = match q.format.as_str() {
        "json" => {
            let event = shatar_tournament::store::from_json(&body, std::path::Path::new("body"))
                .map_err(|e| ApiError::field("body", refusals::event_file_error(&e)))?;
            (event, Vec::new(), Vec::new(), "an event file")
        }
        "trf" => {
            let code = q.system.as_deref().unwrap_or("dutch");
            let system = shatar_tournament::System::from_code(code).ok_or_else(|| {
                ApiError::field(
                    "system",
                    Msg::new("api-error-unknown-system").arg("value", format!("{code:?}")),
                )
            })?;
            let imported = shatar_tournament::trf::import(&body, system)
                .map_err(|e| ApiError::field("body", refusals::trf_error(&e)))?;
            if q.strict && !imported.warnings.is_empty() {
                // The reader's warnings are its English phrases, naming the line.
                return Err(ApiError::field(
                    "body",
                    Msg::new("api-error-trf-warnings")
                        .arg("warnings", imported.warnings.join("; ")),
                ));
            }
            (imported.event, imported.warnings, imported.notes, "TRF")
        }
        other => {
            return Err(ApiError::field(
                "format",
                Msg::new("api-error-unknown-format").arg("value", format!("{other:?}")),
            ));
        }
    };
    let (id, s) = change::import(&state.db, user, event, source).await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "id": id,
            "players": s.event.entrant_numbers().len(),
            "rounds": s.event.rounds.len(),
            "warnings": warnings,
            "notes": notes,
        })),
    )
        .into_response())
}

async fn export_json(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let stored = load(&state, &id).await?;
    let text = shatar_tournament::store::to_json(&visible_event(&v, &stored))
        .map_err(|e| ApiError::internal(e.to_string()))?;
    Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
}

/// `?lang=zh|mn|en` for the CSV headings.
#[derive(Deserialize)]
struct CsvQuery {
    #[serde(default)]
    lang: Option<String>,
}

async fn export_csv(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    Path((id, what)): Path<(String, String)>,
    Query(q): Query<CsvQuery>,
) -> ApiResult<Response> {
    use shatar_tournament::report::{self, Format, Kind, Lang};
    let stored = load(&state, &id).await?;
    let e = &visible_event(&v, &stored);
    let lang = match q.lang.as_deref() {
        None => Lang::En,
        Some(code) => Lang::from_code(code).ok_or_else(|| {
            ApiError::field(
                "lang",
                Msg::new("api-error-unknown-language").arg("value", format!("{code:?}")),
            )
        })?,
    };
    let tables = match what.as_str() {
        "standings.csv" => report::build(e, Kind::Standings, lang),
        "crosstable.csv" => report::build(e, Kind::Crosstable, lang),
        "players.csv" => vec![report::players_table(e)],
        "teams.csv" => vec![report::teams_table(e)],
        _ => {
            return Err(ApiError::not_found(
                Msg::new("api-error-no-export").arg("value", format!("{what:?}")),
            ));
        }
    };
    let text = report::render(e, &tables, Format::Csv, lang);
    Ok(([(header::CONTENT_TYPE, "text/csv; charset=utf-8")], text).into_response())
}

async fn history(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let stored = load(&state, &id).await?;
    if !Standing::of(v.user.as_ref(), &stored.state).is_staff() {
        return Err(match v.user {
            None => ApiError::unauthorized(),
            Some(_) => ApiError::forbidden(Msg::new("api-error-history-staff")),
        });
    }
    let entries = store::history(&state.db, &id, 0).await?;
    let undone_by: std::collections::HashMap<i64, i64> = entries
        .iter()
        .filter_map(|h| match h.action {
            Action::Undo { seq } => Some((seq, h.seq)),
            _ => None,
        })
        .collect();
    Ok(Json(json!(
        entries
            .iter()
            .map(|h| json!({
                "seq": h.seq,
                "at_ms": h.at_ms,
                "by": h.by_name,
                "action": h.action,
                "summary": h.summary,
                "undone_by": undone_by.get(&h.seq),
            }))
            .collect::<Vec<_>>()
    )))
}

/// The `/api/events` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/events", get(list).post(create))
        .route("/api/events/{id}", get(show))
        .route("/api/events/{id}/arbiters", post(appoint_arbiter))
        .route("/api/events/{id}/players", post(add_player))
        .route(
            "/api/events/{id}/start",
            staff_call(|_| Ok(Action::Start), started),
        )
        .route(
            "/api/events/{id}/rounds",
            staff_call(|_| Ok(Action::PairRound), paired),
        )
        .route(
            "/api/events/{id}/arena/end",
            staff_call(|_| Ok(Action::ArenaEnd), started),
        )
        .route(
            "/api/events/{id}/rounds/{r}/publish",
            staff_call(|at| Ok(Action::Publish { round: at.round()? }), published),
        )
        .route(
            "/api/events/{id}/rounds/{r}/boards/{b}/result",
            put(set_result),
        )
        .route("/api/events/{id}/standings", get(standings))
        .route("/api/events/{id}/export.trf", get(export_trf))
        .route("/api/events/{id}/export.json", get(export_json))
        .route("/api/events/{id}/{what}", get(export_csv))
        .route(
            "/api/events/import",
            post(import).layer(axum::extract::DefaultBodyLimit::max(MAX_IMPORT_BYTES)),
        )
        .route("/api/events/{id}/history", get(history))
}
