//! Where server functions meet HTTP: errors become statuses, faults are
//! logged (with their cause) and answered without it.

use crate::error::AppError;
use crate::ssr::passwords::HashError;
use crate::ssr::storage::StorageError;
use http::StatusCode;
use leptos::prelude::use_context;
use leptos_axum::ResponseOptions;

/// Sets the response status for `error` and returns it, for `?`-style use.
pub fn reject(error: AppError) -> AppError {
    if let Some(response) = use_context::<ResponseOptions>() {
        let status = StatusCode::from_u16(error.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        response.set_status(status);
        if let AppError::TooManyAttempts { retry_after_secs } = &error {
            response.insert_header(http::header::RETRY_AFTER, (*retry_after_secs).into());
        }
    }
    error
}

/// A storage fault: logged with its cause, reported as `Internal`.
pub fn storage_fault(error: StorageError) -> AppError {
    tracing::error!(%error, "storage failed");
    reject(AppError::Internal)
}

pub fn hash_fault(error: HashError) -> AppError {
    tracing::error!(%error, "password hashing failed");
    reject(AppError::Internal)
}

/// Registers every server function by type. Inventory registration alone can
/// be dropped by the linker when the app crate is only a dependency (as in the
/// server's tests); registering explicitly makes the endpoints certain.
pub fn register_server_functions() {
    use server_fn::axum::register_explicit;
    register_explicit::<super::SignUp>();
    register_explicit::<super::SignIn>();
    register_explicit::<super::SignOut>();
    register_explicit::<super::CurrentAccount>();
    register_explicit::<super::AddTask>();
    register_explicit::<super::ListTasks>();
}

/// The signed-in account of this request, or `401 Unauthorized`.
pub async fn require_user() -> Result<crate::ssr::storage::SessionUser, AppError> {
    match crate::ssr::session::current_user().await {
        Ok(Some(user)) => Ok(user),
        Ok(None) => Err(reject(AppError::Unauthorized)),
        Err(error) => Err(storage_fault(error)),
    }
}
