//! The production driver: PostgreSQL, shared by any number of stateless
//! app instances. Values keep the database's own types (`UUID`,
//! `TIMESTAMPTZ`, `DATE`, `TIME`).

use super::connection::{Encoding, Tx};
use super::errors::storage_error;
use super::sql::{Columns, Driver, Statement, Value};
use app::domain::{SearchQuery, Stamp};
use app::ssr::storage::StorageError;
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use sqlx::postgres::{PgArguments, PgPoolOptions, PgQueryResult, PgRow};
use sqlx::query::Query;
use sqlx::{PgPool, Postgres, Row};
use std::time::Duration;
use uuid::Uuid;

pub struct PostgresDriver {
    pool: PgPool,
}

impl PostgresDriver {
    /// Connects and migrates. Migrations take an advisory lock, so several
    /// instances starting at once apply them once.
    pub async fn connect(url: &str) -> Result<Self, super::ConnectError> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(Duration::from_secs(5))
            .connect(url)
            .await?;
        super::migrations::POSTGRES.run(&pool).await?;
        Ok(Self { pool })
    }
}

#[async_trait]
impl Driver for PostgresDriver {
    type Pool = PgPool;
    type Tx = Tx<Postgres>;

    fn pool(&self) -> PgPool {
        self.pool.clone()
    }

    async fn begin(&self) -> Result<Tx<Postgres>, StorageError> {
        let tx = self.pool.begin().await.map_err(storage_error)?;
        Ok(Tx::new(tx, None))
    }

    const LOCK_ROW: &'static str = "FOR UPDATE";

    const SKIP_LOCKED: &'static str = "FOR UPDATE SKIP LOCKED";

    const DELETE_OLD_KEYS: &'static str = "DELETE FROM idempotency_keys WHERE ctid IN \
         (SELECT ctid FROM idempotency_keys WHERE created_at < $1 LIMIT $2)";

    /// Full-text search, each word stemmed as a prefix (the expression of
    /// the `tasks_search` index).
    const SEARCH_MATCH: &'static str =
        "to_tsvector('russian', search_text) @@ to_tsquery('russian', $2)";

    fn search_terms(query: &SearchQuery) -> String {
        query.to_tsquery()
    }

    fn one_of(column: &str, n: usize) -> String {
        format!("{column} = ANY(${n})")
    }

    fn set_positions(user_id: Uuid, ids: &[Uuid], at: DateTime<Utc>) -> Vec<Statement> {
        // One statement for the whole order. A later move wins; in the same
        // millisecond, the higher position.
        vec![Statement::new(
            "UPDATE tasks SET position = ordered.position - 1, position_changed_at = $3, \
             updated_at = GREATEST(updated_at, $4) \
             FROM unnest($1::uuid[]) WITH ORDINALITY AS ordered (id, position) \
             WHERE tasks.id = ordered.id AND tasks.user_id = $2 \
             AND (tasks.position_changed_at < $3 \
                  OR (tasks.position_changed_at = $3 AND tasks.position < ordered.position - 1))",
        )
        .bind(Value::Uuids(ids.to_vec()))
        .bind(user_id)
        .bind(Stamp::of(at).millis())
        .bind(Stamp::of(at).to_utc())]
    }
}

impl Encoding for Postgres {
    /// Values keep PostgreSQL's own types.
    fn query(statement: &Statement) -> Result<Query<'_, Postgres, PgArguments>, StorageError> {
        Ok(statement
            .args
            .iter()
            .fold(sqlx::query(&statement.sql), |query, value| match value {
                Value::Uuid(id) => query.bind(*id),
                Value::Uuids(ids) => query.bind(ids.as_slice()),
                Value::Time(at) => query.bind(*at),
                Value::Date(date) => query.bind(*date),
                Value::TimeOfDay(time) => query.bind(*time),
                Value::Text(text) => query.bind(text.as_deref()),
                Value::Int(n) => query.bind(*n),
                Value::SmallInt(n) => query.bind(*n),
                Value::Bytes(bytes) => query.bind(bytes),
                Value::Bool(yes) => query.bind(*yes),
            }))
    }

    fn rows_affected(done: &PgQueryResult) -> u64 {
        done.rows_affected()
    }
}

impl Columns for PgRow {
    fn uuid(&self, column: &str) -> Result<Option<Uuid>, StorageError> {
        self.try_get(column).map_err(storage_error)
    }

    fn time(&self, column: &str) -> Result<Option<DateTime<Utc>>, StorageError> {
        self.try_get(column).map_err(storage_error)
    }

    fn date(&self, column: &str) -> Result<Option<NaiveDate>, StorageError> {
        self.try_get(column).map_err(storage_error)
    }

    fn time_of_day(&self, column: &str) -> Result<Option<NaiveTime>, StorageError> {
        self.try_get(column).map_err(storage_error)
    }

    fn text(&self, column: &str) -> Result<Option<String>, StorageError> {
        self.try_get(column).map_err(storage_error)
    }

    fn int(&self, column: &str) -> Result<Option<i64>, StorageError> {
        self.try_get(column).map_err(storage_error)
    }

    fn small_int(&self, column: &str) -> Result<Option<i16>, StorageError> {
        self.try_get(column).map_err(storage_error)
    }

    fn bytes(&self, column: &str) -> Result<Option<Vec<u8>>, StorageError> {
        self.try_get(column).map_err(storage_error)
    }

    fn boolean(&self, column: &str) -> Result<Option<bool>, StorageError> {
        self.try_get(column).map_err(storage_error)
    }
}
