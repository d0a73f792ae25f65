//! Reminders on this device (issue 28): the page hands the server the
//! browser's push subscription when the person turns reminders on, and
//! takes it back when they turn them off. They need the network: under
//! `/api/auth/` the worker never queues them.

use super::JsonText;
use crate::error::AppError;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use server_fn::codec::GetUrl;

/// This device's reminders as the server sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushDevice {
    /// The server's public key (base64url), which a subscription is made for.
    pub key: String,
    /// Whether the server keeps `endpoint` for the signed-in account.
    pub on: bool,
}

/// What Settings shows for this device: the key to subscribe with, and
/// whether this device's subscription (its `endpoint`, if it has one)
/// reminds the signed-in account.
#[server(prefix = "/api", endpoint = "auth/push/state", input = GetUrl, output = JsonText)]
pub async fn push_state(#[server(default)] endpoint: String) -> Result<PushDevice, AppError> {
    imp::push_state(endpoint).await
}

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
            .save_push_subscription(
                user,
                &subscription,
                language,
                call.session_token().map(|token| token.hash()).as_deref(),
                to_millis(Utc::now()),
            )
            .await
            .map_err(|e| call.storage_fault(e))?;
        call.name_account(user);
        tracing::info!(user_id = %user, "push subscription kept");
        Ok(())
    }

    pub async fn push_state(endpoint: String) -> Result<super::PushDevice, AppError> {
        let call = Call::begin()?;
        let user = call.require_user().await?.user_id;
        let endpoint = endpoint.trim();
        let on = !endpoint.is_empty()
            && call
                .state
                .storage
                .push_subscriptions(user)
                .await
                .map_err(|e| call.storage_fault(e))?
                .iter()
                .any(|device| device.endpoint() == endpoint);
        call.name_account(user);
        Ok(super::PushDevice {
            key: call.state.push_key.to_string(),
            on,
        })
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
