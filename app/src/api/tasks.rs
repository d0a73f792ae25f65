//! Task mutations and reads. Every mutation is a set-state description at a
//! stable endpoint, run inside the idempotency layer's unit of work, and
//! carries `at`: when the person made it (their clock corrected by the
//! server's, never later than the server's now). A change older than the
//! last change of the field it sets alters nothing, so the last action
//! wins whatever order the network delivers changes in (docs/design.md §2); the
//! answer is the task as it now is.

use super::JsonText;
use crate::domain::{PatchForm, Task, TaskId};
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
    imp::add_task(id, quick_add, today, view, at).await
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
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<Task, AppError> {
    let form = crate::domain::TaskForm {
        title,
        notes,
        due_date,
        due_time,
        priority,
        list_id,
        recurrence,
    };
    imp::create_task(id, form, at).await
}

/// Sets the fields named in `set` (`title,notes,due,priority,list,recurrence`)
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
    #[server(default)] set: Option<String>,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<Task, AppError> {
    let form = crate::domain::TaskForm {
        title,
        notes,
        due_date,
        due_time,
        priority,
        list_id,
        recurrence,
    };
    imp::edit_task(id, PatchForm::from_wire(form, set.as_deref()), at).await
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
    imp::set_completed(id, completed, at).await
}

/// Deletes (`deleted = true`) or restores a task. Deletion is soft, so an
/// "undo" really brings the task back.
#[server(prefix = "/api", endpoint = "tasks/delete", output = JsonText)]
pub async fn set_deleted(
    id: TaskId,
    deleted: bool,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<Task, AppError> {
    imp::set_deleted(id, deleted, at).await
}

/// Puts the given tasks in this order (the first gets position 0).
#[server(prefix = "/api", endpoint = "tasks/reorder", output = JsonText)]
pub async fn reorder_tasks(
    ids: Vec<TaskId>,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<(), AppError> {
    imp::reorder_tasks(ids, at).await
}

#[cfg(feature = "ssr")]
mod imp {
    use crate::api::edge::{person_time, Call};
    use crate::api::quota;
    use crate::domain::{ListId, PatchForm, Task, TaskForm, TaskId, UserId};
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

    pub async fn add_task(
        id: TaskId,
        line: String,
        today: String,
        view: String,
        at: Option<DateTime<Utc>>,
    ) -> Result<Task, AppError> {
        let call = Call::begin()?;
        let at = person_time(at);
        let (user, mut work) = call.keyed().await?;
        let today = match today.trim() {
            // A form sent before the page was live has no date of the
            // person's: their account's time zone decides.
            "" => {
                let zone = work
                    .tx()
                    .time_zone(user)
                    .await
                    .map_err(|e| call.storage_fault(e))?;
                crate::ssr::clock::today_in(&zone, Utc::now())
            }
            sent => quick_add::today_of(sent, Utc::now().date_naive()),
        };
        let view = crate::views::View::parse(&view).ok();
        let read = quick_add::parse(&line, today).in_view(view, today);
        let lists = match read.list {
            Some(_) => work
                .tx()
                .list_lists(user)
                .await
                .map_err(|e| call.storage_fault(e))?,
            None => Vec::new(),
        };
        let fields = read
            .into_fields(&lists)
            .map_err(|e| call.reject(e.into()))?;
        insert(&call, user, &mut work, Task::new(id, fields, at)).await
    }

    pub async fn create_task(
        id: TaskId,
        form: TaskForm,
        at: Option<DateTime<Utc>>,
    ) -> Result<Task, AppError> {
        let call = Call::begin()?;
        let fields = form
            .parse()
            .map_err(|e| call.reject(AppError::InvalidTask(e)))?;
        let (user, mut work) = call.keyed().await?;
        let task = Task::new(id, fields, person_time(at));
        insert(&call, user, &mut work, task).await
    }

    /// A new task, into the Inbox when its list was deleted (on another
    /// device, while this waited): the person's words are kept, where the
    /// deleted list's other tasks went.
    async fn insert(
        call: &Call,
        user: UserId,
        work: &mut WorkGuard,
        mut task: Task,
    ) -> Result<Task, AppError> {
        task.list_id = landing_list(call, user, work, task.list_id).await?;
        let exists = work
            .tx()
            .find_task(user, task.id)
            .await
            .map_err(|e| call.storage_fault(e))?
            .is_some();
        if !exists {
            quota::room_for(call, work, user, Counted::Tasks).await?;
        }
        match work.tx().insert_task(user, &task).await {
            // Created now, or by an earlier request with the same id: either
            // way the answer is the task as stored.
            Ok(_) => stored(call, user, work, task.id).await,
            Err(StorageError::Conflict) => Err(call.reject(AppError::IdConflict)),
            Err(error) => Err(call.storage_fault(error)),
        }
    }

    pub async fn edit_task(
        id: TaskId,
        patch: PatchForm,
        at: Option<DateTime<Utc>>,
    ) -> Result<Task, AppError> {
        let call = Call::begin()?;
        let mut patch = patch
            .parse()
            .map_err(|e| call.reject(AppError::InvalidTask(e)))?;
        let at = person_time(at);
        let (user, mut work) = call.keyed().await?;
        let mut task = stored(&call, user, &mut work, id).await?;
        // A move into a list deleted since is a move to the Inbox, where
        // that list's tasks went.
        if let Some(Some(list)) = patch.list_id {
            patch.list_id = Some(landing_list(&call, user, &mut work, Some(list)).await?);
        }
        // An edit carries what the person typed: a task deleted on another
        // device meanwhile comes back with it rather than lose it (unless
        // every part it sets changed later, when it brings nothing).
        if task.edit(&patch, at) {
            task.bring_back(at);
            save(&call, user, &mut work, &task).await?;
        }
        Ok(task)
    }

    pub async fn set_completed(
        id: TaskId,
        completed: bool,
        at: Option<DateTime<Utc>>,
    ) -> Result<Task, AppError> {
        let call = Call::begin()?;
        let at = person_time(at);
        let (user, mut work) = call.keyed().await?;
        let mut task = live(&call, user, &mut work, id).await?;
        let first_completion = task.completed_at.unwrap_or(at);
        // An older tap than the task's last completion change does nothing
        // (not even to the next occurrence): the answer is the task as is.
        if !task.set_completed(completed, at) {
            return Ok(task);
        }
        // The next occurrence follows from the task's own data and its
        // first completion, so a repeat (any key) derives the same one.
        if let Some(next) = task.next_occurrence(first_completion.date_naive(), at) {
            let result = if completed {
                work.tx().insert_task(user, &next).await.map(drop)
            } else {
                // Un-completing takes the next occurrence back, unless the
                // person has already changed it.
                work.tx()
                    .delete_task_if_untouched(user, next.id)
                    .await
                    .map(drop)
            };
            result.map_err(|e| call.storage_fault(e))?;
        }
        save(&call, user, &mut work, &task).await?;
        Ok(task)
    }

    pub async fn set_deleted(
        id: TaskId,
        deleted: bool,
        at: Option<DateTime<Utc>>,
    ) -> Result<Task, AppError> {
        let call = Call::begin()?;
        let at = person_time(at);
        let (user, mut work) = call.keyed().await?;
        let mut task = stored(&call, user, &mut work, id).await?;
        if task.set_deleted(deleted, at) {
            save(&call, user, &mut work, &task).await?;
        }
        Ok(task)
    }

    pub async fn reorder_tasks(
        mut ids: Vec<TaskId>,
        at: Option<DateTime<Utc>>,
    ) -> Result<(), AppError> {
        let call = Call::begin()?;
        let at = person_time(at);
        // An id named twice counts where it first appears (as the page
        // draws it), the same on both databases.
        let mut seen = std::collections::HashSet::new();
        ids.retain(|id| seen.insert(*id));
        if ids.len() > MAX_REORDER {
            return Err(call.reject(AppError::TooMany { max: MAX_REORDER }));
        }
        let (user, mut work) = call.keyed().await?;
        work.tx()
            .set_positions(user, &ids, at)
            .await
            .map_err(|e| call.storage_fault(e))
    }

    async fn stored(
        call: &Call,
        user: UserId,
        work: &mut WorkGuard,
        id: TaskId,
    ) -> Result<Task, AppError> {
        match work.tx().find_task(user, id).await {
            Ok(Some(task)) => Ok(task),
            Ok(None) => Err(call.reject(AppError::TaskNotFound)),
            Err(error) => Err(call.storage_fault(error)),
        }
    }

    /// A task that is not deleted: completing or editing one deleted on
    /// another device is refused (the person is told), never done unseen.
    async fn live(
        call: &Call,
        user: UserId,
        work: &mut WorkGuard,
        id: TaskId,
    ) -> Result<Task, AppError> {
        let task = stored(call, user, work, id).await?;
        if task.deleted_at.is_some() {
            return Err(call.reject(AppError::TaskNotFound));
        }
        Ok(task)
    }

    async fn save(
        call: &Call,
        user: UserId,
        work: &mut WorkGuard,
        task: &Task,
    ) -> Result<(), AppError> {
        work.tx()
            .update_task(user, task)
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
