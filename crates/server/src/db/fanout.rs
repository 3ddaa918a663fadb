//! PostgreSQL's side of several server processes on one database (`live/fanout.rs` says what
//! they do with it): the channels and payloads of `LISTEN/NOTIFY`, and the session-level
//! advisory locks that make one process a live game's owner.

use super::Db;
use crate::error::AppError;
use sqlx::postgres::PgConnection;

/// The channel of committed steps (payload: game ids separated by commas).
pub const STEP_CHANNEL: &str = "shatar_step";
/// The channel of relayed actions (payload: `live::fanout::Relayed` as JSON).
pub const ACT_CHANNEL: &str = "shatar_act";
/// The channel of refused relayed actions (payload: `live::fanout::Refused` as JSON).
pub const REFUSED_CHANNEL: &str = "shatar_refused";

/// The most bytes put in one notification (PostgreSQL's limit is 8000).
const MAX_PAYLOAD: usize = 7_000;

/// The advisory-lock key of a game: FNV-1a over its id (the same in every process).
pub fn lock_key(game_id: &str) -> i64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in game_id.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    i64::from_ne_bytes(h.to_ne_bytes())
}

/// Takes the lock of `game_id` on `conn`'s session unless another session holds it (true:
/// this session holds it, possibly already).
pub async fn try_lock(conn: &mut PgConnection, game_id: &str) -> Result<bool, AppError> {
    Ok(sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
        .bind(lock_key(game_id))
        .fetch_one(conn)
        .await?)
}

/// Releases every level of `game_id`'s lock that `conn`'s session took (locks are
/// reentrant).
pub async fn unlock(conn: &mut PgConnection, game_id: &str) {
    loop {
        let released: Result<bool, _> = sqlx::query_scalar("SELECT pg_advisory_unlock($1)")
            .bind(lock_key(game_id))
            .fetch_one(&mut *conn)
            .await;
        if !matches!(released, Ok(true)) {
            break;
        }
    }
}

/// Sends `payload` on `channel` now.
pub async fn notify(db: &Db, channel: &str, payload: &str) -> Result<(), AppError> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(channel)
        .bind(payload)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Announces `games`' committed steps within `tx`: delivered only when it commits. One
/// statement per payload, not per step: NOTIFY serialises commits.
pub async fn steps_committed<'a>(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    games: impl Iterator<Item = &'a str>,
) -> Result<(), AppError> {
    for payload in step_payloads(games) {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(STEP_CHANNEL)
            .bind(payload)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// The `shatar_step` payloads announcing `games`: their ids (each once) joined by commas,
/// split so that none exceeds 7,000 bytes (PostgreSQL allows 8,000).
pub fn step_payloads<'a>(games: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    let mut out: Vec<String> = Vec::new();
    for id in games.filter(|id| seen.insert(*id)) {
        match out.last_mut() {
            Some(last) if last.len() + 1 + id.len() <= MAX_PAYLOAD => {
                last.push(',');
                last.push_str(id);
            }
            _ => out.push(id.to_owned()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_payloads_list_each_game_once_within_the_limit() {
        assert_eq!(step_payloads(["a", "b", "a"].into_iter()), ["a,b"]);
        assert!(step_payloads(std::iter::empty()).is_empty());
        let ids: Vec<String> = (0..2_000).map(|i| format!("G{i:07}")).collect();
        let payloads = step_payloads(ids.iter().map(String::as_str));
        assert!(payloads.iter().all(|p| p.len() <= MAX_PAYLOAD));
        let back: Vec<&str> = payloads.iter().flat_map(|p| p.split(',')).collect();
        assert_eq!(back, ids.iter().map(String::as_str).collect::<Vec<_>>());
    }

    #[test]
    fn lock_keys_are_fnv1a() {
        // FNV-1a 64 of "" and "a" (the published test vectors).
        let unsigned = |k: i64| u64::from_ne_bytes(k.to_ne_bytes());
        assert_eq!(unsigned(lock_key("")), 0xcbf2_9ce4_8422_2325);
        assert_eq!(unsigned(lock_key("a")), 0xaf63_dc4c_8601_ec8c);
    }
}
