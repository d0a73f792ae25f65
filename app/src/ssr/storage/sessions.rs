//! Sessions: a signed-in browser's token (hashed) and whose it is.

use super::*;

/// Sessions, each a hashed token leading to its account until it expires.
#[async_trait]
pub trait Sessions: Send + Sync {
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
}
