//! The embedded backend: one SQLite file, in WAL mode.
//!
//! Times are stored as UTC milliseconds and ids as UUID text, so the file
//! reads well in the `sqlite3` shell.

use super::clocks;
use super::errors::{corrupt, storage_error};
use app::domain::IdempotencyKey;
use app::domain::{
    Due, ListId, ListName, Notes, Priority, Recurrence, Task, TaskId, TaskList, TaskTitle,
    TimeZoneName, UserId, Username,
};
use app::ssr::idempotency::{ClaimOutcome, KeyClaim, StoredResponse};
use app::ssr::storage::{Credentials, SessionUser, Storage, StorageError, Work};
use app::views::{Day, Nav, View};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteRow, SqliteSynchronous,
};
use sqlx::{Row, Sqlite, SqlitePool, Transaction};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

mod views;

pub struct SqliteStorage {
    pool: SqlitePool,
    /// SQLite lets one transaction write at a time. Writers queue here, in
    /// order, instead of polling the file lock with sleeps (the busy
    /// handler), which under load wastes most of the time waiting. A unit
    /// of work holds the turn until it ends, so code running inside one must
    /// write through it, never through the pool (it would wait for itself).
    writer: Arc<Semaphore>,
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
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .connect_with(options)
            .await?;
        sqlx::migrate!("../migrations/sqlite").run(&pool).await?;
        Ok(Self {
            pool,
            writer: Arc::new(Semaphore::new(1)),
        })
    }
}

impl SqliteStorage {
    /// Waits for this process's turn to write, then opens an IMMEDIATE
    /// transaction (which takes the file's write lock at once).
    async fn begin_writing(
        &self,
    ) -> Result<(OwnedSemaphorePermit, Transaction<'static, Sqlite>), StorageError> {
        let permit = self
            .writer
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| StorageError::Backend(Box::new(e)))?;
        let tx = self
            .pool
            .begin_with("BEGIN IMMEDIATE")
            .await
            .map_err(storage_error)?;
        Ok((permit, tx))
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
            "INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)",
        )
        .bind(id.to_string())
        .bind(username.as_str())
        .bind(password_hash)
        .bind(millis(now))
        .execute(&self.pool)
        .await
        .map_err(storage_error)?;
        Ok(())
    }

    async fn find_credentials(
        &self,
        username: &Username,
    ) -> Result<Option<Credentials>, StorageError> {
        let row = sqlx::query("SELECT id, username, password_hash FROM users WHERE username = ?")
            .bind(username.as_str())
            .fetch_optional(&self.pool)
            .await
            .map_err(storage_error)?;
        row.map(|row| {
            Ok(Credentials {
                user_id: parse_uuid("user id", row.get("id"))?,
                username: Username::parse(row.get("username"))
                    .map_err(|e| corrupt("username", e))?,
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

    async fn find_session(
        &self,
        token_hash: &[u8],
        now: DateTime<Utc>,
    ) -> Result<Option<SessionUser>, StorageError> {
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
                username: Username::parse(row.get("username"))
                    .map_err(|e| corrupt("username", e))?,
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

    async fn record_failed_sign_in(
        &self,
        username: &Username,
        at: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        sqlx::query("INSERT INTO failed_sign_ins (username, attempted_at) VALUES (?, ?)")
            .bind(username.as_str())
            .bind(millis(at))
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
            "SELECT COUNT(*) FROM failed_sign_ins WHERE username = ? AND attempted_at > ?",
        )
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

    async fn delete_failed_sign_ins_before(
        &self,
        before: DateTime<Utc>,
    ) -> Result<u64, StorageError> {
        let done = sqlx::query("DELETE FROM failed_sign_ins WHERE attempted_at <= ?")
            .bind(millis(before))
            .execute(&self.pool)
            .await
            .map_err(storage_error)?;
        Ok(done.rows_affected())
    }

    async fn list_tasks(&self, user_id: UserId) -> Result<Vec<Task>, StorageError> {
        let sql = format!(
            "SELECT {TASK_COLUMNS} FROM tasks WHERE user_id = ? AND deleted_at IS NULL ORDER BY position, created_at, id"
        );
        let rows = sqlx::query(&sql)
            .bind(user_id.to_string())
            .fetch_all(&self.pool)
            .await
            .map_err(storage_error)?;
        rows.iter().map(task_from_row).collect()
    }

    async fn get_task(&self, user_id: UserId, id: TaskId) -> Result<Option<Task>, StorageError> {
        let sql = format!("SELECT {TASK_COLUMNS} FROM tasks WHERE id = ? AND user_id = ?");
        let row = sqlx::query(&sql)
            .bind(id.to_string())
            .bind(user_id.to_string())
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
        // IMMEDIATE: take the write lock first, so reading the row and taking
        // it over cannot interleave with another claim.
        let (_writer, mut tx) = self.begin_writing().await?;
        let inserted = sqlx::query(
            "INSERT INTO idempotency_keys \
             (user_id, idempotency_key, fingerprint, claim_token, locked_until, created_at) \
             VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, idempotency_key) DO NOTHING",
        )
        .bind(claim.user_id.to_string())
        .bind(claim.key.as_str())
        .bind(&claim.fingerprint)
        .bind(claim.token.to_string())
        .bind(millis(claim.lease_until))
        .bind(millis(claim.now))
        .execute(&mut *tx)
        .await
        .map_err(storage_error)?
        .rows_affected();
        let outcome = if inserted == 1 {
            ClaimOutcome::Acquired
        } else {
            let row = sqlx::query(
                "SELECT fingerprint, claim_token, locked_until, response_status, response_headers, \
                 response_body, completed_at FROM idempotency_keys WHERE user_id = ? AND idempotency_key = ?",
            )
            .bind(claim.user_id.to_string())
            .bind(claim.key.as_str())
            .fetch_one(&mut *tx)
            .await
            .map_err(storage_error)?;
            let fingerprint: Vec<u8> = row.get("fingerprint");
            let completed_at: Option<i64> = row.get("completed_at");
            let locked_until = from_millis(row.get("locked_until"))?;
            if fingerprint != claim.fingerprint {
                ClaimOutcome::Mismatch
            } else if completed_at.is_some() {
                ClaimOutcome::Completed(StoredResponse {
                    status: row.get::<i64, _>("response_status") as u16,
                    headers: StoredResponse::parse_headers(
                        row.get::<Option<&str>, _>("response_headers")
                            .unwrap_or_default(),
                    ),
                    body: row.get("response_body"),
                })
            } else if locked_until > claim.now {
                ClaimOutcome::InProgress { locked_until }
            } else {
                // The request holding the claim died: take it over.
                sqlx::query(
                    "UPDATE idempotency_keys SET claim_token = ?, locked_until = ? \
                     WHERE user_id = ? AND idempotency_key = ? AND completed_at IS NULL",
                )
                .bind(claim.token.to_string())
                .bind(millis(claim.lease_until))
                .bind(claim.user_id.to_string())
                .bind(claim.key.as_str())
                .execute(&mut *tx)
                .await
                .map_err(storage_error)?;
                ClaimOutcome::Acquired
            }
        };
        tx.commit().await.map_err(storage_error)?;
        Ok(outcome)
    }

    async fn release_key(
        &self,
        user_id: UserId,
        key: &IdempotencyKey,
        token: uuid::Uuid,
    ) -> Result<(), StorageError> {
        sqlx::query(
            "DELETE FROM idempotency_keys \
             WHERE user_id = ? AND idempotency_key = ? AND claim_token = ? AND completed_at IS NULL",
        )
        .bind(user_id.to_string())
        .bind(key.as_str())
        .bind(token.to_string())
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
            "DELETE FROM idempotency_keys WHERE rowid IN \
             (SELECT rowid FROM idempotency_keys WHERE created_at < ? LIMIT ?)",
        )
        .bind(millis(before))
        .bind(i64::from(batch))
        .execute(&self.pool)
        .await
        .map_err(storage_error)?;
        Ok(done.rows_affected())
    }

    async fn begin(&self) -> Result<Box<dyn Work>, StorageError> {
        // IMMEDIATE: a mutation reads then writes; taking the write lock up
        // front avoids SQLITE_BUSY when two of them meet.
        let (writer, tx) = self.begin_writing().await?;
        Ok(Box::new(SqliteWork {
            tx,
            _writer: writer,
        }))
    }
}

/// The account's time zone, from the pool or inside a unit of work.
async fn read_time_zone<'e>(
    db: impl sqlx::SqliteExecutor<'e>,
    user_id: UserId,
) -> Result<TimeZoneName, StorageError> {
    let row = sqlx::query("SELECT time_zone FROM users WHERE id = ?")
        .bind(user_id.to_string())
        .fetch_optional(db)
        .await
        .map_err(storage_error)?
        .ok_or(StorageError::NotFound)?;
    TimeZoneName::parse(row.get("time_zone")).map_err(|e| corrupt("time zone", e))
}

/// The account's lists by name, from the pool or inside a unit of work.
async fn read_lists<'e>(
    db: impl sqlx::SqliteExecutor<'e>,
    user_id: UserId,
) -> Result<Vec<TaskList>, StorageError> {
    let rows = sqlx::query(
        "SELECT id, name, created_at, updated_at FROM lists WHERE user_id = ? ORDER BY name, id",
    )
    .bind(user_id.to_string())
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

fn optional_millis(row: &SqliteRow, column: &str) -> Result<Option<DateTime<Utc>>, StorageError> {
    row.get::<Option<i64>, _>(column)
        .map(from_millis)
        .transpose()
}

fn optional_uuid<T: FromStr>(row: &SqliteRow, column: &str) -> Result<Option<T>, StorageError>
where
    T::Err: std::fmt::Display,
{
    row.get::<Option<&str>, _>(column)
        .map(|text| parse_uuid(column, text))
        .transpose()
}

pub(crate) fn task_from_row(row: &SqliteRow) -> Result<Task, StorageError> {
    let due_date: Option<&str> = row.get("due_date");
    let due_time: Option<&str> = row.get("due_time");
    let due = Due::parse(due_date.unwrap_or_default(), due_time.unwrap_or_default())
        .map_err(|e| corrupt("due", e))?;
    let priority =
        u8::try_from(row.get::<i64, _>("priority")).map_err(|e| corrupt("priority", e))?;
    Ok(Task {
        id: parse_uuid("task id", row.get("id"))?,
        list_id: optional_uuid(row, "list_id")?,
        title: TaskTitle::parse(row.get("title")).map_err(|e| corrupt("task title", e))?,
        notes: Notes::parse(row.get("notes")).map_err(|e| corrupt("notes", e))?,
        due,
        priority: Priority::new(priority).map_err(|e| corrupt("priority", e))?,
        recurrence: row
            .get::<Option<&str>, _>("recurrence")
            .map(Recurrence::parse)
            .transpose()
            .map_err(|e| corrupt("recurrence", e))?,
        series_id: optional_uuid(row, "series_id")?,
        position: row.get("position"),
        created_at: from_millis(row.get("created_at"))?,
        updated_at: from_millis(row.get("updated_at"))?,
        completed_at: optional_millis(row, "completed_at")?,
        deleted_at: optional_millis(row, "deleted_at")?,
        changed: clocks::from_columns(|column| row.get(column)),
    })
}

pub(crate) fn list_from_row(row: &SqliteRow) -> Result<TaskList, StorageError> {
    Ok(TaskList {
        id: parse_uuid("list id", row.get("id"))?,
        name: ListName::parse(row.get("name")).map_err(|e| corrupt("list name", e))?,
        created_at: from_millis(row.get("created_at"))?,
        updated_at: from_millis(row.get("updated_at"))?,
    })
}

/// Binds every field of a task after its id and owner, in `TASK_COLUMNS` order.
fn bind_task_fields<'q>(
    query: sqlx::query::Query<'q, Sqlite, sqlx::sqlite::SqliteArguments<'q>>,
    task: &Task,
) -> sqlx::query::Query<'q, Sqlite, sqlx::sqlite::SqliteArguments<'q>> {
    let query = query
        .bind(task.list_id.map(|id| id.to_string()))
        .bind(task.title.as_str().to_owned())
        .bind(task.notes.as_str().to_owned())
        .bind(task.due.map(|due| due.date.format("%Y-%m-%d").to_string()))
        .bind(
            task.due
                .and_then(|due| due.time)
                .map(|time| time.format("%H:%M").to_string()),
        )
        .bind(i64::from(task.priority.level()))
        .bind(task.recurrence.as_ref().map(ToString::to_string))
        .bind(task.series_id.map(|id| id.to_string()))
        .bind(task.position)
        .bind(millis(task.created_at))
        .bind(millis(task.updated_at))
        .bind(task.completed_at.map(millis))
        .bind(task.deleted_at.map(millis));
    // The clocks last, in their columns' order.
    clocks::millis(&task.changed)
        .into_iter()
        .fold(query, |query, ms| query.bind(ms))
}

/// A unit of work on SQLite: one IMMEDIATE transaction.
struct SqliteWork {
    tx: Transaction<'static, Sqlite>,
    // Held until the work commits or rolls back (declared after `tx`, so the
    // transaction ends first when both drop).
    _writer: OwnedSemaphorePermit,
}

#[async_trait]
impl Work for SqliteWork {
    async fn find_task(
        &mut self,
        user_id: UserId,
        id: TaskId,
    ) -> Result<Option<Task>, StorageError> {
        let sql = format!("SELECT {TASK_COLUMNS} FROM tasks WHERE id = ? AND user_id = ?");
        let row = sqlx::query(&sql)
            .bind(id.to_string())
            .bind(user_id.to_string())
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
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
        )
        .bind(task.id.to_string())
        .bind(user_id.to_string());
        let inserted = bind_task_fields(query, task)
            .execute(&mut *self.tx)
            .await
            .map_err(storage_error)?;
        if inserted.rows_affected() == 1 {
            return Ok(true);
        }
        ensure_owner(&mut self.tx, "tasks", task.id.to_string(), user_id)
            .await
            .map(|()| false)
    }

    async fn update_task(&mut self, user_id: UserId, task: &Task) -> Result<(), StorageError> {
        let query = sqlx::query(
            "UPDATE tasks SET list_id = ?3, title = ?4, notes = ?5, due_date = ?6, due_time = ?7, priority = ?8, \
             recurrence = ?9, series_id = ?10, position = ?11, created_at = ?12, updated_at = ?13, \
             completed_at = ?14, deleted_at = ?15, title_changed_at = ?16, notes_changed_at = ?17, \
             due_changed_at = ?18, priority_changed_at = ?19, list_changed_at = ?20, \
             recurrence_changed_at = ?21, completion_changed_at = ?22, deletion_changed_at = ?23, \
             position_changed_at = ?24 WHERE id = ?1 AND user_id = ?2",
        )
        .bind(task.id.to_string())
        .bind(user_id.to_string());
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
            "DELETE FROM tasks WHERE id = ? AND user_id = ? AND updated_at = created_at \
             AND completed_at IS NULL AND deleted_at IS NULL",
        )
        .bind(id.to_string())
        .bind(user_id.to_string())
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
        for (position, id) in ids.iter().enumerate() {
            sqlx::query(
                "UPDATE tasks SET position = ?1, position_changed_at = ?2, updated_at = MAX(updated_at, ?2) \
                 WHERE id = ?3 AND user_id = ?4 \
                 AND (position_changed_at < ?2 OR (position_changed_at = ?2 AND position < ?1))",
            )
            .bind(position as i64)
            .bind(millis(at))
            .bind(id.to_string())
            .bind(user_id.to_string())
            .execute(&mut *self.tx)
            .await
            .map_err(storage_error)?;
        }
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
        sqlx::query("UPDATE users SET time_zone = ? WHERE id = ?")
            .bind(zone.as_str())
            .bind(user_id.to_string())
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
            "SELECT id, name, created_at, updated_at FROM lists WHERE id = ? AND user_id = ?",
        )
        .bind(id.to_string())
        .bind(user_id.to_string())
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
            "INSERT INTO lists (id, user_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(list.id.to_string())
        .bind(user_id.to_string())
        .bind(list.name.as_str())
        .bind(millis(list.created_at))
        .bind(millis(list.updated_at))
        .execute(&mut *self.tx)
        .await
        .map_err(storage_error)?;
        if inserted.rows_affected() == 1 {
            return Ok(true);
        }
        ensure_owner(&mut self.tx, "lists", list.id.to_string(), user_id)
            .await
            .map(|()| false)
    }

    async fn update_list(&mut self, user_id: UserId, list: &TaskList) -> Result<(), StorageError> {
        let done =
            sqlx::query("UPDATE lists SET name = ?, updated_at = ? WHERE id = ? AND user_id = ?")
                .bind(list.name.as_str())
                .bind(millis(list.updated_at))
                .bind(list.id.to_string())
                .bind(user_id.to_string())
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
            "UPDATE tasks SET list_id = NULL, updated_at = ?1, \
             list_changed_at = MAX(list_changed_at, ?1) WHERE list_id = ?2 AND user_id = ?3",
        )
        .bind(millis(now))
        .bind(id.to_string())
        .bind(user_id.to_string())
        .execute(&mut *self.tx)
        .await
        .map_err(storage_error)?;
        sqlx::query("DELETE FROM lists WHERE id = ? AND user_id = ?")
            .bind(id.to_string())
            .bind(user_id.to_string())
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
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, idempotency_key) DO NOTHING",
        )
        .bind(claim.user_id.to_string())
        .bind(claim.key.as_str())
        .bind(&claim.fingerprint)
        .bind(claim.token.to_string())
        .bind(millis(claim.lease_until))
        .bind(i64::from(response.status))
        .bind(response.headers_text())
        .bind(&response.body)
        .bind(millis(claim.now))
        .bind(millis(Utc::now()))
        .execute(&mut *self.tx)
        .await
        .map_err(storage_error)?;
        Ok(done.rows_affected() == 1)
    }

    async fn complete_key(
        &mut self,
        user_id: UserId,
        key: &IdempotencyKey,
        token: uuid::Uuid,
        response: &StoredResponse,
        now: DateTime<Utc>,
    ) -> Result<bool, StorageError> {
        let done = sqlx::query(
            "UPDATE idempotency_keys SET response_status = ?, response_headers = ?, response_body = ?, \
             completed_at = ? WHERE user_id = ? AND idempotency_key = ? AND claim_token = ? AND completed_at IS NULL",
        )
        .bind(i64::from(response.status))
        .bind(response.headers_text())
        .bind(&response.body)
        .bind(millis(now))
        .bind(user_id.to_string())
        .bind(key.as_str())
        .bind(token.to_string())
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
    tx: &mut Transaction<'static, Sqlite>,
    table: &'static str,
    id: String,
    user_id: UserId,
) -> Result<(), StorageError> {
    let owner: String = sqlx::query_scalar(&format!("SELECT user_id FROM {table} WHERE id = ?"))
        .bind(id)
        .fetch_one(&mut **tx)
        .await
        .map_err(storage_error)?;
    if owner == user_id.to_string() {
        Ok(())
    } else {
        Err(StorageError::Conflict)
    }
}
