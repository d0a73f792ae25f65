//! The seam between the storage's decisions, written once, and the two
//! database drivers.
//!
//! Shared code builds a [`Statement`] (SQL text with `$1`-style placeholders,
//! which SQLite reads too, and the [`Value`]s to bind) and reads rows through
//! [`Columns`]. Each driver decides only how a value is encoded: SQLite keeps
//! ids as text and times as milliseconds, PostgreSQL uses its own types.

use super::errors::corrupt;
use app::domain::SearchQuery;
use app::ssr::storage::StorageError;
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use uuid::Uuid;

/// A value to bind, by meaning rather than by database type.
#[derive(Clone, Debug)]
pub enum Value {
    Uuid(Option<Uuid>),
    /// A list of ids, matched by `Driver::one_of`.
    Uuids(Vec<Uuid>),
    Time(Option<DateTime<Utc>>),
    Date(Option<NaiveDate>),
    TimeOfDay(Option<NaiveTime>),
    Text(Option<String>),
    Int(i64),
    /// A small number (a priority, an HTTP status): PostgreSQL's `SMALLINT`.
    SmallInt(i16),
    Bytes(Option<Vec<u8>>),
    Bool(bool),
}

impl From<Uuid> for Value {
    fn from(id: Uuid) -> Self {
        Self::Uuid(Some(id))
    }
}

impl From<DateTime<Utc>> for Value {
    fn from(at: DateTime<Utc>) -> Self {
        Self::Time(Some(at))
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Self {
        Self::Text(Some(text.to_owned()))
    }
}

impl From<i64> for Value {
    fn from(n: i64) -> Self {
        Self::Int(n)
    }
}

impl From<bool> for Value {
    fn from(yes: bool) -> Self {
        Self::Bool(yes)
    }
}

impl From<&[u8]> for Value {
    fn from(bytes: &[u8]) -> Self {
        Self::Bytes(Some(bytes.to_vec()))
    }
}

/// SQL text and its arguments, in placeholder order.
#[derive(Debug)]
pub struct Statement {
    pub sql: String,
    pub args: Vec<Value>,
}

impl Statement {
    pub fn new(sql: impl Into<String>) -> Self {
        Self {
            sql: sql.into(),
            args: Vec::new(),
        }
    }

    /// Binds the next placeholder.
    pub fn bind(mut self, value: impl Into<Value>) -> Self {
        self.args.push(value.into());
        self
    }
}

/// One row, read by meaning; each driver decodes its own encoding. A column
/// that holds NULL reads as `None`.
pub trait Columns: Send {
    fn uuid(&self, column: &str) -> Result<Option<Uuid>, StorageError>;
    fn time(&self, column: &str) -> Result<Option<DateTime<Utc>>, StorageError>;
    fn date(&self, column: &str) -> Result<Option<NaiveDate>, StorageError>;
    fn time_of_day(&self, column: &str) -> Result<Option<NaiveTime>, StorageError>;
    fn text(&self, column: &str) -> Result<Option<String>, StorageError>;
    fn int(&self, column: &str) -> Result<Option<i64>, StorageError>;
    fn small_int(&self, column: &str) -> Result<Option<i16>, StorageError>;
    fn bytes(&self, column: &str) -> Result<Option<Vec<u8>>, StorageError>;
    fn boolean(&self, column: &str) -> Result<Option<bool>, StorageError>;
}

/// A column that must not be NULL.
pub fn required<T>(value: Option<T>, column: &str) -> Result<T, StorageError> {
    value.ok_or_else(|| corrupt(column, "NULL"))
}

/// Somewhere to run statements: the pool (any free connection) or one
/// transaction.
#[async_trait]
pub trait Sql: Send {
    type Row: Columns;

    /// Runs a statement; how many rows it changed.
    async fn execute(&mut self, statement: Statement) -> Result<u64, StorageError>;

    async fn fetch_all(&mut self, statement: Statement) -> Result<Vec<Self::Row>, StorageError>;

    /// The row a statement finds, if any (a statement that finds one row
    /// at most: by a key).
    async fn fetch_optional(
        &mut self,
        statement: Statement,
    ) -> Result<Option<Self::Row>, StorageError> {
        Ok(self.fetch_all(statement).await?.into_iter().next())
    }

    /// A row that must be there.
    async fn fetch_one(&mut self, statement: Statement) -> Result<Self::Row, StorageError> {
        self.fetch_optional(statement)
            .await?
            .ok_or(StorageError::NotFound)
    }
}

/// One transaction: what a unit of work runs in.
#[async_trait]
pub trait Transaction: Sql + 'static {
    async fn commit(self) -> Result<(), StorageError>;
    async fn rollback(self) -> Result<(), StorageError>;
}

/// A database driver: its pool, its transactions, and where its SQL differs.
#[async_trait]
pub trait Driver: Send + Sync + 'static {
    type Pool: Sql;
    type Tx: Transaction;

    /// A handle on the pool (cheap: pools are shared handles).
    fn pool(&self) -> Self::Pool;

    /// Starts a transaction that may write (SQLite: after this process's
    /// turn to write, with the file's write lock taken at once).
    async fn begin(&self) -> Result<Self::Tx, StorageError>;

    /// Appended to a `SELECT` that reads a row the transaction will change,
    /// so two transactions on one row wait for each other (SQLite: empty,
    /// its write lock already serialises them).
    const LOCK_ROW: &'static str;

    /// Ends a `SELECT` of rows to claim, so instances claiming at once
    /// take different rows (SQLite: empty, it has one writer).
    const SKIP_LOCKED: &'static str;

    /// Deletes up to `$2` keys created before `$1` (each database names its
    /// rows' physical address differently).
    const DELETE_OLD_KEYS: &'static str;

    /// The condition a task found by `$2` meets (`search`), and the query
    /// bound to `$2` for these words.
    const SEARCH_MATCH: &'static str;
    fn search_terms(query: &SearchQuery) -> String;

    /// The condition that `column` is one of the ids bound to `$n` as
    /// `Value::Uuids`: one statement for any number of ids.
    fn one_of(column: &str, n: usize) -> String;

    /// The statements that give each of `ids` its index as position, as the
    /// person made the order at `at` (the rule of `Task::set_position`).
    fn set_positions(user_id: Uuid, ids: &[Uuid], at: DateTime<Utc>) -> Vec<Statement>;
}
