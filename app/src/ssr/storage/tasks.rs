//! Tasks: read in lists, views and searches, and changed in a unit of work.

use super::*;

/// Reads of an account's tasks, each with its steps.
#[async_trait]
pub trait TaskReads: Send + Sync {
    // Every read of tasks gives each its steps (`Task::steps`), in their
    // order, deleted ones left out unless said otherwise.

    /// The user's tasks that are not deleted, in their order (position,
    /// then age).
    async fn list_tasks(&self, user_id: UserId) -> Result<Vec<Task>, StorageError>;

    /// Every task of the user, deleted ones too, oldest first; each with
    /// every step, deleted ones too (an export).
    async fn all_tasks(&self, user_id: UserId) -> Result<Vec<Task>, StorageError>;

    /// One of the user's tasks, deleted or not.
    async fn get_task(&self, user_id: UserId, id: TaskId) -> Result<Option<Task>, StorageError>;

    /// The tasks `view` shows on `today` (the rules of `View::shows`): by
    /// due date, time and priority for Today (done today after the open)
    /// and Upcoming; in the person's
    /// order for the Inbox and lists; the latest `COMPLETED_SHOWN` done.
    async fn view_tasks(
        &self,
        user_id: UserId,
        view: View,
        today: Day,
    ) -> Result<Vec<Task>, StorageError>;

    /// Open tasks counted per view on `today`, and every list with its own.
    async fn view_counts(&self, user_id: UserId, today: NaiveDate) -> Result<Nav, StorageError>;

    /// Up to `SEARCH_SHOWN` of the user's tasks, not deleted, with every
    /// word of `query` in their title or notes (with its word forms where
    /// the database has a stemmer), done ones only when `done`: the open
    /// first, by due date, then the most recently changed.
    async fn search_tasks(
        &self,
        user_id: UserId,
        query: &SearchQuery,
        done: bool,
    ) -> Result<Vec<Task>, StorageError>;

    /// Gives the tasks stored before search existed their search text (at
    /// start-up); how many it filled.
    async fn fill_search_text(&self) -> Result<u64, StorageError>;
}

/// An account's tasks, inside a unit of work.
#[async_trait]
pub trait TaskRows: Send {
    /// One of the user's tasks (deleted or not), locked for this unit of
    /// work, with its steps that are not deleted.
    async fn find_task(
        &mut self,
        user_id: UserId,
        id: TaskId,
    ) -> Result<Option<Task>, StorageError>;

    /// Inserts a task with its steps unless its id exists: `false` when the
    /// user already has it (its steps are then left as they are),
    /// `Conflict` when the id is another user's.
    async fn insert_task(&mut self, user_id: UserId, task: &Task) -> Result<bool, StorageError>;

    /// Writes every field of one of the user's tasks (not its steps:
    /// `update_step`); `NotFound` if none.
    async fn update_task(&mut self, user_id: UserId, task: &Task) -> Result<(), StorageError>;

    /// Deletes one of the user's tasks for good, with its steps (a next
    /// occurrence taken back: `change::untouched` decides which); `true`
    /// if there was one.
    async fn purge_task(&mut self, user_id: UserId, id: TaskId) -> Result<bool, StorageError>;

    /// Sets the order of the user's tasks, as the person made it `at`: each
    /// id gets its index, unless that task moved later (the rule of
    /// `Task::set_position`).
    async fn set_positions(
        &mut self,
        user_id: UserId,
        ids: &[TaskId],
        at: DateTime<Utc>,
    ) -> Result<(), StorageError>;
}
