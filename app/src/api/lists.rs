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
    imp::apply(CreateList { id, name, at }, at).await
}

/// Renames a list, unless it was renamed later (the last rename wins).
#[server(prefix = "/api", endpoint = "lists/rename", output = JsonText)]
pub async fn rename_list(
    id: ListId,
    name: String,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<TaskList, AppError> {
    imp::apply(RenameList { id, name, at }, at).await
}

/// Deletes a list; its tasks move to the Inbox, a move made at `at`.
/// Deleting it again is harmless.
#[server(prefix = "/api", endpoint = "lists/delete", output = JsonText)]
pub async fn delete_list(
    id: ListId,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<(), AppError> {
    imp::delete_list(DeleteList { id, at }).await
}

#[cfg(feature = "ssr")]
mod imp {
    use super::DeleteList;
    use crate::api::edge::{person_time, Call};
    use crate::api::quota;
    use crate::api::wire::IntoChange;
    use crate::change::ListChange;
    use crate::domain::TaskList;
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

    /// A list made or renamed, read from its server function's arguments
    /// and applied by its rule (`crate::change`) inside the request's unit
    /// of work; a new list must fit the account's quota.
    pub async fn apply(
        args: impl IntoChange<Change = ListChange>,
        at: Option<DateTime<Utc>>,
    ) -> Result<TaskList, AppError> {
        let call = Call::begin()?;
        let at = person_time(at);
        let change = args.into_change(at).map_err(|e| call.reject(e))?;
        let (user, mut work) = call.keyed().await?;
        let fault = |e| call.storage_fault(e);
        let stored = work
            .tx()
            .find_list(user, change.list_id())
            .await
            .map_err(fault)?;
        let new = stored.is_none();
        if new && matches!(change, ListChange::Create { .. }) {
            quota::room_for(&call, &mut work, user, Counted::Lists).await?;
        }
        let applied = change
            .apply(stored, at)
            .map_err(|refusal| call.reject(refusal.into()))?;
        match (applied.changed, new) {
            (true, true) => match work.tx().insert_list(user, &applied.list).await {
                Ok(_) => {}
                Err(StorageError::Conflict) => return Err(call.reject(AppError::IdConflict)),
                Err(error) => return Err(fault(error)),
            },
            (true, false) => work
                .tx()
                .update_list(user, &applied.list)
                .await
                .map_err(fault)?,
            (false, _) => {}
        }
        Ok(applied.list)
    }

    /// Deletes a list and moves its tasks to the Inbox, in one statement.
    pub async fn delete_list(args: DeleteList) -> Result<(), AppError> {
        let call = Call::begin()?;
        let at = person_time(args.at);
        let id = args.into_change(at).map_err(|e| call.reject(e))?.list_id();
        let (user, mut work) = call.keyed().await?;
        work.tx()
            .delete_list(user, id, at)
            .await
            .map_err(|e| call.storage_fault(e))
    }
}
