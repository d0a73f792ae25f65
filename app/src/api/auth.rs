//! Accounts: sign up, sign in, sign out, and who is signed in.

use super::JsonText;
use crate::domain::UserId;
use crate::error::AppError;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use server_fn::codec::GetUrl;

/// The signed-in account, as the pages show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Account {
    pub id: UserId,
    pub username: String,
}

#[server(prefix = "/api", endpoint = "auth/signup", output = JsonText)]
pub async fn sign_up(username: String, password: String) -> Result<(), AppError> {
    imp::sign_up(username, password).await
}

#[server(prefix = "/api", endpoint = "auth/signin", output = JsonText)]
pub async fn sign_in(username: String, password: String) -> Result<(), AppError> {
    imp::sign_in(username, password).await
}

#[server(prefix = "/api", endpoint = "auth/signout", output = JsonText)]
pub async fn sign_out() -> Result<(), AppError> {
    imp::sign_out().await
}

#[server(prefix = "/api", endpoint = "auth/account", input = GetUrl, output = JsonText)]
pub async fn current_account() -> Result<Option<Account>, AppError> {
    imp::current_account().await
}

#[cfg(feature = "ssr")]
mod imp {
    use super::Account;
    use crate::api::edge::Call;
    use crate::api::throttle;
    use crate::domain::{NewPassword, Password, UserId, Username};
    use crate::error::AppError;
    use crate::ssr::passwords;
    use crate::ssr::session::{self, SessionToken};
    use crate::ssr::storage::StorageError;
    use chrono::Utc;

    pub async fn sign_up(username: String, password: String) -> Result<(), AppError> {
        let call = Call::begin()?;
        let username = Username::parse(&username).map_err(|e| call.reject(e.into()))?;
        let password = NewPassword::parse(&password)
            .map_err(|e| call.reject(e.into()))?
            .into_password();
        let settings = &call.state.settings;
        if let Err(wait) = call.state.sign_ups.admit(
            &call.client(),
            settings.sign_ups_per_address,
            settings.sign_up_window,
            std::time::Instant::now(),
        ) {
            tracing::warn!(client = %call.client(), "sign-ups throttled");
            let retry_after_secs = wait.as_secs().max(1);
            return Err(call.reject(AppError::TooManySignUps { retry_after_secs }));
        }
        let hash = passwords::hash(password)
            .await
            .map_err(|e| call.hash_fault(e))?;
        let user_id = UserId::new();
        match call
            .state
            .storage
            .create_user(user_id, &username, &hash, Utc::now())
            .await
        {
            Ok(()) => {}
            Err(StorageError::Conflict) => return Err(call.reject(AppError::UsernameTaken)),
            Err(error) => return Err(call.storage_fault(error)),
        }
        tracing::info!(%user_id, "account created");
        throttle::trust_this_device(&call, &username)?;
        start_session(&call, user_id).await
    }

    pub async fn sign_in(username: String, password: String) -> Result<(), AppError> {
        let call = Call::begin()?;
        // A name or password that could never be valid simply does not match:
        // the answer must not tell which of the two was wrong.
        let (Ok(username), Ok(password)) = (Username::parse(&username), Password::parse(&password))
        else {
            return Err(call.reject(AppError::WrongCredentials));
        };
        throttle::check(&call, &username).await?;
        let storage = &call.state.storage;

        let credentials = storage
            .find_credentials(&username)
            .await
            .map_err(|e| call.storage_fault(e))?;
        let stored_hash = credentials.as_ref().map(|c| c.password_hash.clone());
        let matches = passwords::verify(password, stored_hash)
            .await
            .map_err(|e| call.hash_fault(e))?;
        let Some(credentials) = credentials.filter(|_| matches) else {
            throttle::failed(&call, &username).await?;
            return Err(call.reject(AppError::WrongCredentials));
        };
        throttle::succeeded(&call, &username).await?;
        // A new session id at every sign-in: a session planted before sign-in
        // (fixation) is dropped, never promoted.
        end_current_session(&call).await?;
        start_session(&call, credentials.user_id).await
    }

    pub async fn sign_out() -> Result<(), AppError> {
        let call = Call::begin()?;
        end_current_session(&call).await?;
        call.send_cookie(session::clear_cookie(&call.state.settings))?;
        call.redirect("/signin");
        Ok(())
    }

    pub async fn current_account() -> Result<Option<Account>, AppError> {
        let call = Call::begin()?;
        let user = call.user().await?;
        Ok(user.map(|user| {
            call.name_account(user.user_id);
            Account {
                id: user.user_id,
                username: user.username.to_string(),
            }
        }))
    }

    async fn start_session(call: &Call, user_id: UserId) -> Result<(), AppError> {
        let token = SessionToken::generate();
        let now = Utc::now();
        let expires_at = session::expires_at(&call.state.settings, now);
        call.state
            .storage
            .create_session(&token.hash(), user_id, now, expires_at)
            .await
            .map_err(|e| call.storage_fault(e))?;
        call.send_cookie(token.set_cookie(&call.state.settings))?;
        // The worker learns who signed in from the answer itself, and keeps
        // their Today before the page shows it.
        call.name_account(user_id);
        call.redirect("/");
        Ok(())
    }

    async fn end_current_session(call: &Call) -> Result<(), AppError> {
        if let Some(token) = call.session_token() {
            call.state
                .storage
                .delete_session(&token.hash())
                .await
                .map_err(|e| call.storage_fault(e))?;
        }
        Ok(())
    }
}
