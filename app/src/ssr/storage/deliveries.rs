//! Reminders on their way to devices (issue 28): what the scheduler reads
//! to decide what is due, and the delivery rows (one per device and
//! reminder) it plans, claims and finishes. These reads serve every
//! account at once: the scheduler works for all of them.

use super::*;
use crate::i18n::Locale;
use crate::reminders::ReminderSettings;
use crate::ssr::push_subscription::PushSubscription;

/// An account with at least one device that takes reminders, with what
/// deciding its reminders needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReminderAccount {
    pub user_id: UserId,
    pub time_zone: TimeZoneName,
    pub settings: ReminderSettings,
}

/// A reminder claimed for one device, to be sent now.
#[derive(Clone, Debug)]
pub struct ClaimedDelivery {
    pub user_id: UserId,
    /// The occurrence's key (`reminders::Occurrence`).
    pub occurrence: String,
    pub device: PushSubscription,
    pub language: Locale,
    /// Sends tried before this one.
    pub attempts: u32,
    /// Worth sending until then.
    pub expires_at: DateTime<Utc>,
}

/// How a claimed delivery ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeliveryOutcome {
    /// The push service took it.
    Sent,
    /// Nothing to send any more: the task was done, deleted or moved, or
    /// the summary had nothing to say.
    Dropped,
    /// Given up: refused for good, or too late.
    Failed,
    /// Try again at this time (the push service was busy or down).
    RetryAt(DateTime<Utc>),
}

#[async_trait]
pub trait ReminderDeliveries: Send + Sync {
    /// Every account with a device that takes reminders.
    async fn reminder_accounts(&self) -> Result<Vec<ReminderAccount>, StorageError>;

    /// The open tasks that may remind from `from` to `to` (local dates):
    /// due then with a time, or reminding at a moment of their own then;
    /// of accounts with a device that takes reminders, with their owners.
    async fn reminding_tasks(
        &self,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<(UserId, Task)>, StorageError>;

    /// Plans the reminder `occurrence` for each of the account's devices
    /// that has not had it planned yet; how many rows that made.
    async fn plan_delivery(
        &self,
        user_id: UserId,
        occurrence: &str,
        expires_at: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<u64, StorageError>;

    /// Claims up to `limit` planned deliveries due at `now` and not
    /// claimed by anyone whose lease still runs, for `lease`; on
    /// PostgreSQL, rows another instance is claiming are skipped.
    async fn claim_deliveries(
        &self,
        now: DateTime<Utc>,
        lease: chrono::Duration,
        limit: u32,
    ) -> Result<Vec<ClaimedDelivery>, StorageError>;

    async fn finish_delivery(
        &self,
        delivery: &ClaimedDelivery,
        outcome: DeliveryOutcome,
    ) -> Result<(), StorageError>;

    /// The clean-up job's part: deliveries planned before `before`.
    async fn delete_deliveries_before(&self, before: DateTime<Utc>) -> Result<u64, StorageError>;
}
