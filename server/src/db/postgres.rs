//! The production backend: PostgreSQL, shared by any number of stateless
//! app instances.

use super::errors::{corrupt, storage_error};
use app::domain::{Task, TaskId, TaskTitle, UserId, Username};
use app::domain::IdempotencyKey;
use app::ssr::idempotency::{ClaimOutcome, KeyClaim, StoredResponse};
use app::ssr::storage::{Credentials, SessionUser, Storage, StorageError, Work};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::postgres::{PgPoolOptions, PgRow};
use sqlx::{PgPool, Postgres, Row, Transaction};
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

    async fn list_tasks(&self, user_id: UserId) -> Result<Vec<Task>, StorageError> {
        let rows = sqlx::query("SELECT id, title, created_at, completed_at FROM tasks WHERE user_id = $1 ORDER BY created_at, id")
            .bind(user_id.as_uuid())
            .fetch_all(&self.pool)
            .await
            .map_err(storage_error)?;
        rows.iter().map(task_from_row).collect()
    }

    async fn claim_key(&self, claim: &KeyClaim) -> Result<ClaimOutcome, StorageError> {
        let inserted = sqlx::query(
            "INSERT INTO idempotency_keys \
             (user_id, idempotency_key, fingerprint, claim_token, locked_until, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, idempotency_key) DO NOTHING",
        )
        .bind(claim.user_id.as_uuid())
        .bind(claim.key.as_str())
        .bind(&claim.fingerprint)
        .bind(claim.token)
        .bind(claim.lease_until)
        .bind(claim.now)
        .execute(&self.pool)
        .await
        .map_err(storage_error)?
        .rows_affected();
        if inserted == 1 {
            return Ok(ClaimOutcome::Acquired);
        }
        let row = sqlx::query(
            "SELECT fingerprint, claim_token, locked_until, response_status, response_headers, \
             response_body, completed_at FROM idempotency_keys WHERE user_id = $1 AND idempotency_key = $2",
        )
        .bind(claim.user_id.as_uuid())
        .bind(claim.key.as_str())
        .fetch_one(&self.pool)
        .await
        .map_err(storage_error)?;
        let fingerprint: Vec<u8> = row.get("fingerprint");
        let completed_at: Option<DateTime<Utc>> = row.get("completed_at");
        let locked_until: DateTime<Utc> = row.get("locked_until");
        if fingerprint != claim.fingerprint {
            return Ok(ClaimOutcome::Mismatch);
        }
        if completed_at.is_some() {
            return Ok(ClaimOutcome::Completed(StoredResponse {
                status: row.get::<i16, _>("response_status") as u16,
                headers: StoredResponse::parse_headers(row.get::<Option<&str>, _>("response_headers").unwrap_or_default()),
                body: row.get("response_body"),
            }));
        }
        if locked_until > claim.now {
            return Ok(ClaimOutcome::InProgress { locked_until });
        }
        // The request holding the claim died: take it over, unless another
        // instance just did (the old token no longer matches).
        let old_token: Uuid = row.get("claim_token");
        let taken = sqlx::query(
            "UPDATE idempotency_keys SET claim_token = $1, locked_until = $2 \
             WHERE user_id = $3 AND idempotency_key = $4 AND claim_token = $5 AND completed_at IS NULL",
        )
        .bind(claim.token)
        .bind(claim.lease_until)
        .bind(claim.user_id.as_uuid())
        .bind(claim.key.as_str())
        .bind(old_token)
        .execute(&self.pool)
        .await
        .map_err(storage_error)?
        .rows_affected();
        Ok(if taken == 1 { ClaimOutcome::Acquired } else { ClaimOutcome::InProgress { locked_until: claim.lease_until } })
    }

    async fn release_key(&self, user_id: UserId, key: &IdempotencyKey, token: Uuid) -> Result<(), StorageError> {
        sqlx::query(
            "DELETE FROM idempotency_keys \
             WHERE user_id = $1 AND idempotency_key = $2 AND claim_token = $3 AND completed_at IS NULL",
        )
        .bind(user_id.as_uuid())
        .bind(key.as_str())
        .bind(token)
        .execute(&self.pool)
        .await
        .map_err(storage_error)?;
        Ok(())
    }

    async fn delete_keys_created_before(&self, before: DateTime<Utc>, batch: u32) -> Result<u64, StorageError> {
        let done = sqlx::query(
            "DELETE FROM idempotency_keys WHERE ctid IN \
             (SELECT ctid FROM idempotency_keys WHERE created_at < $1 LIMIT $2)",
        )
        .bind(before)
        .bind(i64::from(batch))
        .execute(&self.pool)
        .await
        .map_err(storage_error)?;
        Ok(done.rows_affected())
    }

    async fn begin(&self) -> Result<Box<dyn Work>, StorageError> {
        let tx = self.pool.begin().await.map_err(storage_error)?;
        Ok(Box::new(PostgresWork { tx }))
    }
}

fn task_from_row(row: &PgRow) -> Result<Task, StorageError> {
    Ok(Task {
        id: TaskId::from_uuid(row.get("id")),
        title: TaskTitle::parse(row.get("title")).map_err(|e| corrupt("task title", e))?,
        created_at: row.get("created_at"),
        completed_at: row.get("completed_at"),
    })
}

/// A unit of work on PostgreSQL: one transaction.
struct PostgresWork {
    tx: Transaction<'static, Postgres>,
}

#[async_trait]
impl Work for PostgresWork {
    async fn create_task(
        &mut self,
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
        .execute(&mut *self.tx)
        .await
        .map_err(storage_error)?;

        let row = sqlx::query("SELECT id, user_id, title, created_at, completed_at FROM tasks WHERE id = $1")
            .bind(id.as_uuid())
            .fetch_one(&mut *self.tx)
            .await
            .map_err(storage_error)?;
        if UserId::from_uuid(row.get::<Uuid, _>("user_id")) != user_id {
            return Err(StorageError::Conflict);
        }
        task_from_row(&row)
    }

    async fn set_task_completed(
        &mut self,
        user_id: UserId,
        id: TaskId,
        completed: bool,
        at: DateTime<Utc>,
    ) -> Result<Task, StorageError> {
        let row = sqlx::query(
            "UPDATE tasks SET completed_at = CASE WHEN $1 THEN COALESCE(completed_at, $2) END, updated_at = $2 \
             WHERE id = $3 AND user_id = $4 RETURNING id, title, created_at, completed_at",
        )
        .bind(completed)
        .bind(at)
        .bind(id.as_uuid())
        .bind(user_id.as_uuid())
        .fetch_optional(&mut *self.tx)
        .await
        .map_err(storage_error)?;
        task_from_row(&row.ok_or(StorageError::NotFound)?)
    }

    async fn complete_key(
        &mut self,
        user_id: UserId,
        key: &IdempotencyKey,
        token: Uuid,
        response: &StoredResponse,
        now: DateTime<Utc>,
    ) -> Result<bool, StorageError> {
        let done = sqlx::query(
            "UPDATE idempotency_keys SET response_status = $1, response_headers = $2, response_body = $3, \
             completed_at = $4 \
             WHERE user_id = $5 AND idempotency_key = $6 AND claim_token = $7 AND completed_at IS NULL",
        )
        .bind(response.status as i16)
        .bind(response.headers_text())
        .bind(&response.body)
        .bind(now)
        .bind(user_id.as_uuid())
        .bind(key.as_str())
        .bind(token)
        .execute(&mut *self.tx)
        .await
        .map_err(storage_error)?;
        Ok(done.rows_affected() == 1)
    }

    async fn commit(self: Box<Self>) -> Result<(), StorageError> {
        self.tx.commit().await.map_err(storage_error)
    }
}
