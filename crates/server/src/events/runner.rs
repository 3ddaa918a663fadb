//! The server running its online events: every second each one not yet finished is
//! brought up to date — started at its start time, the next round paired with the
//! tournament library and published once the last one is over and the pause has passed
//! (a team event's pause comes after the pairing, for the line-ups: `team_runner.rs`),
//! the round's live games created, and each pairing's result entered once its games are
//! over (a match of several games plays them one after another, see
//! `online::next_in_match`).
//!
//! Every step is a change like the staff's (`change::by_server`, kept in the history under
//! the server's name) made on the view it was decided from, so two processes on one
//! database never pair a round twice: the second one's view is stale and its change is
//! refused. A round's games are created together with their links in one transaction,
//! once. After a restart or a kill nothing is lost: the games resume with the live games
//! (`Hub::resume_all`) and the runner takes the event up where its state and the games'
//! rows say it is.

use super::change::{self, ChangeError};
use super::online::{self, MatchStep, Online};
use super::state::EventState;
use super::{Action, Status};
use crate::db::event_games;
use crate::db::games::{GameRow, Status as GameStatus};
use crate::db::{events as store, now_ms};
use crate::error::AppError;
use crate::state::AppState;
use shatar_tournament::{EntrantNo, GameResult, Pairing, Round, RoundNo};
use std::collections::HashSet;
use std::time::Duration;

/// How often the runner looks at each online event.
pub const TICK: Duration = Duration::from_secs(1);

/// Starts the runner: a task that brings every online event up to date each [`TICK`],
/// and at once when a live game ends (its result may complete a round).
pub fn spawn(app: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(TICK);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        let mut mine = HashSet::new();
        loop {
            tokio::select! {
                _ = every.tick() => {}
                () = app.hub.a_game_ended() => {}
            }
            run_all(&app, &mut mine).await;
        }
    })
}

/// Brings every online event not yet finished that this process runs up to date, once.
/// `mine` are the events this process has claimed: with several processes on one
/// PostgreSQL database, exactly one runs each event (the first to claim it, until it
/// ends); the others leave it alone.
pub async fn run_all(app: &AppState, mine: &mut HashSet<String>) {
    let ids = match store::run_online(&app.db).await {
        Ok(ids) => ids,
        Err(e) => {
            tracing::warn!(error = %e, "listing the online events failed");
            return;
        }
    };
    mine.retain(|id| ids.contains(id));
    for id in ids {
        if !mine.contains(&id) {
            match app.hub.claim(&format!("event:{id}")).await {
                Ok(true) => {
                    mine.insert(id.clone());
                }
                Ok(false) => continue,
                Err(e) => {
                    tracing::warn!(event = %id, error = %e, "claiming an online event failed");
                    continue;
                }
            }
        }
        match step(app, &id).await {
            Ok(()) | Err(ChangeError::Stale(_)) => {}
            Err(e) => tracing::warn!(event = %id, error = %e, "running an online event failed"),
        }
    }
}

/// Does what is due now in event `id`: when a step enters results (perhaps a round's
/// last), the next step follows at once, so a round without a pause is paired in the same
/// pass.
async fn step(app: &AppState, id: &str) -> Result<(), ChangeError> {
    for _ in 0..3 {
        if !step_once(app, id).await? {
            break;
        }
    }
    Ok(())
}

/// Does the next thing due in event `id`; whether it entered a result.
async fn step_once(app: &AppState, id: &str) -> Result<bool, ChangeError> {
    let Some(stored) = store::load(&app.db, id).await? else {
        return Ok(false);
    };
    let s = &stored.state;
    let Some(settings) = s.online else {
        return Ok(false);
    };
    let now = now_ms();
    if !s.event.started {
        // Round 1 at the start time, with at least two players; else it waits for the
        // organiser (or more players).
        if settings.start_at_ms.is_some_and(|at| at <= now) && s.players_taking_part() >= 2 {
            change::by_server(&app.db, id, Action::Start, Some(stored.version)).await?;
            return Ok(true);
        }
        return Ok(false);
    }
    if s.arena.is_some() {
        return super::arena_runner::step(app, id, &stored, &settings, now).await;
    }
    if let Some(round) = s.event.rounds.last() {
        end_decided(app, id, round).await?;
    }
    match s.event.rounds.last() {
        Some(round)
            if !round
                .pairings
                .iter()
                .all(|p| online::is_settled(&s.event, p)) =>
        {
            play(app, id, s, &settings, round).await
        }
        last => {
            if s.status() == Status::Finished {
                return Ok(false);
            }
            // A team event pairs at once: its pause is the captains' time for line-ups
            // (`team_runner`).
            if last.is_some() && !s.event.is_team_event() {
                // The pause after the round's last game: counted from the last change,
                // the result that completed it.
                let since = store::updated_ms(&app.db, id).await?.unwrap_or(now);
                if now < since + i64::from(settings.pause_s) * 1_000 {
                    return Ok(false);
                }
            }
            let paired =
                change::by_server(&app.db, id, Action::PairRound, Some(stored.version)).await?;
            let Some(round) = paired.state.event.rounds.last() else {
                return Ok(false);
            };
            play(app, id, &paired.state, &settings, round).await
        }
    }
}

/// A round being played: published, its games created, each match's next game created
/// when the last one ends, and each pairing's result entered once its games are over;
/// whether a result was entered.
async fn play(
    app: &AppState,
    id: &str,
    s: &EventState,
    settings: &Online,
    round: &Round,
) -> Result<bool, ChangeError> {
    if !s.is_published(round.number) {
        change::by_server(
            &app.db,
            id,
            Action::Publish {
                round: round.number,
            },
            None,
        )
        .await?;
    }
    if s.event.is_team_event() {
        return super::team_runner::play(app, id, s, settings, round).await;
    }
    let mut games = event_games::of_round(&app.db, id, round.number.get()).await?;
    if games.is_empty() {
        create_games(app, id, s, settings, round).await?;
        games = event_games::of_round(&app.db, id, round.number.get()).await?;
    }
    let mut entered = false;
    for p in round.pairings.iter().filter(|p| !p.is_complete()) {
        let of_board: Vec<&GameRow> = games
            .iter()
            .filter(|g| g.board == p.board.get())
            .map(|g| &g.game)
            .collect();
        if of_board.is_empty() {
            // A side without an account cannot come to a game: it loses by default.
            if let Some(result) = unplayable(s, p) {
                enter(app, id, round.number, p, s.event.each_game(&result), None).await?;
                entered = true;
            }
            continue;
        }
        if let Some(live) = of_board.iter().find(|g| g.status == GameStatus::Started) {
            // Its clock runs here unless another process is running it.
            app.hub.adopt(&live.id).await?;
            continue;
        }
        let ended: Vec<GameResult> = of_board
            .iter()
            .filter_map(|g| online::result_of(g))
            .collect();
        match online::next_in_match(&s.event, p, &ended) {
            Some(MatchStep::Play {
                game_no,
                white,
                black,
            }) => {
                let Some(row) = game_row(s, settings, white, black)? else {
                    continue;
                };
                if event_games::create_game(
                    &app.db,
                    id,
                    round.number.get(),
                    p.board.get(),
                    game_no,
                    &row,
                )
                .await?
                {
                    app.hub.room(&row.id).await?;
                    tracing::info!(event = %id, round = %round.number, board = %p.board, game_no, "a match's next game created");
                }
            }
            Some(MatchStep::Enter { games, winner }) => {
                enter(app, id, round.number, p, games, winner).await?;
                entered = true;
            }
            None => {}
        }
    }
    Ok(entered)
}

/// Ends the live games of `round` that the event decided while they were played (an
/// arbiter's result or default, a player's withdrawal or removal): each ends as decided.
async fn end_decided(app: &AppState, id: &str, round: &Round) -> Result<(), ChangeError> {
    let decided: Vec<&Pairing> = round
        .pairings
        .iter()
        .filter(|p| p.black.is_some() && p.is_complete())
        .collect();
    if decided.is_empty() {
        return Ok(());
    }
    for g in event_games::of_round(&app.db, id, round.number.get()).await? {
        if g.game.status != GameStatus::Started {
            continue;
        }
        // The decided result of the game being played (a match's game k is result k,
        // in that game's colours); the first when fewer were entered.
        let Some(result) = decided
            .iter()
            .find(|p| p.board.get() == g.board)
            .and_then(|p| {
                let k = usize::try_from(g.game_no).unwrap_or(1).saturating_sub(1);
                match &p.team_match {
                    // A team match's game k is its board k's.
                    Some(m) => m.boards.get(k).and_then(|b| b.first()),
                    None => p.games.get(k).or(p.games.first()),
                }
            })
        else {
            continue;
        };
        if !app
            .hub
            .decide(&g.game.id, online::decided_finish(result))
            .await?
        {
            tracing::info!(event = %id, game = %g.game.id, "a decided game is run elsewhere: ended later");
        }
    }
    Ok(())
}

/// Enters pairing `p`'s games; a level knock-out match's winner by its armageddon game is
/// recorded first, so that a kill between the two leaves the pairing without a result
/// (the runner enters it again) rather than complete and undecided.
async fn enter(
    app: &AppState,
    id: &str,
    round: RoundNo,
    p: &Pairing,
    games: Vec<GameResult>,
    winner: Option<EntrantNo>,
) -> Result<(), ChangeError> {
    if let Some(winner) = winner {
        let decide = Action::DecideMatch {
            round,
            board: p.board,
            winner,
        };
        change::by_server(&app.db, id, decide, None).await?;
    }
    let action = Action::SetResult {
        round,
        board: p.board,
        games,
        replace: false,
        sheet: None,
    };
    match change::by_server(&app.db, id, action, None).await {
        // The staff entered another result first (an adjudication): theirs stands.
        Err(ChangeError::Action(super::ActionError::ResultConflict { .. })) => Ok(()),
        other => other.map(|_| ()),
    }
}

/// The result of a pairing whose game cannot be played: a side without an account loses
/// by default (both, when neither has one).
fn unplayable(s: &EventState, p: &Pairing) -> Option<GameResult> {
    let black = p.black?;
    let absent = |n| !s.accounts.contains_key(&n);
    GameResult::forfeit(absent(p.white), absent(black), online::NO_SHOW)
}

/// A new live game of online event `s` between the accounts of entrants `white` and
/// `black`, with the event's ruleset and clock; `None` when one has no account.
pub(super) fn game_row(
    s: &EventState,
    settings: &Online,
    white: EntrantNo,
    black: EntrantNo,
) -> Result<Option<GameRow>, AppError> {
    let (Some(white), Some(black)) = (s.accounts.get(&white), s.accounts.get(&black)) else {
        return Ok(None);
    };
    let preset: shatar_rules::Preset =
        s.event.ruleset.parse().map_err(|_| {
            AppError::Internal(format!("online event: ruleset {:?}", s.event.ruleset))
        })?;
    Ok(Some(GameRow {
        white_id: Some(white.id),
        black_id: Some(black.id),
        rated: settings.rated,
        default_ms: Some(i64::from(settings.default_s) * 1_000),
        ..GameRow::new(
            crate::ids::random_id(8)?,
            preset,
            settings.initial_ms,
            settings.increment_ms,
        )
    }))
}

/// Creates the first live games of `round` (one per pairing of two players with
/// accounts), once, and opens them here so that their clocks and default timers run.
async fn create_games(
    app: &AppState,
    id: &str,
    s: &EventState,
    settings: &Online,
    round: &Round,
) -> Result<(), AppError> {
    let mut rows = Vec::new();
    for p in &round.pairings {
        let Some(black) = p.black else { continue };
        if let Some(row) = game_row(s, settings, p.white, black)? {
            rows.push((p.board.get(), 1, row));
        }
    }
    if event_games::create_round(&app.db, id, round.number.get(), &rows).await? {
        for (_, _, row) in &rows {
            app.hub.room(&row.id).await?;
        }
        tracing::info!(event = %id, round = %round.number, games = rows.len(), "round's games created");
    }
    Ok(())
}
