//! The staff's pages beside the event page: the players (corrections, byes, violations,
//! withdrawals shown before they are confirmed, the check-in, a CSV file, the accounts
//! asking to play), the organiser's page (arbiters, hand-over, self-registration) and the
//! history with its undo. Every form carries the CSRF token and the version the page
//! showed; what a form may do is checked again on the server by the change itself.

use super::{From, StaffForm, change_from, csrf, load, opt, version_field};
use crate::auth::Visitor;
use crate::db::events::{self as store, HistoryEntry, StoredEvent};
use crate::error::{AppError, AppResult};
use crate::events::change;
use crate::events::{Action, NewPlayer, Person, Standing};
use crate::html::page;
use crate::i18n::Msg;
use crate::i18n::PageLang;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use maud::{Markup, html};
use serde::Deserialize;
use shatar_tournament::{ByeKind, EntrantNo, RoundNo};

/// `{id}/players/{n}` or `{id}/requests/{n}` in a path.
#[derive(Deserialize)]
struct PlayerAt {
    id: String,
    n: String,
}

impl PlayerAt {
    fn entrant(&self) -> AppResult<EntrantNo> {
        self.n.parse().map_err(|_| {
            AppError::NotFound(Msg::new("event-error-no-player").arg("number", &self.n))
        })
    }
}

fn players_path(id: &str) -> String {
    format!("/events/{id}/players")
}

/// The links between an event's pages.
pub(super) fn event_nav(v: &Visitor, stored: &StoredEvent) -> Markup {
    let l = v.lang;
    let id = &stored.id;
    let standing = Standing::of(v.user.as_ref(), &stored.state);
    html! {
        nav.event-nav {
            a href={ "/events/" (id) } { (stored.state.event.name) }
            " · " a href={ "/events/" (id) "/players" } { (l.t("event-players")) }
            @if stored.state.event.started {
                " · " a href={ "/events/" (id) "/standings" } { (l.t("event-standings")) }
                " · " a href={ "/events/" (id) "/crosstable" } { (l.t("event-report-crosstable")) }
                @if matches!(stored.state.event.system, shatar_tournament::System::SingleElimination | shatar_tournament::System::DoubleElimination) {
                    " · " a href={ "/events/" (id) "/bracket" } { (l.t("event-report-bracket")) }
                }
                " · " a href={ "/events/" (id) "/awards" } { (l.t("event-report-awards")) }
                " · " a href={ "/events/" (id) "/hall" } { (l.t("event-report-hall")) }
            }
            @if standing.is_staff() {
                " · " a href={ "/events/" (id) "/history" } { (l.t("event-history")) }
            }
            @if standing >= Standing::Organiser {
                " · " a href={ "/events/" (id) "/staff" } { (l.t("event-staff-page")) }
            }
        }
        // The page keeps itself up to date (static/live.js).
        p.notice #live hidden data-src={ "/events/" (id) "/live" } data-since=(stored.version) {
            (l.t("event-live-changed")) " " a href="" { (l.t("event-live-reload")) }
        }
        script src="/static/live.js" defer {}
    }
}

fn bye_name(v: &Visitor, kind: ByeKind) -> String {
    v.lang.t(match kind {
        ByeKind::Half => "event-bye-half",
        ByeKind::Full => "event-bye-full",
        ByeKind::Zero => "event-bye-zero",
    })
}

/// The players' page: for everyone the list; for the staff a row of forms per player,
/// the CSV import and the requests to play; for a signed-in account, its own request.
pub(super) fn players_body(v: &Visitor, stored: &StoredEvent, error: Option<&str>) -> Markup {
    let l = v.lang;
    let s = &stored.state;
    let e = &s.event;
    let id = stored.id.as_str();
    let staff = Standing::of(v.user.as_ref(), s).is_staff();
    let version = stored.version;
    let mine = v.user.as_ref().and_then(|u| s.entrant_of(u.id));
    let my_request = v
        .user
        .as_ref()
        .and_then(|u| s.pending.iter().find(|r| r.account.id == u.id));
    let check_in_open = e.rounds.is_empty();
    let next_round = e.rounds.len() + 1;
    html! {
        (event_nav(v, stored))
        h1 { (l.t("event-players")) }
        @if let Some(err) = error { p.error role="alert" { (err) } }
        p.downloads {
            (l.t("event-download")) ": "
            a href={ "/api/events/" (id) "/players.csv" } download { (l.t("event-download-players")) }
            @if !e.teams.is_empty() {
                " · " a href={ "/api/events/" (id) "/teams.csv" } download { (l.t("event-download-teams")) }
            }
            " · " a href={ "/api/events/" (id) "/export.trf" } download { "TRF" }
            " · " a href={ "/api/events/" (id) "/export.json" } download { (l.t("event-download-file")) }
        }
        @if check_in_open && !e.players.is_empty() {
            p.hint { (l.t_args("event-checked-in", &[("n", &s.checked_in.len().to_string()), ("of", &e.players.len().to_string())])) }
        }
        div.scroll {
            table.entrants {
                thead { tr {
                    th { "#" } th { (l.t("event-field-player")) } th { (l.t("event-field-club")) }
                    th { (l.t("event-field-region")) } th { (l.t("event-field-rating")) }
                    @if check_in_open { th { (l.t("event-check-in")) } }
                } }
                tbody {
                    @for p in &e.players {
                        tr.withdrawn[p.withdrawal.is_some()] {
                            td.num { (p.number) }
                            td {
                                (p.name)
                                @if let Some(a) = s.accounts.get(&p.number) { " " span.hint { "@" (a.name) } }
                                @if p.withdrawal.is_some() { " " span.hint { (l.t("event-withdrawn")) } }
                            }
                            td { (p.club) } td { (p.region) }
                            td.num { @if let Some(r) = p.rating { (r) } }
                            @if check_in_open {
                                td {
                                    @let present = s.checked_in.contains(&p.number);
                                    @if staff || mine == Some(p.number) {
                                        form.inline method="post" action={ "/events/" (id) "/players/" (p.number) "/check-in" } {
                                            (csrf(v))
                                            input type="hidden" name="present" value=(if present { "0" } else { "1" });
                                            button type="submit" class=[present.then_some("current")] {
                                                @if present { "✓ " (l.t("event-present")) } @else { (l.t("event-check-in")) }
                                            }
                                        }
                                    } @else if present { "✓" }
                                }
                            }
                        }
                    }
                }
            }
        }
        @if let Some(user) = v.user.as_ref() {
            @if s.registration_open && !e.started && mine.is_none() {
                section.card {
                    h2 { (l.t("event-ask-to-play")) }
                    @if let Some(r) = my_request {
                        p { (l.t_args("event-request-waiting", &[("name", &r.player.name)])) }
                        form method="post" action={ "/events/" (id) "/register/take-back" } {
                            (csrf(v))
                            button type="submit" { (l.t("event-take-back")) }
                        }
                    } @else {
                        form method="post" action={ "/events/" (id) "/register" } {
                            (csrf(v))
                            label { (l.t("event-field-player")) " " input name="name" required maxlength="100" value=(user.username); }
                            label { (l.t("event-field-club")) " " input name="club" maxlength="100"; }
                            label { (l.t("event-field-region")) " " input name="region" maxlength="100"; }
                            label { (l.t("event-field-rating")) " " input name="rating" type="number" min="0" max="4000"; }
                            label { (l.t("event-field-birth-year")) " " input name="birth_year" type="number" min="1900" max="2100"; }
                            button type="submit" { (l.t("event-ask-to-play")) }
                        }
                    }
                }
            }
        }
        @if e.is_team_event() {
            h2 { (l.t("event-teams")) }
            @for t in &e.teams {
                section.card.team {
                    h3 { (t.number) ". " (t.name) @if !t.region.is_empty() { " · " (t.region) } }
                    @if let Some(c) = s.captains.get(&t.number) { p.hint { (l.t("event-captain")) ": @" (c.name) } }
                    ol { @for m in &t.members { li { (m) ". " (e.entrant_name(*m)) } } }
                }
            }
            @if staff && !e.started {
                section.card.staff {
                    h2 { (l.t("event-add-team")) }
                    form method="post" action={ "/events/" (id) "/teams" } {
                        (csrf(v)) (version_field(version))
                        label { (l.t("event-field-team-name")) " " input name="name" required maxlength="100"; }
                        label { (l.t("event-field-region")) " " input name="region" maxlength="100"; }
                        label { (l.t("event-captain")) " " input name="captain" maxlength="40" placeholder=(l.t("event-field-username")); }
                        label { (l.t("event-field-members")) " "
                            textarea name="members" rows="6" required maxlength="8000" placeholder=(l.t("event-field-members-hint")) {}
                        }
                        button type="submit" { (l.t("event-add-team")) }
                    }
                }
            }
        }
        @if staff {
            @if !s.pending.is_empty() {
                section.card.staff {
                    h2 { (l.t("event-requests")) }
                    ul {
                        @for r in &s.pending {
                            li {
                                (r.player.name) " " span.hint { "@" (r.account.name) }
                                @if !r.player.club.as_deref().unwrap_or("").is_empty() { " · " (r.player.club.as_deref().unwrap_or("")) }
                                form.inline method="post" action={ "/events/" (id) "/requests/" (r.account.id) "/approve" } {
                                    (csrf(v)) (version_field(version))
                                    button type="submit" { (l.t("event-approve")) }
                                }
                                form.inline method="post" action={ "/events/" (id) "/requests/" (r.account.id) "/decline" } {
                                    (csrf(v)) (version_field(version))
                                    input name="reason" maxlength="200" placeholder=(l.t("event-field-reason"));
                                    button type="submit" { (l.t("event-decline")) }
                                }
                            }
                        }
                    }
                }
            }
            @if !e.started && !e.is_team_event() {
                section.card.staff {
                    h2 { (l.t("event-import-csv")) }
                    p.hint { (l.t("event-import-csv-hint")) }
                    form method="post" action={ "/events/" (id) "/players/import" } {
                        (csrf(v)) (version_field(version))
                        textarea name="csv" rows="6" required maxlength="262144"
                            placeholder="name,club,region,rating,birth_year" {}
                        button type="submit" { (l.t("event-import")) }
                    }
                }
            }
            section.card.staff {
                h2 { (l.t("event-corrections")) }
                @for p in e.players.iter().filter(|p| p.withdrawal.is_none()) {
                    details {
                        summary { (p.number) ". " (p.name) }
                        form method="post" action={ "/events/" (id) "/players/" (p.number) } {
                            (csrf(v)) (version_field(version))
                            label { (l.t("event-field-player")) " " input name="name" required maxlength="100" value=(p.name); }
                            label { (l.t("event-field-club")) " " input name="club" maxlength="100" value=(p.club); }
                            label { (l.t("event-field-region")) " " input name="region" maxlength="100" value=(p.region); }
                            label { (l.t("event-field-rating")) " " input name="rating" type="number" min="0" max="4000" value=[p.rating]; }
                            label { (l.t("event-field-birth-year")) " " input name="birth_year" type="number" min="1900" max="2100" value=[p.birth_year]; }
                            button type="submit" { (l.t("event-correct")) }
                        }
                        form method="post" action={ "/events/" (id) "/players/" (p.number) "/violations" } {
                            (csrf(v)) (version_field(version))
                            label { (l.t("event-violations")) " " input name="count" type="number" min="0" max="100" value=(p.violations); }
                            button type="submit" { (l.t("event-set")) }
                        }
                        @if e.system.is_swiss() {
                            form method="post" action={ "/events/" (id) "/players/" (p.number) "/byes" } {
                                (csrf(v)) (version_field(version))
                                label { (l.t("event-bye-round")) " " input name="round" type="number" min=(next_round) max="100" value=(next_round); }
                                select name="kind" {
                                    @for k in [ByeKind::Half, ByeKind::Zero, ByeKind::Full] {
                                        option value=(bye_code(k)) { (bye_name(v, k)) }
                                    }
                                }
                                button type="submit" { (l.t("event-request-bye")) }
                            }
                        }
                        form method="post" action={ "/events/" (id) "/players/" (p.number) "/withdraw" } {
                            (csrf(v)) (version_field(version))
                            input name="reason" maxlength="200" placeholder=(l.t("event-field-reason"));
                            button type="submit" { (l.t("event-withdraw")) "…" }
                        }
                    }
                }
            }
        }
    }
}

fn bye_code(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::Half => "half",
        ByeKind::Full => "full",
        ByeKind::Zero => "zero",
    }
}

async fn players_page(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
) -> AppResult<Response> {
    let stored = load(&state, &id).await?;
    let body = players_body(&v, &stored, None).into_string();
    let title = format!(
        "{} · {}",
        stored.state.event.name,
        v.lang.t("event-players")
    );
    Ok(page(&v, &players_path(&id), &title, &body).into_response())
}

/// A whole number from a form field; empty is none.
fn whole(field: &'static str, text: &str) -> AppResult<Option<u32>> {
    match text.trim() {
        "" => Ok(None),
        t => t.parse().map(Some).map_err(|_| {
            AppError::BadRequest(
                Msg::new("event-error-number")
                    .arg_id("field", field)
                    .arg("value", t),
            )
        }),
    }
}

/// A player's details as a form sends them.
#[derive(Deserialize)]
pub(super) struct DetailsForm {
    name: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    region: String,
    #[serde(default)]
    rating: String,
    #[serde(default)]
    birth_year: String,
    pub(super) csrf: Option<String>,
    pub(super) version: Option<i64>,
}

impl DetailsForm {
    /// The player, each number checked and named when it is not one.
    pub(super) fn player(&self) -> AppResult<NewPlayer> {
        let birth_year = whole("event-field-birth-year", &self.birth_year)?
            .map(|y| {
                u16::try_from(y).map_err(|_| {
                    AppError::BadRequest(
                        Msg::new("event-error-number")
                            .arg_id("field", "event-field-birth-year")
                            .arg("value", y),
                    )
                })
            })
            .transpose()?;
        Ok(NewPlayer {
            name: self.name.clone(),
            club: opt(&self.club),
            region: opt(&self.region),
            rating: whole("event-field-rating", &self.rating)?,
            birth_year,
            ..NewPlayer::default()
        })
    }
}

async fn correct_player(
    State(state): State<AppState>,
    v: Visitor,
    Path(at): Path<PlayerAt>,
    Form(f): Form<DetailsForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let action = Action::CorrectPlayer {
        number: at.entrant()?,
        player: f.player()?,
    };
    let back = players_path(&at.id);
    change_from(&state, &v, &at.id, action, f.version, back, From::Players).await
}

#[derive(Deserialize)]
struct CountForm {
    count: String,
    csrf: Option<String>,
    version: Option<i64>,
}

async fn set_violations(
    State(state): State<AppState>,
    v: Visitor,
    Path(at): Path<PlayerAt>,
    Form(f): Form<CountForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let count = whole("event-violations", &f.count)?.unwrap_or(0).min(100);
    let action = Action::SetViolations {
        entrant: at.entrant()?,
        count,
    };
    let back = players_path(&at.id);
    change_from(&state, &v, &at.id, action, f.version, back, From::Players).await
}

#[derive(Deserialize)]
struct ByeForm {
    round: String,
    kind: ByeKind,
    csrf: Option<String>,
    version: Option<i64>,
}

async fn request_bye(
    State(state): State<AppState>,
    v: Visitor,
    Path(at): Path<PlayerAt>,
    Form(f): Form<ByeForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let round: RoundNo = f.round.trim().parse().map_err(|_| {
        AppError::BadRequest(
            Msg::new("event-error-number")
                .arg_id("field", "event-bye-round")
                .arg("value", &f.round),
        )
    })?;
    let action = Action::RequestBye {
        entrant: at.entrant()?,
        round,
        bye: f.kind,
    };
    let back = players_path(&at.id);
    change_from(&state, &v, &at.id, action, f.version, back, From::Players).await
}

#[derive(Deserialize)]
struct WithdrawForm {
    #[serde(default)]
    reason: String,
    /// Present once the author has seen what the withdrawal does.
    #[serde(default)]
    confirm: Option<String>,
    csrf: Option<String>,
    version: Option<i64>,
}

/// A withdrawal is shown before it is made: the library's rule for the entrant's games
/// (S4 ch.2 §7) as the history would word it, with a button to confirm.
async fn withdraw(
    State(state): State<AppState>,
    v: Visitor,
    Path(at): Path<PlayerAt>,
    Form(f): Form<WithdrawForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let entrant = at.entrant()?;
    let reason: String = f.reason.chars().take(200).collect();
    let action = Action::Withdraw {
        entrant,
        reason: reason.clone(),
    };
    let back = players_path(&at.id);
    if f.confirm.is_some() {
        return change_from(&state, &v, &at.id, action, f.version, back, From::Players).await;
    }
    let stored = load(&state, &at.id).await?;
    let l = v.lang;
    let preview = match change::preview(&state.db, &at.id, v.user.as_ref(), &action).await {
        Ok(summary) => Ok(summary.text(l)),
        Err(change::ChangeError::Action(e)) => Err(e.message().text(l)),
        Err(change::ChangeError::Stale(m)) => Err(m.text(l)),
        Err(change::ChangeError::Unauthorized) => return Err(AppError::Unauthorized),
        Err(change::ChangeError::Forbidden(_)) => {
            return Err(AppError::Forbidden(Msg::new("event-error-staff-only")));
        }
        Err(change::ChangeError::NotFound(id)) => {
            return Err(AppError::NotFound(
                Msg::new("event-error-no-event").arg("id", id),
            ));
        }
        Err(change::ChangeError::Storage(e)) => return Err(e),
    };
    let body = html! {
        (event_nav(&v, &stored))
        h1 { (l.t("event-withdraw")) }
        @match &preview {
            Ok(summary) => {
                p.preview { (summary) }
                form method="post" action={ "/events/" (at.id) "/players/" (entrant) "/withdraw" } {
                    (csrf(&v)) (version_field(f.version.unwrap_or(stored.version)))
                    input type="hidden" name="reason" value=(reason);
                    input type="hidden" name="confirm" value="1";
                    button type="submit" { (l.t("event-confirm-withdraw")) }
                    " " a href=(back) { (l.t("event-cancel")) }
                }
            }
            Err(message) => {
                p.error role="alert" { (message) }
                p { a href=(back) { (l.t("event-players")) } }
            }
        }
    };
    let title = format!("{} · {}", stored.state.event.name, l.t("event-withdraw"));
    Ok(page(&v, &back, &title, &body.into_string()).into_response())
}

#[derive(Deserialize)]
struct PresentForm {
    present: String,
    csrf: Option<String>,
}

/// The check-in: a player's own (no version: it commutes with the staff's work) or the
/// staff's.
async fn check_in(
    State(state): State<AppState>,
    v: Visitor,
    Path(at): Path<PlayerAt>,
    Form(f): Form<PresentForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let action = Action::CheckIn {
        entrant: at.entrant()?,
        present: f.present == "1",
    };
    let back = players_path(&at.id);
    change_from(&state, &v, &at.id, action, None, back, From::Players).await
}

#[derive(Deserialize)]
struct CsvForm {
    csv: String,
    csrf: Option<String>,
    version: Option<i64>,
}

async fn import_players(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Form(f): Form<CsvForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let action = Action::ImportPlayers { csv: f.csv };
    let back = players_path(&id);
    change_from(&state, &v, &id, action, f.version, back, From::Players).await
}

#[derive(Deserialize)]
struct TeamForm {
    name: String,
    #[serde(default)]
    region: String,
    #[serde(default)]
    captain: String,
    members: String,
    csrf: Option<String>,
    version: Option<i64>,
}

/// A team from the form: its members one a line, board players first, each a name and
/// optionally `, rating`.
async fn add_team(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Form(f): Form<TeamForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let mut members = Vec::new();
    for line in f.members.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (name, rating) = match line.rsplit_once(',') {
            Some((name, rating)) if rating.trim().parse::<u32>().is_ok() => {
                (name.trim(), rating.trim().parse().ok())
            }
            _ => (line, None),
        };
        members.push(NewPlayer {
            name: name.to_owned(),
            rating,
            ..NewPlayer::default()
        });
    }
    let captain = match f.captain.trim() {
        "" => None,
        name => Some(account_named(&state, name).await?),
    };
    let action = Action::AddTeam {
        team: crate::events::NewTeam {
            name: f.name,
            region: opt(&f.region),
            members,
        },
        captain,
    };
    let back = players_path(&id);
    change_from(&state, &v, &id, action, f.version, back, From::Players).await
}

/// The signed-in account as the event remembers it.
fn me(v: &Visitor) -> AppResult<Person> {
    let user = v.require_user()?;
    Ok(Person {
        id: user.id,
        name: user.username.clone(),
    })
}

async fn register(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Form(f): Form<DetailsForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let action = Action::Register {
        account: me(&v)?,
        player: f.player()?,
    };
    let back = players_path(&id);
    change_from(&state, &v, &id, action, None, back, From::Players).await
}

#[derive(Deserialize)]
struct CsrfOnly {
    csrf: Option<String>,
}

async fn take_back(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Form(f): Form<CsrfOnly>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let action = Action::Decline {
        account: me(&v)?,
        reason: crate::events::action::TAKEN_BACK.into(),
    };
    let back = players_path(&id);
    change_from(&state, &v, &id, action, None, back, From::Players).await
}

/// The account of a request to play, by its row id in the path.
async fn requester(state: &AppState, at: &PlayerAt) -> AppResult<Person> {
    let stored = load(state, &at.id).await?;
    stored
        .state
        .pending
        .iter()
        .find(|r| r.account.id.to_string() == at.n)
        .map(|r| r.account.clone())
        .ok_or_else(|| AppError::NotFound(Msg::new("event-error-no-request")))
}

async fn approve(
    State(state): State<AppState>,
    v: Visitor,
    Path(at): Path<PlayerAt>,
    Form(f): Form<StaffForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let account = requester(&state, &at).await?;
    let back = players_path(&at.id);
    let action = Action::Approve { account };
    change_from(&state, &v, &at.id, action, f.version, back, From::Players).await
}

async fn decline(
    State(state): State<AppState>,
    v: Visitor,
    Path(at): Path<PlayerAt>,
    Form(f): Form<WithdrawForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let account = requester(&state, &at).await?;
    let back = players_path(&at.id);
    let action = Action::Decline {
        account,
        reason: f.reason.chars().take(200).collect(),
    };
    change_from(&state, &v, &at.id, action, f.version, back, From::Players).await
}

/// The organiser's page: arbiters, hand-over, self-registration.
pub(super) fn staff_body(v: &Visitor, stored: &StoredEvent, error: Option<&str>) -> Markup {
    let l = v.lang;
    let s = &stored.state;
    let id = stored.id.as_str();
    let version = stored.version;
    html! {
        (event_nav(v, stored))
        h1 { (l.t("event-staff-page")) }
        @if let Some(err) = error { p.error role="alert" { (err) } }
        p { (l.t("event-organiser")) ": " strong { (s.organiser.name) } }
        section.card.staff {
            h2 { (l.t("event-arbiters")) }
            ul {
                @for a in &s.arbiters {
                    li {
                        (a.name)
                        form.inline method="post" action={ "/events/" (id) "/arbiters/" (a.name) "/remove" } {
                            (csrf(v)) (version_field(version))
                            button type="submit" { (l.t("event-remove")) }
                        }
                    }
                }
            }
            form method="post" action={ "/events/" (id) "/arbiters" } {
                (csrf(v)) (version_field(version))
                label { (l.t("event-field-username")) " " input name="username" required maxlength="40"; }
                button type="submit" { (l.t("event-appoint")) }
            }
        }
        @if !s.event.started {
            section.card.staff {
                h2 { (l.t("event-self-registration")) }
                form method="post" action={ "/events/" (id) "/registration" } {
                    (csrf(v)) (version_field(version))
                    input type="hidden" name="open" value=(if s.registration_open { "0" } else { "1" });
                    button type="submit" {
                        (l.t(if s.registration_open { "event-close-registration" } else { "event-open-registration" }))
                    }
                }
            }
        }
        section.card.staff {
            h2 { (l.t("event-hand-over")) }
            form method="post" action={ "/events/" (id) "/organiser" } {
                (csrf(v)) (version_field(version))
                label { (l.t("event-field-username")) " " input name="username" required maxlength="40"; }
                button type="submit" { (l.t("event-hand-over")) }
            }
        }
    }
}

async fn staff_page(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
) -> AppResult<Response> {
    let stored = load(&state, &id).await?;
    if Standing::of(v.user.as_ref(), &stored.state) < Standing::Organiser {
        v.require_user()?;
        return Err(AppError::Forbidden(Msg::new("event-error-organiser-only")));
    }
    let body = staff_body(&v, &stored, None).into_string();
    let title = format!(
        "{} · {}",
        stored.state.event.name,
        v.lang.t("event-staff-page")
    );
    Ok(page(&v, &format!("/events/{id}/staff"), &title, &body).into_response())
}

/// The account named in a form.
async fn account_named(state: &AppState, name: &str) -> AppResult<Person> {
    let u = crate::db::users::by_name(&state.db, name.trim())
        .await?
        .ok_or_else(|| {
            AppError::BadRequest(Msg::new("event-error-no-account").arg("name", name.trim()))
        })?;
    Ok(Person {
        id: u.id,
        name: u.username,
    })
}

#[derive(Deserialize)]
struct UsernameForm {
    username: String,
    csrf: Option<String>,
    version: Option<i64>,
}

async fn appoint(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Form(f): Form<UsernameForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let arbiter = account_named(&state, &f.username).await?;
    let back = format!("/events/{id}/staff");
    let action = Action::AppointArbiter { arbiter };
    change_from(&state, &v, &id, action, f.version, back, From::Staff).await
}

async fn remove_arbiter(
    State(state): State<AppState>,
    v: Visitor,
    Path((id, name)): Path<(String, String)>,
    Form(f): Form<StaffForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let arbiter = account_named(&state, &name).await?;
    let back = format!("/events/{id}/staff");
    let action = Action::RemoveArbiter { arbiter };
    change_from(&state, &v, &id, action, f.version, back, From::Staff).await
}

async fn hand_over(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Form(f): Form<UsernameForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let organiser = account_named(&state, &f.username).await?;
    let action = Action::HandOver { organiser };
    // The former organiser may no longer see the organiser's page: back to the event.
    change_from(
        &state,
        &v,
        &id,
        action,
        f.version,
        format!("/events/{id}"),
        From::Staff,
    )
    .await
}

#[derive(Deserialize)]
struct OpenForm {
    open: String,
    csrf: Option<String>,
    version: Option<i64>,
}

async fn open_registration(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Form(f): Form<OpenForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let action = Action::OpenRegistration {
        open: f.open == "1",
    };
    let back = format!("/events/{id}/staff");
    change_from(&state, &v, &id, action, f.version, back, From::Staff).await
}

/// The history: every change with its author and time, the undone ones marked, and the
/// undo of the latest change still in force.
pub(super) fn history_body(
    v: &Visitor,
    stored: &StoredEvent,
    history: &[HistoryEntry],
    error: Option<&str>,
) -> Markup {
    let l = v.lang;
    let undone_by: std::collections::HashMap<i64, i64> = history
        .iter()
        .filter_map(|h| match h.action {
            Action::Undo { seq } => Some((seq, h.seq)),
            _ => None,
        })
        .collect();
    // The history keeps each summary in English; in another language it is worded again.
    let worded = match l {
        crate::i18n::Lang::En => Default::default(),
        _ => crate::events::action::worded(
            history
                .iter()
                .map(|h| (h.seq, &h.action, h.summary.as_str())),
        ),
    };
    let latest = crate::events::action::in_force(history.iter().map(|h| (h.seq, &h.action)))
        .last()
        .filter(|(_, a)| !matches!(a, Action::Create { .. } | Action::Import { .. }))
        .map(|&(seq, _)| seq);
    html! {
        (event_nav(v, stored))
        h1 { (l.t("event-history")) }
        @if let Some(err) = error { p.error role="alert" { (err) } }
        div.scroll {
            table.history {
                thead { tr {
                    th { "#" } th { (l.t("event-when")) } th { (l.t("event-who")) } th { (l.t("event-what")) } th {}
                } }
                tbody {
                    @for h in history.iter().rev() {
                        tr.undone[undone_by.contains_key(&h.seq)] {
                            td.num { (h.seq) }
                            td { time { (crate::archive::utc_minute(h.at_ms)) } }
                            td { (h.by_name) }
                            td {
                                (worded.get(&h.seq).map_or_else(|| h.summary.clone(), |m| m.text(l)))
                                @if let Some(by) = undone_by.get(&h.seq) {
                                    " " span.hint { (l.t_args("event-undone-by", &[("seq", &by.to_string())])) }
                                }
                            }
                            td {
                                @if latest == Some(h.seq) {
                                    form.inline method="post" action={ "/events/" (stored.id) "/undo" } {
                                        (csrf(v)) (version_field(stored.version))
                                        input type="hidden" name="seq" value=(h.seq);
                                        button type="submit" { (l.t("event-undo")) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

async fn history_page(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
) -> AppResult<Response> {
    let stored = load(&state, &id).await?;
    if !Standing::of(v.user.as_ref(), &stored.state).is_staff() {
        v.require_user()?;
        return Err(AppError::Forbidden(Msg::new("event-error-staff-only")));
    }
    let history = store::history(&state.db, &id, 0).await?;
    let body = history_body(&v, &stored, &history, None).into_string();
    let title = format!(
        "{} · {}",
        stored.state.event.name,
        v.lang.t("event-history")
    );
    Ok(page(&v, &format!("/events/{id}/history"), &title, &body).into_response())
}

#[derive(Deserialize)]
struct UndoForm {
    seq: i64,
    csrf: Option<String>,
    version: Option<i64>,
}

async fn undo(
    State(state): State<AppState>,
    v: Visitor,
    Path(id): Path<String>,
    Form(f): Form<UndoForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let back = format!("/events/{id}/history");
    let action = Action::Undo { seq: f.seq };
    // The undo names the entry it takes back: that is its stale-view check.
    let _ = f.version;
    change_from(&state, &v, &id, action, None, back, From::History).await
}

/// The staff pages' routes.
pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/events/{id}/players", get(players_page))
        .route("/events/{id}/players/import", post(import_players))
        .route("/events/{id}/players/{n}", post(correct_player))
        .route("/events/{id}/players/{n}/violations", post(set_violations))
        .route("/events/{id}/players/{n}/byes", post(request_bye))
        .route("/events/{id}/players/{n}/withdraw", post(withdraw))
        .route("/events/{id}/players/{n}/check-in", post(check_in))
        .route("/events/{id}/teams", post(add_team))
        .route("/events/{id}/register", post(register))
        .route("/events/{id}/register/take-back", post(take_back))
        .route("/events/{id}/requests/{n}/approve", post(approve))
        .route("/events/{id}/requests/{n}/decline", post(decline))
        .route("/events/{id}/staff", get(staff_page))
        .route("/events/{id}/arbiters", post(appoint))
        .route("/events/{id}/arbiters/{n}/remove", post(remove_arbiter))
        .route("/events/{id}/organiser", post(hand_over))
        .route("/events/{id}/registration", post(open_registration))
        .route("/events/{id}/history", get(history_page))
        .route("/events/{id}/undo", post(undo))
}
