//! Filling the key table fast, with SQL of the benchmark's own: completed
//! keys in the order they would arrive (the oldest first, from one account
//! after another, each a random UUID as the worker mints them), aged
//! evenly up to now, each with the same real answer. One statement per
//! million keys, each its own transaction.

use chrono::{DateTime, Utc};
use server::db::DatabaseUrl;
use sqlx::{ConnectOptions, Connection};
use std::str::FromStr;

/// About a week of changes for a student who makes some thirty a day.
pub const KEYS_PER_ACCOUNT: u64 = 200;
const PER_STATEMENT: u64 = 1_000_000;

/// `keys` keys created evenly from `oldest` to `newest`, answered `body`.
pub struct Fill<'a> {
    pub keys: u64,
    pub oldest: DateTime<Utc>,
    pub newest: DateTime<Utc>,
    pub body: &'a [u8],
}

impl Fill<'_> {
    fn accounts(&self) -> u64 {
        self.keys.div_ceil(KEYS_PER_ACCOUNT)
    }

    /// Milliseconds between two keys.
    fn step_ms(&self) -> f64 {
        (self.newest - self.oldest).num_milliseconds() as f64 / self.keys as f64
    }

    fn batches(&self) -> impl Iterator<Item = (i64, i64)> + '_ {
        (0..self.keys)
            .step_by(PER_STATEMENT as usize)
            .map(|from| (from as i64, (from + PER_STATEMENT).min(self.keys) as i64))
    }
}

pub async fn fill(url: &DatabaseUrl, fill: &Fill<'_>) {
    match url {
        DatabaseUrl::Sqlite(url) => sqlite(url, fill).await,
        DatabaseUrl::Postgres(url) => postgres(url, fill).await,
    }
}

/// An account's id from its number, the same on both backends.
const SQLITE_ACCOUNT: &str = "printf('00000000-0000-4000-8000-%012d', ?)";

async fn sqlite(url: &str, fill: &Fill<'_>) {
    let mut db = sqlx::sqlite::SqliteConnectOptions::from_str(url)
        .unwrap()
        // The fill's own connection: no fsync, a large cache. The server's
        // settings are untouched.
        .pragma("synchronous", "OFF")
        .pragma("cache_size", "-1000000")
        .connect()
        .await
        .unwrap();
    let accounts = format!(
        "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < $1) \
         INSERT INTO users (id, username, password_hash, created_at) \
         SELECT {}, 'bench' || i, '-', 0 FROM n",
        SQLITE_ACCOUNT.replace('?', "i")
    );
    sqlx::query(&accounts)
        .bind(fill.accounts() as i64)
        .execute(&mut db)
        .await
        .unwrap();
    // Parameters are numbered in the order they first appear, as SQLite
    // counts them.
    let keys = format!(
        "WITH RECURSIVE n(i) AS (SELECT $1 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < $2) \
         INSERT INTO idempotency_keys (user_id, idempotency_key, fingerprint, claim_token, \
         locked_until, response_status, response_headers, response_body, created_at, completed_at) \
         SELECT {}, {}, randomblob(32), {}, t + 15000, 200, \
         'content-type: application/json' || char(10), $4, t, t \
         FROM (SELECT i, lower(hex(randomblob(16))) AS k, lower(hex(randomblob(16))) AS c, \
         $5 + CAST(i * $6 AS INTEGER) AS t FROM n)",
        SQLITE_ACCOUNT.replace('?', "i % $3"),
        dashed("k"),
        dashed("c"),
    );
    for (from, to) in fill.batches() {
        sqlx::query(&keys)
            .bind(from)
            .bind(to)
            .bind(fill.accounts() as i64)
            .bind(fill.body)
            .bind(fill.oldest.timestamp_millis())
            .bind(fill.step_ms())
            .execute(&mut db)
            .await
            .unwrap();
    }
}

/// 32 hex digits as a UUID's text.
fn dashed(hex: &str) -> String {
    [(1, 8), (9, 4), (13, 4), (17, 4), (21, 12)]
        .map(|(from, length)| format!("substr({hex}, {from}, {length})"))
        .join(" || '-' || ")
}

const POSTGRES_ACCOUNT: &str = "('00000000-0000-4000-8000-' || lpad((?)::text, 12, '0'))::uuid";

async fn postgres(url: &str, fill: &Fill<'_>) {
    let mut db = sqlx::PgConnection::connect(url).await.unwrap();
    let accounts = format!(
        "INSERT INTO users (id, username, password_hash, created_at) \
         SELECT {}, 'bench' || n, '-', now() FROM generate_series(0, $1 - 1) AS n",
        POSTGRES_ACCOUNT.replace('?', "n")
    );
    sqlx::query(&accounts)
        .bind(fill.accounts() as i64)
        .execute(&mut db)
        .await
        .unwrap();
    let keys = format!(
        "INSERT INTO idempotency_keys (user_id, idempotency_key, fingerprint, claim_token, \
         locked_until, response_status, response_headers, response_body, created_at, completed_at) \
         SELECT {}, gen_random_uuid()::text, sha256(n::text::bytea), gen_random_uuid(), \
         t + interval '15 seconds', 200, 'content-type: application/json' || chr(10), $4, t, t \
         FROM generate_series($1, $2 - 1) AS n, \
         LATERAL (SELECT $5::timestamptz + n * $6::float8 * interval '1 millisecond' AS t) AS at",
        POSTGRES_ACCOUNT.replace('?', "n % $3")
    );
    for (from, to) in fill.batches() {
        sqlx::query(&keys)
            .bind(from)
            .bind(to)
            .bind(fill.accounts() as i64)
            .bind(fill.body)
            .bind(fill.oldest)
            .bind(fill.step_ms())
            .execute(&mut db)
            .await
            .unwrap();
    }
    // What autovacuum would have done by now on a live server (it is off
    // on some test servers): statistics for the planner, the visibility map.
    sqlx::query("VACUUM ANALYZE idempotency_keys")
        .execute(&mut db)
        .await
        .unwrap();
}
