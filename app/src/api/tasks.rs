//! Task mutations and reads. Every mutation is a set-state description at a
//! stable endpoint, run inside the idempotency layer's unit of work.

use crate::domain::{Task, TaskId};
use crate::error::AppError;
use chrono::{DateTime, Utc};
use leptos::prelude::*;
use server_fn::codec::GetUrl;

#[server(prefix = "/api", endpoint = "tasks/list", input = GetUrl)]
pub async fn list_tasks() -> Result<Vec<Task>, AppError> {
    imp::list_tasks().await
}

/// Adds a task from the quick-add line. The id is minted by the client, so
/// sending the same request twice adds one task.
/// The line is read by quick add (dates, times, repetition, priority,
/// `#list`); `today` is the person's date where they are (from the browser);
/// `view` the view it was added in (in Today it is due today, in a list it
/// goes in that list, when the line says nothing else).
#[server(prefix = "/api", endpoint = "tasks/add", client = crate::api::KeyedClient)]
pub async fn add_task(
    id: TaskId,
    quick_add: String,
    #[server(default)] today: String,
    #[server(default)] view: String,
) -> Result<Task, AppError> {
    imp::add_task(id, quick_add, today, view).await
}

/// Creates a task with every field given (empty text means "none").
#[server(prefix = "/api", endpoint = "tasks/create", client = crate::api::KeyedClient)]
#[allow(clippy::too_many_arguments)]
pub async fn create_task(
    id: TaskId,
    title: String,
    #[server(default)] notes: String,
    #[server(default)] due_date: String,
    #[server(default)] due_time: String,
    #[server(default)] priority: String,
    #[server(default)] list_id: String,
    #[server(default)] recurrence: String,
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
    imp::create_task(id, form).await
}

/// Sets every editable field of a task to the values given.
#[server(prefix = "/api", endpoint = "tasks/edit", client = crate::api::KeyedClient)]
#[allow(clippy::too_many_arguments)]
pub async fn edit_task(
    id: TaskId,
    title: String,
    #[server(default)] notes: String,
    #[server(default)] due_date: String,
    #[server(default)] due_time: String,
    #[server(default)] priority: String,
    #[server(default)] list_id: String,
    #[server(default)] recurrence: String,
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
    imp::edit_task(id, form).await
}

impl EditTask {
    /// The fields as the form sent them.
    pub fn form(&self) -> crate::domain::TaskForm {
        crate::domain::TaskForm {
            title: self.title.clone(),
            notes: self.notes.clone(),
            due_date: self.due_date.clone(),
            due_time: self.due_time.clone(),
            priority: self.priority.clone(),
            list_id: self.list_id.clone(),
            recurrence: self.recurrence.clone(),
        }
    }
}

/// Sets whether a task is done — never a toggle, so repeating it is
/// harmless. `at` is when the person tapped (their clock, never in the
/// future). Completing a repeating task creates its next occurrence once.
#[server(prefix = "/api", endpoint = "tasks/complete", client = crate::api::KeyedClient)]
pub async fn set_completed(
    id: TaskId,
    completed: bool,
    at: Option<DateTime<Utc>>,
) -> Result<Task, AppError> {
    imp::set_completed(id, completed, at).await
}

/// Deletes (`deleted = true`) or restores a task. Deletion is soft, so an
/// "undo" really brings the task back.
#[server(prefix = "/api", endpoint = "tasks/delete", client = crate::api::KeyedClient)]
pub async fn set_deleted(
    id: TaskId,
    deleted: bool,
    at: Option<DateTime<Utc>>,
) -> Result<Task, AppError> {
    imp::set_deleted(id, deleted, at).await
}

/// Puts the given tasks in this order (the first gets position 0).
#[server(prefix = "/api", endpoint = "tasks/reorder", client = crate::api::KeyedClient)]
pub async fn reorder_tasks(ids: Vec<TaskId>) -> Result<(), AppError> {
    imp::reorder_tasks(ids).await
}

#[cfg(feature = "ssr")]
mod imp {
    use crate::api::edge::Call;
    use crate::domain::UserId;
    use crate::domain::{Task, TaskFields, TaskForm, TaskId};
    use crate::error::AppError;
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
    ) -> Result<Task, AppError> {
        let call = Call::begin()?;
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
        insert(&call, user, &mut work, id, fields).await
    }

    pub async fn create_task(id: TaskId, form: TaskForm) -> Result<Task, AppError> {
        let call = Call::begin()?;
        let fields = form
            .parse()
            .map_err(|e| call.reject(AppError::InvalidTask(e)))?;
        create(&call, id, fields).await
    }

    async fn create(call: &Call, id: TaskId, fields: TaskFields) -> Result<Task, AppError> {
        let (user, mut work) = call.keyed().await?;
        insert(call, user, &mut work, id, fields).await
    }

    async fn insert(
        call: &Call,
        user: UserId,
        work: &mut WorkGuard,
        id: TaskId,
        fields: TaskFields,
    ) -> Result<Task, AppError> {
        check_list(call, user, work, &fields).await?;
        let task = Task::new(id, fields, Utc::now());
        match work.tx().insert_task(user, &task).await {
            // Created now, or by an earlier request with the same id: either
            // way the answer is the task as stored.
            Ok(_) => stored(call, user, work, id).await,
            Err(StorageError::Conflict) => Err(call.reject(AppError::IdConflict)),
            Err(error) => Err(call.storage_fault(error)),
        }
    }

    pub async fn edit_task(id: TaskId, form: TaskForm) -> Result<Task, AppError> {
        let call = Call::begin()?;
        let fields = form
            .parse()
            .map_err(|e| call.reject(AppError::InvalidTask(e)))?;
        let (user, mut work) = call.keyed().await?;
        check_list(&call, user, &mut work, &fields).await?;
        let mut task = live(&call, user, &mut work, id).await?;
        task.edit(fields, Utc::now());
        save(&call, user, &mut work, task).await
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
        task.set_completed(completed, at);
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
        save(&call, user, &mut work, task).await
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
        task.set_deleted(deleted, at);
        save(&call, user, &mut work, task).await
    }

    pub async fn reorder_tasks(ids: Vec<TaskId>) -> Result<(), AppError> {
        let call = Call::begin()?;
        if ids.len() > MAX_REORDER {
            return Err(call.reject(AppError::TooMany { max: MAX_REORDER }));
        }
        let (user, mut work) = call.keyed().await?;
        work.tx()
            .set_positions(user, &ids, Utc::now())
            .await
            .map_err(|e| call.storage_fault(e))
    }

    /// When the person acted: their clock, but never in the future.
    fn person_time(at: Option<DateTime<Utc>>) -> DateTime<Utc> {
        let now = Utc::now();
        at.map_or(now, |at| at.min(now))
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
        task: Task,
    ) -> Result<Task, AppError> {
        work.tx()
            .update_task(user, &task)
            .await
            .map_err(|e| call.storage_fault(e))?;
        Ok(task)
    }

    /// A task may only go into one of the person's own lists.
    async fn check_list(
        call: &Call,
        user: UserId,
        work: &mut WorkGuard,
        fields: &TaskFields,
    ) -> Result<(), AppError> {
        let Some(list_id) = fields.list_id else {
            return Ok(());
        };
        match work.tx().find_list(user, list_id).await {
            Ok(Some(_)) => Ok(()),
            Ok(None) => Err(call.reject(AppError::ListNotFound)),
            Err(error) => Err(call.storage_fault(error)),
        }
    }
}
