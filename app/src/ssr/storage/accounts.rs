//! Accounts: made, found by name, their password changed, deleted; their time zone.

use super::*;

/// The accounts, outside any unit of work.
#[async_trait]
pub trait Accounts: Send + Sync {
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

    /// Deletes the account and everything in it, in one transaction.
    async fn delete_account(
        &self,
        user_id: UserId,
        username: &Username,
    ) -> Result<(), StorageError>;

    /// The time zone the person's dates are in (`UTC` until their browser
    /// tells).
    async fn time_zone(&self, user_id: UserId) -> Result<TimeZoneName, StorageError>;
}

/// An account's settings, inside a unit of work.
#[async_trait]
pub trait AccountRows: Send {
    /// The account's time zone, read inside this unit of work (a second
    /// connection here could wait on a pool full of waiting work).
    async fn time_zone(&mut self, user_id: UserId) -> Result<TimeZoneName, StorageError>;

    async fn set_time_zone(
        &mut self,
        user_id: UserId,
        zone: &TimeZoneName,
    ) -> Result<(), StorageError>;
}
