//! A driver that runs every statement on a real one and keeps a copy: the
//! storage's decisions run unchanged, and the test sees exactly what they
//! sent to the database.

use crate::db::sql::{Driver, Sql, Statement, Transaction, Value};
use app::ssr::storage::StorageError;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use std::sync::{Arc, Mutex};
use uuid::Uuid;

/// A statement as it was run: its SQL and the values bound to it.
#[derive(Clone, Debug)]
pub struct Sent {
    pub sql: String,
    pub args: Vec<Value>,
}

/// Every statement run, in order.
pub type Log = Arc<Mutex<Vec<Sent>>>;

pub struct Recording<D> {
    driver: D,
    log: Log,
}

impl<D> Recording<D> {
    pub fn new(driver: D, log: Log) -> Self {
        Self { driver, log }
    }
}

/// A pool or a transaction of the real driver, recording what it runs.
pub struct Recorded<S> {
    inner: S,
    log: Log,
}

impl<S> Recorded<S> {
    fn keep(&self, statement: &Statement) {
        let sent = Sent {
            sql: statement.sql.clone(),
            args: statement.args.clone(),
        };
        self.log.lock().expect("the log").push(sent);
    }
}

#[async_trait]
impl<S: Sql> Sql for Recorded<S> {
    type Row = S::Row;

    async fn execute(&mut self, statement: Statement) -> Result<u64, StorageError> {
        self.keep(&statement);
        self.inner.execute(statement).await
    }

    async fn fetch_all(&mut self, statement: Statement) -> Result<Vec<S::Row>, StorageError> {
        self.keep(&statement);
        self.inner.fetch_all(statement).await
    }
}

#[async_trait]
impl<T: Transaction> Transaction for Recorded<T> {
    async fn commit(self) -> Result<(), StorageError> {
        self.inner.commit().await
    }

    async fn rollback(self) -> Result<(), StorageError> {
        self.inner.rollback().await
    }
}

#[async_trait]
impl<D: Driver> Driver for Recording<D> {
    type Pool = Recorded<D::Pool>;
    type Tx = Recorded<D::Tx>;

    fn pool(&self) -> Self::Pool {
        Recorded {
            inner: self.driver.pool(),
            log: self.log.clone(),
        }
    }

    async fn begin(&self) -> Result<Self::Tx, StorageError> {
        Ok(Recorded {
            inner: self.driver.begin().await?,
            log: self.log.clone(),
        })
    }

    const LOCK_ROW: &'static str = D::LOCK_ROW;

    const SKIP_LOCKED: &'static str = D::SKIP_LOCKED;

    const DELETE_OLD_KEYS: &'static str = D::DELETE_OLD_KEYS;

    const SEARCH_MATCH: &'static str = D::SEARCH_MATCH;

    fn search_terms(query: &app::domain::SearchQuery) -> String {
        D::search_terms(query)
    }

    fn one_of(column: &str, n: usize) -> String {
        D::one_of(column, n)
    }

    fn set_positions(user_id: Uuid, ids: &[Uuid], at: DateTime<Utc>) -> Vec<Statement> {
        D::set_positions(user_id, ids, at)
    }
}
