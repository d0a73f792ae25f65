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
    let args = CreateStep {
        id,
        task_id,
        title,
        at,
    };
    imp::apply(args, at).await
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
    imp::apply(
        EditStep {
            id,
            title,
            done,
            at,
        },
        at,
    )
    .await
}

/// Puts a task's steps in this order (the first gets position 0), each
/// unless it moved later than `at`.
#[server(prefix = "/api", endpoint = "steps/reorder", output = JsonText)]
pub async fn reorder_steps(
    task_id: TaskId,
    ids: Vec<StepId>,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<Task, AppError> {
    let args = ReorderSteps { task_id, ids, at };
    imp::apply(args, at).await
}

/// Deletes (`deleted = true`) or restores a step; the last action wins.
#[server(prefix = "/api", endpoint = "steps/delete", output = JsonText)]
pub async fn set_step_deleted(
    id: StepId,
    deleted: bool,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<Task, AppError> {
    imp::apply(SetStepDeleted { id, deleted, at }, at).await
}

#[cfg(feature = "ssr")]
mod imp {
    use crate::api::edge::{person_time, Call};
    use crate::api::step_work::StepWork;
    use crate::api::wire::IntoChange;
    use crate::change::StepChange;
    use crate::domain::{Step, Task};
    use crate::error::AppError;
    use chrono::{DateTime, Utc};

    /// The most ids one reorder may name: a full checklist twice over, so
    /// a page that still shows steps deleted elsewhere is not refused.
    const MAX_REORDER: usize = 2 * Step::MAX_PER_TASK;

    /// A change to a checklist, read from its server function's arguments
    /// and applied by its rule (`crate::change`) inside the request's unit
    /// of work.
    pub async fn apply(
        args: impl IntoChange<Change = StepChange>,
        at: Option<DateTime<Utc>>,
    ) -> Result<Task, AppError> {
        let call = Call::begin()?;
        let at = person_time(at);
        let change = args.into_change(at).map_err(|e| call.reject(e))?;
        if let StepChange::Reorder { ids, .. } = &change {
            if ids.len() > MAX_REORDER {
                return Err(call.reject(AppError::TooMany { max: MAX_REORDER }));
            }
        }
        let mut work = StepWork::begin(&call).await?;
        work.apply(change, at).await
    }
}
