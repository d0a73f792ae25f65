//! The storage contract (`app::ssr::storage`) on any SQL driver. Each
//! aggregate's trait is implemented beside its SQL (`accounts`, `tasks`,
//! `steps`, `lists`, `feeds`, `keys`); here are the storage and its unit of
//! work themselves, and what is not any aggregate's. Every read of tasks
//! gives them their steps with one more statement (`steps::attach`).

use super::sql::{Driver, Transaction};
use super::steps::{self, Which};
use super::{quotas, server_keys};
use app::domain::{Task, UserId};
use app::error::Counted;
use app::ssr::storage::{Storage, StorageError, Work};
use async_trait::async_trait;

/// The storage on one database driver.
pub struct SqlStorage<D> {
    pub(super) driver: D,
}

impl<D: Driver> SqlStorage<D> {
    pub fn new(driver: D) -> Self {
        Self { driver }
    }
}

#[async_trait]
impl<D: Driver> Storage for SqlStorage<D> {
    async fn ping(&self) -> Result<(), StorageError> {
        use super::sql::{Sql, Statement};
        self.driver
            .pool()
            .execute(Statement::new("SELECT 1"))
            .await?;
        Ok(())
    }

    async fn server_key(&self, name: &str, fresh: &[u8]) -> Result<Vec<u8>, StorageError> {
        server_keys::server_key(&mut self.driver.pool(), name, fresh).await
    }

    async fn begin(&self) -> Result<Box<dyn Work>, StorageError> {
        Ok(Box::new(SqlWork::<D> {
            tx: self.driver.begin().await?,
        }))
    }
}

/// One task, if found, with its steps that are not deleted.
pub(super) async fn with_steps<D: Driver>(
    db: &mut impl super::sql::Sql,
    user_id: UserId,
    task: Option<Task>,
) -> Result<Option<Task>, StorageError> {
    let tasks = task.into_iter().collect();
    let tasks = steps::attach::<D>(db, user_id, tasks, Which::Live).await?;
    Ok(tasks.into_iter().next())
}

/// A unit of work: one transaction of the driver.
pub struct SqlWork<D: Driver> {
    pub(super) tx: D::Tx,
}

#[async_trait]
impl<D: Driver> Work for SqlWork<D> {
    async fn count(&mut self, user_id: UserId, what: Counted) -> Result<u64, StorageError> {
        quotas::count(&mut self.tx, user_id, what).await
    }

    async fn commit(self: Box<Self>) -> Result<(), StorageError> {
        self.tx.commit().await
    }

    async fn rollback(self: Box<Self>) -> Result<(), StorageError> {
        self.tx.rollback().await
    }
}
