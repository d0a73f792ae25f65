//! Each account's timetable, one row per entry it has set.

use super::errors::corrupt;
use super::sql::{required, Columns, Driver, Sql, Statement};
use super::storage::{SqlStorage, SqlWork};
use app::change::{Entry, KeptEntry, KeptTimetable, TimetableChange};
use app::domain::{Stamp, UserId};
use app::ssr::storage::{StorageError, TimetableReads, TimetableRows};
use async_trait::async_trait;

const COLUMNS: &str = "entry, value, changed_at";

fn entry_from_row(row: &impl Columns) -> Result<KeptEntry, StorageError> {
    let entry = required(row.text("entry")?, "entry")?;
    let value = required(row.text("value")?, "value")?;
    Ok(KeptEntry {
        change: TimetableChange::parse(&entry, &value).map_err(|e| corrupt("timetable", e))?,
        changed: Stamp::from_millis(required(row.int("changed_at")?, "changed_at")?),
    })
}

async fn timetable(db: &mut impl Sql, user_id: UserId) -> Result<KeptTimetable, StorageError> {
    let rows = db
        .fetch_all(
            Statement::new(format!(
                "SELECT {COLUMNS} FROM timetable_entries WHERE user_id = $1 ORDER BY entry"
            ))
            .bind(user_id.as_uuid()),
        )
        .await?;
    let entries = rows.iter().map(entry_from_row).collect::<Result<_, _>>()?;
    Ok(KeptTimetable::new(entries))
}

#[async_trait]
impl<D: Driver> TimetableReads for SqlStorage<D> {
    async fn timetable(&self, user_id: UserId) -> Result<KeptTimetable, StorageError> {
        timetable(&mut self.driver.pool(), user_id).await
    }
}

#[async_trait]
impl<D: Driver> TimetableRows for SqlWork<D> {
    async fn timetable(&mut self, user_id: UserId) -> Result<KeptTimetable, StorageError> {
        timetable(&mut self.tx, user_id).await
    }

    async fn find_timetable_entry(
        &mut self,
        user_id: UserId,
        entry: Entry,
    ) -> Result<Option<KeptEntry>, StorageError> {
        let lock = D::LOCK_ROW;
        let row = self
            .tx
            .fetch_optional(
                Statement::new(format!(
                    "SELECT {COLUMNS} FROM timetable_entries \
                     WHERE user_id = $1 AND entry = $2 {lock}"
                ))
                .bind(user_id.as_uuid())
                .bind(entry.to_string().as_str()),
            )
            .await?;
        row.as_ref().map(entry_from_row).transpose()
    }

    async fn set_timetable_entry(
        &mut self,
        user_id: UserId,
        kept: &KeptEntry,
    ) -> Result<(), StorageError> {
        self.tx
            .execute(
                Statement::new(
                    "INSERT INTO timetable_entries (user_id, entry, value, changed_at) \
                     VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, entry) DO UPDATE \
                     SET value = excluded.value, changed_at = excluded.changed_at \
                     WHERE timetable_entries.changed_at < excluded.changed_at",
                )
                .bind(user_id.as_uuid())
                .bind(kept.change.entry_text().as_str())
                .bind(kept.change.value_text().as_str())
                .bind(kept.changed.millis()),
            )
            .await?;
        Ok(())
    }
}
