//! The account's reminder settings (issue 28, point 2), read and changed
//! from Settings. They need the network: under `/api/auth/` the worker
//! never queues them.

use super::JsonText;
use crate::error::AppError;
use crate::reminders::ReminderSettings;
use leptos::prelude::*;
use server_fn::codec::GetUrl;

#[server(prefix = "/api", endpoint = "auth/reminders", input = GetUrl, output = JsonText)]
pub async fn read_reminder_settings() -> Result<ReminderSettings, AppError> {
    imp::read_reminder_settings().await
}

/// Changes them all at once, as the form holds them (times as `HH:MM`,
/// the lead as `0`, `15m`, `1h` or `1d`); the answer is what is kept.
#[server(prefix = "/api", endpoint = "auth/reminders/set", output = JsonText)]
pub async fn set_reminder_settings(
    // A checkbox left unticked sends nothing: off.
    #[server(default)] summary_on: bool,
    summary_at: String,
    quiet_from: String,
    quiet_until: String,
    lead: String,
) -> Result<ReminderSettings, AppError> {
    imp::set_reminder_settings(summary_on, &summary_at, &quiet_from, &quiet_until, &lead).await
}

#[cfg(feature = "ssr")]
mod imp {
    use crate::api::edge::Call;
    use crate::error::AppError;
    use crate::reminders::ReminderSettings;

    pub async fn read_reminder_settings() -> Result<ReminderSettings, AppError> {
        let call = Call::begin()?;
        let user = call.require_user().await?.user_id;
        call.name_account(user);
        call.state
            .storage
            .reminder_settings(user)
            .await
            .map_err(|e| call.storage_fault(e))
    }

    pub async fn set_reminder_settings(
        summary_on: bool,
        summary_at: &str,
        quiet_from: &str,
        quiet_until: &str,
        lead: &str,
    ) -> Result<ReminderSettings, AppError> {
        let call = Call::begin()?;
        let user = call.require_user().await?.user_id;
        let settings =
            ReminderSettings::parse(summary_on, summary_at, quiet_from, quiet_until, lead)
                .map_err(|error| call.reject(AppError::InvalidReminders(error)))?;
        call.state
            .storage
            .set_reminder_settings(user, &settings)
            .await
            .map_err(|e| call.storage_fault(e))?;
        call.name_account(user);
        tracing::info!(user_id = %user, "reminder settings changed");
        Ok(settings)
    }
}
