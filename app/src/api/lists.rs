//! Lists: create, rename, delete, and read.

use super::JsonText;
use crate::domain::{ListId, TaskList};
use crate::error::AppError;
use chrono::{DateTime, Utc};
use leptos::prelude::*;
use server_fn::codec::GetUrl;

#[server(prefix = "/api", endpoint = "lists/list", input = GetUrl, output = JsonText)]
pub async fn list_lists() -> Result<Vec<TaskList>, AppError> {
    imp::list_lists().await
}

/// Creates a list with the client's id; the same id twice creates one list.
/// `at`: when the person acted (as for tasks; a form without JavaScript
/// has none: now).
#[server(prefix = "/api", endpoint = "lists/create", output = JsonText)]
pub async fn create_list(
    id: ListId,
    name: String,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<TaskList, AppError> {
    imp::create_list(id, name, at).await
}

/// Renames a list, unless it was renamed later (the last rename wins).
#[server(prefix = "/api", endpoint = "lists/rename", output = JsonText)]
pub async fn rename_list(
    id: ListId,
    name: String,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<TaskList, AppError> {
    imp::rename_list(id, name, at).await
}

/// Deletes a list; its tasks move to the Inbox, a move made at `at`.
/// Deleting it again is harmless.
#[server(prefix = "/api", endpoint = "lists/delete", output = JsonText)]
pub async fn delete_list(
    id: ListId,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<(), AppError> {
    imp::delete_list(id, at).await
}

#[cfg(feature = "ssr")]
mod imp {
    use crate::api::edge::{person_time, Call};
    use crate::api::quota;
    use crate::domain::{ListId, ListName, TaskList};
    use crate::error::{AppError, Counted};
    use crate::ssr::storage::StorageError;
    use chrono::{DateTime, Utc};

    pub async fn list_lists() -> Result<Vec<TaskList>, AppError> {
        let call = Call::begin()?;
        let user = call.require_user().await?;
        call.state
            .storage
            .list_lists(user.user_id)
            .await
            .map_err(|e| call.storage_fault(e))
    }

    pub async fn create_list(
        id: ListId,
        name: String,
        at: Option<DateTime<Utc>>,
    ) -> Result<TaskList, AppError> {
        let call = Call::begin()?;
        let name = ListName::parse(&name).map_err(|e| call.reject(AppError::InvalidListName(e)))?;
        let (user, mut work) = call.keyed().await?;
        let list = TaskList::new(id, name, person_time(at));
        let exists = work
            .tx()
            .find_list(user, id)
            .await
            .map_err(|e| call.storage_fault(e))?
            .is_some();
        if !exists {
            quota::room_for(&call, &mut work, user, Counted::Lists).await?;
        }
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

    pub async fn rename_list(
        id: ListId,
        name: String,
        at: Option<DateTime<Utc>>,
    ) -> Result<TaskList, AppError> {
        let call = Call::begin()?;
        let name = ListName::parse(&name).map_err(|e| call.reject(AppError::InvalidListName(e)))?;
        let at = person_time(at);
        let (user, mut work) = call.keyed().await?;
        let mut list = match work.tx().find_list(user, id).await {
            Ok(Some(list)) => list,
            Ok(None) => return Err(call.reject(AppError::ListNotFound)),
            Err(error) => return Err(call.storage_fault(error)),
        };
        if list.rename(name, at) {
            work.tx()
                .update_list(user, &list)
                .await
                .map_err(|e| call.storage_fault(e))?;
        }
        Ok(list)
    }

    pub async fn delete_list(id: ListId, at: Option<DateTime<Utc>>) -> Result<(), AppError> {
        let call = Call::begin()?;
        let at = person_time(at);
        let (user, mut work) = call.keyed().await?;
        work.tx()
            .delete_list(user, id, at)
            .await
            .map_err(|e| call.storage_fault(e))
    }
}
