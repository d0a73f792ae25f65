//! Changing one's password. The old one is required, and every other
//! session of the account ends, so a phone left behind is signed out. It
//! needs the network: under `/api/auth/` the worker never queues it.
//!
//! It is set-state like every change: sent again after its answer was lost,
//! it finds the new password already set and says so (ending the other
//! sessions again), instead of "wrong password".

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

    pub async fn change_password(old: String, new: String) -> Result<(), AppError> {
        let call = Call::begin()?;
        let user = call.require_user().await?;
        let new = NewPassword::parse(&new)
            .map_err(|e| call.reject(e.into()))?
            .into_password();
        let Some(token) = call.session_token() else {
            return Err(call.reject(AppError::Unauthorized));
        };
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
        call.state
            .storage
            .change_password(user.user_id, &hash, &token.hash())
            .await
            .map_err(|e| call.storage_fault(e))?;
        throttle::succeeded(&call, &user.username).await?;
        tracing::info!(user_id = %user.user_id, "password changed; other sessions ended");
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
