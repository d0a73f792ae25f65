//! Changing one's password. The old one is required; every session of the
//! account ends, so a phone left behind is signed out, and so does the
//! calendar link (a new one can be made). The device that asked gets a new
//! session, with a new cookie: a session that was known before the change
//! (watched, planted) is worth nothing after it. It needs the network:
//! under `/api/auth/` the worker never queues it.
//!
//! It is set-state like every change: sent again after its answer was lost,
//! it finds the new password already set and says so (ending the sessions
//! again), instead of "wrong password". Sent again with the cookie from
//! before the change (the answer that carried the new one was lost), it
//! finds that session ended: the device signs in with the new password.

use super::JsonText;
use crate::error::AppError;
use leptos::prelude::*;

#[server(prefix = "/api", endpoint = "auth/password", output = JsonText)]
pub async fn change_password(old_password: String, new_password: String) -> Result<(), AppError> {
    imp::change_password(old_password, new_password).await
}

#[cfg(feature = "ssr")]
pub(super) mod imp {
    use crate::api::edge::Call;
    use crate::api::throttle;
    use crate::domain::{NewPassword, Password, Username};
    use crate::error::AppError;
    use crate::ssr::passwords;
    use crate::ssr::session::{self, SessionToken};
    use chrono::Utc;

    pub async fn change_password(old: String, new: String) -> Result<(), AppError> {
        let call = Call::begin()?;
        let user = call.require_user().await?;
        let new = NewPassword::parse(&new)
            .map_err(|e| call.reject(e.into()))?
            .into_password();
        throttle::check(&call, &user.username).await?;
        let stored = stored_hash(&call, &user.username).await?;
        let hash = if is_password(&call, &old, &stored).await? {
            passwords::hash(new).await.map_err(|e| call.hash_fault(e))?
        } else if passwords::verify(new, Some(stored.clone()))
            .await
            .map_err(|e| call.hash_fault(e))?
        {
            // Already changed: this is the same change sent again.
            stored
        } else {
            throttle::failed(&call, &user.username).await?;
            return Err(call.reject(AppError::WrongPassword));
        };
        let renewed = SessionToken::generate();
        let now = Utc::now();
        let expires_at = session::expires_at(&call.state.settings, now);
        call.state
            .storage
            .change_password(user.user_id, &hash, &renewed.hash(), now, expires_at)
            .await
            .map_err(|e| call.storage_fault(e))?;
        call.send_cookie(renewed.set_cookie(&call.state.settings))?;
        throttle::succeeded(&call, &user.username).await?;
        tracing::info!(user_id = %user.user_id, "password changed; sessions and calendar link ended, this one renewed");
        Ok(())
    }

    /// The account's password hash (`Unauthorized` if the account is gone).
    pub async fn stored_hash(call: &Call, username: &Username) -> Result<String, AppError> {
        call.state
            .storage
            .find_credentials(username)
            .await
            .map_err(|e| call.storage_fault(e))?
            .map(|credentials| credentials.password_hash)
            .ok_or_else(|| call.reject(AppError::Unauthorized))
    }

    /// Whether `typed` is the password `stored` is the hash of (one that
    /// could never be valid simply does not match).
    pub async fn is_password(call: &Call, typed: &str, stored: &str) -> Result<bool, AppError> {
        match Password::parse(typed) {
            Ok(typed) => passwords::verify(typed, Some(stored.to_owned()))
                .await
                .map_err(|e| call.hash_fault(e)),
            Err(_) => Ok(false),
        }
    }
}
