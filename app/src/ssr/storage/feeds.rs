//! Calendar feeds: one private link per account, and what it shows.

use super::*;

/// The calendar link of each account (its token hashed), and its tasks.
#[async_trait]
pub trait CalendarFeeds: Send + Sync {
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
}
