//! Tasks: list and add.

use crate::domain::{Task, TaskId};
use crate::error::AppError;
use leptos::prelude::*;
use server_fn::codec::GetUrl;

#[server(prefix = "/api", endpoint = "tasks/list", input = GetUrl)]
pub async fn list_tasks() -> Result<Vec<Task>, AppError> {
    imp::list_tasks().await
}

/// Adds a task from the quick-add line. The id is minted by the client, so
/// sending the same request twice adds one task.
#[server(prefix = "/api", endpoint = "tasks/add")]
pub async fn add_task(id: TaskId, quick_add: String) -> Result<Task, AppError> {
    imp::add_task(id, quick_add).await
}

#[cfg(feature = "ssr")]
mod imp {
    use crate::api::edge::{reject, require_user, storage_fault};
    use crate::domain::{Task, TaskId, TaskTitle};
    use crate::error::AppError;
    use crate::ssr::storage::StorageError;
    use crate::ssr::AppState;

    pub async fn list_tasks() -> Result<Vec<Task>, AppError> {
        let user = require_user().await?;
        AppState::current().storage.list_tasks(user.user_id).await.map_err(storage_fault)
    }

    pub async fn add_task(id: TaskId, quick_add: String) -> Result<Task, AppError> {
        let user = require_user().await?;
        let title = TaskTitle::parse(&quick_add).map_err(|e| reject(e.into()))?;
        let storage = AppState::current().storage;
        match storage.create_task(user.user_id, id, &title, chrono::Utc::now()).await {
            Ok(task) => Ok(task),
            Err(StorageError::Conflict) => Err(reject(AppError::IdConflict)),
            Err(error) => Err(storage_fault(error)),
        }
    }
}
