//! The planner's views on SQLite: which open tasks each view shows, and
//! how many. Dates are `YYYY-MM-DD` text, so comparing them as text
//! compares the days.

use super::{list_from_row, task_from_row, TASK_COLUMNS};
use crate::db::errors::storage_error;
use crate::db::nav;
use app::domain::{Task, UserId};
use app::ssr::storage::{StorageError, COMPLETED_SHOWN};
use app::views::{Day, Nav, View};
use chrono::NaiveDate;
use sqlx::{Row, SqlitePool};

const OPEN: &str = "user_id = ? AND deleted_at IS NULL AND completed_at IS NULL";
/// Earliest first; a day's timed tasks before its untimed ones.
const DUE_ORDER: &str = "due_date, due_time IS NULL, due_time, priority, position, created_at, id";
const BY_POSITION: &str = "ORDER BY position, created_at, id";

pub async fn view_tasks(
    pool: &SqlitePool,
    user_id: UserId,
    view: View,
    today: Day,
) -> Result<Vec<Task>, StorageError> {
    let sql = match view {
        // Open and due by today, then done since the person's midnight.
        View::Today => format!(
            "SELECT {TASK_COLUMNS} FROM tasks WHERE user_id = ? AND deleted_at IS NULL \
             AND ((completed_at IS NULL AND due_date <= ?) OR completed_at >= ?) \
             ORDER BY completed_at IS NOT NULL, completed_at, {DUE_ORDER}"
        ),
        View::Upcoming => format!(
            "SELECT {TASK_COLUMNS} FROM tasks WHERE {OPEN} AND due_date > ? ORDER BY {DUE_ORDER}"
        ),
        View::Inbox => format!(
            "SELECT {TASK_COLUMNS} FROM tasks WHERE {OPEN} AND list_id IS NULL {BY_POSITION}"
        ),
        View::List(_) => {
            format!("SELECT {TASK_COLUMNS} FROM tasks WHERE {OPEN} AND list_id = ? {BY_POSITION}")
        }
        View::Completed => format!(
            "SELECT {TASK_COLUMNS} FROM tasks \
             WHERE user_id = ? AND deleted_at IS NULL AND completed_at IS NOT NULL \
             ORDER BY completed_at DESC, id LIMIT {COMPLETED_SHOWN}"
        ),
    };
    let query = sqlx::query(&sql).bind(user_id.to_string());
    let query = match view {
        View::Today => query
            .bind(day(today.date))
            .bind(today.began.timestamp_millis()),
        View::Upcoming => query.bind(day(today.date)),
        View::List(id) => query.bind(id.to_string()),
        View::Inbox | View::Completed => query,
    };
    let rows = query.fetch_all(pool).await.map_err(storage_error)?;
    rows.iter().map(task_from_row).collect()
}

pub async fn view_counts(
    pool: &SqlitePool,
    user_id: UserId,
    today: NaiveDate,
) -> Result<Nav, StorageError> {
    let sql = format!(
        "SELECT COALESCE(SUM(due_date <= ?), 0) AS today, COALESCE(SUM(due_date > ?), 0) AS upcoming, \
         COALESCE(SUM(list_id IS NULL), 0) AS inbox FROM tasks WHERE {OPEN}"
    );
    let totals = sqlx::query(&sql)
        .bind(day(today))
        .bind(day(today))
        .bind(user_id.to_string())
        .fetch_one(pool)
        .await
        .map_err(storage_error)?;
    let lists = sqlx::query(
        "SELECT l.id, l.name, l.created_at, l.updated_at, COUNT(t.id) AS open FROM lists l \
         LEFT JOIN tasks t ON t.list_id = l.id AND t.user_id = l.user_id \
         AND t.deleted_at IS NULL AND t.completed_at IS NULL \
         WHERE l.user_id = ? GROUP BY l.id ORDER BY l.name, l.id",
    )
    .bind(user_id.to_string())
    .fetch_all(pool)
    .await
    .map_err(storage_error)?;
    let lists = lists
        .iter()
        .map(|row| Ok((list_from_row(row)?, row.get("open"))))
        .collect::<Result<_, StorageError>>()?;
    Ok(nav::assemble(
        totals.get("today"),
        totals.get("upcoming"),
        totals.get("inbox"),
        lists,
    ))
}

fn day(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}
