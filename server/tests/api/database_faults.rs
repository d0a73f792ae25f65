//! The database going away under the students: PostgreSQL ending the app's
//! sessions and refusing new ones for a while, or another program holding
//! SQLite's file locked. Requests fail cleanly (503 with `Retry-After`,
//! nothing written, nothing kept under their keys), `/healthz` says so, and
//! when the database is back the app serves again without a restart.

use crate::support::databases::postgres_admin_url;
use crate::support::{Backend, Student};
use reqwest::StatusCode;
use sqlx::{Connection, PgPool, SqliteConnection};
use std::time::{Duration, Instant};
use uuid::Uuid;

/// Ends every session on the app's database and refuses new ones, or lets
/// them in again.
async fn outage(admin: &PgPool, database: &str, on: bool) {
    let allow = if on { "false" } else { "true" };
    sqlx::query(&format!(
        "ALTER DATABASE {database} ALLOW_CONNECTIONS {allow}"
    ))
    .execute(admin)
    .await
    .unwrap();
    if on {
        sqlx::query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1")
            .bind(database)
            .execute(admin)
            .await
            .unwrap();
    }
}

/// Adds a task under its key.
async fn add(s: &Student, (key, id): &(String, String)) -> reqwest::Response {
    s.send_keyed(
        key,
        "/api/tasks/add",
        &[("id", id), ("quick_add", "Физика")],
    )
    .await
}

async fn health(s: &Student) -> StatusCode {
    reqwest::get(s.app.url("/healthz")).await.unwrap().status()
}

#[tokio::test]
async fn postgres_going_away_mid_burst_loses_and_doubles_nothing_and_the_app_recovers_alone() {
    let s = Student::new(Backend::Postgres).await;
    let database = s
        .app
        .database_url()
        .expose()
        .rsplit('/')
        .next()
        .unwrap()
        .to_owned();
    let admin = PgPool::connect(&format!("{}/postgres", postgres_admin_url()))
        .await
        .unwrap();
    let changes: Vec<(String, String)> = (0..12)
        .map(|_| (Uuid::new_v4().to_string(), Uuid::now_v7().to_string()))
        .collect();
    for change in &changes[..4] {
        assert_eq!(add(&s, change).await.status(), StatusCode::OK);
    }
    outage(&admin, &database, true).await;
    assert_eq!(health(&s).await, StatusCode::SERVICE_UNAVAILABLE);
    let read = s.get_view("today").await;
    assert_eq!(read.status(), StatusCode::SERVICE_UNAVAILABLE, "a read too");
    assert_eq!(
        crate::support::error_code(&read.text().await.unwrap()),
        "unavailable"
    );
    for change in &changes[4..] {
        let answer = add(&s, change).await;
        assert_eq!(answer.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert!(answer.headers().contains_key("retry-after"));
    }

    outage(&admin, &database, false).await;
    let started = Instant::now();
    while health(&s).await != StatusCode::OK {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "health never recovered"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    for (n, change) in changes.iter().enumerate() {
        let answer = add(&s, change).await;
        assert_eq!(answer.status(), StatusCode::OK);
        let replayed = answer.headers().contains_key("idempotency-replayed");
        assert_eq!(replayed, n < 4, "only the changes done before are replays");
    }
    let tasks = s.tasks().await;
    assert_eq!(tasks.len(), changes.len(), "each change once");
}

#[tokio::test]
async fn a_sqlite_file_locked_by_another_program_answers_503_and_the_change_lands_once_after() {
    let s = Student::new(Backend::Sqlite).await;
    let change = (Uuid::new_v4().to_string(), Uuid::now_v7().to_string());
    // Another program (a backup tool, a person with the sqlite3 shell)
    // takes the write lock and keeps it past the server's busy timeout.
    let mut other = SqliteConnection::connect(s.app.database_url().expose())
        .await
        .unwrap();
    sqlx::query("BEGIN EXCLUSIVE")
        .execute(&mut other)
        .await
        .unwrap();

    let answer = add(&s, &change).await;
    assert_eq!(answer.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(answer.headers().contains_key("retry-after"));
    assert_eq!(
        crate::support::error_code(&answer.text().await.unwrap()),
        "unavailable"
    );

    sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();
    let answer = add(&s, &change).await;
    assert_eq!(answer.status(), StatusCode::OK);
    assert!(
        !answer.headers().contains_key("idempotency-replayed"),
        "the refused try kept nothing under its key"
    );
    assert_eq!(s.tasks().await.len(), 1);
}
