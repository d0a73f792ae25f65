//! Task mutations and reads. Every mutation is a set-state description at a
//! stable endpoint, run inside the idempotency layer's unit of work, and
//! carries `at`: when the person made it (their clock corrected by the
//! server's, never later than the server's now). A change older than the
//! last change of the field it sets alters nothing, so the last action
//! wins whatever order the network delivers changes in (docs/design.md §2); the
//! answer is the task as it now is.

// A server function's arguments are its form's fields, one each: a task's
// edit has eleven, and the `server` macro's code carries them all.
#![allow(clippy::too_many_arguments)]

use super::JsonText;
use crate::domain::{PatchForm, Task, TaskForm, TaskId};
use crate::error::AppError;
use chrono::{DateTime, Utc};
use leptos::prelude::*;
use server_fn::codec::GetUrl;

#[server(prefix = "/api", endpoint = "tasks/list", input = GetUrl, output = JsonText)]
pub async fn list_tasks() -> Result<Vec<Task>, AppError> {
    imp::list_tasks().await
}

/// Adds a task from the quick-add line. The id is minted by the client, so
/// sending the same request twice adds one task.
/// The line is read by quick add (dates, times, repetition, priority,
/// `#list`); `today` is the person's date where they are (from the browser);
/// `view` the view it was added in (in Today it is due today, in a list it
/// goes in that list, when the line says nothing else).
#[server(prefix = "/api", endpoint = "tasks/add", output = JsonText)]
pub async fn add_task(
    id: TaskId,
    quick_add: String,
    #[server(default)] today: String,
    #[server(default)] view: String,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<Task, AppError> {
    imp::add_task(AddTask {
        id,
        quick_add,
        today,
        view,
        at,
    })
    .await
}

/// Creates a task with every field given (empty text means "none").
#[server(prefix = "/api", endpoint = "tasks/create", output = JsonText)]
pub async fn create_task(
    id: TaskId,
    title: String,
    #[server(default)] notes: String,
    #[server(default)] due_date: String,
    #[server(default)] due_time: String,
    #[server(default)] priority: String,
    #[server(default)] list_id: String,
    #[server(default)] recurrence: String,
    #[server(default)] reminder: String,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<Task, AppError> {
    let args = CreateTask {
        id,
        title,
        notes,
        due_date,
        due_time,
        priority,
        list_id,
        recurrence,
        reminder,
        at,
    };
    imp::apply(args, at).await
}

/// Sets the fields named in `set` (`title,notes,due,priority,list,recurrence,reminder`)
/// to the values given; the others are left as they are (an empty value
/// means "none"). The details form sends only what the person changed;
/// without JavaScript it sends no `set`, which sets every field.
#[server(prefix = "/api", endpoint = "tasks/edit", output = JsonText)]
pub async fn edit_task(
    id: TaskId,
    #[server(default)] title: String,
    #[server(default)] notes: String,
    #[server(default)] due_date: String,
    #[server(default)] due_time: String,
    #[server(default)] priority: String,
    #[server(default)] list_id: String,
    #[server(default)] recurrence: String,
    #[server(default)] reminder: String,
    #[server(default)] set: Option<String>,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<Task, AppError> {
    let args = EditTask {
        id,
        title,
        notes,
        due_date,
        due_time,
        priority,
        list_id,
        recurrence,
        reminder,
        set,
        at,
    };
    imp::apply(args, at).await
}

impl CreateTask {
    /// The request that creates `task`, made `at`.
    pub fn new(task: &Task, at: DateTime<Utc>) -> Self {
        let form = TaskForm::from_task(task);
        Self {
            id: task.id,
            title: form.title,
            notes: form.notes,
            due_date: form.due_date,
            due_time: form.due_time,
            priority: form.priority,
            list_id: form.list_id,
            recurrence: form.recurrence,
            reminder: form.reminder,
            at: Some(at),
        }
    }
}

impl EditTask {
    /// The request for `patch` of task `id`, made `at`.
    pub fn new(id: TaskId, patch: PatchForm, at: DateTime<Utc>) -> Self {
        let (form, set) = patch.to_wire();
        Self {
            id,
            title: form.title,
            notes: form.notes,
            due_date: form.due_date,
            due_time: form.due_time,
            priority: form.priority,
            list_id: form.list_id,
            recurrence: form.recurrence,
            reminder: form.reminder,
            set: Some(set),
            at: Some(at),
        }
    }
}

/// Sets whether a task is done — never a toggle, so repeating it is
/// harmless. Completing a repeating task creates its next occurrence once.
#[server(prefix = "/api", endpoint = "tasks/complete", output = JsonText)]
pub async fn set_completed(
    id: TaskId,
    completed: bool,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<Task, AppError> {
    imp::apply(SetCompleted { id, completed, at }, at).await
}

/// Deletes (`deleted = true`) or restores a task. Deletion is soft, so an
/// "undo" really brings the task back.
#[server(prefix = "/api", endpoint = "tasks/delete", output = JsonText)]
pub async fn set_deleted(
    id: TaskId,
    deleted: bool,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<Task, AppError> {
    imp::apply(SetDeleted { id, deleted, at }, at).await
}

/// Puts the given tasks in this order (the first gets position 0).
#[server(prefix = "/api", endpoint = "tasks/reorder", output = JsonText)]
pub async fn reorder_tasks(
    ids: Vec<TaskId>,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<(), AppError> {
    imp::reorder_tasks(ReorderTasks { ids, at }).await
}

#[cfg(feature = "ssr")]
mod imp {
    use super::{AddTask, ReorderTasks};
    use crate::api::edge::{person_time, Call};
    use crate::api::quota;
    use crate::api::wire::{added_task, IntoChange};
    use crate::change::{untouched, FollowUp, TaskChange};
    use crate::domain::{ListId, Task, UserId};
    use crate::error::{AppError, Counted};
    use crate::quick_add;
    use crate::ssr::keyed::WorkGuard;
    use crate::ssr::storage::StorageError;
    use chrono::{DateTime, Utc};

    /// The most tasks one reorder may name.
    const MAX_REORDER: usize = 1000;

    pub async fn list_tasks() -> Result<Vec<Task>, AppError> {
        let call = Call::begin()?;
        let user = call.require_user().await?;
        call.state
            .storage
            .list_tasks(user.user_id)
            .await
            .map_err(|e| call.storage_fault(e))
    }

    /// A quick-add line: read for the person's today (their account's time
    /// zone decides for a form sent before the page was live, which has
    /// none), its `#list` among their lists.
    pub async fn add_task(args: AddTask) -> Result<Task, AppError> {
        let call = Call::begin()?;
        let at = person_time(args.at);
        let (user, mut work) = call.keyed().await?;
        let fault = |e| call.storage_fault(e);
        let today = match args.today.trim() {
            "" => {
                let zone = work.tx().time_zone(user).await.map_err(fault)?;
                crate::ssr::clock::today_in(&zone, Utc::now())
            }
            sent => quick_add::today_of(sent, Utc::now().date_naive()),
        };
        let lists = work.tx().list_lists(user).await.map_err(fault)?;
        // «к следующему уроку»: by the timetable, in the person's time.
        let zone = work.tx().time_zone(user).await.map_err(fault)?;
        let timetable = work.tx().timetable(user).await.map_err(fault)?;
        let school = (
            &timetable.timetable(),
            crate::ssr::clock::local_in(&zone, at),
        );
        let task =
            added_task(&args, today, &lists, Some(school), at).map_err(|e| call.reject(e))?;
        write(&call, user, &mut work, TaskChange::Create(task), at).await
    }

    /// A change to one task, read from its server function's arguments
    /// and applied by its rule (`crate::change`) inside the request's unit
    /// of work.
    pub async fn apply(
        args: impl IntoChange<Change = TaskChange>,
        at: Option<DateTime<Utc>>,
    ) -> Result<Task, AppError> {
        let call = Call::begin()?;
        let at = person_time(at);
        let change = args.into_change(at).map_err(|e| call.reject(e))?;
        let (user, mut work) = call.keyed().await?;
        write(&call, user, &mut work, change, at).await
    }

    /// Applies `change` to the task as stored (locked) and writes what it
    /// touched. What only the server knows comes first: a list deleted on
    /// another device is the Inbox (where that list's tasks went), and a
    /// new task must fit the account's quota.
    async fn write(
        call: &Call,
        user: UserId,
        work: &mut WorkGuard,
        mut change: TaskChange,
        at: DateTime<Utc>,
    ) -> Result<Task, AppError> {
        let fault = |e| call.storage_fault(e);
        match &mut change {
            TaskChange::Create(task) => {
                task.list_id = landing_list(call, user, work, task.list_id).await?;
            }
            TaskChange::Edit { patch, .. } => {
                if let Some(Some(list)) = patch.list_id {
                    patch.list_id = Some(landing_list(call, user, work, Some(list)).await?);
                }
            }
            TaskChange::Complete { .. } | TaskChange::Delete { .. } => {}
        }
        let id = change.task_id();
        let stored = work.tx().find_task(user, id).await.map_err(fault)?;
        let new = stored.is_none();
        if new && matches!(change, TaskChange::Create(_)) {
            quota::room_for(call, work, user, Counted::Tasks).await?;
        }
        let applied = change
            .apply(stored, at)
            .map_err(|refusal| call.reject(refusal.into()))?;
        if applied.changed && new {
            match work.tx().insert_task(user, &applied.task).await {
                Ok(_) => {}
                Err(StorageError::Conflict) => return Err(call.reject(AppError::IdConflict)),
                Err(error) => return Err(fault(error)),
            }
        } else if applied.changed {
            work.tx()
                .update_task(user, &applied.task)
                .await
                .map_err(fault)?;
        }
        match applied.follow_up {
            Some(FollowUp::Insert(next)) => {
                work.tx().insert_task(user, &next).await.map_err(fault)?;
            }
            Some(FollowUp::TakeBack(next)) => {
                let found = work.tx().find_task(user, next).await.map_err(fault)?;
                if found.as_ref().is_some_and(untouched) {
                    work.tx().purge_task(user, next).await.map_err(fault)?;
                }
            }
            None => {}
        }
        match new {
            // The answer to a new task is the task as stored.
            true => match work.tx().find_task(user, id).await.map_err(fault)? {
                Some(task) => Ok(task),
                None => Err(call.reject(AppError::TaskNotFound)),
            },
            false => Ok(applied.task),
        }
    }

    pub async fn reorder_tasks(args: ReorderTasks) -> Result<(), AppError> {
        let call = Call::begin()?;
        let at = person_time(args.at);
        let ids = args.into_change(at).map_err(|e| call.reject(e))?;
        if ids.len() > MAX_REORDER {
            return Err(call.reject(AppError::TooMany { max: MAX_REORDER }));
        }
        let (user, mut work) = call.keyed().await?;
        // The rule of `Task::set_position`, for many tasks in one statement.
        work.tx()
            .set_positions(user, &ids, at)
            .await
            .map_err(|e| call.storage_fault(e))
    }

    /// Where a task bound for `list_id` lands: that list if it is one of
    /// the person's, else the Inbox (a list deleted on another device, or
    /// an id that is not theirs: nothing of another account is touched).
    async fn landing_list(
        call: &Call,
        user: UserId,
        work: &mut WorkGuard,
        list_id: Option<ListId>,
    ) -> Result<Option<ListId>, AppError> {
        let Some(list_id) = list_id else {
            return Ok(None);
        };
        match work.tx().find_list(user, list_id).await {
            Ok(found) => Ok(found.map(|_| list_id)),
            Err(error) => Err(call.storage_fault(error)),
        }
    }
}
