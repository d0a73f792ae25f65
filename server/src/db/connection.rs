//! Running a [`Statement`] on sqlx: on the pool or in a transaction, for any
//! database whose encoding a driver gives ([`Encoding`]).

use super::errors::storage_error;
use super::sql::{Columns, Sql, Statement, Transaction};
use app::ssr::storage::StorageError;
use async_trait::async_trait;
use sqlx::query::Query;
use sqlx::{Database, Executor, IntoArguments, Pool};
use std::future::Future;
use std::pin::Pin;
use tokio::sync::OwnedSemaphorePermit;

/// A statement's run, boxed so a trait can return it.
type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// How a database binds Tetrad's values and counts what a statement did.
pub trait Encoding: Database {
    /// The statement with its values bound in this database's encoding.
    fn query(statement: &Statement) -> Result<Query<'_, Self, Self::Arguments<'_>>, StorageError>;

    fn rows_affected(done: &Self::QueryResult) -> u64;
}

/// A database whose connections run statements: every [`Encoding`] whose
/// sqlx types fit together (they do for each driver sqlx ships). Stated
/// once here, so the rest needs only `DB: Runs`.
pub trait Runs: Encoding<Row: Columns> {
    fn execute<'a>(
        db: &'a mut Self::Connection,
        statement: &'a Statement,
    ) -> BoxFuture<'a, Result<u64, StorageError>>;

    fn fetch_all<'a>(
        db: &'a mut Self::Connection,
        statement: &'a Statement,
    ) -> BoxFuture<'a, Result<Vec<Self::Row>, StorageError>>;
}

impl<DB> Runs for DB
where
    DB: Encoding<Row: Columns>,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
{
    fn execute<'a>(
        db: &'a mut DB::Connection,
        statement: &'a Statement,
    ) -> BoxFuture<'a, Result<u64, StorageError>> {
        Box::pin(async move {
            let done = DB::query(statement)?
                .execute(db)
                .await
                .map_err(storage_error)?;
            Ok(DB::rows_affected(&done))
        })
    }

    fn fetch_all<'a>(
        db: &'a mut DB::Connection,
        statement: &'a Statement,
    ) -> BoxFuture<'a, Result<Vec<DB::Row>, StorageError>> {
        Box::pin(async move {
            DB::query(statement)?
                .fetch_all(db)
                .await
                .map_err(storage_error)
        })
    }
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
impl<DB: Runs> Sql for Pool<DB> {
    type Row = DB::Row;

    async fn execute(&mut self, statement: Statement) -> Result<u64, StorageError> {
        let mut connection = self.acquire().await.map_err(storage_error)?;
        DB::execute(&mut connection, &statement).await
    }

    async fn fetch_all(&mut self, statement: Statement) -> Result<Vec<DB::Row>, StorageError> {
        let mut connection = self.acquire().await.map_err(storage_error)?;
        DB::fetch_all(&mut connection, &statement).await
    }
}

#[async_trait]
impl<DB: Runs> Sql for Tx<DB> {
    type Row = DB::Row;

    async fn execute(&mut self, statement: Statement) -> Result<u64, StorageError> {
        DB::execute(&mut self.tx, &statement).await
    }

    async fn fetch_all(&mut self, statement: Statement) -> Result<Vec<DB::Row>, StorageError> {
        DB::fetch_all(&mut self.tx, &statement).await
    }
}

#[async_trait]
impl<DB: Runs> Transaction for Tx<DB> {
    async fn commit(self) -> Result<(), StorageError> {
        self.tx.commit().await.map_err(storage_error)
    }

    async fn rollback(self) -> Result<(), StorageError> {
        self.tx.rollback().await.map_err(storage_error)
    }
}
