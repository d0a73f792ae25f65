//! Accounts: sign up, sign in, sign out, and who is signed in.

use crate::error::AppError;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use server_fn::codec::GetUrl;

/// The signed-in account, as the pages show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Account {
    pub username: String,
}

#[server(prefix = "/api", endpoint = "auth/signup")]
pub async fn sign_up(username: String, password: String) -> Result<(), AppError> {
    imp::sign_up(username, password).await
}

#[server(prefix = "/api", endpoint = "auth/signin")]
pub async fn sign_in(username: String, password: String) -> Result<(), AppError> {
    imp::sign_in(username, password).await
}

#[server(prefix = "/api", endpoint = "auth/signout")]
pub async fn sign_out() -> Result<(), AppError> {
    imp::sign_out().await
}

#[server(prefix = "/api", endpoint = "auth/account", input = GetUrl)]
pub async fn current_account() -> Result<Option<Account>, AppError> {
    imp::current_account().await
}

#[cfg(feature = "ssr")]
mod imp {
    use super::Account;
    use crate::api::edge::{hash_fault, reject, storage_fault};
    use crate::domain::{Password, UserId, Username};
    use crate::error::AppError;
    use crate::ssr::session::{self, SessionToken};
    use crate::ssr::storage::StorageError;
    use crate::ssr::{passwords, AppState};
    use chrono::{Duration, Utc};

    pub async fn sign_up(username: String, password: String) -> Result<(), AppError> {
        let username = Username::parse(&username).map_err(|e| reject(e.into()))?;
        let password = Password::parse(&password).map_err(|e| reject(e.into()))?;
        let state = AppState::current();
        let hash = passwords::hash(password).await.map_err(hash_fault)?;
        let user_id = UserId::new();
        match state.storage.create_user(user_id, &username, &hash, Utc::now()).await {
            Ok(()) => {}
            Err(StorageError::Conflict) => return Err(reject(AppError::UsernameTaken)),
            Err(error) => return Err(storage_fault(error)),
        }
        tracing::info!(%user_id, "account created");
        start_session(&state, user_id).await
    }

    pub async fn sign_in(username: String, password: String) -> Result<(), AppError> {
        // A name or password that could never be valid simply does not match:
        // the answer must not tell which of the two was wrong.
        let (Ok(username), Ok(password)) = (Username::parse(&username), Password::parse(&password)) else {
            return Err(reject(AppError::WrongCredentials));
        };
        let state = AppState::current();
        let window = Duration::from_std(state.settings.sign_in_window).unwrap_or(Duration::minutes(15));
        let now = Utc::now();
        let failures = state
            .storage
            .count_failed_sign_ins(&username, now - window)
            .await
            .map_err(storage_fault)?;
        if failures >= state.settings.sign_in_attempts {
            tracing::warn!(%username, failures, "sign-in throttled");
            let retry_after_secs = state.settings.sign_in_window.as_secs();
            return Err(reject(AppError::TooManyAttempts { retry_after_secs }));
        }

        let credentials = state.storage.find_credentials(&username).await.map_err(storage_fault)?;
        let stored_hash = credentials.as_ref().map(|c| c.password_hash.clone());
        let matches = passwords::verify(password, stored_hash).await.map_err(hash_fault)?;
        let Some(credentials) = credentials.filter(|_| matches) else {
            state.storage.record_failed_sign_in(&username, now).await.map_err(storage_fault)?;
            return Err(reject(AppError::WrongCredentials));
        };

        state.storage.clear_failed_sign_ins(&username).await.map_err(storage_fault)?;
        // A new session id at every sign-in: a session planted before sign-in
        // (fixation) is dropped, never promoted.
        end_current_session(&state).await?;
        start_session(&state, credentials.user_id).await
    }

    pub async fn sign_out() -> Result<(), AppError> {
        let state = AppState::current();
        end_current_session(&state).await?;
        session::send_cookie(session::clear_cookie(&state.settings));
        leptos_axum::redirect("/signin");
        Ok(())
    }

    pub async fn current_account() -> Result<Option<Account>, AppError> {
        let user = session::current_user().await.map_err(storage_fault)?;
        Ok(user.map(|user| Account { username: user.username.to_string() }))
    }

    async fn start_session(state: &AppState, user_id: UserId) -> Result<(), AppError> {
        let token = SessionToken::generate();
        let now = Utc::now();
        let ttl = Duration::from_std(state.settings.session_ttl).unwrap_or(Duration::days(30));
        state
            .storage
            .create_session(&token.hash(), user_id, now, now + ttl)
            .await
            .map_err(storage_fault)?;
        session::send_cookie(token.set_cookie(&state.settings));
        leptos_axum::redirect("/");
        Ok(())
    }

    async fn end_current_session(state: &AppState) -> Result<(), AppError> {
        let headers = leptos::prelude::use_context::<http::request::Parts>().map(|parts| parts.headers);
        if let Some(token) = headers.as_ref().and_then(session::token_from_headers) {
            state.storage.delete_session(&token.hash()).await.map_err(storage_fault)?;
        }
        Ok(())
    }
}
