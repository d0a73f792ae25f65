//! Backups of the SQLite database, taken while Tetrad serves
//! (`tetrad backup FILE`), and restoring one with the server stopped
//! (`tetrad restore FILE`). PostgreSQL has its own tools (`pg_dump`, base
//! backups; see the README).
//!
//! A backup is `VACUUM INTO`: one read transaction, so the copy is the
//! database as it was at one instant: a task and the key recorded with it
//! are both in it or both not, and writers are not blocked while it runs.

use super::DatabaseUrl;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::{ConnectOptions, Connection};
use std::path::{Path, PathBuf};
use std::str::FromStr;

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(
        "backups here are for SQLite; for PostgreSQL use pg_dump or a base backup (README, Backups)"
    )]
    NotSqlite,
    #[error("there is no database at {0}")]
    NoDatabase(PathBuf),
    #[error("{0} already exists; a backup never overwrites a file")]
    Exists(PathBuf),
    #[error("{0} is not a Tetrad backup: {1}")]
    NotABackup(PathBuf, String),
    #[error("the database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("the files: {0}")]
    Files(#[from] std::io::Error),
}

/// Copies the live database at `url` into a new file `to`.
pub async fn backup(url: &DatabaseUrl, to: &Path) -> Result<(), BackupError> {
    let DatabaseUrl::Sqlite(url) = url else {
        return Err(BackupError::NotSqlite);
    };
    if to.exists() {
        return Err(BackupError::Exists(to.to_owned()));
    }
    let live = SqliteConnectOptions::from_str(url)?;
    if !live.get_filename().is_file() {
        return Err(BackupError::NoDatabase(live.get_filename().to_owned()));
    }
    let mut live = live.connect().await?;
    vacuum_into(&mut live, to).await
}

/// Replaces the database at `url` with the backup `from`. The server must
/// be stopped: the file is swapped under it otherwise. A backup older than
/// the code is brought up to date by the migrations at the next start.
pub async fn restore(from: &Path, url: &DatabaseUrl) -> Result<(), BackupError> {
    let DatabaseUrl::Sqlite(url) = url else {
        return Err(BackupError::NotSqlite);
    };
    let mut backup = open_backup(from).await?;
    let target = SqliteConnectOptions::from_str(url)?
        .get_filename()
        .to_owned();
    // Written beside the database, then renamed over it: a restore cut
    // short leaves the old database whole.
    let staged = with_suffix(&target, ".restoring");
    if staged.exists() {
        std::fs::remove_file(&staged)?;
    }
    vacuum_into(&mut backup, &staged).await?;
    backup.close().await?;
    for stale in [with_suffix(&target, "-wal"), with_suffix(&target, "-shm")] {
        if stale.exists() {
            std::fs::remove_file(stale)?;
        }
    }
    std::fs::rename(&staged, &target)?;
    Ok(())
}

/// Opens a file that must be a whole Tetrad database.
async fn open_backup(path: &Path) -> Result<SqliteConnection, BackupError> {
    let not_a_backup = |why: String| BackupError::NotABackup(path.to_owned(), why);
    if !path.is_file() {
        return Err(not_a_backup("no such file".into()));
    }
    let mut backup = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .connect()
        .await?;
    let check: Result<String, _> = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut backup)
        .await;
    match check {
        Ok(ok) if ok == "ok" => {}
        Ok(problem) => return Err(not_a_backup(problem)),
        Err(error) => return Err(not_a_backup(error.to_string())),
    }
    let tables: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' \
         AND name IN ('_sqlx_migrations', 'users', 'tasks', 'idempotency_keys')",
    )
    .fetch_one(&mut backup)
    .await?;
    if tables != 4 {
        return Err(not_a_backup("it lacks Tetrad's tables".into()));
    }
    Ok(backup)
}

/// Copies the database into a new file, then rebuilds the copy's search
/// index: the copy may number the tasks' rowids anew, and the index finds
/// tasks by rowid (migrations/sqlite/0009_search.sql).
async fn vacuum_into(from: &mut SqliteConnection, to: &Path) -> Result<(), BackupError> {
    sqlx::query("VACUUM INTO $1")
        .bind(to.to_string_lossy().into_owned())
        .execute(&mut *from)
        .await?;
    let mut copy = SqliteConnectOptions::new().filename(to).connect().await?;
    let indexed: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'tasks_search'",
    )
    .fetch_one(&mut copy)
    .await?;
    if indexed == 1 {
        sqlx::query("INSERT INTO tasks_search (tasks_search) VALUES ('rebuild')")
            .execute(&mut copy)
            .await?;
    }
    copy.close().await?;
    Ok(())
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}
