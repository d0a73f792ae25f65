//! Each mutating server function's arguments as the `Change` they ask for,
//! and back: one reading used by the server function itself, by the page
//! drawing a queued request (read back with the server function's own type
//! from its own path) and by the round-trip tests. A server function whose
//! arguments have no change here is a test failure (`tests` below).

use super::{
    AddTask, CreateList, CreateStep, CreateTask, DeleteList, EditStep, EditTask, RenameList,
    ReorderSteps, ReorderTasks, SetCompleted, SetDeleted, SetStepDeleted, SetTimeZone,
    SetTimetable,
};
use crate::change::{Change, ListChange, StepChange, TaskChange, TimetableChange};
use crate::domain::{
    ListName, PatchForm, StepTitle, Task, TaskForm, TaskId, TaskList, TimeZoneName,
};
use crate::error::AppError;
use crate::quick_add;
use crate::school::Timetable;
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use server_fn::ServerFn;

/// A server function's arguments, read as the change they ask for, made
/// `at` (the person's moment, as the server or the outbox settled it).
pub trait IntoChange: Sized {
    type Change: Into<Change>;
    fn into_change(self, at: DateTime<Utc>) -> Result<Self::Change, AppError>;
}

type Reader = fn(&str, DateTime<Utc>) -> Option<Change>;

/// Every mutating server function's path, with how its request reads.
pub const CHANGES: [(&str, Reader); 15] = [
    (AddTask::PATH, args::<AddTask>),
    (CreateTask::PATH, args::<CreateTask>),
    (EditTask::PATH, args::<EditTask>),
    (SetCompleted::PATH, args::<SetCompleted>),
    (SetDeleted::PATH, args::<SetDeleted>),
    (ReorderTasks::PATH, args::<ReorderTasks>),
    (CreateStep::PATH, args::<CreateStep>),
    (EditStep::PATH, args::<EditStep>),
    (ReorderSteps::PATH, args::<ReorderSteps>),
    (SetStepDeleted::PATH, args::<SetStepDeleted>),
    (CreateList::PATH, args::<CreateList>),
    (RenameList::PATH, args::<RenameList>),
    (DeleteList::PATH, args::<DeleteList>),
    (SetTimeZone::PATH, args::<SetTimeZone>),
    (SetTimetable::PATH, args::<SetTimetable>),
];

fn args<T: IntoChange + serde::de::DeserializeOwned>(
    body: &str,
    at: DateTime<Utc>,
) -> Option<Change> {
    // Read as the server function reads it (server_fn's url codec).
    let args = serde_qs::Config::new(5, false).deserialize_str::<T>(body);
    args.ok()?.into_change(at).ok().map(Into::into)
}

/// Reads a queued request: `url` is its address (absolute or a path),
/// `body` its url-encoded form, `at` when the person made it. `None` for a
/// request that is not a change (or that does not parse: the server will
/// refuse it, and the page draws nothing for it).
pub fn read(url: &str, body: &str, at: DateTime<Utc>) -> Option<Change> {
    let api = crate::protocol::API_PREFIX;
    let path = url.find(api).map_or(url, |start| &url[start..]);
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let (_, reader) = CHANGES.iter().find(|(known, _)| *known == path)?;
    reader(body, at)
}

/// The request for `change` without its time: what a reminder's button
/// sends, dated by the worker when the person taps it.
pub fn undated_request(change: &Change) -> (&'static str, String) {
    let (path, body) = request(change, DateTime::UNIX_EPOCH);
    let time = format!("{}=", crate::protocol::TIME_FIELD);
    let body: Vec<&str> = body
        .split('&')
        .filter(|pair| !pair.starts_with(&time))
        .collect();
    (path, body.join("&"))
}

/// The request for `change`, `made` then: its server function's path and
/// url-encoded arguments, as the page sends them. A new task goes as a
/// whole form (`CreateTask`), never as a quick-add line.
pub fn request(change: &Change, made: DateTime<Utc>) -> (&'static str, String) {
    fn encode<T: ServerFn + serde::Serialize>(args: T) -> (&'static str, String) {
        // Plain data (ids, text, flags, times) always encodes.
        (T::PATH, serde_qs::to_string(&args).unwrap_or_default())
    }
    let at = Some(made);
    match change.clone() {
        Change::Task(TaskChange::Create(task)) => encode(CreateTask::new(&task, made)),
        Change::Task(TaskChange::Edit { id, patch }) => {
            encode(EditTask::new(id, PatchForm::of(&patch), made))
        }
        Change::Task(TaskChange::Complete { id, completed }) => {
            encode(SetCompleted { id, completed, at })
        }
        Change::Task(TaskChange::Delete { id, deleted }) => encode(SetDeleted { id, deleted, at }),
        Change::TaskOrder(ids) => encode(ReorderTasks { ids, at }),
        Change::Step(StepChange::Create { task_id, id, title }) => encode(CreateStep {
            id,
            task_id,
            title: title.as_str().to_owned(),
            at,
        }),
        Change::Step(StepChange::Edit { id, title, done }) => encode(EditStep {
            id,
            title: title.map(|title| title.as_str().to_owned()),
            done,
            at,
        }),
        Change::Step(StepChange::Reorder { task_id, ids }) => {
            encode(ReorderSteps { task_id, ids, at })
        }
        Change::Step(StepChange::Delete { id, deleted }) => {
            encode(SetStepDeleted { id, deleted, at })
        }
        Change::List(ListChange::Create { id, name }) => encode(CreateList {
            id,
            name: name.as_str().to_owned(),
            at,
        }),
        Change::List(ListChange::Rename { id, name }) => encode(RenameList {
            id,
            name: name.as_str().to_owned(),
            at,
        }),
        Change::List(ListChange::Delete { id }) => encode(DeleteList { id, at }),
        Change::TimeZone(zone) => encode(SetTimeZone {
            time_zone: zone.as_str().to_owned(),
        }),
        Change::Timetable(change) => encode(SetTimetable {
            entry: change.entry_text(),
            value: change.value_text(),
            at,
        }),
    }
}

/// The task a quick-add line makes: read for the person's `today` (and
/// the view it was typed in), `#list` matched against `lists` (the page
/// drawing it before it is saved knows none: the word shows in the title),
/// «к следующему уроку» dated by `school`: the timetable and the person's
/// local time (without it, the words stay in the title).
pub fn added_task(
    args: &AddTask,
    today: NaiveDate,
    lists: &[TaskList],
    school: Option<(&Timetable, NaiveDateTime)>,
    at: DateTime<Utc>,
) -> Result<Task, AppError> {
    let view = crate::views::View::parse(&args.view).ok();
    let mut read = quick_add::parse(&args.quick_add, today).in_view(view, today);
    if let Some((timetable, now)) = school {
        read = read.at_next_lesson(timetable, lists, now);
    }
    let fields = read.into_fields(lists)?;
    Ok(Task::new(args.id, fields, at))
}

impl IntoChange for AddTask {
    type Change = TaskChange;

    fn into_change(self, at: DateTime<Utc>) -> Result<Self::Change, AppError> {
        let today = quick_add::today_of(&self.today, at.date_naive());
        let task = added_task(&self, today, &[], None, at)?;
        Ok(TaskChange::Create(task))
    }
}

impl IntoChange for SetTimetable {
    type Change = TimetableChange;

    fn into_change(self, _at: DateTime<Utc>) -> Result<Self::Change, AppError> {
        TimetableChange::parse(&self.entry, &self.value).map_err(AppError::InvalidTimetable)
    }
}

impl IntoChange for CreateTask {
    type Change = TaskChange;

    fn into_change(self, at: DateTime<Utc>) -> Result<Self::Change, AppError> {
        let form = TaskForm {
            title: self.title,
            notes: self.notes,
            due_date: self.due_date,
            due_time: self.due_time,
            priority: self.priority,
            list_id: self.list_id,
            recurrence: self.recurrence,
            reminder: self.reminder,
        };
        let fields = form.parse().map_err(AppError::InvalidTask)?;
        Ok(TaskChange::Create(Task::new(self.id, fields, at)))
    }
}

impl IntoChange for EditTask {
    type Change = TaskChange;

    fn into_change(self, _at: DateTime<Utc>) -> Result<Self::Change, AppError> {
        let form = TaskForm {
            title: self.title,
            notes: self.notes,
            due_date: self.due_date,
            due_time: self.due_time,
            priority: self.priority,
            list_id: self.list_id,
            recurrence: self.recurrence,
            reminder: self.reminder,
        };
        let patch = PatchForm::from_wire(form, self.set.as_deref())
            .parse()
            .map_err(AppError::InvalidTask)?;
        Ok(TaskChange::Edit { id: self.id, patch })
    }
}

impl IntoChange for SetCompleted {
    type Change = TaskChange;

    fn into_change(self, _at: DateTime<Utc>) -> Result<Self::Change, AppError> {
        let (id, completed) = (self.id, self.completed);
        Ok(TaskChange::Complete { id, completed })
    }
}

impl IntoChange for SetDeleted {
    type Change = TaskChange;

    fn into_change(self, _at: DateTime<Utc>) -> Result<Self::Change, AppError> {
        let (id, deleted) = (self.id, self.deleted);
        Ok(TaskChange::Delete { id, deleted })
    }
}

impl IntoChange for ReorderTasks {
    /// The new order.
    type Change = Vec<TaskId>;

    fn into_change(self, _at: DateTime<Utc>) -> Result<Self::Change, AppError> {
        Ok(first_of_each(self.ids))
    }
}

impl IntoChange for CreateStep {
    type Change = StepChange;

    fn into_change(self, _at: DateTime<Utc>) -> Result<Self::Change, AppError> {
        let title = StepTitle::parse(&self.title)?;
        let (task_id, id) = (self.task_id, self.id);
        Ok(StepChange::Create { task_id, id, title })
    }
}

impl IntoChange for EditStep {
    type Change = StepChange;

    fn into_change(self, _at: DateTime<Utc>) -> Result<Self::Change, AppError> {
        if self.title.is_none() && self.done.is_none() {
            // Nothing named to set: a client's mistake, said as such.
            return Err(AppError::BadRequest);
        }
        let title = self.title.as_deref().map(StepTitle::parse).transpose()?;
        let (id, done) = (self.id, self.done);
        Ok(StepChange::Edit { id, title, done })
    }
}

impl IntoChange for ReorderSteps {
    type Change = StepChange;

    fn into_change(self, _at: DateTime<Utc>) -> Result<Self::Change, AppError> {
        let (task_id, ids) = (self.task_id, first_of_each(self.ids));
        Ok(StepChange::Reorder { task_id, ids })
    }
}

impl IntoChange for SetStepDeleted {
    type Change = StepChange;

    fn into_change(self, _at: DateTime<Utc>) -> Result<Self::Change, AppError> {
        let (id, deleted) = (self.id, self.deleted);
        Ok(StepChange::Delete { id, deleted })
    }
}

impl IntoChange for CreateList {
    type Change = ListChange;

    fn into_change(self, _at: DateTime<Utc>) -> Result<Self::Change, AppError> {
        let name = ListName::parse(&self.name).map_err(AppError::InvalidListName)?;
        Ok(ListChange::Create { id: self.id, name })
    }
}

impl IntoChange for RenameList {
    type Change = ListChange;

    fn into_change(self, _at: DateTime<Utc>) -> Result<Self::Change, AppError> {
        let name = ListName::parse(&self.name).map_err(AppError::InvalidListName)?;
        Ok(ListChange::Rename { id: self.id, name })
    }
}

impl IntoChange for DeleteList {
    type Change = ListChange;

    fn into_change(self, _at: DateTime<Utc>) -> Result<Self::Change, AppError> {
        Ok(ListChange::Delete { id: self.id })
    }
}

impl IntoChange for SetTimeZone {
    type Change = TimeZoneName;

    fn into_change(self, _at: DateTime<Utc>) -> Result<Self::Change, AppError> {
        TimeZoneName::parse(&self.time_zone).map_err(AppError::InvalidTimeZone)
    }
}

/// An id named twice counts where it first appears (as the page draws it),
/// the same on both databases.
fn first_of_each<Id: Copy + Eq + std::hash::Hash>(mut ids: Vec<Id>) -> Vec<Id> {
    let mut seen = std::collections::HashSet::new();
    ids.retain(|id| seen.insert(*id));
    ids
}

#[cfg(test)]
mod tests;
