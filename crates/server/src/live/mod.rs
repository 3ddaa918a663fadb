//! Live games: a room per game being watched or played, holding the cached [`LiveGame`] and
//! a broadcast channel to every connected socket. Each step is committed to the database
//! before the cache changes or anyone hears of it.
//!
//! Several server processes sharing one PostgreSQL: one process owns each live game and
//! the others mirror it through `LISTEN/NOTIFY` ([`fanout`]); in any case a step is refused
//! unless its move's primary key `(game_id, ply)` is free, so two processes can never both
//! store a move for the same ply.

pub mod clock;
pub mod computer;
pub mod fanout;
pub mod game;
pub mod lag;
pub mod presence;

use crate::db::{Db, games, now_ms};
use crate::error::{ActionError, AppError};
use game::{Action, Finish, LiveGame};
use shatar_rules::Color;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
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
    /// Refusals of actions this process relayed to the game's owner, each for one socket
    /// ([`fanout::Refused::to`]).
    pub refusals: broadcast::Sender<Arc<fanout::Refused>>,
    /// Whether this process owns the game (always, without PostgreSQL fan-out); otherwise
    /// the room mirrors the owner's committed states (see [`fanout`]).
    pub owned: AtomicBool,
}

/// Every room of this process.
#[derive(Debug)]
pub struct Hub {
    db: Db,
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    computer: computer::ComputerPool,
    writer: games::StepWriter,
    fanout: OnceLock<Arc<fanout::Fanout>>,
    /// How long a first-round move may wait (`--first-move-seconds`, see
    /// [`game::first_move_ms`]) before the game is aborted.
    first_move_seconds: u64,
    /// How long a player must be gone before the opponent may claim the game
    /// (`--claim-victory-seconds`, see [`presence::claim_after_ms`]).
    claim_victory_seconds: u64,
    /// Told when a game of this process ends (the events runner waits on it).
    ended: tokio::sync::Notify,
    /// Whether each event whose games were loaded here is an arena (fixed at its
    /// creation), so that loading a round's games reads each event's state once.
    arena_events: Mutex<HashMap<String, bool>>,
    /// The last number given to a socket ([`Hub::socket_number`]).
    sockets: AtomicU64,
}

impl Hub {
    /// An empty hub over `db` (call inside a Tokio runtime: it starts the step writer);
    /// a game whose first round stalls `first_move_seconds` (scaled by its clock, see
    /// [`game::first_move_ms`]) is aborted, and one whose player has been gone
    /// `claim_victory_seconds` (scaled the same way) may be claimed by the opponent.
    pub fn new(db: Db, first_move_seconds: u64, claim_victory_seconds: u64) -> Hub {
        Hub {
            writer: games::StepWriter::spawn(db.clone()),
            db,
            rooms: Mutex::new(HashMap::new()),
            computer: computer::ComputerPool::for_this_machine(),
            fanout: OnceLock::new(),
            first_move_seconds,
            claim_victory_seconds,
            ended: tokio::sync::Notify::new(),
            arena_events: Mutex::new(HashMap::new()),
            sockets: AtomicU64::new(0),
        }
    }

    /// Waits until a game of this process ends (one end since the last wait is enough:
    /// ends while nobody waits are not lost, and many collapse into one).
    pub async fn a_game_ended(&self) {
        self.ended.notified().await;
    }

    /// Shares live games with the other processes on this PostgreSQL database.
    pub fn set_fanout(&self, f: Arc<fanout::Fanout>) {
        let _ = self.fanout.set(f);
    }

    /// Gives up this process's games (at shutdown).
    pub async fn close_fanout(&self) {
        if let Some(f) = self.fanout.get() {
            f.close().await;
        }
    }

    async fn load_live(&self, id: &str) -> Result<LiveGame, AppError> {
        let row = games::by_id(&self.db, id).await?.ok_or_else(|| {
            AppError::NotFound(crate::i18n::Msg::new("error-no-game").arg("id", id))
        })?;
        let moves = games::moves(&self.db, id).await?;
        let events = games::events(&self.db, id).await?;
        // Only an event's games can be an arena's, where a player may berserk.
        let arena = row.default_ms.is_some() && self.is_arena_game(id).await?;
        let mut live = LiveGame::load(row, &moves, &events)?;
        live.berserk_allowed = arena;
        Ok(live)
    }

    /// Whether game `id` is one an online arena paired (where a player may berserk).
    async fn is_arena_game(&self, id: &str) -> Result<bool, AppError> {
        let Some(event) = crate::db::event_games::event_of(&self.db, id).await? else {
            return Ok(false);
        };
        let known = self
            .arena_events
            .lock()
            .ok()
            .and_then(|m| m.get(&event).copied());
        if let Some(arena) = known {
            return Ok(arena);
        }
        let arena = crate::db::events::load(&self.db, &event)
            .await?
            .is_some_and(|e| e.state.arena.is_some());
        if let Ok(mut m) = self.arena_events.lock() {
            m.insert(event, arena);
        }
        Ok(arena)
    }

    /// Whether this process may run what `name` names — a game's id, or `event:ID` for an
    /// online event's rounds — taking it when no other process on the database has it;
    /// always without fan-out (one process). Held until the process ends (or, for a game,
    /// until it leaves the cache).
    pub async fn claim(&self, name: &str) -> Result<bool, AppError> {
        self.try_own(name).await
    }

    /// Whether this process may own game `id` (taking it when nobody has it).
    async fn try_own(&self, id: &str) -> Result<bool, AppError> {
        match self.fanout.get() {
            None => Ok(true),
            Some(f) => f.try_own(id).await,
        }
    }

    /// The room of game `id`, loading the game from the database when not cached.
    pub async fn room(self: &Arc<Self>, id: &str) -> Result<Arc<Room>, AppError> {
        if let Some(room) = self.cached(id) {
            return Ok(room);
        }
        let live = self.load_live(id).await?;
        // A finished game needs no owner; a live one is owned by the first process to open it.
        let owned = !live.is_live() || self.try_own(id).await?;
        let (tx, _) = broadcast::channel(64);
        let (refusals, _) = broadcast::channel(16);
        let fresh = Arc::new(Room {
            game: tokio::sync::Mutex::new(live),
            tx,
            refusals,
            owned: AtomicBool::new(owned),
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

    /// A glance at game `id` for an online event's live boards ([`LiveGame::glance`]).
    pub async fn glance(self: &Arc<Self>, id: &str) -> Result<serde_json::Value, AppError> {
        let room = self.room(id).await?;
        let live = room.game.lock().await;
        Ok(live.glance(now_ms()))
    }

    /// Makes sure some process runs live game `id`'s clock: this one, when it is not
    /// cached here or its owner has gone (an online event's games, whose flags and default
    /// timers must run whether or not anyone is watching).
    pub async fn adopt(self: &Arc<Self>, id: &str) -> Result<(), AppError> {
        match self.cached(id) {
            None => {
                self.room(id).await?;
            }
            Some(room) if !room.owned.load(Ordering::Acquire) => {
                self.take_over(id, &room).await;
            }
            Some(_) => {}
        }
        Ok(())
    }

    fn cached(&self, id: &str) -> Option<Arc<Room>> {
        self.rooms.lock().ok()?.get(id).cloned()
    }

    /// Loads every game being played (after a start) so that their clocks run again.
    pub async fn resume_all(self: &Arc<Self>) -> Result<usize, AppError> {
        let ongoing = games::ongoing(&self.db).await?;
        let mut resumed = 0;
        for g in &ongoing {
            let room = self.room(&g.id).await?;
            if room.owned.load(Ordering::Acquire) {
                resumed += 1;
            } else if let Ok(mut rooms) = self.rooms.lock() {
                // Another process runs it; a mirror is made when someone here watches.
                rooms.remove(&g.id);
            }
        }
        Ok(resumed)
    }

    /// A number for a new socket of this process, to address the refusals of the actions it
    /// relays ([`fanout::ReplyTo`]).
    pub fn socket_number(&self) -> u64 {
        self.sockets.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// `color` acts in game `id` over a connection with `lag_ms` of estimated lag: the step
    /// is planned, committed, applied and broadcast. `socket` is the acting socket's
    /// [number](Hub::socket_number): when another process owns the game, the action is
    /// relayed to it and its refusal, if any, comes back to that socket alone through the
    /// room's [`Room::refusals`].
    pub fn act<'a>(
        self: &'a Arc<Self>,
        id: &'a str,
        color: Color,
        action: &'a Action,
        lag_ms: i64,
        socket: Option<u64>,
    ) -> std::pin::Pin<Box<dyn Future<Output = Result<(), ActionError>> + Send + 'a>> {
        // Boxed with an explicit `Send`: the computer's task calls `act` again.
        Box::pin(self.act_inner(id, color, action, lag_ms, socket))
    }

    async fn act_inner(
        self: &Arc<Self>,
        id: &str,
        color: Color,
        action: &Action,
        lag_ms: i64,
        socket: Option<u64>,
    ) -> Result<(), ActionError> {
        let room = self.room(id).await.map_err(|_| ActionError::GameOver)?;
        if !room.owned.load(Ordering::Acquire) && !self.take_over(id, &room).await {
            return self.relay(id, color, action, lag_ms, socket).await;
        }
        let mut live = room.game.lock().await;
        if *action == Action::ClaimVictory {
            live.presence = Some(self.presence(id, live.row.initial_ms).await?);
        }
        let now = now_ms();
        let plan = live.plan(color, action, now, lag_ms)?;
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

    /// Ends live game `id` by the event's decision (an arbiter's result or default, a
    /// player's withdrawal): `finish` is stored as a step and everyone watching is told.
    /// Returns whether the game is over now: `false` when another process runs it (the
    /// caller tries again later); `true` at once when it had already ended.
    pub async fn decide(self: &Arc<Self>, id: &str, finish: Finish) -> Result<bool, AppError> {
        self.adopt(id).await?;
        let room = self.room(id).await?;
        if !room.owned.load(Ordering::Acquire) {
            return Ok(false);
        }
        let mut live = room.game.lock().await;
        if !live.is_live() {
            return Ok(true);
        }
        let now = now_ms();
        let plan = live.decision_plan(finish, now);
        self.commit(&mut live, plan, now)
            .await
            .map_err(|e| AppError::Internal(format!("game {id}: storing a decision: {e}")))?;
        let _ = room.tx.send(snapshot_text(&live, now));
        drop(live);
        self.evict_later(id);
        Ok(true)
    }

    /// Gives `color` `ms` more time in live game `id` (an arbiter's decision): stored as a
    /// `time-given` step, the flag timer set again, everyone watching told. Refused when
    /// the game is over or another process runs it.
    pub async fn give_time(
        self: &Arc<Self>,
        id: &str,
        color: Color,
        ms: i64,
    ) -> Result<(), ActionError> {
        self.adopt(id).await.map_err(|_| ActionError::Storage)?;
        let room = self.room(id).await.map_err(|_| ActionError::GameOver)?;
        if !room.owned.load(Ordering::Acquire) {
            return Err(ActionError::Storage);
        }
        let mut live = room.game.lock().await;
        let now = now_ms();
        let plan = live.give_time_plan(color, ms)?;
        self.commit(&mut live, plan, now).await?;
        let _ = room.tx.send(snapshot_text(&live, now));
        drop(live);
        self.arm_flag_timer(id, &room).await;
        Ok(())
    }

    /// When each player of game `id` (`initial_ms` on each clock) was last at it, as every
    /// process has noted it.
    pub async fn presence(
        &self,
        id: &str,
        initial_ms: i64,
    ) -> Result<presence::Presence, ActionError> {
        let (white_seen_ms, black_seen_ms) = games::seen(&self.db, id).await.map_err(|e| {
            tracing::error!(game = %id, error = %e, "reading who is at a game failed");
            ActionError::Storage
        })?;
        let base_ms =
            i64::try_from(self.claim_victory_seconds.saturating_mul(1000)).unwrap_or(i64::MAX);
        Ok(presence::Presence {
            white_seen_ms,
            black_seen_ms,
            claim_after_ms: presence::claim_after_ms(base_ms, initial_ms),
        })
    }

    /// Notes that `color`'s socket is at game `id` now (see [`presence`]).
    pub async fn note_seen(&self, id: &str, color: Color) {
        if let Err(e) = games::note_seen(&self.db, id, color, now_ms()).await {
            tracing::warn!(game = %id, error = %e, "noting a player at a game failed");
        }
    }

    /// Takes over a mirrored game whose owner has gone (its lock is free): reloads it from
    /// the database and runs its clock here. Returns whether this process now owns it.
    async fn take_over(self: &Arc<Self>, id: &str, room: &Arc<Room>) -> bool {
        if !matches!(self.try_own(id).await, Ok(true)) {
            return false;
        }
        match self.load_live(id).await {
            Ok(live) => {
                *room.game.lock().await = live;
                room.owned.store(true, Ordering::Release);
                tracing::info!(game = %id, "took over a game whose owner has gone");
                self.arm_flag_timer(id, room).await;
                self.computer_to_move(id, room).await;
                true
            }
            Err(e) => {
                tracing::error!(game = %id, error = %e, "taking over a game failed");
                false
            }
        }
    }

    /// Sends an action to the process that owns the game.
    async fn relay(
        &self,
        id: &str,
        color: Color,
        action: &Action,
        lag_ms: i64,
        socket: Option<u64>,
    ) -> Result<(), ActionError> {
        let Some(f) = self.fanout.get() else {
            return Err(ActionError::Storage);
        };
        f.relay(&self.db, id, color, action, lag_ms, socket)
            .await
            .map_err(|e| {
                tracing::error!(game = %id, error = %e, "relaying an action failed");
                ActionError::Storage
            })
    }

    /// Another process committed a step of game `id`: a mirror room with sockets reloads
    /// and sends the new state; one without sockets is dropped.
    pub async fn step_committed_elsewhere(self: &Arc<Self>, id: &str) {
        let Some(room) = self.cached(id) else {
            return;
        };
        if room.owned.load(Ordering::Acquire) {
            return;
        }
        if room.tx.receiver_count() == 0 {
            if let Ok(mut rooms) = self.rooms.lock() {
                rooms.remove(id);
            }
            return;
        }
        match self.load_live(id).await {
            Ok(live) => {
                let mut game = room.game.lock().await;
                // Notifications may overtake each other: never go back.
                if live.ply() >= game.ply() {
                    *game = live;
                    let _ = room.tx.send(snapshot_text(&game, now_ms()));
                }
            }
            Err(e) => tracing::warn!(game = %id, error = %e, "reloading a mirrored game failed"),
        }
    }

    /// An action relayed by another process: performed here when this process owns the game.
    pub async fn relayed(self: &Arc<Self>, r: fanout::Relayed) {
        let Some(room) = self.cached(&r.game) else {
            return;
        };
        if !room.owned.load(Ordering::Acquire) {
            return;
        }
        let color = match r.color.as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            _ => return,
        };
        let action = match serde_json::from_str::<Action>(&r.msg) {
            Ok(action) => action,
            Err(e) => {
                tracing::warn!(game = %r.game, error = %e, "bad relayed message");
                return;
            }
        };
        // Performed as this process's own (`None`): the game is owned here.
        let Err(e) = self.act(&r.game, color, &action, r.lag_ms, None).await else {
            return;
        };
        tracing::debug!(game = %r.game, error = %e, "relayed action refused");
        if let (Some(to), Some(f)) = (r.reply_to, self.fanout.get()) {
            let refused = fanout::Refused::new(&r.game, to, &e.message());
            if let Err(e) = f.refuse(&self.db, &refused).await {
                tracing::warn!(game = %r.game, error = %e, "sending a refusal back failed");
            }
        }
    }

    /// The owner refused an action that a socket of this process relayed: that socket is
    /// told (if it is still in the game's room here).
    pub fn refused_elsewhere(&self, r: fanout::Refused) {
        if let Some(room) = self.cached(&r.game) {
            let _ = room.refusals.send(Arc::new(r));
        }
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
            let new_id = crate::ids::random_id(8).map_err(|_| ActionError::Storage)?;
            let preset: shatar_rules::Preset =
                old.ruleset.parse().map_err(|_| ActionError::Storage)?;
            let row = games::GameRow {
                white_id: old.black_id,
                black_id: old.white_id,
                rated: old.rated,
                computer_level: old.computer_level,
                white_guest: old.black_guest.clone(),
                black_guest: old.white_guest.clone(),
                ..games::GameRow::new(new_id.clone(), preset, old.initial_ms, old.increment_ms)
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
            live.rematch_game = Some(new_id.clone());
            // The process that creates a game runs it (with several processes: `fanout`).
            let hub = Arc::clone(self);
            tokio::spawn(async move {
                if let Err(e) = hub.room(&new_id).await {
                    tracing::warn!(game = %new_id, error = %e, "opening a rematch failed");
                }
            });
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
            if let Some(f) = hub.fanout.get() {
                f.release(&id).await;
            }
        });
    }

    /// When the computer is to move in a live game, has the pool choose its move and plays
    /// it through the same path as a player's.
    async fn computer_to_move(self: &Arc<Self>, id: &str, room: &Arc<Room>) {
        if !room.owned.load(Ordering::Acquire) {
            return;
        }
        let job = {
            let mut live = room.game.lock().await;
            let Some((color, level)) = live.computer() else {
                return;
            };
            // An offer is answered before anything else (a move would decline it unread).
            if live.is_live() && live.offers.pending_by() == Some(!color) {
                if !live.computer_answering {
                    live.computer_answering = true;
                    self.computer_answers_draw(id, room, live.game.clone(), color);
                }
                return;
            }
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
        let room = Arc::clone(room);
        tokio::spawn(async move {
            let Some(m) = hub.computer.choose(&game, level, clocks, increment).await else {
                return;
            };
            {
                let mut live = room.game.lock().await;
                if live.offers.pending_by() == Some(!color) {
                    // Offered while it thought: the answer comes first, then a new search.
                    live.computer_thinking = None;
                    return;
                }
            }
            let uci = shatar_rules::uci::write(&m, game.ruleset());
            let action = Action::Move { uci, ply };
            // The computer plays in this process: no network lag to credit.
            if let Err(e) = hub.act(&id, color, &action, 0, None).await {
                // The game moved on (a resignation, a flag) while the computer thought.
                tracing::debug!(game = %id, error = %e, "computer move not played");
            }
        });
    }

    /// The computer, playing `color`, answers the opponent's draw offer in `game`: accepts
    /// when its evaluation says the game is dead even or it is losing
    /// ([`computer::ComputerPool::accepts_draw`]), else declines; the snapshot says which
    /// (the game ends agreed drawn, or `draw_declined` names the computer).
    fn computer_answers_draw(
        self: &Arc<Self>,
        id: &str,
        room: &Arc<Room>,
        game: shatar_rules::Game,
        color: Color,
    ) {
        let hub = Arc::clone(self);
        let id = id.to_owned();
        let room = Arc::clone(room);
        tokio::spawn(async move {
            let answer = hub.computer.accepts_draw(&game, color).await;
            room.game.lock().await.computer_answering = false;
            let Some((accept, own_cp)) = answer else {
                return;
            };
            tracing::debug!(game = %id, accept, own_cp, "computer answers a draw offer");
            let action = if accept {
                Action::DrawAccept
            } else {
                Action::DrawDecline
            };
            if let Err(e) = hub.act(&id, color, &action, 0, None).await {
                tracing::debug!(game = %id, error = %e, "computer's draw answer not played");
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
            event_ms: plan.given_ms,
            end: plan.finish.as_ref().map(|f| {
                let status = if f.result.is_some() {
                    games::Status::Ended
                } else {
                    games::Status::Aborted
                };
                (status, f.result, f.termination)
            }),
            // A game changes ratings only once both players have moved (as on lichess, a
            // game of fewer than two moves is not rated): a default or a decision before
            // that is a forfeit, not a game played.
            rated: rated_game(&live.row).filter(|_| live.ply() + u32::from(plan.mv.is_some()) >= 2),
        };
        let ends = step.end.is_some();
        self.writer.commit(step).await.map_err(|e| {
            tracing::error!(game = %live.row.id, error = %e, "storing a step failed");
            ActionError::Storage
        })?;
        live.apply(plan);
        if ends {
            self.ended.notify_one();
        }
        Ok(())
    }

    /// Starts a task that ends the game when the running side's flag falls.
    /// Aborts game `id` at `deadline_ms` if it is still at `ply` in its first round (the
    /// player to move never moved); everyone watching, its creator included, gets the
    /// snapshot that says so (`status: aborted`, `termination: no-start`).
    fn abort_unstarted_at(
        self: &Arc<Self>,
        id: &str,
        room: &Arc<Room>,
        deadline_ms: i64,
        ply: u32,
    ) {
        let hub = Arc::clone(self);
        let room = Arc::clone(room);
        let id = id.to_owned();
        tokio::spawn(async move {
            let wait = u64::try_from(deadline_ms.saturating_sub(now_ms())).unwrap_or(0);
            tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
            let mut live = room.game.lock().await;
            if !live.is_live() || live.ply() != ply || live.ply() >= 2 {
                return;
            }
            let now = now_ms();
            let plan = if live.stall_is_a_default() {
                let opponent = !live.game.position().turn();
                let came = match hub.presence(&id, live.row.initial_ms).await {
                    Ok(p) => p.seen_ms(opponent).is_some(),
                    Err(_) => return,
                };
                live.no_show_plan(now, came)
            } else {
                live.no_start_plan(now)
            };
            if hub.commit(&mut live, plan, now).await.is_ok() {
                tracing::info!(game = %id, ply, "no first move in time");
                let _ = room.tx.send(snapshot_text(&live, now));
                hub.evict_later(&id);
            }
        });
    }

    async fn arm_flag_timer(self: &Arc<Self>, id: &str, room: &Arc<Room>) {
        if !room.owned.load(Ordering::Acquire) {
            return;
        }
        let base_ms =
            i64::try_from(self.first_move_seconds.saturating_mul(1000)).unwrap_or(i64::MAX);
        let (deadline, ply) = {
            let live = room.game.lock().await;
            if !live.is_live() {
                return;
            }
            match live.clock.deadline_ms() {
                Some(d) => (d, live.ply()),
                None => match live.first_move_deadline_ms(base_ms) {
                    Some(d) => {
                        self.abort_unstarted_at(id, room, d, live.ply());
                        return;
                    }
                    None => return,
                },
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
