//! The unit of work of a change to a checklist, in the words the step
//! mutations need: the task (locked, not deleted), the step, writing them,
//! and the answer. Each storage fault and refusal is turned into the
//! request's answer here once.
//!
//! Locks are always taken task first: every change to a step locks its
//! task before it reads the step, so two changes to one checklist (an
//! edit and a reorder) wait for each other instead of deadlocking, and a
//! step read under its task's lock is the step as it now is.

use crate::api::edge::Call;
use crate::api::quota;
use crate::domain::{Step, StepId, Task, TaskId, UserId};
use crate::error::{AppError, Counted};
use crate::ssr::keyed::WorkGuard;
use crate::ssr::storage::StorageError;
use chrono::{DateTime, Utc};

pub struct StepWork<'c> {
    call: &'c Call,
    user: UserId,
    work: WorkGuard,
}

impl<'c> StepWork<'c> {
    pub async fn begin(call: &'c Call) -> Result<Self, AppError> {
        let (user, work) = call.keyed().await?;
        Ok(Self { call, user, work })
    }

    /// Refuses a new step past the account's quota of steps.
    pub async fn room_for_a_step(&mut self) -> Result<(), AppError> {
        quota::room_for(self.call, &mut self.work, self.user, Counted::Steps).await
    }

    /// One of the person's tasks that is not deleted, locked, with its
    /// steps; a change to a deleted task's checklist is refused, as any
    /// change to a deleted task is.
    pub async fn live_task(&mut self, id: TaskId) -> Result<Task, AppError> {
        let task = self.any_task(id).await?;
        if task.deleted_at.is_some() {
            return Err(self.call.reject(AppError::TaskNotFound));
        }
        Ok(task)
    }

    /// One of the person's steps, deleted or not, with its task's id (read
    /// without a lock: see the module's note).
    pub async fn step(&mut self, id: StepId) -> Result<Option<(TaskId, Step)>, AppError> {
        self.work
            .tx()
            .find_step(self.user, id)
            .await
            .map_err(|e| self.call.storage_fault(e))
    }

    /// One of the person's tasks, deleted or not, locked, with its steps.
    pub async fn any_task(&mut self, id: TaskId) -> Result<Task, AppError> {
        match self.work.tx().find_task(self.user, id).await {
            Ok(Some(task)) => Ok(task),
            Ok(None) => Err(self.call.reject(AppError::TaskNotFound)),
            Err(error) => Err(self.call.storage_fault(error)),
        }
    }

    /// A step and its task, locked, either of them deleted or not (a
    /// rename brings both back).
    pub async fn step_and_task(&mut self, id: StepId) -> Result<(Task, Step), AppError> {
        let not_found = |call: &Call| call.reject(AppError::StepNotFound);
        let (task_id, _) = self.step(id).await?.ok_or_else(|| not_found(self.call))?;
        let task = self.any_task(task_id).await?;
        // Read again now that the task is locked.
        let (_, step) = self.step(id).await?.ok_or_else(|| not_found(self.call))?;
        Ok((task, step))
    }

    /// A step, deleted or not, and its task, locked and not deleted.
    pub async fn any_step(&mut self, id: StepId) -> Result<(Task, Step), AppError> {
        let (task, step) = self.step_and_task(id).await?;
        if task.deleted_at.is_some() {
            return Err(self.call.reject(AppError::TaskNotFound));
        }
        Ok((task, step))
    }

    /// A step that is not deleted, and its task: a change to a step
    /// deleted on another device is refused (the person is told), never
    /// done unseen.
    pub async fn live_step(&mut self, id: StepId) -> Result<(Task, Step), AppError> {
        let (task, step) = self.any_step(id).await?;
        if step.deleted_at.is_some() {
            return Err(self.call.reject(AppError::StepNotFound));
        }
        Ok((task, step))
    }

    /// Adds a step to a task; an id that is another account's is refused.
    pub async fn insert(&mut self, task: TaskId, step: &Step) -> Result<(), AppError> {
        match self.work.tx().insert_step(self.user, task, step).await {
            Ok(_) => Ok(()),
            Err(StorageError::Conflict) => Err(self.call.reject(AppError::IdConflict)),
            Err(error) => Err(self.call.storage_fault(error)),
        }
    }

    pub async fn save(&mut self, step: &Step) -> Result<(), AppError> {
        self.work
            .tx()
            .update_step(self.user, step)
            .await
            .map_err(|e| self.call.storage_fault(e))
    }

    /// A change to its checklist made at `at` is a change to the task: its
    /// `updated_at` moves on (if later), its completion never does. A
    /// change that `carries_words` (a step added or renamed) also brings
    /// back a task deleted on another device meanwhile: what the person
    /// typed is kept.
    pub async fn touch(
        &mut self,
        task: &mut Task,
        at: DateTime<Utc>,
        carries_words: bool,
    ) -> Result<(), AppError> {
        let brought_back = carries_words && task.bring_back(at);
        if !task.step_changed(at) && !brought_back {
            return Ok(());
        }
        self.work
            .tx()
            .update_task(self.user, task)
            .await
            .map_err(|e| self.call.storage_fault(e))
    }

    /// The answer to every step change: the task as it now is, with its
    /// steps.
    pub async fn answer(&mut self, id: TaskId) -> Result<Task, AppError> {
        self.any_task(id).await
    }
}
