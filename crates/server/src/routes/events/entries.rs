//! Entries through the API: players from a CSV file, self-registration and its approval,
//! the check-in, teams with their captains, line-ups, and team match results. Each write
//! takes `?version=N` and `?dry_run=true` as the corrections do, and answers
//! `{"message", "changed", "version", …}`.

use super::api::{At, Seen, from_one, person, round_no, writer};
use super::corrections::{PlayerAt, board_no, entrant, nothing, optional_json, run};
use super::json::{ApiError, ApiJson, ApiResult, ApiVisitor};
use crate::events::action::MAX_CSV_BYTES;
use crate::events::online::TeamOfAccountsError;
use crate::events::{Action, NewPlayer, NewTeam, Person, words};
use crate::i18n::Msg;
use crate::state::AppState;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::{post, put};
use serde::Deserialize;
use serde_json::{Value, json};
use shatar_tournament::EntrantNo;

/// `POST /api/events/{id}/players/import`: the body is the CSV file itself (UTF-8, a header
/// row naming the columns); every player or none is registered.
async fn import_players(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(seen): Query<Seen>,
    body: Bytes,
) -> ApiResult<Response> {
    let csv = String::from_utf8(body.to_vec())
        .map_err(|_| ApiError::field("csv", Msg::new("api-error-not-utf8")))?;
    let before = super::api::load(&state, &id)
        .await?
        .state
        .event
        .players
        .len();
    let answer = run(
        &state,
        &v,
        &headers,
        &id,
        Action::ImportPlayers { csv },
        seen,
        move |d| {
            let numbers: Vec<EntrantNo> = d
                .state
                .event
                .players
                .iter()
                .skip(before)
                .map(|p| p.number)
                .collect();
            json!({ "numbers": numbers })
        },
    )
    .await?;
    Ok(created(answer))
}

/// A write that made something new answers 201.
fn created(answer: Response) -> Response {
    with_status(answer, StatusCode::CREATED)
}

/// A write done answers `status` instead of 200 (a refusal keeps its own).
fn with_status(mut answer: Response, status: StatusCode) -> Response {
    if answer.status() == StatusCode::OK {
        *answer.status_mut() = status;
    }
    answer
}

#[derive(Deserialize)]
struct OpenBody {
    open: bool,
}

async fn open_registration(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(seen): Query<Seen>,
    ApiJson(body): ApiJson<OpenBody>,
) -> ApiResult<Response> {
    let action = Action::OpenRegistration { open: body.open };
    run(
        &state,
        &v,
        &headers,
        &id,
        action,
        seen,
        |d| json!({"registration_open": d.state.registration_open}),
    )
    .await
}

/// `POST /api/events/{id}/register`: the signed-in account asks to play, with the details
/// of `POST …/players`; the staff approve it.
async fn register(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(seen): Query<Seen>,
    ApiJson(player): ApiJson<NewPlayer>,
) -> ApiResult<Response> {
    let user = writer(&v, &headers)?.ok_or_else(ApiError::unauthorized)?;
    let account = Person::of(user);
    let action = Action::Register { account, player };
    let answer = run(
        &state,
        &v,
        &headers,
        &id,
        action,
        seen,
        |_| json!({"pending": true}),
    )
    .await?;
    Ok(with_status(answer, StatusCode::ACCEPTED))
}

/// `DELETE /api/events/{id}/register`: the account takes its request back.
async fn take_back(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(seen): Query<Seen>,
) -> ApiResult<Response> {
    let user = writer(&v, &headers)?.ok_or_else(ApiError::unauthorized)?;
    let account = Person::of(user);
    let action = Action::Decline {
        account,
        reason: crate::events::action::TAKEN_BACK.into(),
    };
    run(&state, &v, &headers, &id, action, seen, nothing).await
}

/// `POST /api/events/{id}/join`: the account joins an online event before its start,
/// seeded by its rating on the site in the event's kind of game → 201 `{"number"}`.
async fn join(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(seen): Query<Seen>,
) -> ApiResult<Response> {
    let user = writer(&v, &headers)?.ok_or_else(ApiError::unauthorized)?;
    let account = Person::of(user);
    let who = account.id;
    let rating = match crate::db::events::load(&state.db, &id).await? {
        Some(stored) => crate::events::online::seed_rating(&state.db, &stored.state, who).await?,
        None => None,
    };
    let answer = run(
        &state,
        &v,
        &headers,
        &id,
        Action::Join { account, rating },
        seen,
        move |d| json!({"number": d.state.entrant_of(who)}),
    )
    .await?;
    Ok(created(answer))
}

/// `POST /api/events/{id}/pause` (pause: not paired in the next rounds, no bye) and
/// `DELETE` the same path (come back): the account's own pause in an online Swiss.
async fn pause(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(seen): Query<Seen>,
    method: axum::http::Method,
) -> ApiResult<Response> {
    let user = writer(&v, &headers)?.ok_or_else(ApiError::unauthorized)?;
    let action = Action::Pause {
        account: Person::of(user),
        paused: method == axum::http::Method::POST,
    };
    run(&state, &v, &headers, &id, action, seen, nothing).await
}

/// `DELETE /api/events/{id}/join`: the account leaves an online event: before its start
/// the entry is taken back; after it the player withdraws (results stand, a game being
/// played is lost, no further pairings). In a team event (also as `DELETE
/// /api/events/{id}/teams/join`) the captain takes the team's entry back or withdraws the
/// team, and a member entered by a captain may decline before the start, which takes the
/// team's entry back.
async fn leave(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(seen): Query<Seen>,
) -> ApiResult<Response> {
    let user = writer(&v, &headers)?.ok_or_else(ApiError::unauthorized)?;
    let account = Person::of(user);
    run(
        &state,
        &v,
        &headers,
        &id,
        Action::Leave { account },
        seen,
        nothing,
    )
    .await
}

async fn approve(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path((id, username)): Path<(String, String)>,
    Query(seen): Query<Seen>,
) -> ApiResult<Response> {
    let account = person(&state, &username).await?;
    let who = account.id;
    let answer = run(
        &state,
        &v,
        &headers,
        &id,
        Action::Approve { account },
        seen,
        move |d| json!({"number": d.state.entrant_of(who)}),
    )
    .await?;
    Ok(created(answer))
}

#[derive(Deserialize, Default)]
struct ReasonBody {
    #[serde(default)]
    reason: String,
}

async fn decline(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path((id, username)): Path<(String, String)>,
    Query(seen): Query<Seen>,
    body: Bytes,
) -> ApiResult<Response> {
    let reason = optional_json::<ReasonBody>(&body)?.reason;
    let account = person(&state, &username).await?;
    let action = Action::Decline { account, reason };
    run(&state, &v, &headers, &id, action, seen, nothing).await
}

#[derive(Deserialize)]
struct PresentBody {
    present: bool,
}

async fn check_in(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(at): Path<PlayerAt>,
    Query(seen): Query<Seen>,
    ApiJson(body): ApiJson<PresentBody>,
) -> ApiResult<Response> {
    let action = Action::CheckIn {
        entrant: entrant(&at.n)?,
        present: body.present,
    };
    run(
        &state,
        &v,
        &headers,
        &at.id,
        action,
        seen,
        |d| json!({"checked_in": d.state.checked_in.len()}),
    )
    .await
}

/// `POST /api/events/{id}/teams`: `{"name", "region"?, "members": [player, …],
/// "captain"?: username}` → 201 `{"number", "members": [start numbers]}`.
#[derive(Deserialize)]
struct TeamBody {
    #[serde(flatten)]
    team: NewTeam,
    #[serde(default)]
    captain: Option<String>,
}

async fn add_team(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(seen): Query<Seen>,
    ApiJson(body): ApiJson<TeamBody>,
) -> ApiResult<Response> {
    let captain = match &body.captain {
        Some(name) => Some(person(&state, name).await?),
        None => None,
    };
    let action = Action::AddTeam {
        team: body.team,
        captain,
    };
    let answer = run(&state, &v, &headers, &id, action, seen, team_added).await?;
    Ok(created(answer))
}

/// `POST /api/events/{id}/teams/join`: a captain's team of accounts for an online team
/// event.
#[derive(Deserialize)]
struct TeamOfAccounts {
    /// The team's name.
    name: String,
    /// Its region or unit.
    #[serde(default)]
    region: Option<String>,
    /// Its members' usernames, board players first, then the reserves.
    members: Vec<String>,
}

/// `POST /api/events/{id}/teams/join`: the caller registers a team of accounts as its
/// captain in an online team event; each member joins with his site rating.
async fn join_team(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(seen): Query<Seen>,
    ApiJson(body): ApiJson<TeamOfAccounts>,
) -> ApiResult<Response> {
    let user = writer(&v, &headers)?.ok_or_else(ApiError::unauthorized)?;
    let captain = Person::of(user);
    if body.members.len() > crate::events::action::MAX_TEAM_MEMBERS {
        return Err(ApiError::field(
            "members",
            Msg::new("event-error-members-max").arg("n", body.members.len()),
        ));
    }
    let stored = super::api::load(&state, &id).await?;
    let (team, members) = crate::events::online::team_of_accounts(
        &state.db,
        &stored.state,
        body.name,
        body.region,
        &body.members,
    )
    .await
    .map_err(|e| match e {
        TeamOfAccountsError::NoAccount(name) => ApiError::field(
            "username",
            Msg::new("api-error-no-account").arg("name", format!("{name:?}")),
        ),
        TeamOfAccountsError::Storage(e) => e.into(),
    })?;
    let action = Action::JoinTeam {
        captain,
        team,
        members,
    };
    let answer = run(&state, &v, &headers, &id, action, seen, team_added).await?;
    Ok(created(answer))
}

/// The answer to a team registered: its number and its members' numbers.
fn team_added(d: &crate::events::change::Changed) -> Value {
    let team = d.state.event.teams.last();
    json!({
        "number": team.map(|t| t.number),
        "members": team.map(|t| t.members.clone()).unwrap_or_default(),
    })
}

#[derive(Deserialize)]
struct CaptainBody {
    username: Option<String>,
}

async fn set_captain(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(at): Path<PlayerAt>,
    Query(seen): Query<Seen>,
    ApiJson(body): ApiJson<CaptainBody>,
) -> ApiResult<Response> {
    let captain = match &body.username {
        Some(name) => Some(person(&state, name).await?),
        None => None,
    };
    let team = team_no(&at.n)?;
    let action = Action::SetCaptain { team, captain };
    run(&state, &v, &headers, &at.id, action, seen, nothing).await
}

/// A team's number in a path.
fn team_no(text: &str) -> ApiResult<EntrantNo> {
    text.parse().map_err(|_| {
        ApiError::not_found(Msg::new("api-error-no-team").arg("team", format!("{text:?}")))
    })
}

fn numbers(field: &'static str, list: &[u32]) -> ApiResult<Vec<EntrantNo>> {
    list.iter()
        .map(|&n| EntrantNo::new(n).ok_or_else(|| ApiError::field(field, from_one())))
        .collect()
}

#[derive(Deserialize)]
struct LineupBody {
    players: Vec<u32>,
}

/// `PUT /api/events/{id}/rounds/{r}/lineups/{team}`: a team's line-up, board 1 first, by
/// its captain or the staff.
async fn submit_lineup(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path((id, round, team)): Path<(String, String, String)>,
    Query(seen): Query<Seen>,
    ApiJson(body): ApiJson<LineupBody>,
) -> ApiResult<Response> {
    let action = Action::SubmitLineup {
        round: round_no(&round)?,
        team: team_no(&team)?,
        players: numbers("players", &body.players)?,
    };
    run(&state, &v, &headers, &id, action, seen, nothing).await
}

async fn close_lineups(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(at): Path<At>,
    Query(seen): Query<Seen>,
) -> ApiResult<Response> {
    let action = Action::CloseLineups { round: at.round()? };
    run(&state, &v, &headers, &at.id, action, seen, nothing).await
}

/// `PUT /api/events/{id}/rounds/{r}/lineup-deadline`: `{"at": "2026-12-02T14:00:00+08:00"}`
/// (RFC 3339), or `{"at": null}` for no due time.
#[derive(Deserialize)]
struct DeadlineBody {
    at: Option<String>,
}

async fn set_lineup_deadline(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path(at): Path<At>,
    Query(seen): Query<Seen>,
    ApiJson(body): ApiJson<DeadlineBody>,
) -> ApiResult<Response> {
    let at_ms = match body.at.as_deref() {
        None => None,
        Some(text) => Some(crate::timestamps::from_rfc3339(text).ok_or_else(|| {
            ApiError::field("at", Msg::new("event-error-time-syntax").arg("value", text))
        })?),
    };
    let action = Action::SetLineupDeadline {
        round: at.round()?,
        at_ms,
    };
    run(&state, &v, &headers, &at.id, action, seen, nothing).await
}

/// `PUT /api/events/{id}/rounds/{r}/boards/{b}/match`: `{"boards": ["1-0", "1/2-1/2", …],
/// "white_lineup"?, "black_lineup"?, "replace"?}` — each board's games as the result
/// words (several games of a board separated by spaces), board 1 first.
#[derive(Deserialize)]
struct MatchBody {
    boards: Vec<String>,
    #[serde(default)]
    white_lineup: Option<Vec<u32>>,
    #[serde(default)]
    black_lineup: Option<Vec<u32>>,
    #[serde(default)]
    replace: bool,
}

async fn set_match(
    State(state): State<AppState>,
    ApiVisitor(v): ApiVisitor,
    headers: HeaderMap,
    Path((id, round, board)): Path<(String, String, String)>,
    Query(seen): Query<Seen>,
    ApiJson(body): ApiJson<MatchBody>,
) -> ApiResult<Response> {
    if body.boards.len() > 400 {
        return Err(ApiError::field("boards", Msg::new("api-error-boards-max")));
    }
    let boards = body
        .boards
        .iter()
        .map(|b| {
            b.split_whitespace()
                .map(words::read)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| ApiError::field("boards", crate::refusals::result_error(&e)))
        })
        .collect::<ApiResult<Vec<_>>>()?;
    let lineup = |field, l: &Option<Vec<u32>>| l.as_deref().map(|l| numbers(field, l)).transpose();
    let action = Action::SetTeamResult {
        round: round_no(&round)?,
        board: board_no(&board)?,
        boards,
        white_lineup: lineup("white_lineup", &body.white_lineup)?,
        black_lineup: lineup("black_lineup", &body.black_lineup)?,
        replace: body.replace,
    };
    run(&state, &v, &headers, &id, action, seen, |_| Value::Null).await
}

/// The entries' routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/events/{id}/players/import",
            post(import_players).layer(DefaultBodyLimit::max(MAX_CSV_BYTES + 1024)),
        )
        .route("/api/events/{id}/registration", put(open_registration))
        .route(
            "/api/events/{id}/register",
            post(register).delete(take_back),
        )
        .route("/api/events/{id}/join", post(join).delete(leave))
        .route("/api/events/{id}/pause", post(pause).delete(pause))
        .route(
            "/api/events/{id}/requests/{username}",
            post(approve).delete(decline),
        )
        .route("/api/events/{id}/players/{n}/check-in", put(check_in))
        .route("/api/events/{id}/teams", post(add_team))
        .route("/api/events/{id}/teams/join", post(join_team).delete(leave))
        .route("/api/events/{id}/teams/{n}/captain", put(set_captain))
        .route(
            "/api/events/{id}/rounds/{r}/lineups/close",
            post(close_lineups),
        )
        .route(
            "/api/events/{id}/rounds/{r}/lineup-deadline",
            put(set_lineup_deadline),
        )
        .route(
            "/api/events/{id}/rounds/{r}/lineups/{team}",
            put(submit_lineup),
        )
        .route(
            "/api/events/{id}/rounds/{r}/boards/{b}/match",
            put(set_match),
        )
}
