//! The planner's views: which tasks each view shows (the rules of
//! `View::shows`, in SQL), and how many open tasks each counts.

use super::nav;
use super::rows::{list_from_row, task_from_row, TASK_COLUMNS};
use super::sql::{required, Columns, Sql, Statement, Value};
use app::domain::{Task, UserId};
use app::ssr::storage::{StorageError, COMPLETED_SHOWN};
use app::views::{Day, Nav, View};
use chrono::NaiveDate;

const OPEN: &str = "user_id = $1 AND deleted_at IS NULL AND completed_at IS NULL";
/// Earliest first; a day's timed tasks before its untimed ones.
const DUE_ORDER: &str = "due_date, due_time IS NULL, due_time, priority, position, created_at, id";
const BY_POSITION: &str = "ORDER BY position, created_at, id";

pub async fn view_tasks(
    db: &mut impl Sql,
    user_id: UserId,
    view: View,
    today: Day,
) -> Result<Vec<Task>, StorageError> {
    let sql = match view {
        // Open and due by today, then done since the person's midnight.
        View::Today => format!(
            "SELECT {TASK_COLUMNS} FROM tasks WHERE user_id = $1 AND deleted_at IS NULL \
             AND ((completed_at IS NULL AND due_date <= $2) OR completed_at >= $3) \
             ORDER BY completed_at IS NOT NULL, completed_at, {DUE_ORDER}"
        ),
        View::Upcoming => format!(
            "SELECT {TASK_COLUMNS} FROM tasks WHERE {OPEN} AND due_date > $2 ORDER BY {DUE_ORDER}"
        ),
        View::Inbox => format!(
            "SELECT {TASK_COLUMNS} FROM tasks WHERE {OPEN} AND list_id IS NULL {BY_POSITION}"
        ),
        View::List(_) => {
            format!("SELECT {TASK_COLUMNS} FROM tasks WHERE {OPEN} AND list_id = $2 {BY_POSITION}")
        }
        View::Completed => format!(
            "SELECT {TASK_COLUMNS} FROM tasks \
             WHERE user_id = $1 AND deleted_at IS NULL AND completed_at IS NOT NULL \
             ORDER BY completed_at DESC, id LIMIT {COMPLETED_SHOWN}"
        ),
    };
    let statement = Statement::new(sql).bind(user_id.as_uuid());
    let statement = match view {
        View::Today => statement.bind(day(today.date)).bind(today.began),
        View::Upcoming => statement.bind(day(today.date)),
        View::List(id) => statement.bind(id.as_uuid()),
        View::Inbox | View::Completed => statement,
    };
    let rows = db.fetch_all(statement).await?;
    rows.iter().map(task_from_row).collect()
}

pub async fn view_counts(
    db: &mut impl Sql,
    user_id: UserId,
    today: NaiveDate,
) -> Result<Nav, StorageError> {
    let totals = db
        .fetch_one(
            Statement::new(format!(
                "SELECT COUNT(*) FILTER (WHERE due_date <= $2) AS today, \
                 COUNT(*) FILTER (WHERE due_date > $2) AS upcoming, \
                 COUNT(*) FILTER (WHERE list_id IS NULL) AS inbox FROM tasks WHERE {OPEN}"
            ))
            .bind(user_id.as_uuid())
            .bind(day(today)),
        )
        .await?;
    let lists = db
        .fetch_all(
            Statement::new(
                "SELECT l.id, l.name, l.created_at, l.updated_at, l.name_changed_at, COUNT(t.id) AS open \
                 FROM lists l \
                 LEFT JOIN tasks t ON t.list_id = l.id AND t.user_id = l.user_id \
                 AND t.deleted_at IS NULL AND t.completed_at IS NULL \
                 WHERE l.user_id = $1 GROUP BY l.id ORDER BY l.name, l.id",
            )
            .bind(user_id.as_uuid()),
        )
        .await?;
    let lists = lists
        .iter()
        .map(|row| Ok((list_from_row(row)?, count(row, "open")?)))
        .collect::<Result<_, StorageError>>()?;
    Ok(nav::assemble(
        count(&totals, "today")?,
        count(&totals, "upcoming")?,
        count(&totals, "inbox")?,
        lists,
    ))
}

fn day(date: NaiveDate) -> Value {
    Value::Date(Some(date))
}

fn count(row: &impl Columns, column: &str) -> Result<i64, StorageError> {
    required(row.int(column)?, column)
}
