//! Tasks: list and add.

use crate::domain::{Task, TaskId};
use chrono::{DateTime, Utc};
use crate::error::AppError;
use leptos::prelude::*;
use server_fn::codec::GetUrl;

#[server(prefix = "/api", endpoint = "tasks/list", input = GetUrl)]
pub async fn list_tasks() -> Result<Vec<Task>, AppError> {
    imp::list_tasks().await
}

/// Adds a task from the quick-add line. The id is minted by the client, so
/// sending the same request twice adds one task.
#[server(prefix = "/api", endpoint = "tasks/add", client = crate::api::KeyedClient)]
pub async fn add_task(id: TaskId, quick_add: String) -> Result<Task, AppError> {
    imp::add_task(id, quick_add).await
}

/// Sets whether a task is done — a description of the wanted state, never a
/// toggle, so repeating it is harmless. `at` is when the person tapped (their
/// clock); the server never lets it lie in the future.
#[server(prefix = "/api", endpoint = "tasks/complete", client = crate::api::KeyedClient)]
pub async fn set_completed(id: TaskId, completed: bool, at: Option<DateTime<Utc>>) -> Result<Task, AppError> {
    imp::set_completed(id, completed, at).await
}

#[cfg(feature = "ssr")]
mod imp {
    use crate::api::edge::Call;
    use crate::domain::{Task, TaskId, TaskTitle};
    use crate::error::AppError;
    use crate::ssr::storage::StorageError;
    use chrono::{DateTime, Utc};

    pub async fn list_tasks() -> Result<Vec<Task>, AppError> {
        let call = Call::begin();
        let user = call.require_user().await?;
        call.state.storage.list_tasks(user.user_id).await.map_err(|e| call.storage_fault(e))
    }

    pub async fn add_task(id: TaskId, quick_add: String) -> Result<Task, AppError> {
        let call = Call::begin();
        let user = call.require_user().await?;
        let title = TaskTitle::parse(&quick_add).map_err(|e| call.reject(e.into()))?;
        let mut work = call.work().await?;
        match work.tx().create_task(user.user_id, id, &title, chrono::Utc::now()).await {
            Ok(task) => Ok(task),
            Err(StorageError::Conflict) => Err(call.reject(AppError::IdConflict)),
            Err(error) => Err(call.storage_fault(error)),
        }
    }

    pub async fn set_completed(id: TaskId, completed: bool, at: Option<DateTime<Utc>>) -> Result<Task, AppError> {
        let call = Call::begin();
        let user = call.require_user().await?;
        let now = Utc::now();
        let at = at.map_or(now, |at| at.min(now));
        let mut work = call.work().await?;
        match work.tx().set_task_completed(user.user_id, id, completed, at).await {
            Ok(task) => Ok(task),
            Err(StorageError::NotFound) => Err(call.reject(AppError::TaskNotFound)),
            Err(error) => Err(call.storage_fault(error)),
        }
    }
}
