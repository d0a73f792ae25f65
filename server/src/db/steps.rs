//! Steps of tasks' checklists: read with their tasks, one statement for
//! any number of tasks (never one per task), and written inside a unit of
//! work.

use super::errors::corrupt;
use super::sql::{required, Columns, Driver, Sql, Statement, Value};
use super::storage::SqlWork;
use super::table::{ColumnList, Table};
use super::tasks::ensure_owner;
use app::domain::{Stamp, Step, StepClocks, StepId, StepTitle, Task, TaskId, UserId};
use app::ssr::storage::{StepRows, StorageError};
use async_trait::async_trait;
use std::collections::HashMap;

static STEPS: Table = Table {
    name: "steps",
    parent: Some("task_id"),
    fields: &[
        "title",
        "done",
        "position",
        "created_at",
        "updated_at",
        "deleted_at",
        "title_changed_at",
        "done_changed_at",
        "position_changed_at",
        "deletion_changed_at",
    ],
    derived: &[],
};
const STEP_COLUMNS: ColumnList = STEPS.columns();

/// Which of the tasks' steps a read gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// Those not deleted: what the planner shows.
    Live,
    /// Deleted ones too: an export of everything.
    All,
}

/// Gives each task its steps, in their order.
pub(super) async fn attach<D: Driver>(
    db: &mut impl Sql,
    user_id: UserId,
    mut tasks: Vec<Task>,
    which: Which,
) -> Result<Vec<Task>, StorageError> {
    if tasks.is_empty() {
        return Ok(tasks);
    }
    let live = match which {
        Which::Live => "AND steps.deleted_at IS NULL",
        Which::All => "",
    };
    let ids = tasks.iter().map(|task| task.id.as_uuid()).collect();
    let rows = db
        .fetch_all(
            Statement::new(format!(
                "SELECT {STEP_COLUMNS} FROM steps WHERE steps.user_id = $1 AND {} {live} \
                 ORDER BY position, created_at, id",
                D::one_of("steps.task_id", 2)
            ))
            .bind(user_id.as_uuid())
            .bind(Value::Uuids(ids)),
        )
        .await?;
    let mut by_task: HashMap<TaskId, Vec<Step>> = HashMap::new();
    for row in &rows {
        let task = TaskId::from_uuid(required(row.uuid("task_id")?, "task_id")?);
        by_task.entry(task).or_default().push(step_from_row(row)?);
    }
    for task in &mut tasks {
        task.steps = by_task.remove(&task.id).unwrap_or_default();
    }
    Ok(tasks)
}

/// Adds a step to a task unless its id exists: `false` when the user
/// already has it, `Conflict` when the id is another user's.
pub(super) async fn insert_step(
    db: &mut impl Sql,
    user_id: UserId,
    task_id: TaskId,
    step: &Step,
) -> Result<bool, StorageError> {
    let statement = Statement::new(STEPS.insert())
        .bind(step.id.as_uuid())
        .bind(user_id.as_uuid())
        .bind(task_id.as_uuid());
    if db.execute(bind_step_fields(statement, step)).await? == 1 {
        return Ok(true);
    }
    ensure_owner(db, "steps", step.id.as_uuid(), user_id)
        .await
        .map(|()| false)
}

/// Binds every field of a step after its id (and owner and task), in
/// `STEPS.fields` order.
fn bind_step_fields(statement: Statement, step: &Step) -> Statement {
    let clocks = step.changed;
    statement
        .bind(step.title.as_str())
        .bind(step.done)
        .bind(step.position)
        .bind(step.created_at)
        .bind(step.updated_at)
        .bind(Value::Time(step.deleted_at))
        .bind(clocks.title.millis())
        .bind(clocks.done.millis())
        .bind(clocks.position.millis())
        .bind(clocks.deletion.millis())
}

fn step_from_row(row: &impl Columns) -> Result<Step, StorageError> {
    let title = required(row.text("title")?, "title")?;
    let clock = |column: &str| {
        Ok::<_, StorageError>(Stamp::from_millis(required(row.int(column)?, column)?))
    };
    Ok(Step {
        id: StepId::from_uuid(required(row.uuid("id")?, "id")?),
        title: StepTitle::parse(&title).map_err(|e| corrupt("step title", e))?,
        done: required(row.boolean("done")?, "done")?,
        position: required(row.int("position")?, "position")?,
        created_at: required(row.time("created_at")?, "created_at")?,
        updated_at: required(row.time("updated_at")?, "updated_at")?,
        deleted_at: row.time("deleted_at")?,
        changed: StepClocks {
            title: clock("title_changed_at")?,
            done: clock("done_changed_at")?,
            position: clock("position_changed_at")?,
            deletion: clock("deletion_changed_at")?,
        },
    })
}

#[async_trait]
impl<D: Driver> StepRows for SqlWork<D> {
    async fn find_step(
        &mut self,
        user_id: UserId,
        id: StepId,
    ) -> Result<Option<(TaskId, Step)>, StorageError> {
        // One of the user's steps, deleted or not, with its task's id.
        let db = &mut self.tx;
        let row = db
            .fetch_optional(
                Statement::new(format!(
                    "SELECT {STEP_COLUMNS} FROM steps WHERE id = $1 AND user_id = $2"
                ))
                .bind(id.as_uuid())
                .bind(user_id.as_uuid()),
            )
            .await?;
        row.map(|row| {
            let task = TaskId::from_uuid(required(row.uuid("task_id")?, "task_id")?);
            Ok((task, step_from_row(&row)?))
        })
        .transpose()
    }

    async fn insert_step(
        &mut self,
        user_id: UserId,
        task_id: TaskId,
        step: &Step,
    ) -> Result<bool, StorageError> {
        insert_step(&mut self.tx, user_id, task_id, step).await
    }

    async fn update_step(&mut self, user_id: UserId, step: &Step) -> Result<(), StorageError> {
        // Writes every field of one of the user's steps; `NotFound` if none.
        let db = &mut self.tx;
        let statement = Statement::new(STEPS.update())
            .bind(step.id.as_uuid())
            .bind(user_id.as_uuid());
        match db.execute(bind_step_fields(statement, step)).await? {
            0 => Err(StorageError::NotFound),
            _ => Ok(()),
        }
    }
}
