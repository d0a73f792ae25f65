//! Lists: read, and changed in a unit of work.

use super::*;

/// Reads of an account's lists.
#[async_trait]
pub trait ListReads: Send + Sync {
    /// The user's own lists, by name.
    async fn list_lists(&self, user_id: UserId) -> Result<Vec<TaskList>, StorageError>;
}

/// An account's lists, inside a unit of work.
#[async_trait]
pub trait ListRows: Send {
    /// The user's lists, by name, read inside this unit of work.
    async fn list_lists(&mut self, user_id: UserId) -> Result<Vec<TaskList>, StorageError>;

    /// One of the user's lists, locked for this unit of work.
    async fn find_list(
        &mut self,
        user_id: UserId,
        id: ListId,
    ) -> Result<Option<TaskList>, StorageError>;

    /// Inserts a list unless its id exists (see `insert_task`).
    async fn insert_list(&mut self, user_id: UserId, list: &TaskList)
        -> Result<bool, StorageError>;

    async fn update_list(&mut self, user_id: UserId, list: &TaskList) -> Result<(), StorageError>;

    /// Deletes a list; its tasks move to the Inbox, nothing is lost. `at`:
    /// when the person deleted it (the move's clock).
    async fn delete_list(
        &mut self,
        user_id: UserId,
        id: ListId,
        at: DateTime<Utc>,
    ) -> Result<(), StorageError>;
}
