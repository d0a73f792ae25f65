//! Guessing a password is slowed down per name and client address, and,
//! looser, per name alone (docs/decisions.md, "Sign-in throttling"): for
//! signing in, and for the old password a password change asks for.

use crate::api::edge::Call;
use crate::domain::Username;
use crate::error::AppError;
use chrono::{Duration, Utc};

/// Refuses (429) while the name has had too many wrong passwords.
pub async fn check(call: &Call, username: &Username) -> Result<(), AppError> {
    let storage = &call.state.storage;
    let settings = &call.state.settings;
    let window = Duration::from_std(settings.sign_in_window).unwrap_or(Duration::minutes(15));
    let since = Utc::now() - window;
    let client = call.client();
    let from_here = storage
        .count_failed_sign_ins(username, Some(&client), since)
        .await
        .map_err(|e| call.storage_fault(e))?;
    let from_anywhere = storage
        .count_failed_sign_ins(username, None, since)
        .await
        .map_err(|e| call.storage_fault(e))?;
    if from_here >= settings.sign_in_attempts || from_anywhere >= settings.sign_in_attempts_per_name
    {
        tracing::warn!(%username, %client, from_here, from_anywhere, "sign-in throttled");
        let retry_after_secs = settings.sign_in_window.as_secs();
        return Err(call.reject(AppError::TooManyAttempts { retry_after_secs }));
    }
    Ok(())
}

/// A wrong password for the name, from this address.
pub async fn failed(call: &Call, username: &Username) -> Result<(), AppError> {
    call.state
        .storage
        .record_failed_sign_in(username, &call.client(), Utc::now())
        .await
        .map_err(|e| call.storage_fault(e))
}

/// The right password: this address's failures are forgiven; others'
/// still count.
pub async fn succeeded(call: &Call, username: &Username) -> Result<(), AppError> {
    call.state
        .storage
        .clear_failed_sign_ins(username, &call.client())
        .await
        .map_err(|e| call.storage_fault(e))
}
