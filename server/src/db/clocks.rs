//! A task's change clocks as both backends store them: one column of
//! milliseconds (the person's clock) per field, `*_changed_at`.

use app::domain::{Clocks, Stamp};
use app::ssr::storage::StorageError;

/// The clocks of a row, given how to read one of its columns.
pub fn from_columns(
    read: impl Fn(&str) -> Result<i64, StorageError>,
) -> Result<Clocks, StorageError> {
    let at = |column: &str| read(column).map(Stamp::from_millis);
    Ok(Clocks {
        title: at("title_changed_at")?,
        notes: at("notes_changed_at")?,
        due: at("due_changed_at")?,
        priority: at("priority_changed_at")?,
        list: at("list_changed_at")?,
        recurrence: at("recurrence_changed_at")?,
        reminder: at("reminder_changed_at")?,
        completion: at("completion_changed_at")?,
        deletion: at("deletion_changed_at")?,
        position: at("position_changed_at")?,
    })
}

/// The clocks' milliseconds in their columns' order in `rows::TASKS`, to bind.
pub fn millis(clocks: &Clocks) -> [i64; 10] {
    [
        clocks.title.millis(),
        clocks.notes.millis(),
        clocks.due.millis(),
        clocks.priority.millis(),
        clocks.list.millis(),
        clocks.recurrence.millis(),
        clocks.reminder.millis(),
        clocks.completion.millis(),
        clocks.deletion.millis(),
        clocks.position.millis(),
    ]
}
