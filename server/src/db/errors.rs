//! Mapping database errors onto the storage contract's errors.

use app::ssr::storage::StorageError;

pub fn storage_error(error: sqlx::Error) -> StorageError {
    match &error {
        sqlx::Error::RowNotFound => StorageError::NotFound,
        sqlx::Error::Database(db) if db.is_unique_violation() => StorageError::Conflict,
        _ if is_unavailable(&error) => StorageError::Unavailable(Box::new(error)),
        _ => StorageError::Backend(Box::new(error)),
    }
}

/// Whether the database is only unavailable for now, so a retry can
/// succeed: the connection or the pool failed, PostgreSQL is restarting or
/// ended the session, or SQLite's file is busy or locked.
fn is_unavailable(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Io(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(db) => db.code().is_some_and(|code| unavailable_code(&code)),
        _ => false,
    }
}

/// PostgreSQL's SQLSTATEs for a lost or refused connection, and SQLite's
/// (extended) result codes for a busy or locked database.
fn unavailable_code(code: &str) -> bool {
    const POSTGRES: [&str; 5] = [
        "57P01", // admin_shutdown: the session was terminated
        "57P02", // crash_shutdown
        "57P03", // cannot_connect_now: starting up or shutting down
        "53300", // too_many_connections
        "55000", // object_not_in_prerequisite_state: not accepting connections
    ];
    if code.starts_with("08") || POSTGRES.contains(&code) {
        return true;
    }
    // SQLite: the primary result code is the low byte (5 BUSY, 6 LOCKED).
    code.parse::<u32>()
        .is_ok_and(|sqlite| matches!(sqlite & 0xff, 5 | 6))
}

/// Data in the database that the code cannot read back (a corrupt row).
pub fn corrupt(what: &str, detail: impl std::fmt::Display) -> StorageError {
    StorageError::Backend(format!("unreadable {what} in the database: {detail}").into())
}

#[cfg(test)]
mod tests {
    use super::{storage_error, unavailable_code};
    use app::ssr::storage::StorageError;

    #[test]
    fn a_lost_connection_or_a_full_pool_is_unavailable_not_a_fault() {
        let io = std::io::Error::new(std::io::ErrorKind::ConnectionReset, "reset");
        for error in [sqlx::Error::Io(io), sqlx::Error::PoolTimedOut] {
            assert!(matches!(storage_error(error), StorageError::Unavailable(_)));
        }
        assert!(matches!(
            storage_error(sqlx::Error::ColumnNotFound("x".into())),
            StorageError::Backend(_)
        ));
    }

    #[test]
    fn terminated_sessions_and_busy_files_are_unavailable_other_codes_are_not() {
        for code in ["57P01", "08006", "57P03", "55000", "5", "517", "6"] {
            assert!(unavailable_code(code), "{code}");
        }
        for code in ["23505", "42P01", "19", "2067", "1"] {
            assert!(!unavailable_code(code), "{code}");
        }
    }
}
