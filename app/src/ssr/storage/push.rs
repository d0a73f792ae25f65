//! Push subscriptions: the devices an account's reminders go to.

use super::*;
use crate::i18n::Locale;
use crate::ssr::push_subscription::PushSubscription;

/// Each account's devices that take push messages, by endpoint.
#[async_trait]
pub trait PushSubscriptions: Send + Sync {
    /// Keeps a device's subscription for the account. An endpoint is one
    /// device: kept for another account before (a shared phone), it is
    /// this account's now, with these keys, and its reminders speak
    /// `language`; the reminders planned for the other account are dropped.
    /// Kept as long as the `session` (its token's hash) it was made in.
    async fn save_push_subscription(
        &self,
        user_id: UserId,
        subscription: &PushSubscription,
        language: Locale,
        session: Option<&[u8]>,
        now: DateTime<Utc>,
    ) -> Result<(), StorageError>;

    /// Forgets the account's subscription at `endpoint` (nothing to do if
    /// there is none, or if it is another account's).
    async fn delete_push_subscription(
        &self,
        user_id: UserId,
        endpoint: &str,
    ) -> Result<(), StorageError>;

    /// The account's subscriptions, oldest first.
    async fn push_subscriptions(
        &self,
        user_id: UserId,
    ) -> Result<Vec<PushSubscription>, StorageError>;
}
