//! The production backend: PostgreSQL, shared by any number of stateless
//! app instances.

use super::errors::{corrupt, storage_error};
use app::domain::{Task, TaskId, TaskTitle, UserId, Username};
use app::ssr::storage::{Credentials, SessionUser, Storage, StorageError};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::postgres::{PgPoolOptions, PgRow};
use sqlx::{PgPool, Row};
use std::time::Duration;
use uuid::Uuid;

pub struct PostgresStorage {
    pool: PgPool,
}

impl PostgresStorage {
    /// Connects and migrates. Migrations take an advisory lock, so several
    /// instances starting at once apply them once.
    pub async fn connect(url: &str) -> Result<Self, super::ConnectError> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(Duration::from_secs(5))
            .connect(url)
            .await?;
        sqlx::migrate!("../migrations/postgres").run(&pool).await?;
        Ok(Self { pool })
    }
}

fn username_from(row: &PgRow) -> Result<Username, StorageError> {
    Username::parse(row.get("username")).map_err(|e| corrupt("username", e))
}

#[async_trait]
impl Storage for PostgresStorage {
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
        sqlx::query("INSERT INTO users (id, username, password_hash, created_at) VALUES ($1, $2, $3, $4)")
            .bind(id.as_uuid())
            .bind(username.as_str())
            .bind(password_hash)
            .bind(now)
            .execute(&self.pool)
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    async fn find_credentials(&self, username: &Username) -> Result<Option<Credentials>, StorageError> {
        let row = sqlx::query("SELECT id, username, password_hash FROM users WHERE username = $1")
            .bind(username.as_str())
            .fetch_optional(&self.pool)
            .await
            .map_err(storage_error)?;
        row.map(|row| {
            Ok(Credentials {
                user_id: UserId::from_uuid(row.get("id")),
                username: username_from(&row)?,
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
        sqlx::query("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
            .bind(token_hash)
            .bind(user_id.as_uuid())
            .bind(now)
            .bind(expires_at)
            .execute(&self.pool)
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    async fn find_session(&self, token_hash: &[u8], now: DateTime<Utc>) -> Result<Option<SessionUser>, StorageError> {
        let row = sqlx::query(
            "SELECT users.id, users.username FROM sessions JOIN users ON users.id = sessions.user_id \
             WHERE sessions.token_hash = $1 AND sessions.expires_at > $2",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(&self.pool)
        .await
        .map_err(storage_error)?;
        row.map(|row| Ok(SessionUser { user_id: UserId::from_uuid(row.get("id")), username: username_from(&row)? }))
            .transpose()
    }

    async fn delete_session(&self, token_hash: &[u8]) -> Result<(), StorageError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&self.pool)
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    async fn delete_expired_sessions(&self, now: DateTime<Utc>) -> Result<u64, StorageError> {
        let done = sqlx::query("DELETE FROM sessions WHERE expires_at <= $1")
            .bind(now)
            .execute(&self.pool)
            .await
            .map_err(storage_error)?;
        Ok(done.rows_affected())
    }

    async fn record_failed_sign_in(&self, username: &Username, at: DateTime<Utc>) -> Result<(), StorageError> {
        sqlx::query("INSERT INTO failed_sign_ins (username, attempted_at) VALUES ($1, $2)")
            .bind(username.as_str())
            .bind(at)
            .execute(&self.pool)
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    async fn count_failed_sign_ins(&self, username: &Username, since: DateTime<Utc>) -> Result<u64, StorageError> {
        let count: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM failed_sign_ins WHERE username = $1 AND attempted_at > $2")
                .bind(username.as_str())
                .bind(since)
                .fetch_one(&self.pool)
                .await
                .map_err(storage_error)?;
        Ok(count as u64)
    }

    async fn clear_failed_sign_ins(&self, username: &Username) -> Result<(), StorageError> {
        sqlx::query("DELETE FROM failed_sign_ins WHERE username = $1")
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
            "INSERT INTO tasks (id, user_id, title, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(id.as_uuid())
        .bind(user_id.as_uuid())
        .bind(title.as_str())
        .bind(now)
        .execute(&self.pool)
        .await
        .map_err(storage_error)?;

        let row = sqlx::query("SELECT id, user_id, title, created_at FROM tasks WHERE id = $1")
            .bind(id.as_uuid())
            .fetch_one(&self.pool)
            .await
            .map_err(storage_error)?;
        if UserId::from_uuid(row.get::<Uuid, _>("user_id")) != user_id {
            return Err(StorageError::Conflict);
        }
        task_from_row(&row)
    }

    async fn list_tasks(&self, user_id: UserId) -> Result<Vec<Task>, StorageError> {
        let rows = sqlx::query("SELECT id, title, created_at FROM tasks WHERE user_id = $1 ORDER BY created_at, id")
            .bind(user_id.as_uuid())
            .fetch_all(&self.pool)
            .await
            .map_err(storage_error)?;
        rows.iter().map(task_from_row).collect()
    }
}

fn task_from_row(row: &PgRow) -> Result<Task, StorageError> {
    Ok(Task {
        id: TaskId::from_uuid(row.get("id")),
        title: TaskTitle::parse(row.get("title")).map_err(|e| corrupt("task title", e))?,
        created_at: row.get("created_at"),
    })
}
