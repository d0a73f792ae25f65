//! Lists: create, rename, delete, and read.

use super::JsonText;
use crate::domain::{ListId, TaskList};
use crate::error::AppError;
use leptos::prelude::*;
use server_fn::codec::GetUrl;

#[server(prefix = "/api", endpoint = "lists/list", input = GetUrl, output = JsonText)]
pub async fn list_lists() -> Result<Vec<TaskList>, AppError> {
    imp::list_lists().await
}

/// Creates a list with the client's id; the same id twice creates one list.
#[server(prefix = "/api", endpoint = "lists/create", output = JsonText)]
pub async fn create_list(id: ListId, name: String) -> Result<TaskList, AppError> {
    imp::create_list(id, name).await
}

#[server(prefix = "/api", endpoint = "lists/rename", output = JsonText)]
pub async fn rename_list(id: ListId, name: String) -> Result<TaskList, AppError> {
    imp::rename_list(id, name).await
}

/// Deletes a list; its tasks move to the Inbox. Deleting it again is harmless.
#[server(prefix = "/api", endpoint = "lists/delete", output = JsonText)]
pub async fn delete_list(id: ListId) -> Result<(), AppError> {
    imp::delete_list(id).await
}

#[cfg(feature = "ssr")]
mod imp {
    use crate::api::edge::Call;
    use crate::domain::{ListId, ListName, TaskList};
    use crate::error::AppError;
    use crate::ssr::storage::StorageError;
    use chrono::Utc;

    pub async fn list_lists() -> Result<Vec<TaskList>, AppError> {
        let call = Call::begin()?;
        let user = call.require_user().await?;
        call.state
            .storage
            .list_lists(user.user_id)
            .await
            .map_err(|e| call.storage_fault(e))
    }

    pub async fn create_list(id: ListId, name: String) -> Result<TaskList, AppError> {
        let call = Call::begin()?;
        let name = ListName::parse(&name).map_err(|e| call.reject(AppError::InvalidListName(e)))?;
        let (user, mut work) = call.keyed().await?;
        let now = Utc::now();
        let list = TaskList {
            id,
            name,
            created_at: now,
            updated_at: now,
        };
        match work.tx().insert_list(user, &list).await {
            Ok(_) => {}
            Err(StorageError::Conflict) => return Err(call.reject(AppError::IdConflict)),
            Err(error) => return Err(call.storage_fault(error)),
        }
        match work.tx().find_list(user, id).await {
            Ok(Some(list)) => Ok(list),
            Ok(None) => Err(call.reject(AppError::ListNotFound)),
            Err(error) => Err(call.storage_fault(error)),
        }
    }

    pub async fn rename_list(id: ListId, name: String) -> Result<TaskList, AppError> {
        let call = Call::begin()?;
        let name = ListName::parse(&name).map_err(|e| call.reject(AppError::InvalidListName(e)))?;
        let (user, mut work) = call.keyed().await?;
        let mut list = match work.tx().find_list(user, id).await {
            Ok(Some(list)) => list,
            Ok(None) => return Err(call.reject(AppError::ListNotFound)),
            Err(error) => return Err(call.storage_fault(error)),
        };
        list.name = name;
        list.updated_at = Utc::now();
        work.tx()
            .update_list(user, &list)
            .await
            .map_err(|e| call.storage_fault(e))?;
        Ok(list)
    }

    pub async fn delete_list(id: ListId) -> Result<(), AppError> {
        let call = Call::begin()?;
        let (user, mut work) = call.keyed().await?;
        work.tx()
            .delete_list(user, id, Utc::now())
            .await
            .map_err(|e| call.storage_fault(e))
    }
}
