//! Tasks and lists as rows: the columns, reading a row back into the
//! domain (where a row that does not parse is corrupt data), and the values
//! a task is written with.

use super::clocks;
use super::errors::corrupt;
use super::sql::{required, Columns, Statement, Value};
use super::table::{ColumnList, Table};
use app::domain::{
    Due, ListId, ListName, Notes, Priority, Recurrence, Stamp, Task, TaskId, TaskList,
    TaskReminder, TaskTitle,
};
use app::ssr::storage::StorageError;

pub static TASKS: Table = Table {
    name: "tasks",
    parent: None,
    fields: &[
        "list_id",
        "title",
        "notes",
        "due_date",
        "due_time",
        "priority",
        "recurrence",
        "reminder",
        "series_id",
        "position",
        "created_at",
        "updated_at",
        "completed_at",
        "deleted_at",
        // The clocks, in `clocks::millis` order.
        "title_changed_at",
        "notes_changed_at",
        "due_changed_at",
        "priority_changed_at",
        "list_changed_at",
        "recurrence_changed_at",
        "reminder_changed_at",
        "completion_changed_at",
        "deletion_changed_at",
        "position_changed_at",
    ],
    derived: &["search_text"],
};
pub const TASK_COLUMNS: ColumnList = TASKS.columns();

pub static LISTS: Table = Table {
    name: "lists",
    parent: None,
    fields: &["name", "created_at", "updated_at", "name_changed_at"],
    derived: &[],
};
pub const LIST_COLUMNS: ColumnList = LISTS.columns();

pub fn task_from_row(row: &impl Columns) -> Result<Task, StorageError> {
    let due = row
        .date("due_date")?
        .map(|date| {
            Ok::<_, StorageError>(Due {
                date,
                time: row.time_of_day("due_time")?,
            })
        })
        .transpose()?;
    let priority = u8::try_from(required(row.small_int("priority")?, "priority")?)
        .map_err(|e| corrupt("priority", e))?;
    let title = required(row.text("title")?, "title")?;
    let notes = required(row.text("notes")?, "notes")?;
    let changed = clocks::from_columns(|column| required(row.int(column)?, column))?;
    Ok(Task {
        id: TaskId::from_uuid(required(row.uuid("id")?, "id")?),
        list_id: row.uuid("list_id")?.map(ListId::from_uuid),
        title: TaskTitle::parse(&title).map_err(|e| corrupt("task title", e))?,
        notes: Notes::parse(&notes).map_err(|e| corrupt("notes", e))?,
        due,
        priority: Priority::new(priority).map_err(|e| corrupt("priority", e))?,
        recurrence: row
            .text("recurrence")?
            .map(|text| Recurrence::parse(&text))
            .transpose()
            .map_err(|e| corrupt("recurrence", e))?,
        reminder: TaskReminder::parse(&required(row.text("reminder")?, "reminder")?)
            .map_err(|e| corrupt("reminder", e))?,
        series_id: row.uuid("series_id")?.map(TaskId::from_uuid),
        position: required(row.int("position")?, "position")?,
        created_at: required(row.time("created_at")?, "created_at")?,
        updated_at: required(row.time("updated_at")?, "updated_at")?,
        completed_at: row.time("completed_at")?,
        deleted_at: row.time("deleted_at")?,
        changed,
        // Read apart, for every task of a read at once (`steps::attach`).
        steps: Vec::new(),
    })
}

pub fn list_from_row(row: &impl Columns) -> Result<TaskList, StorageError> {
    let name = required(row.text("name")?, "name")?;
    Ok(TaskList {
        id: ListId::from_uuid(required(row.uuid("id")?, "id")?),
        name: ListName::parse(&name).map_err(|e| corrupt("list name", e))?,
        created_at: required(row.time("created_at")?, "created_at")?,
        updated_at: required(row.time("updated_at")?, "updated_at")?,
        name_changed: Stamp::from_millis(required(row.int("name_changed_at")?, "name_changed_at")?),
    })
}

/// Binds every field of a task after its id and owner, in `TASKS.fields`
/// order.
pub fn bind_task_fields(statement: Statement, task: &Task) -> Statement {
    let statement = statement
        .bind(Value::Uuid(task.list_id.map(|id| id.as_uuid())))
        .bind(task.title.as_str())
        .bind(task.notes.as_str())
        .bind(Value::Date(task.due.map(|due| due.date)))
        .bind(Value::TimeOfDay(task.due.and_then(|due| due.time)))
        .bind(Value::SmallInt(i16::from(task.priority.level())))
        .bind(Value::Text(
            task.recurrence.as_ref().map(ToString::to_string),
        ))
        .bind(Value::Text(Some(task.reminder.to_string())))
        .bind(Value::Uuid(task.series_id.map(|id| id.as_uuid())))
        .bind(task.position)
        .bind(task.created_at)
        .bind(task.updated_at)
        .bind(Value::Time(task.completed_at))
        .bind(Value::Time(task.deleted_at));
    // The clocks last, in their columns' order.
    clocks::millis(&task.changed)
        .into_iter()
        .fold(statement, Statement::bind)
}
