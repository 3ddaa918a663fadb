//! Storage: migrations on both backends, and the group-commit writer's promise that a bad
//! step fails alone while the rest of its batch is stored.

mod common;

use common::{Backend, unique};
use shatar_server::db::games::{self, GameRow, MoveRow, Step, StepWriter};
use shatar_server::db::{Db, now_ms};

on_both_backends!(
    a_bad_step_fails_alone_in_its_batch,
    expired_sessions_are_refused_and_swept,
    a_token_use_is_written_once_a_minute
);

async fn a_bad_step_fails_alone_in_its_batch(b: Backend) {
    let dir = tempfile::tempdir().unwrap();
    let url = match &b {
        Backend::Sqlite => format!("sqlite://{}", dir.path().join("t.db").display()),
        Backend::Postgres(url) => url.clone(),
    };
    let db = Db::connect(&url).await.unwrap();
    // Migrating again is a no-op.
    db.migrate().await.unwrap();
    let id = unique("G");
    let row = GameRow {
        computer_level: Some(1),
        white_guest: Some("a".repeat(64)),
        ..GameRow::new(id.clone(), shatar_rules::Preset::Official, 60_000, 0)
    };
    let mut conn = db.pool.acquire().await.unwrap();
    games::insert(&mut conn, &row).await.unwrap();
    drop(conn);
    let writer = StepWriter::spawn(db.clone());
    let step = |ply: i64, uci: &str| Step {
        game_id: id.clone(),
        ply,
        mv: Some(MoveRow {
            ply,
            uci: uci.into(),
            white_ms: 60_000,
            black_ms: 60_000,
            played_ms: now_ms(),
            lag_ms: 0,
        }),
        end: None,
        rated: None,
        ..Step::default()
    };
    // Two writes of ply 0 (the second breaks the primary key) and an event, sent together.
    let (a, b2, c) = tokio::join!(
        writer.commit(step(0, "e2e4")),
        writer.commit(step(0, "d2d4")),
        writer.commit(Step {
            game_id: id.clone(),
            ply: 1,
            event: Some(("draw-offer".into(), Some("white".into()))),
            ..Step::default()
        }),
    );
    assert!(
        a.is_ok() != b2.is_ok(),
        "exactly one write of ply 0 is stored: {a:?} {b2:?}"
    );
    c.unwrap();
    let moves = games::moves(&db, &id).await.unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].uci, if a.is_ok() { "e2e4" } else { "d2d4" });
    let events = games::events(&db, &id).await.unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(
        (events[0].kind.as_str(), events[0].color.as_deref()),
        ("draw-offer", Some("white"))
    );
    db.pool.close().await;
}

async fn expired_sessions_are_refused_and_swept(b: Backend) {
    use shatar_server::db::{sessions, users};
    let dir = tempfile::tempdir().unwrap();
    let url = match &b {
        Backend::Sqlite => format!("sqlite://{}", dir.path().join("t.db").display()),
        Backend::Postgres(url) => url.clone(),
    };
    let db = Db::connect(&url).await.unwrap();
    let u = users::insert(
        &db,
        &shatar_server::names::check(&unique("Old")).unwrap(),
        "x",
        users::AccountRole::Player,
    )
    .await
    .unwrap();
    let (live, stale) = (unique("live-"), unique("stale-"));
    sessions::insert(&db, &live, u.id, "c1").await.unwrap();
    sessions::insert(&db, &stale, u.id, "c2").await.unwrap();
    sqlx::query("UPDATE sessions SET expires_ms = 1 WHERE token_hash = $1")
        .bind(&stale)
        .execute(&db.pool)
        .await
        .unwrap();
    assert_eq!(sessions::find(&db, &stale).await.unwrap(), None);
    assert_eq!(
        sessions::find(&db, &live)
            .await
            .unwrap()
            .map(|s| s.csrf_token),
        Some("c1".into())
    );
    assert!(sessions::delete_expired(&db).await.unwrap() >= 1);
    let left: i64 = sqlx::Row::get(
        &sqlx::query("SELECT count(*) AS n FROM sessions WHERE token_hash = $1 OR token_hash = $2")
            .bind(&live)
            .bind(&stale)
            .fetch_one(&db.pool)
            .await
            .unwrap(),
        "n",
    );
    assert_eq!(left, 1);
    db.pool.close().await;
}

async fn a_token_use_is_written_once_a_minute(b: Backend) {
    use shatar_server::db::{tokens, users};
    let dir = tempfile::tempdir().unwrap();
    let url = match &b {
        Backend::Sqlite => format!("sqlite://{}", dir.path().join("t.db").display()),
        Backend::Postgres(url) => url.clone(),
    };
    let db = Db::connect(&url).await.unwrap();
    let u = users::insert(
        &db,
        &shatar_server::names::check(&unique("Tok")).unwrap(),
        "x",
        users::AccountRole::Player,
    )
    .await
    .unwrap();
    let token = tokens::create(&db, u.id, "scoreboard").await.unwrap();
    let used = || async { tokens::list(&db, u.id).await.unwrap()[0].last_used_ms };
    assert_eq!(used().await, None);
    assert_eq!(tokens::owner(&db, &token).await.unwrap(), Some(u.id));
    let first = used().await.expect("the first use is noted");
    // Pretend the first use was 30 s ago: a use now is within the minute, not written.
    let half_minute_ago = first - 30_000;
    sqlx::query("UPDATE api_tokens SET last_used_ms = $1 WHERE user_id = $2")
        .bind(half_minute_ago)
        .bind(u.id)
        .execute(&db.pool)
        .await
        .unwrap();
    assert_eq!(tokens::owner(&db, &token).await.unwrap(), Some(u.id));
    assert_eq!(used().await, Some(half_minute_ago));
    // A minute and more after: written again.
    let long_ago = first - tokens::LAST_USE_RESOLUTION_MS;
    sqlx::query("UPDATE api_tokens SET last_used_ms = $1 WHERE user_id = $2")
        .bind(long_ago)
        .bind(u.id)
        .execute(&db.pool)
        .await
        .unwrap();
    assert_eq!(tokens::owner(&db, &token).await.unwrap(), Some(u.id));
    assert!(used().await.unwrap() >= first);
    assert_eq!(tokens::owner(&db, "no-such-token").await.unwrap(), None);
    db.pool.close().await;
}
