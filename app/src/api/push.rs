//! Reminders on this device (issue 28): the page hands the server the
//! browser's push subscription when the person turns reminders on, and
//! takes it back when they turn them off. They need the network: under
//! `/api/auth/` the worker never queues them.

use super::JsonText;
use crate::error::AppError;
use leptos::prelude::*;

/// Keeps this device's subscription for the signed-in account (a phone
/// that was another account's is this one's from now on); its reminders
/// speak the page's `language` (Russian when none is given).
#[server(prefix = "/api", endpoint = "auth/push/subscribe", output = JsonText)]
pub async fn subscribe_push(
    endpoint: String,
    p256dh: String,
    auth: String,
    #[server(default)] language: String,
) -> Result<(), AppError> {
    imp::subscribe_push(endpoint, p256dh, auth, language).await
}

/// Forgets this device's subscription: no reminder comes to it any more.
#[server(prefix = "/api", endpoint = "auth/push/unsubscribe", output = JsonText)]
pub async fn unsubscribe_push(endpoint: String) -> Result<(), AppError> {
    imp::unsubscribe_push(endpoint).await
}

#[cfg(feature = "ssr")]
mod imp {
    use crate::api::edge::Call;
    use crate::domain::to_millis;
    use crate::error::AppError;
    use crate::i18n::Locale;
    use crate::ssr::push_subscription::PushSubscription;
    use crate::text;
    use chrono::Utc;

    pub async fn subscribe_push(
        endpoint: String,
        p256dh: String,
        auth: String,
        language: String,
    ) -> Result<(), AppError> {
        let call = Call::begin()?;
        let user = call.require_user().await?.user_id;
        let policy = call.state.settings.push_endpoints;
        let language = match language.trim() {
            "" => Locale::ru,
            name => text::locale_named(name).ok_or_else(|| call.reject(AppError::BadRequest))?,
        };
        let subscription =
            PushSubscription::parse(&endpoint, &p256dh, &auth, policy).map_err(|error| {
                // What the browser gave is not the person's to fix: said
                // as a bad request, the reason kept in the log.
                tracing::info!(user_id = %user, %error, "push subscription refused");
                call.reject(AppError::BadRequest)
            })?;
        call.state
            .storage
            .save_push_subscription(user, &subscription, language, to_millis(Utc::now()))
            .await
            .map_err(|e| call.storage_fault(e))?;
        call.name_account(user);
        tracing::info!(user_id = %user, "push subscription kept");
        Ok(())
    }

    pub async fn unsubscribe_push(endpoint: String) -> Result<(), AppError> {
        let call = Call::begin()?;
        let user = call.require_user().await?.user_id;
        call.state
            .storage
            .delete_push_subscription(user, endpoint.trim())
            .await
            .map_err(|e| call.storage_fault(e))?;
        call.name_account(user);
        tracing::info!(user_id = %user, "push subscription forgotten");
        Ok(())
    }
}
