//! Failed sign-ins, counted per name and address to slow down guessing.

use super::*;

/// Failed sign-ins, kept for the throttle's window.
#[async_trait]
pub trait FailedSignIns: Send + Sync {
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
}
