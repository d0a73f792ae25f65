//! Running a [`Statement`] on sqlx: on the pool or in a transaction, for any
//! database whose encoding a driver gives ([`Encoding`]).

use super::errors::storage_error;
use super::sql::{Columns, Sql, Statement, Transaction};
use app::ssr::storage::StorageError;
use async_trait::async_trait;
use sqlx::query::Query;
use sqlx::{Database, Executor, IntoArguments, Pool};
use tokio::sync::OwnedSemaphorePermit;

/// How a database binds Tetrad's values and counts what a statement did.
pub trait Encoding: Database {
    /// The statement with its values bound in this database's encoding.
    fn query(statement: &Statement) -> Result<Query<'_, Self, Self::Arguments<'_>>, StorageError>;

    fn rows_affected(done: &Self::QueryResult) -> u64;
}

/// One transaction of a driver.
pub struct Tx<DB: Database> {
    tx: sqlx::Transaction<'static, DB>,
    // SQLite's turn to write, held until the transaction ends (declared after
    // `tx`, so the transaction ends first when both drop).
    _turn: Option<OwnedSemaphorePermit>,
}

impl<DB: Database> Tx<DB> {
    pub fn new(tx: sqlx::Transaction<'static, DB>, turn: Option<OwnedSemaphorePermit>) -> Self {
        Self { tx, _turn: turn }
    }
}

#[async_trait]
impl<DB> Sql for Pool<DB>
where
    DB: Encoding,
    DB::Row: Columns,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
{
    type Row = DB::Row;

    async fn execute(&mut self, statement: Statement) -> Result<u64, StorageError> {
        let mut connection = self.acquire().await.map_err(storage_error)?;
        execute::<DB>(&mut connection, statement).await
    }

    async fn fetch_all(&mut self, statement: Statement) -> Result<Vec<DB::Row>, StorageError> {
        let mut connection = self.acquire().await.map_err(storage_error)?;
        fetch_all::<DB>(&mut connection, statement).await
    }
}

#[async_trait]
impl<DB> Sql for Tx<DB>
where
    DB: Encoding,
    DB::Row: Columns,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
{
    type Row = DB::Row;

    async fn execute(&mut self, statement: Statement) -> Result<u64, StorageError> {
        execute::<DB>(&mut self.tx, statement).await
    }

    async fn fetch_all(&mut self, statement: Statement) -> Result<Vec<DB::Row>, StorageError> {
        fetch_all::<DB>(&mut self.tx, statement).await
    }
}

#[async_trait]
impl<DB> Transaction for Tx<DB>
where
    DB: Encoding,
    DB::Row: Columns,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
{
    async fn commit(self) -> Result<(), StorageError> {
        self.tx.commit().await.map_err(storage_error)
    }

    async fn rollback(self) -> Result<(), StorageError> {
        self.tx.rollback().await.map_err(storage_error)
    }
}

async fn execute<DB>(db: &mut DB::Connection, statement: Statement) -> Result<u64, StorageError>
where
    DB: Encoding,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
{
    let done = DB::query(&statement)?
        .execute(db)
        .await
        .map_err(storage_error)?;
    Ok(DB::rows_affected(&done))
}

async fn fetch_all<DB>(
    db: &mut DB::Connection,
    statement: Statement,
) -> Result<Vec<DB::Row>, StorageError>
where
    DB: Encoding,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
{
    DB::query(&statement)?
        .fetch_all(db)
        .await
        .map_err(storage_error)
}
