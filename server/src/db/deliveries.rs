//! Reminders on their way: what the scheduler reads for every account, and
//! the delivery rows, one per device and reminder (the primary key), so a
//! reminder planned twice is still sent once.

use super::errors::corrupt;
use super::push::device_from_row;
use super::reminders::{settings_from_row, SETTINGS_COLUMNS};
use super::rows::{task_from_row, TASK_COLUMNS};
use super::sql::{required, Columns, Driver, Sql, Statement, Value};
use super::storage::SqlStorage;
use app::domain::{Task, TimeZoneName, UserId};
use app::ssr::storage::{
    ClaimedDelivery, DeliveryOutcome, ReminderAccount, ReminderDeliveries, StorageError,
};
use app::text::locale_named;
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

/// A delivery that may be sent at `$1` (now): planned, due, worth sending
/// still, and claimed by no one whose lease runs.
const DUE: &str = "state = 'waiting' AND not_before <= $1 AND expires_at > $1 \
                   AND (lease_until IS NULL OR lease_until <= $1)";

#[async_trait]
impl<D: Driver> ReminderDeliveries for SqlStorage<D> {
    async fn reminder_accounts(&self) -> Result<Vec<ReminderAccount>, StorageError> {
        let rows = self
            .driver
            .pool()
            .fetch_all(Statement::new(format!(
                "SELECT id, time_zone, {SETTINGS_COLUMNS} FROM users \
                 WHERE id IN (SELECT user_id FROM push_subscriptions) ORDER BY id"
            )))
            .await?;
        rows.iter()
            .map(|row| {
                let zone = required(row.text("time_zone")?, "time_zone")?;
                Ok(ReminderAccount {
                    user_id: UserId::from_uuid(required(row.uuid("id")?, "id")?),
                    time_zone: TimeZoneName::parse(&zone).map_err(|e| corrupt("time_zone", e))?,
                    settings: settings_from_row(row)?,
                })
            })
            .collect()
    }

    async fn reminding_tasks(
        &self,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<(UserId, Task)>, StorageError> {
        let rows = self
            .driver
            .pool()
            .fetch_all(
                Statement::new(format!(
                    "SELECT user_id, {TASK_COLUMNS} FROM tasks \
                     WHERE completed_at IS NULL AND deleted_at IS NULL \
                     AND ((due_time IS NOT NULL AND due_date >= $1 AND due_date <= $2) \
                     OR (reminder >= $3 AND reminder < $4)) \
                     AND user_id IN (SELECT user_id FROM push_subscriptions)"
                ))
                .bind(Value::Date(Some(from)))
                .bind(Value::Date(Some(to)))
                // A moment of its own is written `2026-10-13T19:30`: in
                // text order between the first day's and the day after the
                // last, where no lead (`0`, `15m`, `1h`, `1d`), `off` or
                // empty falls.
                .bind(Value::Text(Some(from.to_string())))
                .bind(Value::Text(to.succ_opt().map(|day| day.to_string()))),
            )
            .await?;
        rows.iter()
            .map(|row| {
                let owner = UserId::from_uuid(required(row.uuid("user_id")?, "user_id")?);
                Ok((owner, task_from_row(row)?))
            })
            .collect()
    }

    async fn plan_delivery(
        &self,
        user_id: UserId,
        occurrence: &str,
        expires_at: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<u64, StorageError> {
        // SQLite reads `ON CONFLICT` after a `SELECT` only when the
        // `SELECT` has a `WHERE`: it has one.
        self.driver
            .pool()
            .execute(
                Statement::new(
                    "INSERT INTO reminder_deliveries \
                     (endpoint, occurrence, user_id, state, not_before, expires_at, attempts, \
                     created_at) \
                     SELECT endpoint, $2, user_id, 'waiting', $3, $4, 0, $3 \
                     FROM push_subscriptions WHERE push_subscriptions.user_id = $1 \
                     ON CONFLICT (endpoint, occurrence) DO NOTHING",
                )
                .bind(user_id.as_uuid())
                .bind(occurrence)
                .bind(now)
                .bind(expires_at),
            )
            .await
    }

    async fn claim_deliveries(
        &self,
        now: DateTime<Utc>,
        lease: chrono::Duration,
        limit: u32,
    ) -> Result<Vec<ClaimedDelivery>, StorageError> {
        let claim = Uuid::now_v7();
        let mut db = self.driver.pool();
        // Most ticks find nothing due: a read says so without taking
        // SQLite's one write lock every tick.
        let any = db
            .fetch_optional(
                Statement::new(format!(
                    "SELECT 1 AS due FROM reminder_deliveries WHERE {DUE} LIMIT 1"
                ))
                .bind(now),
            )
            .await?;
        if any.is_none() {
            return Ok(Vec::new());
        }
        let skip = D::SKIP_LOCKED;
        let claimed = db
            .execute(
                Statement::new(format!(
                    "UPDATE reminder_deliveries SET claim = $2, lease_until = $3 \
                     WHERE (endpoint, occurrence) IN (SELECT endpoint, occurrence \
                     FROM reminder_deliveries WHERE {DUE} \
                     ORDER BY not_before LIMIT $4 {skip})"
                ))
                .bind(now)
                .bind(claim)
                .bind(now + lease)
                .bind(i64::from(limit)),
            )
            .await?;
        if claimed == 0 {
            return Ok(Vec::new());
        }
        // A row whose device is now another account's was dropped when the
        // device moved; the join keeps any such row unsent all the same.
        let rows = db
            .fetch_all(
                Statement::new(
                    "SELECT d.endpoint, d.occurrence, d.user_id, d.attempts, d.expires_at, \
                     s.p256dh, s.auth, s.language \
                     FROM reminder_deliveries d JOIN push_subscriptions s \
                     ON s.endpoint = d.endpoint AND s.user_id = d.user_id \
                     WHERE d.claim = $1 ORDER BY d.not_before",
                )
                .bind(claim),
            )
            .await?;
        rows.iter().map(claimed_from_row).collect()
    }

    async fn finish_delivery(
        &self,
        delivery: &ClaimedDelivery,
        outcome: DeliveryOutcome,
    ) -> Result<(), StorageError> {
        let (state, not_before) = match outcome {
            DeliveryOutcome::Sent => ("sent", None),
            DeliveryOutcome::Dropped => ("dropped", None),
            DeliveryOutcome::Failed => ("failed", None),
            DeliveryOutcome::RetryAt(at) => ("waiting", Some(at)),
        };
        let tried = i64::from(!matches!(outcome, DeliveryOutcome::Dropped));
        self.driver
            .pool()
            .execute(
                Statement::new(
                    "UPDATE reminder_deliveries SET state = $4, \
                     not_before = COALESCE($5, not_before), attempts = attempts + $6, \
                     claim = NULL, lease_until = NULL \
                     WHERE user_id = $1 AND endpoint = $2 AND occurrence = $3",
                )
                .bind(delivery.user_id.as_uuid())
                .bind(delivery.device.endpoint())
                .bind(delivery.occurrence.as_str())
                .bind(state)
                .bind(Value::Time(not_before))
                .bind(tried),
            )
            .await?;
        Ok(())
    }

    async fn delete_deliveries_before(&self, before: DateTime<Utc>) -> Result<u64, StorageError> {
        self.driver
            .pool()
            .execute(
                Statement::new("DELETE FROM reminder_deliveries WHERE created_at < $1")
                    .bind(before),
            )
            .await
    }
}

fn claimed_from_row(row: &impl Columns) -> Result<ClaimedDelivery, StorageError> {
    let language = required(row.text("language")?, "language")?;
    Ok(ClaimedDelivery {
        user_id: UserId::from_uuid(required(row.uuid("user_id")?, "user_id")?),
        occurrence: required(row.text("occurrence")?, "occurrence")?,
        device: device_from_row(row)?,
        language: locale_named(&language).ok_or_else(|| corrupt("language", language))?,
        attempts: u32::try_from(required(row.int("attempts")?, "attempts")?).unwrap_or(u32::MAX),
        expires_at: required(row.time("expires_at")?, "expires_at")?,
    })
}
