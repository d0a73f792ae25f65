//! The unit of work of a change to a checklist: the task it is about
//! (locked, with the step it names, deleted or not), the change's rule
//! (`StepChange::apply`), and writing what the rule changed. Each storage
//! fault and refusal is turned into the request's answer here once.
//!
//! Locks are always taken task first: every change to a step locks its
//! task before it reads the step, so two changes to one checklist (an
//! edit and a reorder) wait for each other instead of deadlocking, and a
//! step read under its task's lock is the step as it now is.

use crate::api::edge::Call;
use crate::api::quota;
use crate::change::StepChange;
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

    /// Applies `change`, made `at`; the answer is its task as it now is,
    /// with its steps (read again: as any read gives it).
    pub async fn apply(&mut self, change: StepChange, at: DateTime<Utc>) -> Result<Task, AppError> {
        let task_id = match (change.task_id(), change.needs_step()) {
            (Some(task), _) => task,
            (None, Some(step)) => self.owner_of(step).await?,
            (None, None) => return Err(self.call.reject(AppError::BadRequest)),
        };
        let mut task = self.task(task_id).await?;
        if let Some(step) = change.needs_step() {
            self.with_step(&mut task, step).await?;
        }
        if let StepChange::Create { id, .. } = &change {
            // The same id again (a repeat, a replay after the key was
            // forgotten) is the step already made, even if deleted since;
            // another task's is a conflict.
            if let Some((owner, _)) = self.step(*id).await? {
                return match owner == task_id {
                    true => Ok(task),
                    false => Err(self.call.reject(AppError::IdConflict)),
                };
            }
            quota::room_for(self.call, &mut self.work, self.user, Counted::Steps).await?;
        }
        let before = task.clone();
        change
            .apply(&mut task, at)
            .map_err(|refusal| self.call.reject(refusal.into()))?;
        self.write(&before, &task).await?;
        self.task(task_id).await
    }

    /// The task holding a step (read without a lock: see the module's note).
    async fn owner_of(&mut self, step: StepId) -> Result<TaskId, AppError> {
        match self.step(step).await? {
            Some((task, _)) => Ok(task),
            None => Err(self.call.reject(AppError::StepNotFound)),
        }
    }

    /// Puts the step the change names among the task's, deleted or not
    /// (a read leaves deleted steps out), read again now the task is locked.
    async fn with_step(&mut self, task: &mut Task, id: StepId) -> Result<(), AppError> {
        if task.steps.iter().any(|step| step.id == id) {
            return Ok(());
        }
        match self.step(id).await? {
            Some((owner, step)) if owner == task.id => {
                task.steps.push(step);
                Ok(())
            }
            _ => Err(self.call.reject(AppError::StepNotFound)),
        }
    }

    /// One of the person's steps, deleted or not, with its task's id.
    async fn step(&mut self, id: StepId) -> Result<Option<(TaskId, Step)>, AppError> {
        self.work
            .tx()
            .find_step(self.user, id)
            .await
            .map_err(|e| self.call.storage_fault(e))
    }

    /// One of the person's tasks, deleted or not, locked, with its steps.
    async fn task(&mut self, id: TaskId) -> Result<Task, AppError> {
        match self.work.tx().find_task(self.user, id).await {
            Ok(Some(task)) => Ok(task),
            Ok(None) => Err(self.call.reject(AppError::TaskNotFound)),
            Err(error) => Err(self.call.storage_fault(error)),
        }
    }

    /// Writes what the rule changed: new steps, changed steps, the task's
    /// own row when it changed (a change to a step moves the task's
    /// `updated_at`; a rename or a new step may bring it back).
    async fn write(&mut self, before: &Task, after: &Task) -> Result<(), AppError> {
        let user = self.user;
        let tx = self.work.tx();
        let result = async {
            for step in &after.steps {
                match before.steps.iter().find(|old| old.id == step.id) {
                    None => tx.insert_step(user, after.id, step).await.map(drop)?,
                    Some(old) if old != step => tx.update_step(user, step).await?,
                    Some(_) => {}
                }
            }
            if row(before) != row(after) {
                tx.update_task(user, after).await?;
            }
            Ok(())
        };
        match result.await {
            Ok(()) => Ok(()),
            Err(StorageError::Conflict) => Err(self.call.reject(AppError::IdConflict)),
            Err(error) => Err(self.call.storage_fault(error)),
        }
    }
}

/// A task's own row: everything but its steps.
fn row(task: &Task) -> Task {
    Task {
        steps: Vec::new(),
        ..task.clone()
    }
}
