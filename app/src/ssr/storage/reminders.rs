//! Each account's reminder settings.

use super::*;
use crate::reminders::ReminderSettings;

#[async_trait]
pub trait Reminders: Send + Sync {
    /// The account's reminder settings (the defaults until changed).
    async fn reminder_settings(&self, user_id: UserId) -> Result<ReminderSettings, StorageError>;

    async fn set_reminder_settings(
        &self,
        user_id: UserId,
        settings: &ReminderSettings,
    ) -> Result<(), StorageError>;
}
