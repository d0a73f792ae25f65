//! Guessing a password is slowed down (docs/decisions.md, "Sign-in
//! throttling"): for signing in, and for the old password a password change
//! or an account deletion asks for. A trusted device of the name (one that
//! signed in as it before: `ssr/device.rs`) is slowed only by its own wrong
//! passwords, so a classmate guessing from the school's address never
//! locks the owner's phone out. Any other browser is slowed per name and
//! address, and, looser, per name alone.

use crate::api::edge::Call;
use crate::domain::Username;
use crate::error::AppError;
use chrono::{Duration, Utc};

/// Who is guessing, as their failures are counted.
enum Guesser {
    /// A browser that signed in as the name before: its own failures only.
    Device(String),
    /// Anyone else, by the address the request came from.
    Address(String),
}

impl Guesser {
    fn of(call: &Call, username: &Username) -> Self {
        let state = &call.state;
        match state
            .devices
            .recognise(call.headers(), username, &state.settings)
        {
            Some(device) => Self::Device(device.id().to_owned()),
            None => Self::Address(call.client()),
        }
    }

    /// The key its failures are recorded under (`failed_sign_ins.client`).
    fn key(&self) -> &str {
        match self {
            Self::Device(id) | Self::Address(id) => id,
        }
    }
}

/// Refuses (429) while this guesser has had too many wrong passwords for
/// the name.
pub async fn check(call: &Call, username: &Username) -> Result<(), AppError> {
    let storage = &call.state.storage;
    let settings = &call.state.settings;
    let window = Duration::from_std(settings.sign_in_window).unwrap_or(Duration::minutes(15));
    let since = Utc::now() - window;
    let guesser = Guesser::of(call, username);
    let from_here = storage
        .count_failed_sign_ins(username, Some(guesser.key()), since)
        .await
        .map_err(|e| call.storage_fault(e))?;
    let throttled = match guesser {
        Guesser::Device(_) => from_here >= settings.sign_in_attempts,
        Guesser::Address(_) => {
            let from_anywhere = storage
                .count_failed_sign_ins(username, None, since)
                .await
                .map_err(|e| call.storage_fault(e))?;
            from_here >= settings.sign_in_attempts
                || from_anywhere >= settings.sign_in_attempts_per_name
        }
    };
    if throttled {
        tracing::warn!(%username, guesser = guesser.key(), from_here, "sign-in throttled");
        let retry_after_secs = settings.sign_in_window.as_secs();
        return Err(call.reject(AppError::TooManyAttempts { retry_after_secs }));
    }
    Ok(())
}

/// A wrong password for the name, from this guesser.
pub async fn failed(call: &Call, username: &Username) -> Result<(), AppError> {
    let guesser = Guesser::of(call, username);
    call.state
        .storage
        .record_failed_sign_in(username, guesser.key(), Utc::now())
        .await
        .map_err(|e| call.storage_fault(e))
}

/// The right password: this guesser's failures are forgiven (others' still
/// count), and the browser becomes, or stays, a trusted device of the name.
pub async fn succeeded(call: &Call, username: &Username) -> Result<(), AppError> {
    let guesser = Guesser::of(call, username);
    call.state
        .storage
        .clear_failed_sign_ins(username, guesser.key())
        .await
        .map_err(|e| call.storage_fault(e))?;
    trust_this_device(call, username)
}

/// Hands this browser a device cookie for `username` (at sign-up, and each
/// time it proves the password).
pub fn trust_this_device(call: &Call, username: &Username) -> Result<(), AppError> {
    let state = &call.state;
    call.send_cookie(state.devices.issue(username, &state.settings))
}
