//! The key table's size on disk, its rows and its indexes, with SQL of the
//! benchmark's own.

use server::db::DatabaseUrl;
use sqlx::{ConnectOptions, Connection, Row};
use std::str::FromStr;

pub struct Size {
    /// The rows (PostgreSQL: with their TOAST).
    pub rows: u64,
    pub indexes: u64,
}

impl Size {
    pub fn total(&self) -> u64 {
        self.rows + self.indexes
    }
}

pub async fn key_table(url: &DatabaseUrl) -> Size {
    let (rows, indexes): (i64, i64) = match url {
        DatabaseUrl::Sqlite(url) => {
            let mut db = sqlx::sqlite::SqliteConnectOptions::from_str(url)
                .unwrap()
                .connect()
                .await
                .unwrap();
            // dbstat: every page of the table's b-tree and of its indexes'
            // (compiled into the SQLite that sqlx bundles).
            let sizes = sqlx::query(
                "SELECT SUM(CASE WHEN name = 'idempotency_keys' THEN pgsize ELSE 0 END), \
                 SUM(CASE WHEN name = 'idempotency_keys' THEN 0 ELSE pgsize END) FROM dbstat \
                 WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name = 'idempotency_keys')",
            )
            .fetch_one(&mut db)
            .await
            .unwrap();
            (sizes.get(0), sizes.get(1))
        }
        DatabaseUrl::Postgres(url) => {
            let mut db = sqlx::PgConnection::connect(url).await.unwrap();
            let sizes = sqlx::query(
                "SELECT pg_total_relation_size('idempotency_keys') \
                 - pg_indexes_size('idempotency_keys'), pg_indexes_size('idempotency_keys')",
            )
            .fetch_one(&mut db)
            .await
            .unwrap();
            (sizes.get(0), sizes.get(1))
        }
    };
    Size {
        rows: rows as u64,
        indexes: indexes as u64,
    }
}
