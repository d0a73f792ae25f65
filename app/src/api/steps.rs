//! A task's checklist: its steps are created, renamed, ticked, reordered,
//! deleted and restored like tasks — set-state descriptions at stable
//! endpoints, each run in the idempotency layer's unit of work and carrying
//! `at`, when the person made it. A change older than the last change of
//! the part it sets alters nothing (the last action wins). Every answer is
//! the whole task with its steps as they now are, so the page draws it as
//! it draws any answer to a change.

use super::JsonText;
use crate::domain::{StepId, Task, TaskId};
use crate::error::AppError;
use chrono::{DateTime, Utc};
use leptos::prelude::*;

/// Adds a step at the end of a task's checklist. The id is minted by the
/// client, so the same request twice, with one key or two, adds one step.
#[server(prefix = "/api", endpoint = "steps/create", output = JsonText)]
pub async fn create_step(
    id: StepId,
    task_id: TaskId,
    title: String,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<Task, AppError> {
    imp::create_step(id, task_id, title, at).await
}

/// Sets what it names — the title, whether the step is done, or both —
/// each unless that part changed later than `at`. Ticking the last step
/// leaves the task open: the student decides when it is done.
#[server(prefix = "/api", endpoint = "steps/edit", output = JsonText)]
pub async fn edit_step(
    id: StepId,
    #[server(default)] title: Option<String>,
    #[server(default)] done: Option<bool>,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<Task, AppError> {
    imp::edit_step(id, title, done, at).await
}

/// Puts a task's steps in this order (the first gets position 0), each
/// unless it moved later than `at`.
#[server(prefix = "/api", endpoint = "steps/reorder", output = JsonText)]
pub async fn reorder_steps(
    task_id: TaskId,
    ids: Vec<StepId>,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<Task, AppError> {
    imp::reorder_steps(task_id, ids, at).await
}

/// Deletes (`deleted = true`) or restores a step; the last action wins.
#[server(prefix = "/api", endpoint = "steps/delete", output = JsonText)]
pub async fn set_step_deleted(
    id: StepId,
    deleted: bool,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<Task, AppError> {
    imp::set_step_deleted(id, deleted, at).await
}

#[cfg(feature = "ssr")]
mod imp {
    use crate::api::edge::{person_time, Call};
    use crate::api::step_work::StepWork;
    use crate::domain::{Step, StepId, StepTitle, Task, TaskId};
    use crate::error::AppError;
    use chrono::{DateTime, Utc};

    /// The most ids one reorder may name: a full checklist twice over, so
    /// a page that still shows steps deleted elsewhere is not refused.
    const MAX_REORDER: usize = 2 * Step::MAX_PER_TASK;

    pub async fn create_step(
        id: StepId,
        task_id: TaskId,
        title: String,
        at: Option<DateTime<Utc>>,
    ) -> Result<Task, AppError> {
        let call = Call::begin()?;
        let title = StepTitle::parse(&title).map_err(|e| call.reject(AppError::InvalidTitle(e)))?;
        let at = person_time(at);
        let mut work = StepWork::begin(&call).await?;
        let mut task = work.any_task(task_id).await?;
        // The same id again (a repeat, a replay after the key was
        // forgotten) is the step already made: nothing changes, even if it
        // was deleted since, or renamed.
        if let Some((owner, _)) = work.step(id).await? {
            return if owner == task_id {
                work.answer(task_id).await
            } else {
                Err(call.reject(AppError::IdConflict))
            };
        }
        work.room_for_a_step().await?;
        if task.steps.len() >= Step::MAX_PER_TASK {
            return Err(call.reject(AppError::TooManySteps {
                max: Step::MAX_PER_TASK,
            }));
        }
        let last = task.steps.iter().map(|step| step.position).max();
        let step = Step::new(id, title, last.map_or(0, |p| p + 1), at);
        work.insert(task_id, &step).await?;
        work.touch(&mut task, at, true).await?;
        work.answer(task_id).await
    }

    pub async fn edit_step(
        id: StepId,
        title: Option<String>,
        done: Option<bool>,
        at: Option<DateTime<Utc>>,
    ) -> Result<Task, AppError> {
        let call = Call::begin()?;
        if title.is_none() && done.is_none() {
            // Nothing named to set: a client's mistake, said as such.
            return Err(call.reject(AppError::BadRequest));
        }
        let title = title
            .map(|title| StepTitle::parse(&title))
            .transpose()
            .map_err(|e| call.reject(AppError::InvalidTitle(e)))?;
        let at = person_time(at);
        let mut work = StepWork::begin(&call).await?;
        // A rename carries what the person typed: the step, and its task,
        // deleted on another device meanwhile come back with it. A tick
        // alone carries nothing typed, and is refused as before.
        let (mut task, mut step) = match title {
            Some(_) => work.step_and_task(id).await?,
            None => work.live_step(id).await?,
        };
        let renamed = title.is_some_and(|title| step.rename(title, at));
        let ticked = done.is_some_and(|done| step.set_done(done, at));
        if renamed {
            step.bring_back(at);
        }
        if renamed || ticked {
            work.save(&step).await?;
            work.touch(&mut task, at, renamed).await?;
        }
        work.answer(task.id).await
    }

    pub async fn reorder_steps(
        task_id: TaskId,
        mut ids: Vec<StepId>,
        at: Option<DateTime<Utc>>,
    ) -> Result<Task, AppError> {
        let call = Call::begin()?;
        // An id named twice counts where it first appears, as for tasks.
        let mut seen = std::collections::HashSet::new();
        ids.retain(|id| seen.insert(*id));
        if ids.len() > MAX_REORDER {
            return Err(call.reject(AppError::TooMany { max: MAX_REORDER }));
        }
        let at = person_time(at);
        let mut work = StepWork::begin(&call).await?;
        let mut task = work.live_task(task_id).await?;
        // Each named step of this task gets its index in the order, by the
        // rule of the last action; an id that is not one of its steps (another
        // task's, deleted since) moves nothing.
        let mut applied = false;
        for (position, id) in (0_i64..).zip(&ids) {
            let Some(step) = task.steps.iter_mut().find(|step| step.id == *id) else {
                continue;
            };
            if step.set_position(position, at) {
                work.save(step).await?;
                applied = true;
            }
        }
        if applied {
            work.touch(&mut task, at, false).await?;
        }
        work.answer(task_id).await
    }

    pub async fn set_step_deleted(
        id: StepId,
        deleted: bool,
        at: Option<DateTime<Utc>>,
    ) -> Result<Task, AppError> {
        let call = Call::begin()?;
        let at = person_time(at);
        let mut work = StepWork::begin(&call).await?;
        let (mut task, mut step) = work.any_step(id).await?;
        let was_deleted = step.deleted_at.is_some();
        if !step.set_deleted(deleted, at) {
            // A later delete or restore stands.
            return work.answer(task.id).await;
        }
        // A restore that wins counts against the checklist's bound.
        let restored = was_deleted && step.deleted_at.is_none();
        if restored && task.steps.len() >= Step::MAX_PER_TASK {
            return Err(call.reject(AppError::TooManySteps {
                max: Step::MAX_PER_TASK,
            }));
        }
        work.save(&step).await?;
        work.touch(&mut task, at, false).await?;
        work.answer(task.id).await
    }
}
