//! Counting what an account holds, for its quotas (app/src/ssr/quotas.rs).
//! Each count reads one index range of the account's rows.

use super::sql::{required, Columns, Sql, Statement};
use app::domain::UserId;
use app::error::Counted;
use app::ssr::storage::StorageError;

pub async fn count(db: &mut impl Sql, user_id: UserId, what: Counted) -> Result<u64, StorageError> {
    let sql = match what {
        Counted::Tasks => {
            "SELECT COUNT(*) AS n FROM tasks WHERE user_id = $1 AND deleted_at IS NULL"
        }
        Counted::Lists => "SELECT COUNT(*) AS n FROM lists WHERE user_id = $1",
        Counted::Steps => {
            "SELECT COUNT(*) AS n FROM steps WHERE user_id = $1 AND deleted_at IS NULL"
        }
        Counted::StoredAnswers => "SELECT COUNT(*) AS n FROM idempotency_keys WHERE user_id = $1",
        // A stretch taken out is kept as an empty value (its clock).
        Counted::Holidays => {
            "SELECT COUNT(*) AS n FROM timetable_entries \
             WHERE user_id = $1 AND entry LIKE 'holiday:%' AND value <> ''"
        }
    };
    let row = db
        .fetch_one(Statement::new(sql).bind(user_id.as_uuid()))
        .await?;
    let n = required(row.int("n")?, "count")?;
    Ok(u64::try_from(n).unwrap_or(0))
}
