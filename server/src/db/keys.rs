//! Idempotency keys (docs/design.md §3): recording a request's answer
//! under its key, in the request's own transaction, reading a key's row
//! back, and letting old ones go.
//!
//! `claim_token` and `locked_until` are what is left of the claims an
//! earlier version took before its work: a row is now written whole, so
//! they get fixed values (the nil token, the row's own time) until a
//! later migration drops them, once no instance of that version can still
//! be running (a rolling deploy).

use super::errors::corrupt;
use super::sql::{required, Columns, Driver, Sql, Statement, Value};
use super::storage::{SqlStorage, SqlWork};
use app::domain::{IdempotencyKey, UserId};
use app::ssr::idempotency::{KeptKey, KeyRecord, StoredResponse};
use app::ssr::storage::{KeyReads, KeyRows, StorageError};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

fn kept_key(row: &impl Columns) -> Result<KeptKey, StorageError> {
    let status = required(row.small_int("response_status")?, "status")?;
    Ok(KeptKey {
        fingerprint: required(row.bytes("fingerprint")?, "fingerprint")?,
        answer: StoredResponse {
            status: u16::try_from(status).map_err(|e| corrupt("response status", e))?,
            headers: StoredResponse::parse_headers(
                &row.text("response_headers")?.unwrap_or_default(),
            ),
            body: row.bytes("response_body")?.unwrap_or_default(),
        },
    })
}

/// Deletes up to `batch` keys created before `before`.
async fn delete_created_before<D: Driver>(
    driver: &D,
    before: DateTime<Utc>,
    batch: u32,
) -> Result<u64, StorageError> {
    driver
        .pool()
        .execute(
            Statement::new(D::DELETE_OLD_KEYS)
                .bind(before)
                .bind(i64::from(batch)),
        )
        .await
}

fn status(response: &StoredResponse) -> Result<Value, StorageError> {
    i16::try_from(response.status)
        .map(Value::SmallInt)
        .map_err(|e| corrupt("response status", e))
}

#[async_trait]
impl<D: Driver> KeyReads for SqlStorage<D> {
    async fn find_key(
        &self,
        user_id: UserId,
        key: &IdempotencyKey,
    ) -> Result<Option<KeptKey>, StorageError> {
        // A key's row with its answer (a row an earlier version's claim left
        // without one reads as none: the next record writes over it).
        let db = &mut self.driver.pool();
        let row = db
            .fetch_optional(
                Statement::new(
                    "SELECT fingerprint, response_status, response_headers, response_body \
                 FROM idempotency_keys WHERE user_id = $1 AND idempotency_key = $2 \
                 AND completed_at IS NOT NULL",
                )
                .bind(user_id.as_uuid())
                .bind(key.as_str()),
            )
            .await?;
        row.as_ref().map(kept_key).transpose()
    }

    async fn delete_keys_created_before(
        &self,
        before: DateTime<Utc>,
        batch: u32,
    ) -> Result<u64, StorageError> {
        delete_created_before(&self.driver, before, batch).await
    }
}

#[async_trait]
impl<D: Driver> KeyRows for SqlWork<D> {
    async fn record_key(
        &mut self,
        record: &KeyRecord,
        response: &StoredResponse,
    ) -> Result<bool, StorageError> {
        // Records the key with the work's answer, in the work's transaction;
        // `false` when the key already has a row with an answer. The request's
        // own clock (`record.now`) dates it. A row without one (an earlier
        // version's claim whose request never answered) is this request's to
        // write: nothing else ever will.
        let tx = &mut self.tx;
        let recorded = tx
            .execute(
                Statement::new(
                    "INSERT INTO idempotency_keys \
                 (user_id, idempotency_key, fingerprint, claim_token, locked_until, \
                 response_status, response_headers, response_body, created_at, completed_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
                 ON CONFLICT (user_id, idempotency_key) DO UPDATE SET \
                 fingerprint = excluded.fingerprint, claim_token = excluded.claim_token, \
                 locked_until = excluded.locked_until, \
                 response_status = excluded.response_status, \
                 response_headers = excluded.response_headers, \
                 response_body = excluded.response_body, \
                 created_at = excluded.created_at, completed_at = excluded.completed_at \
                 WHERE idempotency_keys.completed_at IS NULL",
                )
                .bind(record.user_id.as_uuid())
                .bind(record.key.as_str())
                .bind(record.fingerprint.as_slice())
                .bind(Uuid::nil())
                .bind(record.now)
                .bind(status(response)?)
                .bind(response.headers_text().as_str())
                .bind(response.body.as_slice())
                .bind(record.now)
                .bind(record.now),
            )
            .await?;
        Ok(recorded == 1)
    }
}
