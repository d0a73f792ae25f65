//! The account in the person's hands: everything in it as one JSON file,
//! and deleting it with everything in it.

use super::JsonText;
use crate::change::KeptTimetable;
use crate::domain::{Task, TaskList, TimeZoneName, Username};
use crate::error::AppError;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use server_fn::codec::GetUrl;

/// What an export holds: the account, its lists, every task (done and
/// deleted ones too, with every field and clock) and the timetable, as the
/// server keeps them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AccountExport {
    /// Names this file's shape, for whoever reads it later.
    pub format: String,
    #[serde(with = "crate::domain::wire_time::moment")]
    pub exported_at: chrono::DateTime<chrono::Utc>,
    pub username: Username,
    pub time_zone: TimeZoneName,
    pub lists: Vec<TaskList>,
    pub tasks: Vec<Task>,
    /// Every entry of the timetable with its clock (an export made before
    /// there was one has none).
    #[serde(default)]
    pub timetable: KeptTimetable,
}

/// The `format` of an export made by this version.
pub const EXPORT_FORMAT: &str = "tetrad-export/1";

/// Everything in the account, as a file to save (`Content-Disposition:
/// attachment`). A plain link to it downloads it.
#[server(prefix = "/api", endpoint = "account/export", input = GetUrl, output = JsonText)]
pub async fn export_account() -> Result<AccountExport, AppError> {
    imp::export_account().await
}

/// Deletes the account and everything in it. The password is required; then
/// every device is signed out, this one included. It needs the network:
/// under `/api/auth/` the worker never queues it, and on its answer the
/// worker forgets the account's waiting changes on this phone.
#[server(prefix = "/api", endpoint = "auth/delete_account", output = JsonText)]
pub async fn delete_account(password: String) -> Result<(), AppError> {
    imp::delete_account(password).await
}

#[cfg(feature = "ssr")]
mod imp {
    use super::{AccountExport, EXPORT_FORMAT};
    use crate::api::edge::Call;
    use crate::api::password::imp::{is_password, stored_hash};
    use crate::api::throttle;
    use crate::error::AppError;
    use crate::ssr::session;
    use chrono::Utc;

    pub async fn export_account() -> Result<AccountExport, AppError> {
        let call = Call::begin()?;
        let user = call.require_user().await?;
        let storage = &call.state.storage;
        let fault = |e| call.storage_fault(e);
        let time_zone = storage.time_zone(user.user_id).await.map_err(fault)?;
        let lists = storage.list_lists(user.user_id).await.map_err(fault)?;
        let tasks = storage.all_tasks(user.user_id).await.map_err(fault)?;
        let timetable = storage.timetable(user.user_id).await.map_err(fault)?;
        let exported_at = Utc::now();
        call.attach_as(&format!("tetrad-{}.json", exported_at.format("%Y-%m-%d")));
        Ok(AccountExport {
            format: EXPORT_FORMAT.to_owned(),
            exported_at,
            username: user.username,
            time_zone,
            lists,
            tasks,
            timetable,
        })
    }

    pub async fn delete_account(password: String) -> Result<(), AppError> {
        let call = Call::begin()?;
        let user = call.require_user().await?;
        throttle::check(&call, &user.username).await?;
        let stored = stored_hash(&call, &user.username).await?;
        if !is_password(&call, &password, &stored).await? {
            throttle::failed(&call, &user.username).await?;
            return Err(call.reject(AppError::WrongPassword));
        }
        call.state
            .storage
            .delete_account(user.user_id, &user.username)
            .await
            .map_err(|e| call.storage_fault(e))?;
        call.send_cookie(session::clear_cookie(&call.state.settings))?;
        call.redirect("/signup");
        tracing::info!(user_id = %user.user_id, "account deleted with everything in it");
        Ok(())
    }
}
