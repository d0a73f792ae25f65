//! The production backend: PostgreSQL, shared by any number of stateless
//! app instances.

use super::clocks;
use super::errors::{corrupt, storage_error};
use app::domain::{
    Due, ListId, ListName, Notes, Priority, Recurrence, Task, TaskId, TaskList, TaskTitle,
    TimeZoneName, UserId, Username,
};
use app::domain::{IdempotencyKey, Stamp};
use app::ssr::idempotency::{ClaimOutcome, KeyClaim, StoredResponse};
use app::ssr::storage::{Credentials, SessionUser, Storage, StorageError, Work};
use app::views::{Day, Nav, View};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use sqlx::postgres::{PgPoolOptions, PgRow};
use sqlx::{PgPool, Postgres, Row, Transaction};
use std::time::Duration;
use uuid::Uuid;

mod views;

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
        sqlx::query("SELECT 1")
            .execute(&self.pool)
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    async fn create_user(
        &self,
        id: UserId,
        username: &Username,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        sqlx::query(
            "INSERT INTO users (id, username, password_hash, created_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(id.as_uuid())
        .bind(username.as_str())
        .bind(password_hash)
        .bind(now)
        .execute(&self.pool)
        .await
        .map_err(storage_error)?;
        Ok(())
    }

    async fn find_credentials(
        &self,
        username: &Username,
    ) -> Result<Option<Credentials>, StorageError> {
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

    async fn find_session(
        &self,
        token_hash: &[u8],
        now: DateTime<Utc>,
    ) -> Result<Option<SessionUser>, StorageError> {
        let row = sqlx::query(
            "SELECT users.id, users.username FROM sessions JOIN users ON users.id = sessions.user_id \
             WHERE sessions.token_hash = $1 AND sessions.expires_at > $2",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(&self.pool)
        .await
        .map_err(storage_error)?;
        row.map(|row| {
            Ok(SessionUser {
                user_id: UserId::from_uuid(row.get("id")),
                username: username_from(&row)?,
            })
        })
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

    async fn record_failed_sign_in(
        &self,
        username: &Username,
        at: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        sqlx::query("INSERT INTO failed_sign_ins (username, attempted_at) VALUES ($1, $2)")
            .bind(username.as_str())
            .bind(at)
            .execute(&self.pool)
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    async fn count_failed_sign_ins(
        &self,
        username: &Username,
        since: DateTime<Utc>,
    ) -> Result<u64, StorageError> {
        let count: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM failed_sign_ins WHERE username = $1 AND attempted_at > $2",
        )
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

    async fn delete_failed_sign_ins_before(
        &self,
        before: DateTime<Utc>,
    ) -> Result<u64, StorageError> {
        let done = sqlx::query("DELETE FROM failed_sign_ins WHERE attempted_at <= $1")
            .bind(before)
            .execute(&self.pool)
            .await
            .map_err(storage_error)?;
        Ok(done.rows_affected())
    }

    async fn list_tasks(&self, user_id: UserId) -> Result<Vec<Task>, StorageError> {
        let sql = format!(
            "SELECT {TASK_COLUMNS} FROM tasks WHERE user_id = $1 AND deleted_at IS NULL ORDER BY position, created_at, id"
        );
        let rows = sqlx::query(&sql)
            .bind(user_id.as_uuid())
            .fetch_all(&self.pool)
            .await
            .map_err(storage_error)?;
        rows.iter().map(task_from_row).collect()
    }

    async fn get_task(&self, user_id: UserId, id: TaskId) -> Result<Option<Task>, StorageError> {
        let sql = format!("SELECT {TASK_COLUMNS} FROM tasks WHERE id = $1 AND user_id = $2");
        let row = sqlx::query(&sql)
            .bind(id.as_uuid())
            .bind(user_id.as_uuid())
            .fetch_optional(&self.pool)
            .await
            .map_err(storage_error)?;
        row.as_ref().map(task_from_row).transpose()
    }

    async fn view_tasks(
        &self,
        user_id: UserId,
        view: View,
        today: Day,
    ) -> Result<Vec<Task>, StorageError> {
        views::view_tasks(&self.pool, user_id, view, today).await
    }

    async fn view_counts(&self, user_id: UserId, today: NaiveDate) -> Result<Nav, StorageError> {
        views::view_counts(&self.pool, user_id, today).await
    }

    async fn time_zone(&self, user_id: UserId) -> Result<TimeZoneName, StorageError> {
        read_time_zone(&self.pool, user_id).await
    }

    async fn list_lists(&self, user_id: UserId) -> Result<Vec<TaskList>, StorageError> {
        read_lists(&self.pool, user_id).await
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
                headers: StoredResponse::parse_headers(
                    row.get::<Option<&str>, _>("response_headers")
                        .unwrap_or_default(),
                ),
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
        Ok(if taken == 1 {
            ClaimOutcome::Acquired
        } else {
            ClaimOutcome::InProgress {
                locked_until: claim.lease_until,
            }
        })
    }

    async fn release_key(
        &self,
        user_id: UserId,
        key: &IdempotencyKey,
        token: Uuid,
    ) -> Result<(), StorageError> {
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

    async fn delete_keys_created_before(
        &self,
        before: DateTime<Utc>,
        batch: u32,
    ) -> Result<u64, StorageError> {
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

/// The account's time zone, from the pool or inside a unit of work.
async fn read_time_zone<'e>(
    db: impl sqlx::PgExecutor<'e>,
    user_id: UserId,
) -> Result<TimeZoneName, StorageError> {
    let row = sqlx::query("SELECT time_zone FROM users WHERE id = $1")
        .bind(user_id.as_uuid())
        .fetch_optional(db)
        .await
        .map_err(storage_error)?
        .ok_or(StorageError::NotFound)?;
    TimeZoneName::parse(row.get("time_zone")).map_err(|e| corrupt("time zone", e))
}

/// The account's lists by name, from the pool or inside a unit of work.
async fn read_lists<'e>(
    db: impl sqlx::PgExecutor<'e>,
    user_id: UserId,
) -> Result<Vec<TaskList>, StorageError> {
    let rows = sqlx::query(
        "SELECT id, name, created_at, updated_at FROM lists WHERE user_id = $1 ORDER BY name, id",
    )
    .bind(user_id.as_uuid())
    .fetch_all(db)
    .await
    .map_err(storage_error)?;
    rows.iter().map(list_from_row).collect()
}

pub(crate) const TASK_COLUMNS: &str =
    "id, list_id, title, notes, due_date, due_time, priority, recurrence, series_id, \
     position, created_at, updated_at, completed_at, deleted_at, title_changed_at, \
     notes_changed_at, due_changed_at, priority_changed_at, list_changed_at, \
     recurrence_changed_at, completion_changed_at, deletion_changed_at, position_changed_at";

pub(crate) fn task_from_row(row: &PgRow) -> Result<Task, StorageError> {
    let due = row.get::<Option<NaiveDate>, _>("due_date").map(|date| Due {
        date,
        time: row.get("due_time"),
    });
    let priority =
        u8::try_from(row.get::<i16, _>("priority")).map_err(|e| corrupt("priority", e))?;
    Ok(Task {
        id: TaskId::from_uuid(row.get("id")),
        list_id: row.get::<Option<Uuid>, _>("list_id").map(ListId::from_uuid),
        title: TaskTitle::parse(row.get("title")).map_err(|e| corrupt("task title", e))?,
        notes: Notes::parse(row.get("notes")).map_err(|e| corrupt("notes", e))?,
        due,
        priority: Priority::new(priority).map_err(|e| corrupt("priority", e))?,
        recurrence: row
            .get::<Option<&str>, _>("recurrence")
            .map(Recurrence::parse)
            .transpose()
            .map_err(|e| corrupt("recurrence", e))?,
        series_id: row
            .get::<Option<Uuid>, _>("series_id")
            .map(TaskId::from_uuid),
        position: row.get("position"),
        created_at: row.get("created_at"),
        updated_at: row.get("updated_at"),
        completed_at: row.get("completed_at"),
        deleted_at: row.get("deleted_at"),
        changed: clocks::from_columns(|column| row.get(column)),
    })
}

pub(crate) fn list_from_row(row: &PgRow) -> Result<TaskList, StorageError> {
    Ok(TaskList {
        id: ListId::from_uuid(row.get("id")),
        name: ListName::parse(row.get("name")).map_err(|e| corrupt("list name", e))?,
        created_at: row.get("created_at"),
        updated_at: row.get("updated_at"),
    })
}

/// Binds every field of a task after its id and owner, in `TASK_COLUMNS` order.
fn bind_task_fields<'q>(
    query: sqlx::query::Query<'q, Postgres, sqlx::postgres::PgArguments>,
    task: &Task,
) -> sqlx::query::Query<'q, Postgres, sqlx::postgres::PgArguments> {
    let query = query
        .bind(task.list_id.map(|id| id.as_uuid()))
        .bind(task.title.as_str().to_owned())
        .bind(task.notes.as_str().to_owned())
        .bind(task.due.map(|due| due.date))
        .bind(task.due.and_then(|due| due.time))
        .bind(i16::from(task.priority.level()))
        .bind(task.recurrence.as_ref().map(ToString::to_string))
        .bind(task.series_id.map(|id| id.as_uuid()))
        .bind(task.position)
        .bind(task.created_at)
        .bind(task.updated_at)
        .bind(task.completed_at)
        .bind(task.deleted_at);
    // The clocks last, in their columns' order.
    clocks::millis(&task.changed)
        .into_iter()
        .fold(query, |query, ms| query.bind(ms))
}

/// A unit of work on PostgreSQL: one transaction.
struct PostgresWork {
    tx: Transaction<'static, Postgres>,
}

#[async_trait]
impl Work for PostgresWork {
    async fn find_task(
        &mut self,
        user_id: UserId,
        id: TaskId,
    ) -> Result<Option<Task>, StorageError> {
        // FOR UPDATE: two mutations of one task wait for each other instead
        // of overwriting each other's read.
        let sql =
            format!("SELECT {TASK_COLUMNS} FROM tasks WHERE id = $1 AND user_id = $2 FOR UPDATE");
        let row = sqlx::query(&sql)
            .bind(id.as_uuid())
            .bind(user_id.as_uuid())
            .fetch_optional(&mut *self.tx)
            .await
            .map_err(storage_error)?;
        row.as_ref().map(task_from_row).transpose()
    }

    async fn insert_task(&mut self, user_id: UserId, task: &Task) -> Result<bool, StorageError> {
        let query = sqlx::query(
            "INSERT INTO tasks (id, user_id, list_id, title, notes, due_date, due_time, priority, recurrence, \
             series_id, position, created_at, updated_at, completed_at, deleted_at, title_changed_at, \
             notes_changed_at, due_changed_at, priority_changed_at, list_changed_at, recurrence_changed_at, \
             completion_changed_at, deletion_changed_at, position_changed_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24) ON CONFLICT (id) DO NOTHING",
        )
        .bind(task.id.as_uuid())
        .bind(user_id.as_uuid());
        let inserted = bind_task_fields(query, task)
            .execute(&mut *self.tx)
            .await
            .map_err(storage_error)?;
        if inserted.rows_affected() == 1 {
            return Ok(true);
        }
        ensure_owner(&mut self.tx, "tasks", task.id.as_uuid(), user_id)
            .await
            .map(|()| false)
    }

    async fn update_task(&mut self, user_id: UserId, task: &Task) -> Result<(), StorageError> {
        let query = sqlx::query(
            "UPDATE tasks SET list_id = $3, title = $4, notes = $5, due_date = $6, due_time = $7, priority = $8, \
             recurrence = $9, series_id = $10, position = $11, created_at = $12, updated_at = $13, \
             completed_at = $14, deleted_at = $15, title_changed_at = $16, notes_changed_at = $17, \
             due_changed_at = $18, priority_changed_at = $19, list_changed_at = $20, \
             recurrence_changed_at = $21, completion_changed_at = $22, deletion_changed_at = $23, \
             position_changed_at = $24 WHERE id = $1 AND user_id = $2",
        )
        .bind(task.id.as_uuid())
        .bind(user_id.as_uuid());
        let done = bind_task_fields(query, task)
            .execute(&mut *self.tx)
            .await
            .map_err(storage_error)?;
        if done.rows_affected() == 0 {
            return Err(StorageError::NotFound);
        }
        Ok(())
    }

    async fn delete_task_if_untouched(
        &mut self,
        user_id: UserId,
        id: TaskId,
    ) -> Result<bool, StorageError> {
        let done = sqlx::query(
            "DELETE FROM tasks WHERE id = $1 AND user_id = $2 AND updated_at = created_at \
             AND completed_at IS NULL AND deleted_at IS NULL",
        )
        .bind(id.as_uuid())
        .bind(user_id.as_uuid())
        .execute(&mut *self.tx)
        .await
        .map_err(storage_error)?;
        Ok(done.rows_affected() == 1)
    }

    async fn set_positions(
        &mut self,
        user_id: UserId,
        ids: &[TaskId],
        at: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        // The rule of `Task::set_position`: a later move wins; in the same
        // millisecond, the higher position.
        let ids: Vec<Uuid> = ids.iter().map(TaskId::as_uuid).collect();
        sqlx::query(
            "UPDATE tasks SET position = ordered.position - 1, position_changed_at = $3, \
             updated_at = GREATEST(updated_at, $4) \
             FROM unnest($1::uuid[]) WITH ORDINALITY AS ordered (id, position) \
             WHERE tasks.id = ordered.id AND tasks.user_id = $2 \
             AND (tasks.position_changed_at < $3 \
                  OR (tasks.position_changed_at = $3 AND tasks.position < ordered.position - 1))",
        )
        .bind(&ids)
        .bind(user_id.as_uuid())
        .bind(Stamp::of(at).millis())
        .bind(Stamp::of(at).to_utc())
        .execute(&mut *self.tx)
        .await
        .map_err(storage_error)?;
        Ok(())
    }

    async fn time_zone(&mut self, user_id: UserId) -> Result<TimeZoneName, StorageError> {
        read_time_zone(&mut *self.tx, user_id).await
    }

    async fn set_time_zone(
        &mut self,
        user_id: UserId,
        zone: &TimeZoneName,
    ) -> Result<(), StorageError> {
        sqlx::query("UPDATE users SET time_zone = $1 WHERE id = $2")
            .bind(zone.as_str())
            .bind(user_id.as_uuid())
            .execute(&mut *self.tx)
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    async fn list_lists(&mut self, user_id: UserId) -> Result<Vec<TaskList>, StorageError> {
        read_lists(&mut *self.tx, user_id).await
    }

    async fn find_list(
        &mut self,
        user_id: UserId,
        id: ListId,
    ) -> Result<Option<TaskList>, StorageError> {
        let row = sqlx::query(
            "SELECT id, name, created_at, updated_at FROM lists WHERE id = $1 AND user_id = $2",
        )
        .bind(id.as_uuid())
        .bind(user_id.as_uuid())
        .fetch_optional(&mut *self.tx)
        .await
        .map_err(storage_error)?;
        row.as_ref().map(list_from_row).transpose()
    }

    async fn insert_list(
        &mut self,
        user_id: UserId,
        list: &TaskList,
    ) -> Result<bool, StorageError> {
        let inserted = sqlx::query(
            "INSERT INTO lists (id, user_id, name, created_at, updated_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(list.id.as_uuid())
        .bind(user_id.as_uuid())
        .bind(list.name.as_str())
        .bind(list.created_at)
        .bind(list.updated_at)
        .execute(&mut *self.tx)
        .await
        .map_err(storage_error)?;
        if inserted.rows_affected() == 1 {
            return Ok(true);
        }
        ensure_owner(&mut self.tx, "lists", list.id.as_uuid(), user_id)
            .await
            .map(|()| false)
    }

    async fn update_list(&mut self, user_id: UserId, list: &TaskList) -> Result<(), StorageError> {
        let done = sqlx::query(
            "UPDATE lists SET name = $1, updated_at = $2 WHERE id = $3 AND user_id = $4",
        )
        .bind(list.name.as_str())
        .bind(list.updated_at)
        .bind(list.id.as_uuid())
        .bind(user_id.as_uuid())
        .execute(&mut *self.tx)
        .await
        .map_err(storage_error)?;
        if done.rows_affected() == 0 {
            return Err(StorageError::NotFound);
        }
        Ok(())
    }

    async fn delete_list(
        &mut self,
        user_id: UserId,
        id: ListId,
        now: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        // Moving them out is a change of their list, clocked like any other.
        sqlx::query(
            "UPDATE tasks SET list_id = NULL, updated_at = $1, \
             list_changed_at = GREATEST(list_changed_at, $4) WHERE list_id = $2 AND user_id = $3",
        )
        .bind(now)
        .bind(id.as_uuid())
        .bind(user_id.as_uuid())
        .bind(Stamp::of(now).millis())
        .execute(&mut *self.tx)
        .await
        .map_err(storage_error)?;
        sqlx::query("DELETE FROM lists WHERE id = $1 AND user_id = $2")
            .bind(id.as_uuid())
            .bind(user_id.as_uuid())
            .execute(&mut *self.tx)
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    async fn record_key(
        &mut self,
        claim: &KeyClaim,
        response: &StoredResponse,
    ) -> Result<bool, StorageError> {
        let done = sqlx::query(
            "INSERT INTO idempotency_keys \
             (user_id, idempotency_key, fingerprint, claim_token, locked_until, response_status, \
             response_headers, response_body, created_at, completed_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
             ON CONFLICT (user_id, idempotency_key) DO NOTHING",
        )
        .bind(claim.user_id.as_uuid())
        .bind(claim.key.as_str())
        .bind(&claim.fingerprint)
        .bind(claim.token)
        .bind(claim.lease_until)
        .bind(response.status as i16)
        .bind(response.headers_text())
        .bind(&response.body)
        .bind(claim.now)
        .bind(Utc::now())
        .execute(&mut *self.tx)
        .await
        .map_err(storage_error)?;
        Ok(done.rows_affected() == 1)
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

    async fn rollback(self: Box<Self>) -> Result<(), StorageError> {
        self.tx.rollback().await.map_err(storage_error)
    }
}

/// After an insert that did nothing: `Ok` if the row with this id is the
/// user's own, `Conflict` if it belongs to someone else.
async fn ensure_owner(
    tx: &mut Transaction<'static, Postgres>,
    table: &'static str,
    id: Uuid,
    user_id: UserId,
) -> Result<(), StorageError> {
    let owner: Uuid = sqlx::query_scalar(&format!("SELECT user_id FROM {table} WHERE id = $1"))
        .bind(id)
        .fetch_one(&mut **tx)
        .await
        .map_err(storage_error)?;
    if owner == user_id.as_uuid() {
        Ok(())
    } else {
        Err(StorageError::Conflict)
    }
}
