//! Finding a person's tasks by words (`SearchQuery`), and filling in the
//! search text of tasks stored before search existed.

use super::rows::{task_from_row, TASK_COLUMNS};
use super::sql::{required, Columns, Driver, Sql, Statement};
use app::domain::{search_text, SearchQuery, Task, UserId};
use app::ssr::storage::StorageError;

/// Up to `limit` of the user's tasks that are not deleted (and not done,
/// unless `done` too), the open ones first, by due date, then the most
/// recently changed.
pub async fn search_tasks<D: Driver>(
    db: &mut impl Sql,
    user_id: UserId,
    query: &SearchQuery,
    done: bool,
    limit: u32,
) -> Result<Vec<Task>, StorageError> {
    let open = if done { "" } else { "AND completed_at IS NULL" };
    let rows = db
        .fetch_all(
            Statement::new(format!(
                "SELECT {TASK_COLUMNS} FROM tasks WHERE tasks.user_id = $1 AND deleted_at IS NULL \
                 {open} AND {} ORDER BY completed_at IS NOT NULL, due_date IS NULL, due_date, \
                 updated_at DESC, id LIMIT {limit}",
                D::SEARCH_MATCH
            ))
            .bind(user_id.as_uuid())
            .bind(D::search_terms(query).as_str()),
        )
        .await?;
    rows.iter().map(task_from_row).collect()
}

/// How many tasks one statement fills in at start-up.
const FILL_BATCH: i64 = 500;

/// Gives every task without a search text its own (tasks stored before
/// migration 0009); how many it filled. Run once at start-up: a few
/// seconds for a million tasks, and nothing after the first time.
pub async fn fill_search_text(db: &mut impl Sql) -> Result<u64, StorageError> {
    let mut filled = 0;
    loop {
        let rows = db
            .fetch_all(
                Statement::new(
                    "SELECT id, user_id, title, notes FROM tasks WHERE search_text IS NULL \
                     LIMIT $1",
                )
                .bind(FILL_BATCH),
            )
            .await?;
        if rows.is_empty() {
            return Ok(filled);
        }
        let batch = rows
            .iter()
            .map(|row| {
                let text = search_text(
                    &required(row.text("title")?, "title")?,
                    &required(row.text("notes")?, "notes")?,
                );
                let id = required(row.uuid("id")?, "id")?;
                Ok((text, id, required(row.uuid("user_id")?, "user_id")?))
            })
            .collect::<Result<Vec<_>, StorageError>>()?;
        drop(rows);
        for (text, id, owner) in batch {
            filled += db
                .execute(
                    Statement::new(
                        "UPDATE tasks SET search_text = $1 WHERE id = $2 AND user_id = $3",
                    )
                    .bind(text.as_str())
                    .bind(id)
                    .bind(owner),
                )
                .await?;
        }
    }
}
