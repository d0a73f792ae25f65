//! The embedded driver: one SQLite file, in WAL mode.
//!
//! Ids are stored as UUID text, times as UTC milliseconds, dates as
//! `YYYY-MM-DD` and times of day as `HH:MM` (so comparing dates as text
//! compares the days), and the file reads well in the `sqlite3` shell.

use super::connection::{Encoding, Tx};
use super::errors::{corrupt, storage_error};
use super::sql::{Columns, Driver, Statement, Value};
use app::domain::SearchQuery;
use app::ssr::storage::StorageError;
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use sqlx::query::Query;
use sqlx::sqlite::{
    SqliteArguments, SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteQueryResult,
    SqliteRow, SqliteSynchronous,
};
use sqlx::{Row, Sqlite, SqlitePool};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;
use uuid::Uuid;

pub struct SqliteDriver {
    pool: SqlitePool,
    /// SQLite lets one transaction write at a time. Writers queue here, in
    /// order, instead of polling the file lock with sleeps (the busy
    /// handler), which under load wastes most of the time waiting. A
    /// transaction holds the turn until it ends, so code running inside one
    /// must write through it, never through the pool (it would wait for
    /// itself).
    writer: Arc<Semaphore>,
}

impl SqliteDriver {
    /// Opens (creating if needed) the database file and migrates it.
    pub async fn connect(url: &str) -> Result<Self, super::ConnectError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // FULL: a commit is on the disk before the answer leaves, so a
            // change the page dropped from its queue as saved survives a
            // power cut (NORMAL may roll the last ones back). Its cost on
            // the key-layer bench: BENCHMARKS.md.
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .connect_with(options)
            .await?;
        super::migrations::SQLITE.run(&pool).await?;
        Ok(Self {
            pool,
            writer: Arc::new(Semaphore::new(1)),
        })
    }
}

#[async_trait]
impl Driver for SqliteDriver {
    type Pool = SqlitePool;
    type Tx = Tx<Sqlite>;

    fn pool(&self) -> SqlitePool {
        self.pool.clone()
    }

    /// Waits for this process's turn to write, then opens an IMMEDIATE
    /// transaction, which takes the file's write lock at once: a unit of
    /// work reads then writes, and two of them must not both read first.
    async fn begin(&self) -> Result<Tx<Sqlite>, StorageError> {
        let writer = self
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
        Ok(Tx::new(tx, Some(writer)))
    }

    const LOCK_ROW: &'static str = "";

    const SKIP_LOCKED: &'static str = "";

    const DELETE_OLD_KEYS: &'static str = "DELETE FROM idempotency_keys WHERE rowid IN \
         (SELECT rowid FROM idempotency_keys WHERE created_at < $1 LIMIT $2)";

    /// The FTS5 index of `search_text`, which names tasks by rowid.
    const SEARCH_MATCH: &'static str =
        "rowid IN (SELECT rowid FROM tasks_search WHERE tasks_search MATCH $2)";

    fn search_terms(query: &SearchQuery) -> String {
        query.to_fts5()
    }

    /// SQLite binds no arrays: the ids travel as one JSON array of UUID
    /// text (how ids are stored here), read back by `json_each`.
    fn one_of(column: &str, n: usize) -> String {
        format!("{column} IN (SELECT value FROM json_each(${n}))")
    }

    fn set_positions(user_id: Uuid, ids: &[Uuid], at: DateTime<Utc>) -> Vec<Statement> {
        // A later move wins; in the same millisecond, the higher position.
        ids.iter()
            .enumerate()
            .map(|(position, id)| {
                Statement::new(
                    "UPDATE tasks SET position = $1, position_changed_at = $2, \
                     updated_at = MAX(updated_at, $2) WHERE id = $3 AND user_id = $4 \
                     AND (position_changed_at < $2 OR (position_changed_at = $2 AND position < $1))",
                )
                .bind(i64::try_from(position).unwrap_or(i64::MAX))
                .bind(at.timestamp_millis())
                .bind(*id)
                .bind(user_id)
            })
            .collect()
    }
}

impl Encoding for Sqlite {
    fn query(
        statement: &Statement,
    ) -> Result<Query<'_, Sqlite, SqliteArguments<'_>>, StorageError> {
        statement
            .args
            .iter()
            .try_fold(sqlx::query(&statement.sql), |query, value| {
                Ok(match value {
                    Value::Uuid(id) => query.bind(id.map(|id| id.to_string())),
                    Value::Uuids(ids) => query.bind(json_array(ids)),
                    Value::Time(at) => query.bind(at.map(|at| at.timestamp_millis())),
                    Value::Date(date) => query.bind(date.map(|date| date.format(DATE).to_string())),
                    Value::TimeOfDay(time) => {
                        query.bind(time.map(|time| time.format(TIME_OF_DAY).to_string()))
                    }
                    Value::Text(text) => query.bind(text.as_deref()),
                    Value::Int(n) => query.bind(*n),
                    Value::SmallInt(n) => query.bind(i64::from(*n)),
                    Value::Bytes(bytes) => query.bind(bytes),
                    Value::Bool(yes) => query.bind(*yes),
                })
            })
    }

    fn rows_affected(done: &SqliteQueryResult) -> u64 {
        done.rows_affected()
    }
}

/// `["<uuid>", …]`: ids as `Driver::one_of` reads them.
fn json_array(ids: &[Uuid]) -> String {
    let quoted: Vec<String> = ids.iter().map(|id| format!("\"{id}\"")).collect();
    format!("[{}]", quoted.join(","))
}

const DATE: &str = "%Y-%m-%d";
const TIME_OF_DAY: &str = "%H:%M";

impl Columns for SqliteRow {
    fn uuid(&self, column: &str) -> Result<Option<Uuid>, StorageError> {
        parsed(self, column, Uuid::from_str)
    }

    fn time(&self, column: &str) -> Result<Option<DateTime<Utc>>, StorageError> {
        self.int(column)?
            .map(|ms| DateTime::from_timestamp_millis(ms).ok_or_else(|| corrupt(column, ms)))
            .transpose()
    }

    fn date(&self, column: &str) -> Result<Option<NaiveDate>, StorageError> {
        parsed(self, column, |text| NaiveDate::parse_from_str(text, DATE))
    }

    fn time_of_day(&self, column: &str) -> Result<Option<NaiveTime>, StorageError> {
        parsed(self, column, |text| {
            NaiveTime::parse_from_str(text, TIME_OF_DAY)
        })
    }

    fn text(&self, column: &str) -> Result<Option<String>, StorageError> {
        self.try_get(column).map_err(storage_error)
    }

    fn int(&self, column: &str) -> Result<Option<i64>, StorageError> {
        self.try_get(column).map_err(storage_error)
    }

    fn small_int(&self, column: &str) -> Result<Option<i16>, StorageError> {
        self.int(column)?
            .map(|n| i16::try_from(n).map_err(|e| corrupt(column, e)))
            .transpose()
    }

    fn bytes(&self, column: &str) -> Result<Option<Vec<u8>>, StorageError> {
        self.try_get(column).map_err(storage_error)
    }

    fn boolean(&self, column: &str) -> Result<Option<bool>, StorageError> {
        self.try_get(column).map_err(storage_error)
    }
}

/// A text column parsed into what it stores.
fn parsed<T, E: std::fmt::Display>(
    row: &SqliteRow,
    column: &str,
    parse: impl Fn(&str) -> Result<T, E>,
) -> Result<Option<T>, StorageError> {
    row.text(column)?
        .map(|text| parse(&text).map_err(|e| corrupt(column, e)))
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn every_connection_waits_for_the_disk_before_a_commit_returns() {
        let dir = crate::temp_dir::TempDir::new();
        let url = format!("sqlite://{}", dir.path().join("tetrad.db").display());
        let driver = SqliteDriver::connect(&url).await.unwrap();
        // Each of the pool's connections, not just the first.
        let mut held = Vec::new();
        for _ in 0..3 {
            let mut connection = driver.pool.acquire().await.unwrap();
            let level: i64 = sqlx::query_scalar("PRAGMA synchronous")
                .fetch_one(&mut *connection)
                .await
                .unwrap();
            assert_eq!(level, 2, "2 is FULL (1 is NORMAL)");
            held.push(connection);
        }
    }
}
