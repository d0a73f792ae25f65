//! The storage contract (`app::ssr::storage`) on any SQL driver: each
//! method is one of the shared decisions in `accounts`, `tasks`, `steps`,
//! `lists`, `views` or `keys`, run on the pool or in the unit of work's
//! transaction. Every read of tasks gives them their steps with one more
//! statement (`steps::attach`).

use super::sql::{Driver, Transaction};
use super::steps::{self, Which};
use super::{accounts, feeds, keys, lists, quotas, search, server_keys, tasks, views};
use app::domain::{
    IdempotencyKey, ListId, SearchQuery, Step, StepId, Task, TaskId, TaskList, TimeZoneName,
    UserId, Username,
};
use app::error::Counted;
use app::ssr::idempotency::{KeptKey, KeyRecord, StoredResponse};
use app::ssr::storage::{
    Credentials, FeedOwner, SessionUser, Storage, StorageError, Work, SEARCH_SHOWN,
};
use app::views::{Day, Nav, View};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

/// The storage on one database driver.
pub struct SqlStorage<D> {
    driver: D,
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

    async fn create_user(
        &self,
        id: UserId,
        username: &Username,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        accounts::create_user(&mut self.driver.pool(), id, username, password_hash, now).await
    }

    async fn find_credentials(
        &self,
        username: &Username,
    ) -> Result<Option<Credentials>, StorageError> {
        accounts::find_credentials(&mut self.driver.pool(), username).await
    }

    async fn create_session(
        &self,
        token_hash: &[u8],
        user_id: UserId,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        accounts::create_session(
            &mut self.driver.pool(),
            token_hash,
            user_id,
            now,
            expires_at,
        )
        .await
    }

    async fn find_session(
        &self,
        token_hash: &[u8],
        now: DateTime<Utc>,
    ) -> Result<Option<SessionUser>, StorageError> {
        accounts::find_session(&mut self.driver.pool(), token_hash, now).await
    }

    async fn delete_session(&self, token_hash: &[u8]) -> Result<(), StorageError> {
        accounts::delete_session(&mut self.driver.pool(), token_hash).await
    }

    async fn delete_expired_sessions(&self, now: DateTime<Utc>) -> Result<u64, StorageError> {
        accounts::delete_expired_sessions(&mut self.driver.pool(), now).await
    }

    async fn change_password(
        &self,
        user_id: UserId,
        password_hash: &str,
        renewed: &[u8],
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        let mut tx = self.driver.begin().await?;
        accounts::change_password(&mut tx, user_id, password_hash, renewed, now, expires_at)
            .await?;
        tx.commit().await
    }

    async fn record_failed_sign_in(
        &self,
        username: &Username,
        client: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        accounts::record_failed_sign_in(&mut self.driver.pool(), username, client, at).await
    }

    async fn count_failed_sign_ins(
        &self,
        username: &Username,
        client: Option<&str>,
        since: DateTime<Utc>,
    ) -> Result<u64, StorageError> {
        accounts::count_failed_sign_ins(&mut self.driver.pool(), username, client, since).await
    }

    async fn clear_failed_sign_ins(
        &self,
        username: &Username,
        client: &str,
    ) -> Result<(), StorageError> {
        accounts::clear_failed_sign_ins(&mut self.driver.pool(), username, client).await
    }

    async fn delete_failed_sign_ins_before(
        &self,
        before: DateTime<Utc>,
    ) -> Result<u64, StorageError> {
        accounts::delete_failed_sign_ins_before(&mut self.driver.pool(), before).await
    }

    async fn list_tasks(&self, user_id: UserId) -> Result<Vec<Task>, StorageError> {
        let mut db = self.driver.pool();
        let tasks = tasks::list_tasks(&mut db, user_id).await?;
        steps::attach::<D>(&mut db, user_id, tasks, Which::Live).await
    }

    async fn all_tasks(&self, user_id: UserId) -> Result<Vec<Task>, StorageError> {
        let mut db = self.driver.pool();
        let tasks = tasks::all_tasks(&mut db, user_id).await?;
        steps::attach::<D>(&mut db, user_id, tasks, Which::All).await
    }

    async fn delete_account(
        &self,
        user_id: UserId,
        username: &Username,
    ) -> Result<(), StorageError> {
        let mut tx = self.driver.begin().await?;
        accounts::delete_account(&mut tx, user_id, username).await?;
        tx.commit().await
    }

    async fn get_task(&self, user_id: UserId, id: TaskId) -> Result<Option<Task>, StorageError> {
        let mut db = self.driver.pool();
        let task = tasks::get_task(&mut db, user_id, id, "").await?;
        with_steps::<D>(&mut db, user_id, task).await
    }

    async fn list_lists(&self, user_id: UserId) -> Result<Vec<TaskList>, StorageError> {
        lists::list_lists(&mut self.driver.pool(), user_id).await
    }

    async fn view_tasks(
        &self,
        user_id: UserId,
        view: View,
        today: Day,
    ) -> Result<Vec<Task>, StorageError> {
        let mut db = self.driver.pool();
        let tasks = views::view_tasks(&mut db, user_id, view, today).await?;
        steps::attach::<D>(&mut db, user_id, tasks, Which::Live).await
    }

    async fn view_counts(&self, user_id: UserId, today: NaiveDate) -> Result<Nav, StorageError> {
        views::view_counts(&mut self.driver.pool(), user_id, today).await
    }

    async fn time_zone(&self, user_id: UserId) -> Result<TimeZoneName, StorageError> {
        accounts::time_zone(&mut self.driver.pool(), user_id).await
    }

    async fn search_tasks(
        &self,
        user_id: UserId,
        query: &SearchQuery,
        done: bool,
    ) -> Result<Vec<Task>, StorageError> {
        let mut db = self.driver.pool();
        let tasks = search::search_tasks::<D>(&mut db, user_id, query, done, SEARCH_SHOWN).await?;
        steps::attach::<D>(&mut db, user_id, tasks, Which::Live).await
    }

    async fn fill_search_text(&self) -> Result<u64, StorageError> {
        search::fill_search_text(&mut self.driver.pool()).await
    }

    async fn set_calendar_feed(
        &self,
        user_id: UserId,
        token_hash: &[u8],
        now: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        feeds::set_feed(&mut self.driver.pool(), user_id, token_hash, now).await
    }

    async fn calendar_feed_since(
        &self,
        user_id: UserId,
    ) -> Result<Option<DateTime<Utc>>, StorageError> {
        feeds::feed_since(&mut self.driver.pool(), user_id).await
    }

    async fn delete_calendar_feed(&self, user_id: UserId) -> Result<(), StorageError> {
        feeds::delete_feed(&mut self.driver.pool(), user_id).await
    }

    async fn find_calendar_feed(
        &self,
        token_hash: &[u8],
    ) -> Result<Option<FeedOwner>, StorageError> {
        feeds::find_feed(&mut self.driver.pool(), token_hash).await
    }

    async fn calendar_tasks(
        &self,
        user_id: UserId,
        done_since: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Task>, StorageError> {
        let mut db = self.driver.pool();
        let tasks = feeds::calendar_tasks(&mut db, user_id, done_since, limit).await?;
        steps::attach::<D>(&mut db, user_id, tasks, Which::Live).await
    }

    async fn find_key(
        &self,
        user_id: UserId,
        key: &IdempotencyKey,
    ) -> Result<Option<KeptKey>, StorageError> {
        keys::find(&mut self.driver.pool(), user_id, key).await
    }

    async fn delete_keys_created_before(
        &self,
        before: DateTime<Utc>,
        batch: u32,
    ) -> Result<u64, StorageError> {
        keys::delete_created_before(&self.driver, before, batch).await
    }

    async fn begin(&self) -> Result<Box<dyn Work>, StorageError> {
        Ok(Box::new(SqlWork::<D> {
            tx: self.driver.begin().await?,
        }))
    }
}

/// One task, if found, with its steps that are not deleted.
async fn with_steps<D: Driver>(
    db: &mut impl super::sql::Sql,
    user_id: UserId,
    task: Option<Task>,
) -> Result<Option<Task>, StorageError> {
    let tasks = task.into_iter().collect();
    let tasks = steps::attach::<D>(db, user_id, tasks, Which::Live).await?;
    Ok(tasks.into_iter().next())
}

/// A unit of work: one transaction of the driver.
struct SqlWork<D: Driver> {
    tx: D::Tx,
}

#[async_trait]
impl<D: Driver> Work for SqlWork<D> {
    async fn find_task(
        &mut self,
        user_id: UserId,
        id: TaskId,
    ) -> Result<Option<Task>, StorageError> {
        // Locked: two mutations of one task wait for each other instead of
        // overwriting each other's read. Its steps are read after the lock,
        // so they are as the last change to the checklist left them.
        let task = tasks::get_task(&mut self.tx, user_id, id, D::LOCK_ROW).await?;
        with_steps::<D>(&mut self.tx, user_id, task).await
    }

    async fn find_step(
        &mut self,
        user_id: UserId,
        id: StepId,
    ) -> Result<Option<(TaskId, Step)>, StorageError> {
        steps::find_step(&mut self.tx, user_id, id).await
    }

    async fn insert_step(
        &mut self,
        user_id: UserId,
        task_id: TaskId,
        step: &Step,
    ) -> Result<bool, StorageError> {
        steps::insert_step(&mut self.tx, user_id, task_id, step).await
    }

    async fn update_step(&mut self, user_id: UserId, step: &Step) -> Result<(), StorageError> {
        steps::update_step(&mut self.tx, user_id, step).await
    }

    async fn count(&mut self, user_id: UserId, what: Counted) -> Result<u64, StorageError> {
        quotas::count(&mut self.tx, user_id, what).await
    }

    async fn insert_task(&mut self, user_id: UserId, task: &Task) -> Result<bool, StorageError> {
        tasks::insert_task(&mut self.tx, user_id, task).await
    }

    async fn update_task(&mut self, user_id: UserId, task: &Task) -> Result<(), StorageError> {
        tasks::update_task(&mut self.tx, user_id, task).await
    }

    async fn purge_task(&mut self, user_id: UserId, id: TaskId) -> Result<bool, StorageError> {
        tasks::purge_task(&mut self.tx, user_id, id).await
    }

    async fn set_positions(
        &mut self,
        user_id: UserId,
        ids: &[TaskId],
        at: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        use super::sql::Sql;
        let ids: Vec<Uuid> = ids.iter().map(TaskId::as_uuid).collect();
        for statement in D::set_positions(user_id.as_uuid(), &ids, at) {
            self.tx.execute(statement).await?;
        }
        Ok(())
    }

    async fn time_zone(&mut self, user_id: UserId) -> Result<TimeZoneName, StorageError> {
        accounts::time_zone(&mut self.tx, user_id).await
    }

    async fn set_time_zone(
        &mut self,
        user_id: UserId,
        zone: &TimeZoneName,
    ) -> Result<(), StorageError> {
        accounts::set_time_zone(&mut self.tx, user_id, zone).await
    }

    async fn list_lists(&mut self, user_id: UserId) -> Result<Vec<TaskList>, StorageError> {
        lists::list_lists(&mut self.tx, user_id).await
    }

    async fn find_list(
        &mut self,
        user_id: UserId,
        id: ListId,
    ) -> Result<Option<TaskList>, StorageError> {
        lists::find_list(&mut self.tx, user_id, id, D::LOCK_ROW).await
    }

    async fn insert_list(
        &mut self,
        user_id: UserId,
        list: &TaskList,
    ) -> Result<bool, StorageError> {
        lists::insert_list(&mut self.tx, user_id, list).await
    }

    async fn update_list(&mut self, user_id: UserId, list: &TaskList) -> Result<(), StorageError> {
        lists::update_list(&mut self.tx, user_id, list).await
    }

    async fn delete_list(
        &mut self,
        user_id: UserId,
        id: ListId,
        at: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        lists::delete_list(&mut self.tx, user_id, id, at).await
    }

    async fn record_key(
        &mut self,
        record: &KeyRecord,
        response: &StoredResponse,
    ) -> Result<bool, StorageError> {
        keys::record(&mut self.tx, record, response).await
    }

    async fn commit(self: Box<Self>) -> Result<(), StorageError> {
        self.tx.commit().await
    }

    async fn rollback(self: Box<Self>) -> Result<(), StorageError> {
        self.tx.rollback().await
    }
}
