//! The person's own lists. Deleting one moves its tasks to the Inbox.

use super::rows::{list_from_row, LISTS, LIST_COLUMNS};
use super::sql::{Driver, Sql, Statement};
use super::storage::{SqlStorage, SqlWork};
use super::tasks::ensure_owner;
use app::domain::{ListId, Stamp, TaskList, UserId};
use app::ssr::storage::{ListReads, ListRows, StorageError};
use async_trait::async_trait;
use chrono::{DateTime, Utc};

/// The user's lists, by name.
async fn list_lists(db: &mut impl Sql, user_id: UserId) -> Result<Vec<TaskList>, StorageError> {
    let rows = db
        .fetch_all(
            Statement::new(format!(
                "SELECT {LIST_COLUMNS} FROM lists WHERE user_id = $1 ORDER BY name, id"
            ))
            .bind(user_id.as_uuid()),
        )
        .await?;
    rows.iter().map(list_from_row).collect()
}

#[async_trait]
impl<D: Driver> ListReads for SqlStorage<D> {
    async fn list_lists(&self, user_id: UserId) -> Result<Vec<TaskList>, StorageError> {
        list_lists(&mut self.driver.pool(), user_id).await
    }
}

#[async_trait]
impl<D: Driver> ListRows for SqlWork<D> {
    async fn list_lists(&mut self, user_id: UserId) -> Result<Vec<TaskList>, StorageError> {
        list_lists(&mut self.tx, user_id).await
    }

    async fn find_list(
        &mut self,
        user_id: UserId,
        id: ListId,
    ) -> Result<Option<TaskList>, StorageError> {
        // One of the user's lists; `lock` as for `tasks::get_task` (a rename
        // decides on the row it read, so two renames of a list take turns).
        let db = &mut self.tx;
        let lock = D::LOCK_ROW;
        let row = db
            .fetch_optional(
                Statement::new(format!(
                    "SELECT {LIST_COLUMNS} FROM lists WHERE id = $1 AND user_id = $2 {lock}"
                ))
                .bind(id.as_uuid())
                .bind(user_id.as_uuid()),
            )
            .await?;
        row.as_ref().map(list_from_row).transpose()
    }

    async fn insert_list(
        &mut self,
        user_id: UserId,
        list: &TaskList,
    ) -> Result<bool, StorageError> {
        // Inserts a list unless its id exists (as `tasks::insert_task`).
        let db = &mut self.tx;
        let inserted = db
            .execute(
                Statement::new(LISTS.insert())
                    .bind(list.id.as_uuid())
                    .bind(user_id.as_uuid())
                    .bind(list.name.as_str())
                    .bind(list.created_at)
                    .bind(list.updated_at)
                    .bind(list.name_changed.millis()),
            )
            .await?;
        if inserted == 1 {
            return Ok(true);
        }
        ensure_owner(db, "lists", list.id.as_uuid(), user_id)
            .await
            .map(|()| false)
    }

    async fn update_list(&mut self, user_id: UserId, list: &TaskList) -> Result<(), StorageError> {
        let db = &mut self.tx;
        let updated = db
            .execute(
                Statement::new(
                    "UPDATE lists SET name = $1, updated_at = $2, name_changed_at = $3 \
                 WHERE id = $4 AND user_id = $5",
                )
                .bind(list.name.as_str())
                .bind(list.updated_at)
                .bind(list.name_changed.millis())
                .bind(list.id.as_uuid())
                .bind(user_id.as_uuid()),
            )
            .await?;
        match updated {
            0 => Err(StorageError::NotFound),
            _ => Ok(()),
        }
    }

    async fn delete_list(
        &mut self,
        user_id: UserId,
        id: ListId,
        at: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        let db = &mut self.tx;
        // Moving them out is a change of their list, made when the person
        // deleted it and clocked like any other (a later clock already on a
        // task stays; the task leaves the list all the same, as it is gone).
        db.execute(
            Statement::new(
                "UPDATE tasks SET list_id = NULL, \
             updated_at = CASE WHEN updated_at > $1 THEN updated_at ELSE $1 END, \
             list_changed_at = CASE WHEN list_changed_at > $4 THEN list_changed_at ELSE $4 END \
             WHERE list_id = $2 AND user_id = $3",
            )
            .bind(at)
            .bind(id.as_uuid())
            .bind(user_id.as_uuid())
            .bind(Stamp::of(at).millis()),
        )
        .await?;
        db.execute(
            Statement::new("DELETE FROM lists WHERE id = $1 AND user_id = $2")
                .bind(id.as_uuid())
                .bind(user_id.as_uuid()),
        )
        .await?;
        Ok(())
    }
}
