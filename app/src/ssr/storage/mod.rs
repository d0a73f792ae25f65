//! The storage contract. The server crate implements it for SQLite and for
//! PostgreSQL; one contract test suite holds both to the same behaviour.
//! It is one trait per aggregate (accounts, sessions, failed sign-ins,
//! tasks, steps, lists, the timetable, calendar feeds, push subscriptions, reminder
//! settings, reminders on their way, keys), on the storage outside any
//! transaction and on a unit of work (`Work`); `Storage` and `Work` are
//! all of them (a `dyn Storage` has every method without an import).

mod accounts;
mod deliveries;
mod feeds;
mod keys;
mod lists;
mod push;
mod reminders;
mod sessions;
mod sign_ins;
mod steps;
mod tasks;
mod timetable;

pub use accounts::{AccountRows, Accounts};
pub use deliveries::{ClaimedDelivery, DeliveryOutcome, ReminderAccount, ReminderDeliveries};
pub use feeds::CalendarFeeds;
pub use keys::{KeyReads, KeyRows};
pub use lists::{ListReads, ListRows};
pub use push::PushSubscriptions;
pub use reminders::Reminders;
pub use sessions::Sessions;
pub use sign_ins::FailedSignIns;
pub use steps::StepRows;
pub use tasks::{TaskReads, TaskRows};
pub use timetable::{TimetableReads, TimetableRows};

use super::idempotency::{KeptKey, KeyRecord, StoredResponse};
use crate::domain::{
    IdempotencyKey, ListId, SearchQuery, Step, StepId, Task, TaskId, TaskList, TimeZoneName,
    UserId, Username,
};
use crate::error::Counted;
use crate::views::{Day, Nav, View};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};

/// Why a storage call failed. Only `Conflict` and `NotFound` are outcomes the
/// caller acts on; `Backend` is a fault to log and report as "try again".
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("conflicts with existing data")]
    Conflict,
    #[error("not found")]
    NotFound,
    /// The database cannot be reached or is busy for now: a dropped
    /// connection, a restart, a locked file. Nothing was done; the caller
    /// answers 503 so the client retries.
    #[error("database unavailable: {0}")]
    Unavailable(#[source] Box<dyn std::error::Error + Send + Sync>),
    #[error("database error: {0}")]
    Backend(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// An account as needed to check a password.
#[derive(Clone, Debug)]
pub struct Credentials {
    pub user_id: UserId,
    pub username: Username,
    pub password_hash: String,
}

/// The account a valid session belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionUser {
    pub user_id: UserId,
    pub username: Username,
}

/// How many done tasks the Completed view shows.
pub const COMPLETED_SHOWN: u32 = 100;

/// How many tasks a search shows.
pub const SEARCH_SHOWN: u32 = 50;
/// The account a calendar link belongs to, with what its feed needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeedOwner {
    pub user_id: UserId,
    pub username: Username,
    pub time_zone: TimeZoneName,
}

/// The whole storage: every aggregate's reads and changes, and units of
/// work.
#[async_trait]
pub trait Storage:
    Accounts
    + Sessions
    + FailedSignIns
    + TaskReads
    + ListReads
    + TimetableReads
    + CalendarFeeds
    + PushSubscriptions
    + Reminders
    + ReminderDeliveries
    + KeyReads
    + Send
    + Sync
    + 'static
{
    /// Answers when the database can serve queries (used by `/healthz`).
    async fn ping(&self) -> Result<(), StorageError>;

    /// The server's key called `name`, the same on every instance; `fresh`
    /// is stored as that key if there is none yet.
    async fn server_key(&self, name: &str, fresh: &[u8]) -> Result<Vec<u8>, StorageError>;

    /// Starts a unit of work: one transaction holding a mutation and the
    /// record of its answer.
    async fn begin(&self) -> Result<Box<dyn Work>, StorageError>;
}

/// One transaction. Dropped without `commit`, it rolls back.
#[async_trait]
pub trait Work:
    AccountRows + TaskRows + StepRows + ListRows + TimetableRows + KeyRows + Send
{
    /// How many of `what` the user holds now (`ssr/quotas.rs`).
    async fn count(&mut self, user_id: UserId, what: Counted) -> Result<u64, StorageError>;

    async fn commit(self: Box<Self>) -> Result<(), StorageError>;

    /// Rolls back now (dropping rolls back too, but only eventually; SQLite's
    /// write lock must be free before the next transaction can start).
    async fn rollback(self: Box<Self>) -> Result<(), StorageError>;
}
