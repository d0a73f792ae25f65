//! Calendar links: one per account, kept as the hash of its token, and the
//! tasks its feed shows.

use super::errors::corrupt;
use super::rows::{task_from_row, TASK_COLUMNS};
use super::sql::{required, Columns, Driver, Sql, Statement};
use super::steps::{self, Which};
use super::storage::SqlStorage;
use app::domain::{Task, TimeZoneName, UserId, Username};
use app::ssr::storage::{CalendarFeeds, FeedOwner, StorageError};
use async_trait::async_trait;
use chrono::{DateTime, Utc};

/// Dated tasks not deleted, open or done since `done_since`: the latest due
/// first, so a cap drops the oldest.
async fn calendar_tasks(
    db: &mut impl Sql,
    user_id: UserId,
    done_since: DateTime<Utc>,
    limit: u32,
) -> Result<Vec<Task>, StorageError> {
    let rows = db
        .fetch_all(
            Statement::new(format!(
                "SELECT {TASK_COLUMNS} FROM tasks WHERE user_id = $1 AND deleted_at IS NULL \
                 AND due_date IS NOT NULL AND (completed_at IS NULL OR completed_at >= $2) \
                 ORDER BY due_date DESC, id LIMIT $3"
            ))
            .bind(user_id.as_uuid())
            .bind(done_since)
            .bind(i64::from(limit)),
        )
        .await?;
    rows.iter().map(task_from_row).collect()
}

/// Turns the account's link off (its password changed, or the person
/// asked): its token finds nothing from this statement's commit on.
pub(super) async fn delete_feed(db: &mut impl Sql, user_id: UserId) -> Result<(), StorageError> {
    db.execute(
        Statement::new("DELETE FROM calendar_feeds WHERE user_id = $1").bind(user_id.as_uuid()),
    )
    .await?;
    Ok(())
}

#[async_trait]
impl<D: Driver> CalendarFeeds for SqlStorage<D> {
    async fn set_calendar_feed(
        &self,
        user_id: UserId,
        token_hash: &[u8],
        now: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        // One row per account: a new link takes the old one's place, so the old
        // token finds nothing from this statement's commit on.
        let db = &mut self.driver.pool();
        db.execute(
            Statement::new(
                "INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, \
             created_at = excluded.created_at",
            )
            .bind(user_id.as_uuid())
            .bind(token_hash)
            .bind(now),
        )
        .await?;
        Ok(())
    }

    async fn calendar_feed_since(
        &self,
        user_id: UserId,
    ) -> Result<Option<DateTime<Utc>>, StorageError> {
        let db = &mut self.driver.pool();
        let row = db
            .fetch_optional(
                Statement::new("SELECT created_at FROM calendar_feeds WHERE user_id = $1")
                    .bind(user_id.as_uuid()),
            )
            .await?;
        row.map(|row| required(row.time("created_at")?, "created_at"))
            .transpose()
    }

    async fn delete_calendar_feed(&self, user_id: UserId) -> Result<(), StorageError> {
        delete_feed(&mut self.driver.pool(), user_id).await
    }

    async fn find_calendar_feed(
        &self,
        token_hash: &[u8],
    ) -> Result<Option<FeedOwner>, StorageError> {
        // The account a link leads to: found by the token's hash alone, as a
        // session is (a calendar app sends no cookie).
        let db = &mut self.driver.pool();
        let row = db
            .fetch_optional(
                Statement::new(
                    "SELECT users.id, users.username, users.time_zone FROM calendar_feeds \
                 JOIN users ON users.id = calendar_feeds.user_id \
                 WHERE calendar_feeds.token_hash = $1",
                )
                .bind(token_hash),
            )
            .await?;
        row.map(|row| {
            let name = required(row.text("username")?, "username")?;
            let zone = required(row.text("time_zone")?, "time_zone")?;
            Ok(FeedOwner {
                user_id: UserId::from_uuid(required(row.uuid("id")?, "id")?),
                username: Username::parse(&name).map_err(|e| corrupt("username", e))?,
                time_zone: TimeZoneName::parse(&zone).map_err(|e| corrupt("time zone", e))?,
            })
        })
        .transpose()
    }

    async fn calendar_tasks(
        &self,
        user_id: UserId,
        done_since: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Task>, StorageError> {
        let mut db = self.driver.pool();
        let tasks = calendar_tasks(&mut db, user_id, done_since, limit).await?;
        steps::attach::<D>(&mut db, user_id, tasks, Which::Live).await
    }
}
