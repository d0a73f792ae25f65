//! Mapping database errors onto the storage contract's errors.

use app::ssr::storage::StorageError;

pub fn storage_error(error: sqlx::Error) -> StorageError {
    match &error {
        sqlx::Error::RowNotFound => StorageError::NotFound,
        sqlx::Error::Database(db) if db.is_unique_violation() => StorageError::Conflict,
        _ => StorageError::Backend(Box::new(error)),
    }
}

/// Data in the database that the code cannot read back (a corrupt row).
pub fn corrupt(what: &str, detail: impl std::fmt::Display) -> StorageError {
    StorageError::Backend(format!("unreadable {what} in the database: {detail}").into())
}
