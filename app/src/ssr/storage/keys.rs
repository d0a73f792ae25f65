//! Idempotency keys: recorded with their work, read back, let go when old.

use super::*;

/// Keys read back, and the old ones deleted.
#[async_trait]
pub trait KeyReads: Send + Sync {
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
}

/// A key recorded with its work.
#[async_trait]
pub trait KeyRows: Send {
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
}
