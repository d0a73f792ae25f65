//! The production driver: PostgreSQL, shared by any number of stateless
//! app instances. Values keep the database's own types (`UUID`,
//! `TIMESTAMPTZ`, `DATE`, `TIME`).

use super::errors::storage_error;
use super::sql::{Columns, Driver, Sql, Statement, Transaction, Value};
use app::domain::Stamp;
use app::ssr::storage::StorageError;
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use sqlx::postgres::{PgArguments, PgPoolOptions, PgRow};
use sqlx::query::Query;
use sqlx::{PgConnection, PgPool, Postgres, Row};
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
        sqlx::migrate!("../migrations/postgres").run(&pool).await?;
        Ok(Self { pool })
    }
}

#[async_trait]
impl Driver for PostgresDriver {
    type Pool = PgPool;
    type Row = PgRow;
    type Tx = PostgresTransaction;

    fn pool(&self) -> PgPool {
        self.pool.clone()
    }

    async fn begin(&self) -> Result<PostgresTransaction, StorageError> {
        let tx = self.pool.begin().await.map_err(storage_error)?;
        Ok(PostgresTransaction { tx })
    }

    const LOCK_ROW: &'static str = "FOR UPDATE";

    const DELETE_OLD_KEYS: &'static str = "DELETE FROM idempotency_keys WHERE ctid IN \
         (SELECT ctid FROM idempotency_keys WHERE created_at < $1 LIMIT $2)";

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

/// One PostgreSQL transaction.
pub struct PostgresTransaction {
    tx: sqlx::Transaction<'static, Postgres>,
}

#[async_trait]
impl Sql for PgPool {
    type Row = PgRow;

    async fn execute(&mut self, statement: Statement) -> Result<u64, StorageError> {
        execute(
            &mut *self.acquire().await.map_err(storage_error)?,
            statement,
        )
        .await
    }

    async fn fetch_all(&mut self, statement: Statement) -> Result<Vec<PgRow>, StorageError> {
        fetch_all(
            &mut *self.acquire().await.map_err(storage_error)?,
            statement,
        )
        .await
    }

    async fn fetch_optional(
        &mut self,
        statement: Statement,
    ) -> Result<Option<PgRow>, StorageError> {
        fetch_optional(
            &mut *self.acquire().await.map_err(storage_error)?,
            statement,
        )
        .await
    }
}

#[async_trait]
impl Sql for PostgresTransaction {
    type Row = PgRow;

    async fn execute(&mut self, statement: Statement) -> Result<u64, StorageError> {
        execute(&mut self.tx, statement).await
    }

    async fn fetch_all(&mut self, statement: Statement) -> Result<Vec<PgRow>, StorageError> {
        fetch_all(&mut self.tx, statement).await
    }

    async fn fetch_optional(
        &mut self,
        statement: Statement,
    ) -> Result<Option<PgRow>, StorageError> {
        fetch_optional(&mut self.tx, statement).await
    }
}

#[async_trait]
impl Transaction for PostgresTransaction {
    async fn commit(self) -> Result<(), StorageError> {
        self.tx.commit().await.map_err(storage_error)
    }

    async fn rollback(self) -> Result<(), StorageError> {
        self.tx.rollback().await.map_err(storage_error)
    }
}

async fn execute(db: &mut PgConnection, statement: Statement) -> Result<u64, StorageError> {
    let done = query(&statement).execute(db).await.map_err(storage_error)?;
    Ok(done.rows_affected())
}

async fn fetch_all(
    db: &mut PgConnection,
    statement: Statement,
) -> Result<Vec<PgRow>, StorageError> {
    query(&statement).fetch_all(db).await.map_err(storage_error)
}

async fn fetch_optional(
    db: &mut PgConnection,
    statement: Statement,
) -> Result<Option<PgRow>, StorageError> {
    query(&statement)
        .fetch_optional(db)
        .await
        .map_err(storage_error)
}

/// The statement with its values bound as PostgreSQL's own types.
fn query(statement: &Statement) -> Query<'_, Postgres, PgArguments> {
    statement
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
            Value::Bytes(bytes) => query.bind(bytes.as_slice()),
        })
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
}
