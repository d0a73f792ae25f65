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
    use crate::api::edge::Call;
    use crate::domain::{Task, TaskId, TaskTitle};
    use crate::error::AppError;
    use crate::ssr::storage::StorageError;

    pub async fn list_tasks() -> Result<Vec<Task>, AppError> {
        let call = Call::begin();
        let user = call.require_user().await?;
        call.state.storage.list_tasks(user.user_id).await.map_err(|e| call.storage_fault(e))
    }

    pub async fn add_task(id: TaskId, quick_add: String) -> Result<Task, AppError> {
        let call = Call::begin();
        let user = call.require_user().await?;
        let title = TaskTitle::parse(&quick_add).map_err(|e| call.reject(e.into()))?;
        match call.state.storage.create_task(user.user_id, id, &title, chrono::Utc::now()).await {
            Ok(task) => Ok(task),
            Err(StorageError::Conflict) => Err(call.reject(AppError::IdConflict)),
            Err(error) => Err(call.storage_fault(error)),
        }
    }
}
