//! Idempotency keys (docs/design.md §3): claiming one, recording a
//! request's answer under it, and letting old ones go.
//!
//! A claim is one short transaction on both databases: insert the key if it
//! is new; otherwise read its row (locked where the database locks rows) and
//! decide; a take-over of a dead claim changes the row only while it still
//! holds the token that was read, so two requests cannot both take it.

use super::errors::corrupt;
use super::sql::{required, Columns, Driver, Sql, Statement, Transaction, Value};
use app::domain::{IdempotencyKey, UserId};
use app::ssr::idempotency::{ClaimOutcome, KeyClaim, StoredResponse};
use app::ssr::storage::StorageError;
use chrono::{DateTime, Utc};
use uuid::Uuid;

/// What a key's existing row means for a new claim.
#[derive(Debug, PartialEq, Eq)]
enum Decision {
    Answer(ClaimOutcome),
    /// The request holding the claim died (its lease ran out): take it
    /// over from the claim with this token.
    TakeOver {
        from: Uuid,
    },
}

/// The rule, apart from any database: another request's key is refused; a
/// completed one answers with what it stored; a live claim makes the caller
/// wait; a dead one is taken over.
fn decide(row: &KeyRow, claim: &KeyClaim) -> Decision {
    if row.fingerprint != claim.fingerprint {
        Decision::Answer(ClaimOutcome::Mismatch)
    } else if let Some(answer) = &row.answer {
        Decision::Answer(ClaimOutcome::Completed(answer.clone()))
    } else if row.locked_until > claim.now {
        Decision::Answer(ClaimOutcome::InProgress {
            locked_until: row.locked_until,
        })
    } else {
        Decision::TakeOver {
            from: row.claim_token,
        }
    }
}

/// A key's row as the claim reads it.
struct KeyRow {
    fingerprint: Vec<u8>,
    claim_token: Uuid,
    locked_until: DateTime<Utc>,
    /// Set once the request completed.
    answer: Option<StoredResponse>,
}

impl KeyRow {
    fn read(row: &impl Columns) -> Result<Self, StorageError> {
        let answer = match row.time("completed_at")? {
            None => None,
            Some(_) => Some(StoredResponse {
                status: u16::try_from(required(row.small_int("response_status")?, "status")?)
                    .map_err(|e| corrupt("response status", e))?,
                headers: StoredResponse::parse_headers(
                    &row.text("response_headers")?.unwrap_or_default(),
                ),
                body: row.bytes("response_body")?.unwrap_or_default(),
            }),
        };
        Ok(Self {
            fingerprint: required(row.bytes("fingerprint")?, "fingerprint")?,
            claim_token: required(row.uuid("claim_token")?, "claim_token")?,
            locked_until: required(row.time("locked_until")?, "locked_until")?,
            answer,
        })
    }
}

/// Claims a key for a request, in its own short transaction.
pub async fn claim<D: Driver>(driver: &D, claim: &KeyClaim) -> Result<ClaimOutcome, StorageError> {
    let mut tx = driver.begin().await?;
    let outcome = claim_in(&mut tx, claim, D::LOCK_ROW).await;
    match outcome {
        Ok(outcome) => {
            tx.commit().await?;
            Ok(outcome)
        }
        Err(error) => {
            tx.rollback().await?;
            Err(error)
        }
    }
}

async fn claim_in(
    tx: &mut impl Sql,
    claim: &KeyClaim,
    lock: &str,
) -> Result<ClaimOutcome, StorageError> {
    let inserted = tx
        .execute(
            Statement::new(
                "INSERT INTO idempotency_keys \
                 (user_id, idempotency_key, fingerprint, claim_token, locked_until, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, idempotency_key) DO NOTHING",
            )
            .bind(claim.user_id.as_uuid())
            .bind(claim.key.as_str())
            .bind(claim.fingerprint.as_slice())
            .bind(claim.token)
            .bind(claim.lease_until)
            .bind(claim.now),
        )
        .await?;
    if inserted == 1 {
        return Ok(ClaimOutcome::Acquired);
    }
    let row = tx
        .fetch_one(
            Statement::new(format!(
                "SELECT fingerprint, claim_token, locked_until, response_status, \
                 response_headers, response_body, completed_at FROM idempotency_keys \
                 WHERE user_id = $1 AND idempotency_key = $2 {lock}"
            ))
            .bind(claim.user_id.as_uuid())
            .bind(claim.key.as_str()),
        )
        .await?;
    let from = match decide(&KeyRow::read(&row)?, claim) {
        Decision::Answer(outcome) => return Ok(outcome),
        Decision::TakeOver { from } => from,
    };
    let taken = tx
        .execute(
            Statement::new(
                "UPDATE idempotency_keys SET claim_token = $1, locked_until = $2 \
                 WHERE user_id = $3 AND idempotency_key = $4 AND claim_token = $5 \
                 AND completed_at IS NULL",
            )
            .bind(claim.token)
            .bind(claim.lease_until)
            .bind(claim.user_id.as_uuid())
            .bind(claim.key.as_str())
            .bind(from),
        )
        .await?;
    Ok(if taken == 1 {
        ClaimOutcome::Acquired
    } else {
        // Another request took it over first: it holds the claim now.
        ClaimOutcome::InProgress {
            locked_until: claim.lease_until,
        }
    })
}

/// Records the key with the work's answer as a completed request, in the
/// work's transaction; `false` when the key already has a row. The request's
/// own clock (`claim.now`) dates it, as it dates the claim.
pub async fn record(
    tx: &mut impl Sql,
    claim: &KeyClaim,
    response: &StoredResponse,
) -> Result<bool, StorageError> {
    let recorded = tx
        .execute(
            Statement::new(
                "INSERT INTO idempotency_keys \
                 (user_id, idempotency_key, fingerprint, claim_token, locked_until, \
                 response_status, response_headers, response_body, created_at, completed_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
                 ON CONFLICT (user_id, idempotency_key) DO NOTHING",
            )
            .bind(claim.user_id.as_uuid())
            .bind(claim.key.as_str())
            .bind(claim.fingerprint.as_slice())
            .bind(claim.token)
            .bind(claim.lease_until)
            .bind(status(response)?)
            .bind(response.headers_text().as_str())
            .bind(response.body.as_slice())
            .bind(claim.now)
            .bind(claim.now),
        )
        .await?;
    Ok(recorded == 1)
}

/// Records the answer under a claimed key; `false` when the claim is no
/// longer ours.
pub async fn complete(
    tx: &mut impl Sql,
    user_id: UserId,
    key: &IdempotencyKey,
    token: Uuid,
    response: &StoredResponse,
    now: DateTime<Utc>,
) -> Result<bool, StorageError> {
    let completed = tx
        .execute(
            Statement::new(
                "UPDATE idempotency_keys SET response_status = $1, response_headers = $2, \
                 response_body = $3, completed_at = $4 WHERE user_id = $5 \
                 AND idempotency_key = $6 AND claim_token = $7 AND completed_at IS NULL",
            )
            .bind(status(response)?)
            .bind(response.headers_text().as_str())
            .bind(response.body.as_slice())
            .bind(now)
            .bind(user_id.as_uuid())
            .bind(key.as_str())
            .bind(token),
        )
        .await?;
    Ok(completed == 1)
}

/// Gives up a claim whose work failed, so a retry can run at once.
pub async fn release(
    db: &mut impl Sql,
    user_id: UserId,
    key: &IdempotencyKey,
    token: Uuid,
) -> Result<(), StorageError> {
    db.execute(
        Statement::new(
            "DELETE FROM idempotency_keys WHERE user_id = $1 AND idempotency_key = $2 \
             AND claim_token = $3 AND completed_at IS NULL",
        )
        .bind(user_id.as_uuid())
        .bind(key.as_str())
        .bind(token),
    )
    .await?;
    Ok(())
}

/// Deletes up to `batch` keys created before `before`.
pub async fn delete_created_before<D: Driver>(
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

#[cfg(test)]
mod tests {
    use super::{decide, Decision, KeyRow};
    use app::domain::{IdempotencyKey, UserId};
    use app::ssr::idempotency::{ClaimOutcome, KeyClaim, StoredResponse};
    use chrono::{DateTime, TimeZone, Utc};
    use uuid::Uuid;

    fn at(minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 4, 10, minute, 0).unwrap()
    }

    fn claim(fingerprint: &[u8], minute: u32) -> KeyClaim {
        KeyClaim {
            user_id: UserId::from_uuid(Uuid::nil()),
            key: IdempotencyKey::parse("k1").unwrap(),
            fingerprint: fingerprint.to_vec(),
            token: Uuid::new_v4(),
            now: at(minute),
            lease_until: at(minute + 1),
        }
    }

    fn row(fingerprint: &[u8], locked_until: u32, answer: Option<&str>) -> KeyRow {
        KeyRow {
            fingerprint: fingerprint.to_vec(),
            claim_token: Uuid::nil(),
            locked_until: at(locked_until),
            answer: answer.map(|body| StoredResponse {
                status: 200,
                headers: vec![],
                body: body.as_bytes().to_vec(),
            }),
        }
    }

    #[test]
    fn another_requests_key_is_a_mismatch_even_when_completed() {
        assert_eq!(
            decide(&row(b"a", 20, Some("{}")), &claim(b"b", 10)),
            Decision::Answer(ClaimOutcome::Mismatch)
        );
    }

    #[test]
    fn a_completed_key_answers_with_what_it_stored_whatever_its_lease() {
        let Decision::Answer(ClaimOutcome::Completed(answer)) =
            decide(&row(b"a", 5, Some("{\"id\":1}")), &claim(b"a", 10))
        else {
            panic!("expected the stored answer");
        };
        assert_eq!(answer.body, b"{\"id\":1}");
    }

    #[test]
    fn a_live_claim_is_in_progress_until_its_lease_ends() {
        assert_eq!(
            decide(&row(b"a", 11, None), &claim(b"a", 10)),
            Decision::Answer(ClaimOutcome::InProgress {
                locked_until: at(11)
            })
        );
    }

    #[test]
    fn a_claim_whose_lease_has_ended_is_taken_over_from_its_token() {
        assert_eq!(
            decide(&row(b"a", 10, None), &claim(b"a", 10)),
            Decision::TakeOver { from: Uuid::nil() }
        );
    }
}
