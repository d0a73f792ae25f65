//! Push subscriptions, one row per device's endpoint.

use super::errors::corrupt;
use super::sql::{required, Columns, Driver, Sql, Statement, Value};
use super::storage::SqlStorage;
use app::domain::UserId;
use app::i18n::I18nLocaleTrait as _;
use app::i18n::Locale;
use app::ssr::push_subscription::PushSubscription;
use app::ssr::storage::{PushSubscriptions, StorageError};
use async_trait::async_trait;
use chrono::{DateTime, Utc};

#[async_trait]
impl<D: Driver> PushSubscriptions for SqlStorage<D> {
    async fn save_push_subscription(
        &self,
        user_id: UserId,
        subscription: &PushSubscription,
        language: Locale,
        session: Option<&[u8]>,
        now: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        // The endpoint is the device: signed in to another account now, the
        // phone's row is that account's, and the last keys it gave stand.
        let mut db = self.driver.pool();
        db.execute(
            Statement::new(
                "INSERT INTO push_subscriptions \
                 (endpoint, user_id, p256dh, auth, language, session_hash, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (endpoint) DO UPDATE SET \
                 user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, \
                 language = excluded.language, session_hash = excluded.session_hash, \
                 created_at = excluded.created_at",
            )
            .bind(subscription.endpoint())
            .bind(user_id.as_uuid())
            .bind(subscription.p256dh())
            .bind(subscription.auth())
            .bind(language.as_str())
            .bind(Value::Bytes(session.map(<[u8]>::to_vec)))
            .bind(now),
        )
        .await?;
        // What was on its way to the phone's other account stays with it.
        db.execute(
            Statement::new("DELETE FROM reminder_deliveries WHERE endpoint = $1 AND user_id <> $2")
                .bind(subscription.endpoint())
                .bind(user_id.as_uuid()),
        )
        .await?;
        Ok(())
    }

    async fn delete_push_subscription(
        &self,
        user_id: UserId,
        endpoint: &str,
    ) -> Result<(), StorageError> {
        self.driver
            .pool()
            .execute(
                Statement::new(
                    "DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2",
                )
                .bind(user_id.as_uuid())
                .bind(endpoint),
            )
            .await?;
        Ok(())
    }

    async fn push_subscriptions(
        &self,
        user_id: UserId,
    ) -> Result<Vec<PushSubscription>, StorageError> {
        let rows = self
            .driver
            .pool()
            .fetch_all(
                Statement::new(
                    "SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = $1 \
                     ORDER BY created_at, endpoint",
                )
                .bind(user_id.as_uuid()),
            )
            .await?;
        rows.iter().map(device_from_row).collect()
    }
}

/// A device read from its `endpoint`, `p256dh` and `auth` columns.
pub fn device_from_row(row: &impl Columns) -> Result<PushSubscription, StorageError> {
    let endpoint = required(row.text("endpoint")?, "endpoint")?;
    let p256dh = required(row.bytes("p256dh")?, "p256dh")?;
    let auth = required(row.bytes("auth")?, "auth")?;
    if p256dh.len() != 65 || auth.len() != 16 {
        return Err(corrupt("push subscription keys", "wrong length"));
    }
    Ok(PushSubscription::from_stored(endpoint, p256dh, auth))
}
