//! The runner's steps for an online arena (see `arena.rs` for the arena itself): its
//! clock started once the event has, each ended game's result entered once (in the order
//! the games ended, so that one ending after the arena's time is up is entered after its
//! end and does not count), the end at its time, and the players who wait paired at once
//! — each pairing call a change on the view it was decided from, so two processes never
//! pair the same wave, and the wave's games created in one transaction, once.

use super::Action;
use super::action::ArenaGameEnd;
use super::arena::{self, ArenaRun};
use super::change::{self, ChangeError};
use super::online::{self, Online};
use super::runner::game_row;
use super::state::EventState;
use crate::db::event_games;
use crate::db::events::StoredEvent;
use crate::db::games::{self, GameRow, Status as GameStatus};
use crate::state::AppState;
use shatar_tournament::{EntrantNo, GameResult};

/// Does the next thing due in arena `id`; whether it changed the event (the runner looks
/// again at once).
pub(super) async fn step(
    app: &AppState,
    id: &str,
    stored: &StoredEvent,
    settings: &Online,
    now: i64,
) -> Result<bool, ChangeError> {
    let s = &stored.state;
    let Some(run) = &s.arena else {
        return Ok(false);
    };
    // 1. The clock starts when the event does.
    let Some(ends) = run.ends_ms() else {
        let minute = i64::try_from(app.config.arena_minute_ms).unwrap_or(60_000);
        let begin = Action::ArenaBegin {
            at_ms: now,
            ends_ms: Some(now + i64::from(run.duration_min) * minute),
        };
        change::by_server(&app.db, id, begin, None).await?;
        return Ok(true);
    };
    // 2. The latest wave's games, when a kill came between its pairing and them.
    let last = run.waves();
    if last > 0 && event_games::of_round(&app.db, id, last).await?.is_empty() {
        create_wave(app, id, s, settings, run, last).await?;
    }
    // 3. The games played: live ones run here, ended ones entered in the order they ended.
    let mut ended = Vec::new();
    let mut waves: Vec<u32> = run
        .games
        .iter()
        .filter(|g| g.result.is_none())
        .map(|g| g.wave)
        .collect();
    waves.dedup();
    for wave in waves {
        for g in event_games::of_round(&app.db, id, wave).await? {
            let Some(board) = run.board(wave, g.board).filter(|b| b.result.is_none()) else {
                continue;
            };
            if g.game.status == GameStatus::Started {
                app.hub.adopt(&g.game.id).await?;
                if let Some(result) = withdrawn(s, board.white, board.black) {
                    app.hub
                        .decide(&g.game.id, online::decided_finish(&result))
                        .await?;
                }
                continue;
            }
            let Some(result) = online::result_of(&g.game) else {
                continue;
            };
            let (end, at_ms) = read_end(app, &g.game, result).await?;
            ended.push((at_ms, wave, g.board, end));
        }
    }
    ended.sort_by_key(|(at_ms, wave, board, _)| (*at_ms, *wave, *board));
    let mut changed = false;
    for (at_ms, wave, board, end) in ended {
        if at_ms >= ends && !run.ended {
            change::by_server(&app.db, id, Action::ArenaEnd, None).await?;
        }
        change::by_server(&app.db, id, Action::ArenaResult { wave, board, end }, None).await?;
        changed = true;
    }
    if changed {
        return Ok(true);
    }
    // 4. The end at its time.
    if run.ended {
        return Ok(false);
    }
    if now >= ends {
        change::by_server(&app.db, id, Action::ArenaEnd, None).await?;
        return Ok(true);
    }
    // 5. Those who wait are paired.
    if arena::waiting(s, run).len() < 2 {
        return Ok(false);
    }
    let wave = last + 1;
    let paired = change::by_server(
        &app.db,
        id,
        Action::ArenaPair { wave },
        Some(stored.version),
    )
    .await?;
    if !paired.changed {
        return Ok(false);
    }
    if let Some(run) = &paired.state.arena {
        create_wave(app, id, &paired.state, settings, run, wave).await?;
    }
    Ok(false)
}

/// The result an arbiter's removal or a withdrawal gives a game still played: the one who
/// left loses by forfeit (both, when both left).
fn withdrawn(s: &EventState, white: EntrantNo, black: EntrantNo) -> Option<GameResult> {
    let gone = |n| s.event.withdrawal(n).is_some();
    GameResult::forfeit(gone(white), gone(black), super::action::WITHDREW)
}

/// What an ended game gives the arena, and when it ended: its full moves, who berserked
/// (a `berserk` step of the game), the time of its last step.
async fn read_end(
    app: &AppState,
    game: &GameRow,
    result: GameResult,
) -> Result<(ArenaGameEnd, i64), ChangeError> {
    let moves = games::moves(&app.db, &game.id).await?;
    let steps = games::events(&app.db, &game.id).await?;
    let berserk = |side: &str| {
        steps
            .iter()
            .any(|e| e.kind == crate::live::game::BERSERK && e.color.as_deref() == Some(side))
    };
    let at_ms = steps
        .iter()
        .map(|e| e.at_ms)
        .chain(moves.iter().map(|m| m.played_ms))
        .max()
        .unwrap_or(game.created_ms);
    let plies = u32::try_from(moves.len()).unwrap_or(u32::MAX);
    Ok((
        ArenaGameEnd {
            result,
            moves: plies.div_ceil(2),
            white_berserk: berserk("white"),
            black_berserk: berserk("black"),
        },
        at_ms,
    ))
}

/// Creates the live games of `wave` (each of its boards between two accounts), once, and
/// opens them here so that their clocks and default timers run.
async fn create_wave(
    app: &AppState,
    id: &str,
    s: &EventState,
    settings: &Online,
    run: &ArenaRun,
    wave: u32,
) -> Result<(), ChangeError> {
    let mut rows = Vec::new();
    for b in run.wave(wave) {
        if let Some(row) = game_row(s, settings, b.white, b.black)? {
            rows.push((b.board, 1, row));
        }
    }
    if event_games::create_round(&app.db, id, wave, &rows).await? {
        for (_, _, row) in &rows {
            app.hub.room(&row.id).await?;
        }
        tracing::info!(event = %id, wave, games = rows.len(), "arena games created");
    }
    Ok(())
}
