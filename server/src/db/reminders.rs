//! Each account's reminder settings, kept on its row in `users`.

use super::errors::corrupt;
use super::sql::{required, Columns, Driver, Sql, Statement, Value};
use super::storage::SqlStorage;
use app::domain::UserId;
use app::reminders::{Lead, QuietHours, ReminderSettings};
use app::ssr::storage::{Reminders, StorageError};
use async_trait::async_trait;

/// The columns of `users` that hold the reminder settings.
pub const SETTINGS_COLUMNS: &str = "summary_at, quiet_from, quiet_until, reminder_lead";

pub fn settings_from_row(row: &impl Columns) -> Result<ReminderSettings, StorageError> {
    let quiet = QuietHours::new(
        required(row.time_of_day("quiet_from")?, "quiet_from")?,
        required(row.time_of_day("quiet_until")?, "quiet_until")?,
    )
    .map_err(|e| corrupt("quiet hours", e))?;
    let lead = Lead::parse(&required(row.text("reminder_lead")?, "reminder_lead")?)
        .map_err(|e| corrupt("reminder lead", e))?;
    ReminderSettings::new(row.time_of_day("summary_at")?, quiet, lead)
        .map_err(|e| corrupt("reminder settings", e))
}

#[async_trait]
impl<D: Driver> Reminders for SqlStorage<D> {
    async fn reminder_settings(&self, user_id: UserId) -> Result<ReminderSettings, StorageError> {
        let row = self
            .driver
            .pool()
            .fetch_one(
                Statement::new(format!(
                    "SELECT {SETTINGS_COLUMNS} FROM users WHERE id = $1"
                ))
                .bind(user_id.as_uuid()),
            )
            .await?;
        settings_from_row(&row)
    }

    async fn set_reminder_settings(
        &self,
        user_id: UserId,
        settings: &ReminderSettings,
    ) -> Result<(), StorageError> {
        let changed = self
            .driver
            .pool()
            .execute(
                Statement::new(
                    "UPDATE users SET summary_at = $2, quiet_from = $3, quiet_until = $4, \
                     reminder_lead = $5 WHERE id = $1",
                )
                .bind(user_id.as_uuid())
                .bind(Value::TimeOfDay(settings.summary_at()))
                .bind(Value::TimeOfDay(Some(settings.quiet().from())))
                .bind(Value::TimeOfDay(Some(settings.quiet().until())))
                .bind(settings.lead().as_str()),
            )
            .await?;
        if changed == 0 {
            return Err(StorageError::NotFound);
        }
        Ok(())
    }
}
