//! Tasks: reading them, and writing them inside a unit of work.

use super::rows::{bind_task_fields, task_from_row, TASKS, TASK_COLUMNS};
use super::sql::{required, Columns, Driver, Sql, Statement};
use super::steps::Which;
use super::storage::{with_steps, SqlStorage, SqlWork};
use super::{search, steps, views};
use app::domain::{search_text, SearchQuery, Task, TaskId, UserId};
use app::ssr::storage::{StorageError, TaskReads, TaskRows, SEARCH_SHOWN};
use app::views::{Day, Nav, View};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

/// The user's tasks that are not deleted, in their order.
async fn list_tasks(db: &mut impl Sql, user_id: UserId) -> Result<Vec<Task>, StorageError> {
    let rows = db
        .fetch_all(
            Statement::new(format!(
                "SELECT {TASK_COLUMNS} FROM tasks WHERE user_id = $1 AND deleted_at IS NULL \
                 ORDER BY position, created_at, id"
            ))
            .bind(user_id.as_uuid()),
        )
        .await?;
    rows.iter().map(task_from_row).collect()
}

/// Every task of the user, deleted ones too, oldest first (an export).
async fn all_tasks(db: &mut impl Sql, user_id: UserId) -> Result<Vec<Task>, StorageError> {
    let rows = db
        .fetch_all(
            Statement::new(format!(
                "SELECT {TASK_COLUMNS} FROM tasks WHERE user_id = $1 ORDER BY created_at, id"
            ))
            .bind(user_id.as_uuid()),
        )
        .await?;
    rows.iter().map(task_from_row).collect()
}

/// One of the user's tasks, deleted or not; `lock` is the driver's
/// `LOCK_ROW` inside a unit of work that will change it, else empty.
async fn get_task(
    db: &mut impl Sql,
    user_id: UserId,
    id: TaskId,
    lock: &str,
) -> Result<Option<Task>, StorageError> {
    let row = db
        .fetch_optional(
            Statement::new(format!(
                "SELECT {TASK_COLUMNS} FROM tasks WHERE id = $1 AND user_id = $2 {lock}"
            ))
            .bind(id.as_uuid())
            .bind(user_id.as_uuid()),
        )
        .await?;
    row.as_ref().map(task_from_row).transpose()
}

/// Inserts a task with its steps unless its id exists: `false` when the
/// user already has it (its steps stay as they are: a step deleted since
/// is not brought back), `Conflict` when the id is another user's.
async fn insert_task(
    db: &mut impl Sql,
    user_id: UserId,
    task: &Task,
) -> Result<bool, StorageError> {
    let statement = Statement::new(TASKS.insert())
        .bind(task.id.as_uuid())
        .bind(user_id.as_uuid());
    let statement = bind_task_fields(statement, task).bind(searched_by(task).as_str());
    if db.execute(statement).await? == 1 {
        for step in &task.steps {
            steps::insert_step(db, user_id, task.id, step).await?;
        }
        return Ok(true);
    }
    ensure_owner(db, "tasks", task.id.as_uuid(), user_id)
        .await
        .map(|()| false)
}

/// What the task is found by (`search`), written with it.
fn searched_by(task: &Task) -> String {
    search_text(task.title.as_str(), task.notes.as_str())
}

/// After an insert that did nothing: `Ok` if the row with this id is the
/// user's own, `Conflict` if it belongs to someone else.
pub(super) async fn ensure_owner(
    db: &mut impl Sql,
    table: &'static str,
    id: Uuid,
    user_id: UserId,
) -> Result<(), StorageError> {
    let row = db
        .fetch_one(Statement::new(format!("SELECT user_id FROM {table} WHERE id = $1")).bind(id))
        .await?;
    if required(row.uuid("user_id")?, "user_id")? == user_id.as_uuid() {
        Ok(())
    } else {
        Err(StorageError::Conflict)
    }
}

#[async_trait]
impl<D: Driver> TaskReads for SqlStorage<D> {
    async fn list_tasks(&self, user_id: UserId) -> Result<Vec<Task>, StorageError> {
        let mut db = self.driver.pool();
        let tasks = list_tasks(&mut db, user_id).await?;
        steps::attach::<D>(&mut db, user_id, tasks, Which::Live).await
    }

    async fn all_tasks(&self, user_id: UserId) -> Result<Vec<Task>, StorageError> {
        let mut db = self.driver.pool();
        let tasks = all_tasks(&mut db, user_id).await?;
        steps::attach::<D>(&mut db, user_id, tasks, Which::All).await
    }

    async fn get_task(&self, user_id: UserId, id: TaskId) -> Result<Option<Task>, StorageError> {
        let mut db = self.driver.pool();
        let task = get_task(&mut db, user_id, id, "").await?;
        with_steps::<D>(&mut db, user_id, task).await
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
}

#[async_trait]
impl<D: Driver> TaskRows for SqlWork<D> {
    async fn find_task(
        &mut self,
        user_id: UserId,
        id: TaskId,
    ) -> Result<Option<Task>, StorageError> {
        // Locked: two mutations of one task wait for each other instead of
        // overwriting each other's read. Its steps are read after the lock,
        // so they are as the last change to the checklist left them.
        let task = get_task(&mut self.tx, user_id, id, D::LOCK_ROW).await?;
        with_steps::<D>(&mut self.tx, user_id, task).await
    }

    async fn insert_task(&mut self, user_id: UserId, task: &Task) -> Result<bool, StorageError> {
        insert_task(&mut self.tx, user_id, task).await
    }

    async fn update_task(&mut self, user_id: UserId, task: &Task) -> Result<(), StorageError> {
        // Writes every field of one of the user's tasks; `NotFound` if none.
        let db = &mut self.tx;
        let statement = Statement::new(TASKS.update())
            .bind(task.id.as_uuid())
            .bind(user_id.as_uuid());
        let statement = bind_task_fields(statement, task).bind(searched_by(task).as_str());
        match db.execute(statement).await? {
            0 => Err(StorageError::NotFound),
            _ => Ok(()),
        }
    }

    async fn purge_task(&mut self, user_id: UserId, id: TaskId) -> Result<bool, StorageError> {
        // Deletes a task for good, its steps with it (`ON DELETE CASCADE`);
        // `true` if it did.
        let db = &mut self.tx;
        let deleted = db
            .execute(
                Statement::new("DELETE FROM tasks WHERE id = $1 AND user_id = $2")
                    .bind(id.as_uuid())
                    .bind(user_id.as_uuid()),
            )
            .await?;
        Ok(deleted == 1)
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
}
