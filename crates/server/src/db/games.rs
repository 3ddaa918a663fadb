//! The `games`, `moves` and `game_events` tables: every live game as the moves, clock
//! readings and arbitral events that rebuild it after a restart.

use super::{Db, now_ms};
use crate::error::AppError;
use shatar_rules::Color;
use shatar_rules::outcome::Outcome;
use sqlx::Row;

/// Where a stored game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Being played.
    Started,
    /// Finished with a result.
    Ended,
    /// Aborted before the first round was complete; no result.
    Aborted,
}

impl Status {
    /// The stored name.
    pub const fn name(self) -> &'static str {
        match self {
            Status::Started => "started",
            Status::Ended => "ended",
            Status::Aborted => "aborted",
        }
    }

    fn parse(s: &str) -> Result<Status, AppError> {
        match s {
            "started" => Ok(Status::Started),
            "ended" => Ok(Status::Ended),
            "aborted" => Ok(Status::Aborted),
            _ => Err(AppError::Internal(format!("games.status: unknown {s:?}"))),
        }
    }
}

/// How a game ended, as stored in `games.termination` (one key each; the `term-*`
/// messages word them). The rules core's endings come through [`Ending::by_rules`]; the
/// rest are the players' and the clock's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Checkmate that wins.
    Checkmate,
    /// A mate given by a horse or camel where the ruleset makes it lose.
    MateLoss,
    /// A mate that does not count (by a horse, a camel, or without shak).
    VoidMate,
    /// No legal move, not in check.
    Stalemate,
    /// A side has only its king left.
    BareKing,
    /// Neither side can mate.
    DeadPosition,
    /// The same position for the set number of times.
    Repetition,
    /// The move rule's count reached.
    MoveRule,
    /// Perpetual check.
    PerpetualCheck,
    /// A player resigned.
    Resign,
    /// A flag fell.
    Flag,
    /// A draw offer accepted.
    Agreement,
    /// A draw claimed by a player.
    Claim,
    /// Aborted by a player before both had moved.
    Aborted,
    /// Aborted because the first round was not played in time.
    NoStart,
    /// Won by claim after the opponent left the game.
    Abandoned,
    /// An event game whose player did not make a first move in the event's default time:
    /// a loss by default (or, when neither did, no result: a double default).
    NoShow,
    /// An event game ended by the event's decision while it was played: an arbiter's
    /// adjudication or default, or a player's withdrawal or removal from the event.
    Decision,
}

impl Ending {
    /// Every ending.
    pub const ALL: [Ending; 18] = [
        Ending::Checkmate,
        Ending::MateLoss,
        Ending::VoidMate,
        Ending::Stalemate,
        Ending::BareKing,
        Ending::DeadPosition,
        Ending::Repetition,
        Ending::MoveRule,
        Ending::PerpetualCheck,
        Ending::Resign,
        Ending::Flag,
        Ending::Agreement,
        Ending::Claim,
        Ending::Aborted,
        Ending::NoStart,
        Ending::Abandoned,
        Ending::NoShow,
        Ending::Decision,
    ];

    /// The stored key (`checkmate`, `resign`, `no-start`, …), also the snapshot's
    /// `termination` and the `term-{key}` message's suffix.
    pub const fn as_str(self) -> &'static str {
        match self {
            Ending::Checkmate => "checkmate",
            Ending::MateLoss => "mate-loss",
            Ending::VoidMate => "void-mate",
            Ending::Stalemate => "stalemate",
            Ending::BareKing => "bare-king",
            Ending::DeadPosition => "dead-position",
            Ending::Repetition => "repetition",
            Ending::MoveRule => "move-rule",
            Ending::PerpetualCheck => "perpetual-check",
            Ending::Resign => "resign",
            Ending::Flag => "flag",
            Ending::Agreement => "agreement",
            Ending::Claim => "claim",
            Ending::Aborted => "aborted",
            Ending::NoStart => "no-start",
            Ending::Abandoned => "abandoned",
            Ending::NoShow => "no-show",
            Ending::Decision => "decision",
        }
    }

    /// The ending with this stored key.
    pub fn from_key(key: &str) -> Option<Ending> {
        Ending::ALL.into_iter().find(|e| e.as_str() == key)
    }

    /// The message id that words it (`term-checkmate`).
    pub fn message_id(self) -> String {
        format!("term-{}", self.as_str())
    }

    /// The ending of a game the rules core ended.
    pub const fn by_rules(t: shatar_rules::outcome::Termination) -> Ending {
        use shatar_rules::outcome::{Termination, VoidMate};
        match t {
            Termination::Checkmate => Ending::Checkmate,
            Termination::HorseMateLoss | Termination::CamelMateLoss => Ending::MateLoss,
            Termination::VoidMate(VoidMate::Horse | VoidMate::Camel | VoidMate::NoShak) => {
                Ending::VoidMate
            }
            Termination::Stalemate => Ending::Stalemate,
            Termination::BareKing => Ending::BareKing,
            Termination::DeadPosition => Ending::DeadPosition,
            Termination::Repetition => Ending::Repetition,
            Termination::MoveRule => Ending::MoveRule,
            Termination::PerpetualCheck => Ending::PerpetualCheck,
        }
    }
}

/// A game's header row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    /// Id (in the URL).
    pub id: String,
    /// Ruleset preset name.
    pub ruleset: String,
    /// The start position.
    pub initial_fen: String,
    /// White's account.
    pub white_id: Option<i64>,
    /// Black's account.
    pub black_id: Option<i64>,
    /// White's name.
    pub white_name: Option<String>,
    /// Black's name.
    pub black_name: Option<String>,
    /// Initial clock.
    pub initial_ms: i64,
    /// Fischer increment.
    pub increment_ms: i64,
    /// Rated or casual.
    pub rated: bool,
    /// Status.
    pub status: Status,
    /// The result once ended (stored as in PGN: `1-0`, `0-1`, `1/2-1/2`).
    pub result: Option<Outcome>,
    /// How it ended.
    pub termination: Option<Ending>,
    /// When it was created.
    pub created_ms: i64,
    /// The computer's strength level, when one side is the computer.
    pub computer_level: Option<i64>,
    /// White's guest token hash (a player without an account).
    pub white_guest: Option<String>,
    /// Black's guest token hash.
    pub black_guest: Option<String>,
    /// An event game: how long a player may take over the first move before losing by
    /// default. Other games are aborted when the first round stalls.
    pub default_ms: Option<i64>,
}

impl GameRow {
    /// A game of `preset` from its start position on a clock of `initial_ms` plus
    /// `increment_ms` a move, started now, casual, with no players yet: the caller names
    /// them (`GameRow { white_id, black_id, ..GameRow::new(..) }`).
    #[must_use]
    pub fn new(
        id: String,
        preset: shatar_rules::Preset,
        initial_ms: i64,
        increment_ms: i64,
    ) -> GameRow {
        let start = shatar_rules::Position::start(preset.ruleset());
        GameRow {
            id,
            ruleset: preset.name().to_owned(),
            initial_fen: shatar_rules::fen::write(&start),
            white_id: None,
            black_id: None,
            white_name: None,
            black_name: None,
            initial_ms,
            increment_ms,
            rated: false,
            status: Status::Started,
            result: None,
            termination: None,
            created_ms: now_ms(),
            computer_level: None,
            white_guest: None,
            black_guest: None,
            default_ms: None,
        }
    }
}

/// One stored move with the clocks after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRow {
    /// Half-move index from 0.
    pub ply: i64,
    /// UCI text.
    pub uci: String,
    /// White's clock after the move (increment added).
    pub white_ms: i64,
    /// Black's clock after the move.
    pub black_ms: i64,
    /// When it was played.
    pub played_ms: i64,
    /// The lag compensation credited to the mover (already in the clocks above).
    pub lag_ms: i64,
}

/// One stored arbitral event (draw offer, resignation, flag…).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRow {
    /// Moves played when it happened.
    pub ply: i64,
    /// `draw-offer`, `draw-decline`, `draw-accept`, `resign`, `abort`, `flag`, `claim`,
    /// `no-show`, `decision`, `time-given`.
    pub kind: String,
    /// `white` or `black` (who acted, or whose flag fell).
    pub color: Option<String>,
    /// When.
    pub at_ms: i64,
    /// The time given, for a `time-given` event.
    pub ms: Option<i64>,
}

/// The columns of a [`GameRow`], with the players' names joined in.
pub(crate) const SELECT: &str = "SELECT g.id, g.ruleset, g.initial_fen, g.white_id, g.black_id,
    w.username AS white_name, b.username AS black_name, g.initial_ms, g.increment_ms,
    g.rated, g.status, g.result, g.termination, g.created_ms, g.computer_level,
    g.white_guest, g.black_guest, g.default_ms
    FROM games g LEFT JOIN users w ON w.id = g.white_id LEFT JOIN users b ON b.id = g.black_id";

/// A [`GameRow`] from a row selected with [`SELECT`].
pub(crate) fn from_row(row: &sqlx::any::AnyRow) -> Result<GameRow, AppError> {
    let status: String = row.try_get("status")?;
    Ok(GameRow {
        id: row.try_get("id")?,
        ruleset: row.try_get("ruleset")?,
        initial_fen: row.try_get("initial_fen")?,
        white_id: row.try_get("white_id")?,
        black_id: row.try_get("black_id")?,
        white_name: row.try_get("white_name")?,
        black_name: row.try_get("black_name")?,
        initial_ms: row.try_get("initial_ms")?,
        increment_ms: row.try_get("increment_ms")?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        status: Status::parse(&status)?,
        result: match row.try_get::<Option<String>, _>("result")? {
            None => None,
            Some(text) => Some(
                Outcome::from_pgn(&text)
                    .ok_or_else(|| AppError::Internal(format!("games.result: unknown {text:?}")))?,
            ),
        },
        termination: match row.try_get::<Option<String>, _>("termination")? {
            None => None,
            Some(key) => Some(Ending::from_key(&key).ok_or_else(|| {
                AppError::Internal(format!("games.termination: unknown {key:?}"))
            })?),
        },
        created_ms: row.try_get("created_ms")?,
        computer_level: row.try_get("computer_level")?,
        white_guest: row.try_get("white_guest")?,
        black_guest: row.try_get("black_guest")?,
        default_ms: row.try_get("default_ms")?,
    })
}

/// Stores a new game (inside the caller's transaction).
pub async fn insert(tx: &mut sqlx::AnyConnection, game: &GameRow) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO games (id, ruleset, initial_fen, white_id, black_id, initial_ms,
         increment_ms, rated, status, created_ms, computer_level, white_guest, black_guest,
         default_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
    )
    .bind(&game.id)
    .bind(&game.ruleset)
    .bind(&game.initial_fen)
    .bind(game.white_id)
    .bind(game.black_id)
    .bind(game.initial_ms)
    .bind(game.increment_ms)
    .bind(i64::from(game.rated))
    .bind(game.status.name())
    .bind(game.created_ms)
    .bind(game.computer_level)
    .bind(&game.white_guest)
    .bind(&game.black_guest)
    .bind(game.default_ms)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// One game's header.
pub async fn by_id(db: &Db, id: &str) -> Result<Option<GameRow>, AppError> {
    let row = sqlx::query(&format!("{SELECT} WHERE g.id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(from_row).transpose()
}

/// Notes that `color`'s socket is at game `id` at `now_ms` (see [`crate::live::presence`]).
pub async fn note_seen(db: &Db, id: &str, color: Color, now_ms: i64) -> Result<(), AppError> {
    let sql = match color {
        Color::White => "UPDATE games SET white_seen_ms = $1 WHERE id = $2",
        Color::Black => "UPDATE games SET black_seen_ms = $1 WHERE id = $2",
    };
    sqlx::query(sql)
        .bind(now_ms)
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// When each player of game `id` was last noted: (White, Black).
pub async fn seen(db: &Db, id: &str) -> Result<(Option<i64>, Option<i64>), AppError> {
    let row = sqlx::query("SELECT white_seen_ms, black_seen_ms FROM games WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(match row {
        Some(r) => (r.try_get("white_seen_ms")?, r.try_get("black_seen_ms")?),
        None => (None, None),
    })
}

/// The games of an account being played now, newest first.
pub async fn ongoing_of(db: &Db, user_id: i64) -> Result<Vec<GameRow>, AppError> {
    let rows = sqlx::query(&format!(
        "{SELECT} WHERE (g.white_id = $1 OR g.black_id = $1) AND g.status = 'started'
         ORDER BY g.created_ms DESC LIMIT 50"
    ))
    .bind(user_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(from_row).collect()
}

/// Games being played now, newest first (for spectators).
pub async fn ongoing(db: &Db) -> Result<Vec<GameRow>, AppError> {
    let rows = sqlx::query(&format!(
        "{SELECT} WHERE g.status = 'started' ORDER BY g.created_ms DESC LIMIT 50"
    ))
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(from_row).collect()
}

/// A game's moves in order.
pub async fn moves(db: &Db, id: &str) -> Result<Vec<MoveRow>, AppError> {
    let rows = sqlx::query(
        "SELECT ply, uci, white_ms, black_ms, played_ms, lag_ms FROM moves WHERE game_id = $1
         ORDER BY ply",
    )
    .bind(id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(MoveRow {
                ply: row.try_get("ply")?,
                uci: row.try_get("uci")?,
                white_ms: row.try_get("white_ms")?,
                black_ms: row.try_get("black_ms")?,
                played_ms: row.try_get("played_ms")?,
                lag_ms: row.try_get("lag_ms")?,
            })
        })
        .collect()
}

/// A game's events in order.
pub async fn events(db: &Db, id: &str) -> Result<Vec<EventRow>, AppError> {
    let rows = sqlx::query(
        "SELECT ply, kind, color, at_ms, ms FROM game_events WHERE game_id = $1 ORDER BY id",
    )
    .bind(id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(EventRow {
                ply: row.try_get("ply")?,
                kind: row.try_get("kind")?,
                color: row.try_get("color")?,
                at_ms: row.try_get("at_ms")?,
                ms: row.try_get("ms")?,
            })
        })
        .collect()
}

/// What one committed step of a live game writes.
#[derive(Debug, Clone, Default)]
pub struct Step {
    /// The game.
    pub game_id: String,
    /// Moves played before the step.
    pub ply: i64,
    /// A move to append.
    pub mv: Option<MoveRow>,
    /// An event to append: kind and colour.
    pub event: Option<(String, Option<String>)>,
    /// The event's time given (`time-given`).
    pub event_ms: Option<i64>,
    /// The game's end: status, result, how.
    pub end: Option<(Status, Option<Outcome>, Ending)>,
    /// For a rated game between two accounts: whose ratings its result updates.
    pub rated: Option<super::ratings::RatedGame>,
}

async fn write_step(
    conn: &mut sqlx::AnyConnection,
    backend: super::Backend,
    step: &Step,
    now: i64,
) -> Result<(), AppError> {
    if let Some(m) = &step.mv {
        sqlx::query(
            "INSERT INTO moves (game_id, ply, uci, white_ms, black_ms, played_ms, lag_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&step.game_id)
        .bind(m.ply)
        .bind(&m.uci)
        .bind(m.white_ms)
        .bind(m.black_ms)
        .bind(m.played_ms)
        .bind(m.lag_ms)
        .execute(&mut *conn)
        .await?;
    }
    if let Some((kind, color)) = &step.event {
        sqlx::query(
            "INSERT INTO game_events (game_id, ply, kind, color, at_ms, ms)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&step.game_id)
        .bind(step.ply)
        .bind(kind)
        .bind(color)
        .bind(now)
        .bind(step.event_ms)
        .execute(&mut *conn)
        .await?;
    }
    if let Some((status, result, termination)) = &step.end {
        sqlx::query(
            "UPDATE games SET status = $1, result = $2, termination = $3, ended_ms = $4
             WHERE id = $5",
        )
        .bind(status.name())
        .bind(result.map(Outcome::pgn))
        .bind(termination.as_str())
        .bind(now)
        .bind(&step.game_id)
        .execute(&mut *conn)
        .await?;
        // The ratings change in the transaction that stores the result: both or neither.
        if let (Some(rated), Some(result)) = (&step.rated, result) {
            super::ratings::apply_result(conn, backend, &step.game_id, rated, *result, now).await?;
        }
    }
    Ok(())
}

type Job = (Step, tokio::sync::oneshot::Sender<Result<(), String>>);

/// Group commit: live-game steps go through writer tasks that store whatever has queued up
/// in one transaction and answer each caller once it is committed, so one sync to disk
/// acknowledges many moves. When a batch fails, its steps are retried one transaction each,
/// so a bad step fails alone. SQLite has one writer (it has one write lock anyway);
/// PostgreSQL four, each owning the games whose id hashes to it, so a game's steps stay in
/// order.
#[derive(Debug, Clone)]
pub struct StepWriter {
    shards: Vec<tokio::sync::mpsc::Sender<Job>>,
}

/// The most steps stored in one transaction.
pub const MAX_BATCH: usize = 512;

impl StepWriter {
    /// Starts the writer tasks over `db`.
    pub fn spawn(db: Db) -> StepWriter {
        let n = match db.backend {
            super::Backend::Sqlite => 1,
            super::Backend::Postgres => 4,
        };
        let shards = (0..n)
            .map(|_| {
                let (tx, mut rx) = tokio::sync::mpsc::channel::<Job>(4 * MAX_BATCH);
                let db = db.clone();
                tokio::spawn(async move {
                    let mut batch = Vec::with_capacity(MAX_BATCH);
                    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
                        write_batch(&db, &mut batch).await;
                    }
                });
                tx
            })
            .collect();
        StepWriter { shards }
    }

    /// Stores one step; returns once it is committed.
    pub async fn commit(&self, step: Step) -> Result<(), AppError> {
        let shard = step.game_id.bytes().fold(0usize, |h, b| {
            h.wrapping_mul(31).wrapping_add(usize::from(b))
        }) % self.shards.len().max(1);
        let sender = self
            .shards
            .get(shard)
            .ok_or_else(|| AppError::Internal("no step writer".into()))?;
        let (done, wait) = tokio::sync::oneshot::channel();
        sender
            .send((step, done))
            .await
            .map_err(|_| AppError::Internal("the step writer has stopped".into()))?;
        wait.await
            .map_err(|_| AppError::Internal("the step writer dropped a step".into()))?
            .map_err(AppError::Internal)
    }
}

async fn write_all(db: &Db, steps: &[&Step], now: i64) -> Result<(), AppError> {
    let mut tx = db.pool.begin().await?;
    for step in steps {
        write_step(&mut tx, db.backend, step, now).await?;
    }
    if db.backend == super::Backend::Postgres {
        // The games of the batch, announced to the other processes (`live::fanout`).
        super::fanout::steps_committed(&mut tx, steps.iter().map(|s| s.game_id.as_str())).await?;
    }
    tx.commit().await?;
    Ok(())
}

async fn write_batch(db: &Db, batch: &mut Vec<Job>) {
    let now = now_ms();
    let steps: Vec<&Step> = batch.iter().map(|(s, _)| s).collect();
    let results: Vec<Result<(), String>> = match write_all(db, &steps, now).await {
        Ok(()) => steps.iter().map(|_| Ok(())).collect(),
        Err(_) if steps.len() > 1 => {
            // Something in the batch failed and nothing was stored: one by one.
            let mut rs = Vec::with_capacity(steps.len());
            for step in &steps {
                rs.push(write_all(db, &[step], now).await.map_err(|e| e.to_string()));
            }
            rs
        }
        Err(e) => vec![Err(e.to_string())],
    };
    for ((_, done), r) in batch.drain(..).zip(results) {
        let _ = done.send(r);
    }
}

#[cfg(test)]
mod ending_tests {
    use super::Ending;
    use crate::i18n::{Lang, PageLang, SOURCES, message_ids};

    /// Every stored key reads back as its ending, and every ending has its `term-*` words
    /// in every language (the archive, the PGN and the game page show them).
    #[test]
    fn every_ending_has_one_key_and_words() {
        for (lang, source) in SOURCES {
            let ids = message_ids(source).unwrap();
            for e in Ending::ALL {
                assert_eq!(Ending::from_key(e.as_str()), Some(e));
                assert!(
                    ids.contains(&e.message_id()),
                    "{lang:?}: {}",
                    e.message_id()
                );
            }
        }
        assert_eq!(Ending::from_key("timeout"), None);
        assert_eq!(
            Lang::En.t(&Ending::NoStart.message_id()),
            "aborted: the first move was not made in time"
        );
    }
}
