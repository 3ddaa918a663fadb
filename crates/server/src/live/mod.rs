//! Live games: a room per game being watched or played, holding the cached [`LiveGame`] and
//! a broadcast channel to every connected socket. Each step is committed to the database
//! before the cache changes or anyone hears of it.
//!
//! Several server processes sharing one PostgreSQL: each process keeps its own rooms, and
//! a step is refused unless its move's primary key `(game_id, ply)` is free, so two
//! processes can never both store a move for the same ply. Routing all sockets of a game to
//! one process (by game id at the proxy), or fanning steps out with PostgreSQL
//! `LISTEN/NOTIFY`, is not done yet: today one process serves a given game.

pub mod clock;
pub mod computer;
pub mod game;
pub mod offers;

use crate::db::{Db, games, now_ms};
use crate::error::{ActionError, AppError};
use game::{Action, LiveGame};
use shatar_rules::Color;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// How long an ended game's room stays cached.
const EVICT_AFTER: std::time::Duration = std::time::Duration::from_secs(300);

/// One game's room.
#[derive(Debug)]
pub struct Room {
    /// The game, locked while a step is planned, stored and applied.
    pub game: tokio::sync::Mutex<LiveGame>,
    /// Snapshots for every socket in the room.
    pub tx: broadcast::Sender<Arc<str>>,
}

/// Every room of this process.
#[derive(Debug)]
pub struct Hub {
    db: Db,
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    computer: computer::ComputerPool,
    writer: games::StepWriter,
}

impl Hub {
    /// An empty hub over `db` (call inside a Tokio runtime: it starts the step writer).
    pub fn new(db: Db) -> Hub {
        Hub {
            writer: games::StepWriter::spawn(db.clone()),
            db,
            rooms: Mutex::new(HashMap::new()),
            computer: computer::ComputerPool::for_this_machine(),
        }
    }

    /// The room of game `id`, loading the game from the database when not cached.
    pub async fn room(self: &Arc<Self>, id: &str) -> Result<Arc<Room>, AppError> {
        if let Some(room) = self.cached(id) {
            return Ok(room);
        }
        let row = games::by_id(&self.db, id)
            .await?
            .ok_or_else(|| AppError::NotFound(format!("game {id}")))?;
        let moves = games::moves(&self.db, id).await?;
        let events = games::events(&self.db, id).await?;
        let live = LiveGame::load(row, &moves, &events)?;
        let (tx, _) = broadcast::channel(64);
        let fresh = Arc::new(Room {
            game: tokio::sync::Mutex::new(live),
            tx,
        });
        let room = {
            let mut rooms = self
                .rooms
                .lock()
                .map_err(|_| AppError::Internal("rooms lock poisoned".into()))?;
            Arc::clone(rooms.entry(id.to_owned()).or_insert(fresh))
        };
        if !room.game.lock().await.is_live() {
            // A finished game loaded for viewing leaves the cache again.
            self.evict_later(id);
        }
        self.arm_flag_timer(id, &room).await;
        self.computer_to_move(id, &room).await;
        Ok(room)
    }

    fn cached(&self, id: &str) -> Option<Arc<Room>> {
        self.rooms.lock().ok()?.get(id).cloned()
    }

    /// Loads every game being played (after a start) so that their clocks run again.
    pub async fn resume_all(self: &Arc<Self>) -> Result<usize, AppError> {
        let ongoing = games::ongoing(&self.db).await?;
        for g in &ongoing {
            self.room(&g.id).await?;
        }
        Ok(ongoing.len())
    }

    /// `color` acts in game `id`: the step is planned, committed, applied and broadcast.
    pub fn act<'a>(
        self: &'a Arc<Self>,
        id: &'a str,
        color: Color,
        action: &'a Action,
    ) -> std::pin::Pin<Box<dyn Future<Output = Result<(), ActionError>> + Send + 'a>> {
        // Boxed with an explicit `Send`: the computer's task calls `act` again.
        Box::pin(self.act_inner(id, color, action))
    }

    async fn act_inner(
        self: &Arc<Self>,
        id: &str,
        color: Color,
        action: &Action,
    ) -> Result<(), ActionError> {
        let room = self.room(id).await.map_err(|_| ActionError::GameOver)?;
        let mut live = room.game.lock().await;
        let now = now_ms();
        let plan = live.plan(color, action, now)?;
        self.commit(&mut live, plan, now).await?;
        let _ = room.tx.send(snapshot_text(&live, now));
        let ended = !live.is_live();
        drop(live);
        if ended {
            self.evict_later(id);
        }
        self.arm_flag_timer(id, &room).await;
        self.computer_to_move(id, &room).await;
        Ok(())
    }

    /// `color` asks for a rematch of the ended game `id`: when the opponent has asked too
    /// (or the opponent is the computer), a new game with colours swapped is created and
    /// announced in the old game's state.
    pub async fn rematch(self: &Arc<Self>, id: &str, color: Color) -> Result<(), ActionError> {
        let room = self.room(id).await.map_err(|_| ActionError::GameOver)?;
        let mut live = room.game.lock().await;
        if live.is_live() {
            return Err(ActionError::NotOver);
        }
        if live.rematch_game.is_some() {
            return Ok(());
        }
        let both = live.rematch_offer == Some(!color) || live.computer().is_some();
        if !both {
            live.rematch_offer = Some(color);
        } else {
            let old = &live.row;
            let new_id = crate::routes::lobby::random_id(8).map_err(|_| ActionError::Storage)?;
            let ruleset = game::ruleset_of(&old.ruleset).map_err(|_| ActionError::Storage)?;
            let row = games::GameRow {
                id: new_id.clone(),
                ruleset: old.ruleset.clone(),
                initial_fen: shatar_rules::fen::write(&shatar_rules::Position::start(ruleset)),
                white_id: old.black_id,
                black_id: old.white_id,
                white_name: None,
                black_name: None,
                initial_ms: old.initial_ms,
                increment_ms: old.increment_ms,
                rated: old.rated,
                status: games::Status::Started,
                result: None,
                termination: None,
                created_ms: now_ms(),
                computer_level: old.computer_level,
                white_guest: old.black_guest.clone(),
                black_guest: old.white_guest.clone(),
            };
            let stored = async {
                let mut tx = self.db.pool.begin().await?;
                games::insert(&mut tx, &row).await?;
                tx.commit().await?;
                Ok::<_, AppError>(())
            }
            .await;
            stored.map_err(|e| {
                tracing::error!(game = %id, error = %e, "storing a rematch failed");
                ActionError::Storage
            })?;
            live.rematch_offer = None;
            live.rematch_game = Some(new_id);
        }
        let _ = room.tx.send(snapshot_text(&live, now_ms()));
        Ok(())
    }

    /// Drops an ended game's room from the cache after a while (sockets still open keep
    /// their room; a later visitor reloads the finished game from the database).
    fn evict_later(self: &Arc<Self>, id: &str) {
        let hub = Arc::clone(self);
        let id = id.to_owned();
        tokio::spawn(async move {
            tokio::time::sleep(EVICT_AFTER).await;
            if let Ok(mut rooms) = hub.rooms.lock() {
                rooms.remove(&id);
            }
        });
    }

    /// When the computer is to move in a live game, has the pool choose its move and plays
    /// it through the same path as a player's.
    async fn computer_to_move(self: &Arc<Self>, id: &str, room: &Arc<Room>) {
        let job = {
            let mut live = room.game.lock().await;
            let Some((color, level)) = live.computer() else {
                return;
            };
            if !live.is_live()
                || live.game.position().turn() != color
                || live.computer_thinking == Some(live.ply())
            {
                return;
            }
            live.computer_thinking = Some(live.ply());
            let r = live.clock.reading(now_ms());
            let clocks = computer::ByColorMs {
                white: u64::try_from(r.white_ms).unwrap_or(0),
                black: u64::try_from(r.black_ms).unwrap_or(0),
            };
            let increment = u64::try_from(live.row.increment_ms).unwrap_or(0);
            (
                live.game.clone(),
                color,
                level,
                clocks,
                increment,
                live.ply(),
            )
        };
        let (game, color, level, clocks, increment, ply) = job;
        let hub = Arc::clone(self);
        let id = id.to_owned();
        tokio::spawn(async move {
            let Some(m) = hub.computer.choose(&game, level, clocks, increment).await else {
                return;
            };
            let uci = shatar_rules::uci::write(&m, game.ruleset());
            let action = Action::Move { uci, ply };
            if let Err(e) = hub.act(&id, color, &action).await {
                // The game moved on (a resignation, a flag) while the computer thought.
                tracing::debug!(game = %id, error = %e, "computer move not played");
            }
        });
    }

    async fn commit(
        &self,
        live: &mut LiveGame,
        plan: game::Plan,
        _now: i64,
    ) -> Result<(), ActionError> {
        let step = games::Step {
            game_id: live.row.id.clone(),
            ply: i64::from(live.ply()),
            mv: plan.mv.clone(),
            event: plan
                .event
                .map(|(k, c)| (k.to_owned(), c.map(|c| c.name().to_owned()))),
            end: plan.finish.as_ref().map(|f| {
                let status = if f.result.is_some() {
                    games::Status::Ended
                } else {
                    games::Status::Aborted
                };
                (status, f.result.clone(), f.termination.clone())
            }),
            rated: rated_game(&live.row),
        };
        self.writer.commit(step).await.map_err(|e| {
            tracing::error!(game = %live.row.id, error = %e, "storing a step failed");
            ActionError::Storage
        })?;
        live.apply(plan);
        Ok(())
    }

    /// Starts a task that ends the game when the running side's flag falls.
    async fn arm_flag_timer(self: &Arc<Self>, id: &str, room: &Arc<Room>) {
        let (deadline, ply) = {
            let live = room.game.lock().await;
            if !live.is_live() {
                return;
            }
            match live.clock.deadline_ms() {
                Some(d) => (d, live.ply()),
                None => return,
            }
        };
        let hub = Arc::clone(self);
        let room = Arc::clone(room);
        let id = id.to_owned();
        tokio::spawn(async move {
            let wait = u64::try_from(deadline.saturating_sub(now_ms())).unwrap_or(0);
            tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
            let mut live = room.game.lock().await;
            if !live.is_live() || live.ply() != ply {
                return;
            }
            let now = now_ms();
            let Some(color) = live.clock.flagged(now) else {
                return;
            };
            let plan = live.flag_plan(color, now);
            if hub.commit(&mut live, plan, now).await.is_ok() {
                tracing::info!(game = %id, flag = color.name(), "flag fell");
                let _ = room.tx.send(snapshot_text(&live, now));
                hub.evict_later(&id);
            }
        });
    }
}

/// Whose ratings a game's result updates: a rated game between two different accounts.
fn rated_game(row: &games::GameRow) -> Option<crate::db::ratings::RatedGame> {
    match (row.rated, row.white_id, row.black_id) {
        (true, Some(white_id), Some(black_id)) if white_id != black_id => {
            Some(crate::db::ratings::RatedGame {
                white_id,
                black_id,
                category: crate::ratings::Category::of(
                    &row.ruleset,
                    row.initial_ms,
                    row.increment_ms,
                )
                .key(),
            })
        }
        _ => None,
    }
}

/// The snapshot as socket text.
pub fn snapshot_text(live: &LiveGame, now_ms: i64) -> Arc<str> {
    Arc::from(live.snapshot(now_ms).to_string())
}
