//! The embedded backend: one SQLite file, in WAL mode.
//!
//! Times are stored as UTC milliseconds and ids as UUID text, so the file
//! reads well in the `sqlite3` shell.

use super::errors::{corrupt, storage_error};
use app::domain::{Task, TaskId, TaskTitle, UserId, Username};
use app::ssr::storage::{Credentials, SessionUser, Storage, StorageError};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};
use std::str::FromStr;
use std::time::Duration;

pub struct SqliteStorage {
    pool: SqlitePool,
}

impl SqliteStorage {
    /// Opens (creating if needed) the database file and migrates it.
    pub async fn connect(url: &str) -> Result<Self, super::ConnectError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // NORMAL is durable in WAL mode except across a power cut, where
            // the last transactions may roll back (never corrupt).
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let pool = SqlitePoolOptions::new().max_connections(8).connect_with(options).await?;
        sqlx::migrate!("../migrations/sqlite").run(&pool).await?;
        Ok(Self { pool })
    }
}

fn millis(at: DateTime<Utc>) -> i64 {
    at.timestamp_millis()
}

fn from_millis(ms: i64) -> Result<DateTime<Utc>, StorageError> {
    DateTime::from_timestamp_millis(ms).ok_or_else(|| corrupt("time", ms))
}

fn parse_uuid<T: FromStr>(what: &str, text: &str) -> Result<T, StorageError>
where
    T::Err: std::fmt::Display,
{
    text.parse().map_err(|e| corrupt(what, e))
}

#[async_trait]
impl Storage for SqliteStorage {
    async fn ping(&self) -> Result<(), StorageError> {
        sqlx::query("SELECT 1").execute(&self.pool).await.map_err(storage_error)?;
        Ok(())
    }

    async fn create_user(
        &self,
        id: UserId,
        username: &Username,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        sqlx::query("INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)")
            .bind(id.to_string())
            .bind(username.as_str())
            .bind(password_hash)
            .bind(millis(now))
            .execute(&self.pool)
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    async fn find_credentials(&self, username: &Username) -> Result<Option<Credentials>, StorageError> {
        let row = sqlx::query("SELECT id, username, password_hash FROM users WHERE username = ?")
            .bind(username.as_str())
            .fetch_optional(&self.pool)
            .await
            .map_err(storage_error)?;
        row.map(|row| {
            Ok(Credentials {
                user_id: parse_uuid("user id", row.get("id"))?,
                username: Username::parse(row.get("username")).map_err(|e| corrupt("username", e))?,
                password_hash: row.get("password_hash"),
            })
        })
        .transpose()
    }

    async fn create_session(
        &self,
        token_hash: &[u8],
        user_id: UserId,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        sqlx::query("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
            .bind(token_hash)
            .bind(user_id.to_string())
            .bind(millis(now))
            .bind(millis(expires_at))
            .execute(&self.pool)
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    async fn find_session(&self, token_hash: &[u8], now: DateTime<Utc>) -> Result<Option<SessionUser>, StorageError> {
        let row = sqlx::query(
            "SELECT users.id, users.username FROM sessions JOIN users ON users.id = sessions.user_id \
             WHERE sessions.token_hash = ? AND sessions.expires_at > ?",
        )
        .bind(token_hash)
        .bind(millis(now))
        .fetch_optional(&self.pool)
        .await
        .map_err(storage_error)?;
        row.map(|row| {
            Ok(SessionUser {
                user_id: parse_uuid("user id", row.get("id"))?,
                username: Username::parse(row.get("username")).map_err(|e| corrupt("username", e))?,
            })
        })
        .transpose()
    }

    async fn delete_session(&self, token_hash: &[u8]) -> Result<(), StorageError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = ?")
            .bind(token_hash)
            .execute(&self.pool)
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    async fn delete_expired_sessions(&self, now: DateTime<Utc>) -> Result<u64, StorageError> {
        let done = sqlx::query("DELETE FROM sessions WHERE expires_at <= ?")
            .bind(millis(now))
            .execute(&self.pool)
            .await
            .map_err(storage_error)?;
        Ok(done.rows_affected())
    }

    async fn record_failed_sign_in(&self, username: &Username, at: DateTime<Utc>) -> Result<(), StorageError> {
        sqlx::query("INSERT INTO failed_sign_ins (username, attempted_at) VALUES (?, ?)")
            .bind(username.as_str())
            .bind(millis(at))
            .execute(&self.pool)
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    async fn count_failed_sign_ins(&self, username: &Username, since: DateTime<Utc>) -> Result<u64, StorageError> {
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM failed_sign_ins WHERE username = ? AND attempted_at > ?")
            .bind(username.as_str())
            .bind(millis(since))
            .fetch_one(&self.pool)
            .await
            .map_err(storage_error)?;
        Ok(count as u64)
    }

    async fn clear_failed_sign_ins(&self, username: &Username) -> Result<(), StorageError> {
        sqlx::query("DELETE FROM failed_sign_ins WHERE username = ?")
            .bind(username.as_str())
            .execute(&self.pool)
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    async fn create_task(
        &self,
        user_id: UserId,
        id: TaskId,
        title: &TaskTitle,
        now: DateTime<Utc>,
    ) -> Result<Task, StorageError> {
        sqlx::query(
            "INSERT INTO tasks (id, user_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(id.to_string())
        .bind(user_id.to_string())
        .bind(title.as_str())
        .bind(millis(now))
        .bind(millis(now))
        .execute(&self.pool)
        .await
        .map_err(storage_error)?;

        let row = sqlx::query("SELECT id, user_id, title, created_at FROM tasks WHERE id = ?")
            .bind(id.to_string())
            .fetch_one(&self.pool)
            .await
            .map_err(storage_error)?;
        let owner: UserId = parse_uuid("user id", row.get("user_id"))?;
        if owner != user_id {
            return Err(StorageError::Conflict);
        }
        task_from_row(&row)
    }

    async fn list_tasks(&self, user_id: UserId) -> Result<Vec<Task>, StorageError> {
        let rows = sqlx::query("SELECT id, title, created_at FROM tasks WHERE user_id = ? ORDER BY created_at, id")
            .bind(user_id.to_string())
            .fetch_all(&self.pool)
            .await
            .map_err(storage_error)?;
        rows.iter().map(task_from_row).collect()
    }
}

fn task_from_row(row: &sqlx::sqlite::SqliteRow) -> Result<Task, StorageError> {
    Ok(Task {
        id: parse_uuid("task id", row.get("id"))?,
        title: TaskTitle::parse(row.get("title")).map_err(|e| corrupt("task title", e))?,
        created_at: from_millis(row.get("created_at"))?,
    })
}
