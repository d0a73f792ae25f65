//! The storage contract. The server crate implements it for SQLite and for
//! PostgreSQL; one contract test suite holds both to the same behaviour.

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

#[async_trait]
pub trait Storage: Send + Sync + 'static {
    /// Answers when the database can serve queries (used by `/healthz`).
    async fn ping(&self) -> Result<(), StorageError>;

    /// The server's key called `name`, the same on every instance; `fresh`
    /// is stored as that key if there is none yet.
    async fn server_key(&self, name: &str, fresh: &[u8]) -> Result<Vec<u8>, StorageError>;

    /// Creates an account; `Conflict` when the name is taken.
    async fn create_user(
        &self,
        id: UserId,
        username: &Username,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StorageError>;

    async fn find_credentials(
        &self,
        username: &Username,
    ) -> Result<Option<Credentials>, StorageError>;

    /// Stores a session under the hash of its token (the token itself is
    /// only ever in the person's cookie).
    async fn create_session(
        &self,
        token_hash: &[u8],
        user_id: UserId,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StorageError>;

    /// The account of an unexpired session.
    async fn find_session(
        &self,
        token_hash: &[u8],
        now: DateTime<Utc>,
    ) -> Result<Option<SessionUser>, StorageError>;

    async fn delete_session(&self, token_hash: &[u8]) -> Result<(), StorageError>;

    /// Deletes sessions that expired before `now`; returns how many.
    async fn delete_expired_sessions(&self, now: DateTime<Utc>) -> Result<u64, StorageError>;

    /// Sets the account's password hash, ends every session of it and its
    /// calendar link, and opens the session `renewed` (the token hash of the
    /// device that asked, until `expires_at`), all or nothing.
    async fn change_password(
        &self,
        user_id: UserId,
        password_hash: &str,
        renewed: &[u8],
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StorageError>;

    /// Sign-in throttling lives in the database so that it holds across
    /// several app instances. `client`: the address the attempt came from.
    async fn record_failed_sign_in(
        &self,
        username: &Username,
        client: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StorageError>;

    /// Failed sign-ins for a name since `since`: from `client`, or from
    /// anywhere (`None`).
    async fn count_failed_sign_ins(
        &self,
        username: &Username,
        client: Option<&str>,
        since: DateTime<Utc>,
    ) -> Result<u64, StorageError>;

    /// Forgets a name's failed sign-ins from `client`.
    async fn clear_failed_sign_ins(
        &self,
        username: &Username,
        client: &str,
    ) -> Result<(), StorageError>;

    /// Deletes failed sign-ins made at or before `before` (older than any
    /// window counts); returns how many.
    async fn delete_failed_sign_ins_before(
        &self,
        before: DateTime<Utc>,
    ) -> Result<u64, StorageError>;

    // Every read of tasks gives each its steps (`Task::steps`), in their
    // order, deleted ones left out unless said otherwise.

    /// The user's tasks that are not deleted, in their order (position,
    /// then age).
    async fn list_tasks(&self, user_id: UserId) -> Result<Vec<Task>, StorageError>;

    /// Every task of the user, deleted ones too, oldest first; each with
    /// every step, deleted ones too (an export).
    async fn all_tasks(&self, user_id: UserId) -> Result<Vec<Task>, StorageError>;

    /// Deletes the account and everything in it, in one transaction.
    async fn delete_account(
        &self,
        user_id: UserId,
        username: &Username,
    ) -> Result<(), StorageError>;

    /// One of the user's tasks, deleted or not.
    async fn get_task(&self, user_id: UserId, id: TaskId) -> Result<Option<Task>, StorageError>;

    /// The user's own lists, by name.
    async fn list_lists(&self, user_id: UserId) -> Result<Vec<TaskList>, StorageError>;

    /// The tasks `view` shows on `today` (the rules of `View::shows`): by
    /// due date, time and priority for Today (done today after the open)
    /// and Upcoming; in the person's
    /// order for the Inbox and lists; the latest `COMPLETED_SHOWN` done.
    async fn view_tasks(
        &self,
        user_id: UserId,
        view: View,
        today: Day,
    ) -> Result<Vec<Task>, StorageError>;

    /// Open tasks counted per view on `today`, and every list with its own.
    async fn view_counts(&self, user_id: UserId, today: NaiveDate) -> Result<Nav, StorageError>;

    /// The time zone the person's dates are in (`UTC` until their browser
    /// tells).
    async fn time_zone(&self, user_id: UserId) -> Result<TimeZoneName, StorageError>;

    /// Up to `SEARCH_SHOWN` of the user's tasks, not deleted, with every
    /// word of `query` in their title or notes (with its word forms where
    /// the database has a stemmer), done ones only when `done`: the open
    /// first, by due date, then the most recently changed.
    async fn search_tasks(
        &self,
        user_id: UserId,
        query: &SearchQuery,
        done: bool,
    ) -> Result<Vec<Task>, StorageError>;

    /// Gives the tasks stored before search existed their search text (at
    /// start-up); how many it filled.
    async fn fill_search_text(&self) -> Result<u64, StorageError>;

    /// Turns the account's calendar link on under `token_hash`, replacing
    /// any earlier link: the old one stops working at once.
    async fn set_calendar_feed(
        &self,
        user_id: UserId,
        token_hash: &[u8],
        now: DateTime<Utc>,
    ) -> Result<(), StorageError>;

    /// Since when the account's calendar link is on, if it is.
    async fn calendar_feed_since(
        &self,
        user_id: UserId,
    ) -> Result<Option<DateTime<Utc>>, StorageError>;

    /// Turns the account's calendar link off (nothing to do if it is off).
    async fn delete_calendar_feed(&self, user_id: UserId) -> Result<(), StorageError>;

    /// The account whose calendar link has this token's hash.
    async fn find_calendar_feed(
        &self,
        token_hash: &[u8],
    ) -> Result<Option<FeedOwner>, StorageError>;

    /// What the account's calendar shows: its tasks that are not deleted
    /// and have a due date, open or done at or after `done_since`; at most
    /// `limit`, the latest due first.
    async fn calendar_tasks(
        &self,
        user_id: UserId,
        done_since: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Task>, StorageError>;

    /// The row of one of the user's keys, if it has one: what the request
    /// recorded under it, and its answer.
    async fn find_key(
        &self,
        user_id: UserId,
        key: &IdempotencyKey,
    ) -> Result<Option<KeptKey>, StorageError>;

    /// Deletes up to `batch` keys created before `before`; returns how many.
    async fn delete_keys_created_before(
        &self,
        before: DateTime<Utc>,
        batch: u32,
    ) -> Result<u64, StorageError>;

    /// Starts a unit of work: one transaction holding a mutation and the
    /// record of its answer.
    async fn begin(&self) -> Result<Box<dyn Work>, StorageError>;
}

/// One transaction. Dropped without `commit`, it rolls back.
#[async_trait]
pub trait Work: Send {
    /// One of the user's tasks (deleted or not), locked for this unit of
    /// work, with its steps that are not deleted.
    async fn find_task(
        &mut self,
        user_id: UserId,
        id: TaskId,
    ) -> Result<Option<Task>, StorageError>;

    /// How many of `what` the user holds now (`ssr/quotas.rs`).
    async fn count(&mut self, user_id: UserId, what: Counted) -> Result<u64, StorageError>;

    /// Inserts a task with its steps unless its id exists: `false` when the
    /// user already has it (its steps are then left as they are),
    /// `Conflict` when the id is another user's.
    async fn insert_task(&mut self, user_id: UserId, task: &Task) -> Result<bool, StorageError>;

    /// Writes every field of one of the user's tasks (not its steps:
    /// `update_step`); `NotFound` if none.
    async fn update_task(&mut self, user_id: UserId, task: &Task) -> Result<(), StorageError>;

    /// Deletes one of the user's tasks for good, with its steps (a next
    /// occurrence taken back: `change::untouched` decides which); `true`
    /// if there was one.
    async fn purge_task(&mut self, user_id: UserId, id: TaskId) -> Result<bool, StorageError>;

    /// Sets the order of the user's tasks, as the person made it `at`: each
    /// id gets its index, unless that task moved later (the rule of
    /// `Task::set_position`).
    async fn set_positions(
        &mut self,
        user_id: UserId,
        ids: &[TaskId],
        at: DateTime<Utc>,
    ) -> Result<(), StorageError>;

    /// One of the user's steps, deleted or not, with the id of its task.
    /// Not locked: a change to a step locks its task first
    /// (`find_task`), which every change to that checklist does too.
    async fn find_step(
        &mut self,
        user_id: UserId,
        id: StepId,
    ) -> Result<Option<(TaskId, Step)>, StorageError>;

    /// Adds a step to one of the user's tasks unless its id exists: `false`
    /// when the user already has it, `Conflict` when the id is another
    /// user's.
    async fn insert_step(
        &mut self,
        user_id: UserId,
        task_id: TaskId,
        step: &Step,
    ) -> Result<bool, StorageError>;

    /// Writes every field of one of the user's steps; `NotFound` if none.
    async fn update_step(&mut self, user_id: UserId, step: &Step) -> Result<(), StorageError>;

    /// The account's time zone, read inside this unit of work (a second
    /// connection here could wait on a pool full of waiting work).
    async fn time_zone(&mut self, user_id: UserId) -> Result<TimeZoneName, StorageError>;

    async fn set_time_zone(
        &mut self,
        user_id: UserId,
        zone: &TimeZoneName,
    ) -> Result<(), StorageError>;

    /// The user's lists, by name, read inside this unit of work.
    async fn list_lists(&mut self, user_id: UserId) -> Result<Vec<TaskList>, StorageError>;

    /// One of the user's lists, locked for this unit of work.
    async fn find_list(
        &mut self,
        user_id: UserId,
        id: ListId,
    ) -> Result<Option<TaskList>, StorageError>;

    /// Inserts a list unless its id exists (see `insert_task`).
    async fn insert_list(&mut self, user_id: UserId, list: &TaskList)
        -> Result<bool, StorageError>;

    async fn update_list(&mut self, user_id: UserId, list: &TaskList) -> Result<(), StorageError>;

    /// Deletes a list; its tasks move to the Inbox, nothing is lost. `at`:
    /// when the person deleted it (the move's clock).
    async fn delete_list(
        &mut self,
        user_id: UserId,
        id: ListId,
        at: DateTime<Utc>,
    ) -> Result<(), StorageError>;

    /// Records the key with the work's answer, in this unit of work, dated
    /// by the request's clock (`record.now`). `false` when the key already
    /// has a row (a repeat, or another request's key): the caller rolls back
    /// and asks `find_key` what the row says. A concurrent unit of work
    /// recording the same key makes this wait until it ends (PostgreSQL: on
    /// the key's index entry; SQLite: on the write lock).
    async fn record_key(
        &mut self,
        record: &KeyRecord,
        response: &StoredResponse,
    ) -> Result<bool, StorageError>;

    async fn commit(self: Box<Self>) -> Result<(), StorageError>;

    /// Rolls back now (dropping rolls back too, but only eventually; SQLite's
    /// write lock must be free before the next transaction can start).
    async fn rollback(self: Box<Self>) -> Result<(), StorageError>;
}
