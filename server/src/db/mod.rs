//! Database backends. The scheme of `DATABASE_URL` picks one; both run
//! their migrations at start-up and implement the app's `Storage` contract
//! through one set of decisions: each aggregate's trait is implemented, SQL
//! and all, in its module (`accounts`, `tasks`, `steps`, `lists`, `feeds`,
//! `keys`; `storage` holds the storage and its unit of work), each driver
//! keeping only its encoding and the few places its SQL differs
//! (`sql::Driver`).

mod accounts;
pub mod backup;
mod clocks;
mod connection;
mod deliveries;
mod errors;
mod feeds;
mod keys;
mod lists;
mod migrations;
mod nav;
mod postgres;
mod push;
mod quotas;
mod reminders;
mod rows;
mod search;
mod server_keys;
mod sql;
mod sqlite;
mod steps;
mod storage;
mod table;
mod tasks;
mod timetable;
#[cfg(test)]
mod user_scope;
mod views;

use postgres::PostgresDriver;
use sqlite::SqliteDriver;
use storage::SqlStorage;

use app::ssr::storage::Storage;
use std::fmt;
use std::sync::Arc;

/// A database URL, kept whole for connecting and shown without its password.
#[derive(Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    Sqlite(String),
    Postgres(String),
}

impl DatabaseUrl {
    pub fn parse(url: &str) -> Result<Self, String> {
        let url = url.trim();
        if url.starts_with("sqlite:") {
            Ok(Self::Sqlite(url.to_owned()))
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Self::Postgres(url.to_owned()))
        } else {
            Err("expected a URL starting with sqlite: or postgres://".into())
        }
    }

    pub fn expose(&self) -> &str {
        match self {
            Self::Sqlite(url) | Self::Postgres(url) => url,
        }
    }
}

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let url = self.expose();
        // scheme://user:password@host → scheme://user:***@host
        let redacted = match (url.find("://"), url.rfind('@')) {
            (Some(scheme_end), Some(at)) if at > scheme_end => {
                let credentials = &url[scheme_end + 3..at];
                match credentials.split_once(':') {
                    Some((user, _)) => {
                        format!("{}{user}:***{}", &url[..scheme_end + 3], &url[at..])
                    }
                    None => url.to_owned(),
                }
            }
            _ => url.to_owned(),
        };
        f.write_str(&redacted)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error("cannot open the database: {0}")]
    Connect(#[from] sqlx::Error),
    #[error("cannot migrate the database: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("cannot bring the database's data up to date: {0}")]
    Fill(#[from] app::ssr::storage::StorageError),
}

/// Connects to the database and brings its schema up to date, its data
/// too (`Storage::fill_search_text`).
pub async fn connect(url: &DatabaseUrl) -> Result<Arc<dyn Storage>, ConnectError> {
    let storage: Arc<dyn Storage> = match url {
        DatabaseUrl::Sqlite(url) => Arc::new(SqlStorage::new(SqliteDriver::connect(url).await?)),
        DatabaseUrl::Postgres(url) => {
            Arc::new(SqlStorage::new(PostgresDriver::connect(url).await?))
        }
    };
    let filled = storage.fill_search_text().await?;
    if filled > 0 {
        tracing::info!(
            filled,
            "gave the tasks stored before search their search text"
        );
    }
    Ok(storage)
}
