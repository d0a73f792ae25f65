//! Steps: a task's checklist, changed in a unit of work (read with their task).

use super::*;

/// An account's steps, inside a unit of work.
#[async_trait]
pub trait StepRows: Send {
    /// One of the user's steps, deleted or not, with the id of its task.
    /// Not locked: a change to a step locks its task first
    /// (`find_task`), which every change to that checklist does too.
    async fn find_step(
        &mut self,
        user_id: UserId,
        id: StepId,
    ) -> Result<Option<(TaskId, Step)>, StorageError>;

    /// Adds a step to one of the user's tasks unless its id exists: `false`
    /// when the user already has it, `Conflict` when the id is another
    /// user's.
    async fn insert_step(
        &mut self,
        user_id: UserId,
        task_id: TaskId,
        step: &Step,
    ) -> Result<bool, StorageError>;

    /// Writes every field of one of the user's steps; `NotFound` if none.
    async fn update_step(&mut self, user_id: UserId, step: &Step) -> Result<(), StorageError>;
}
