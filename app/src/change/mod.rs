//! A change a person makes, as one typed value: what the page sends (each
//! is one server function's arguments, `api::wire`), what the worker keeps,
//! what the overlay draws and what the server applies. Each change's rule
//! is written once, here: the overlay applies it to the tasks the page
//! knows, the server to the rows it locked inside its unit of work, and
//! both get back what it touched. Plain Rust over the domain, no Leptos
//! type, so a lighter page runtime could use it as it is.

mod list_change;
mod refusal;
mod step_change;
mod task_change;
mod timetable_change;
mod timetable_text;

pub use list_change::{ListApplied, ListChange};
pub use refusal::Refusal;
pub use step_change::StepChange;
pub use task_change::{untouched, Applied, FollowUp, TaskChange};
pub use timetable_change::{Entry, KeptEntry, KeptTimetable, TimetableChange};
pub use timetable_text::{day_key, TimetableError, MAX_TEXT};

use crate::domain::{StepId, TaskId, TimeZoneName};

// One at a time, read from a request: boxing the task would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Task(TaskChange),
    /// A new order for these tasks (each listed once); each task moves
    /// unless it moved later (`Task::set_position`).
    TaskOrder(Vec<TaskId>),
    Step(StepChange),
    List(ListChange),
    /// The time zone the person's dates are in (from their browser).
    TimeZone(TimeZoneName),
    Timetable(TimetableChange),
}

impl Change {
    /// The task this change is about, if it is about one (a step's task
    /// when the change names it).
    pub fn task_id(&self) -> Option<TaskId> {
        match self {
            Self::Task(change) => Some(change.task_id()),
            Self::Step(change) => change.task_id(),
            Self::TaskOrder(_) | Self::List(_) | Self::TimeZone(_) | Self::Timetable(_) => None,
        }
    }

    /// The step this change needs to exist first, if it names one.
    pub fn needs_step(&self) -> Option<StepId> {
        match self {
            Self::Step(change) => change.needs_step(),
            _ => None,
        }
    }

    /// The task this change makes, or brings back from a deletion, if any:
    /// a later change to it waits until it is there.
    pub fn makes_task(&self) -> Option<TaskId> {
        match self {
            Self::Task(TaskChange::Create(task)) => Some(task.id),
            Self::Task(TaskChange::Delete { id, deleted: false }) => Some(*id),
            _ => None,
        }
    }

    /// The step this change makes, if any.
    pub fn makes_step(&self) -> Option<StepId> {
        match self {
            Self::Step(StepChange::Create { id, .. }) => Some(*id),
            _ => None,
        }
    }
}

impl From<TaskChange> for Change {
    fn from(change: TaskChange) -> Self {
        Self::Task(change)
    }
}

impl From<StepChange> for Change {
    fn from(change: StepChange) -> Self {
        Self::Step(change)
    }
}

/// A new order for these tasks.
impl From<Vec<TaskId>> for Change {
    fn from(order: Vec<TaskId>) -> Self {
        Self::TaskOrder(order)
    }
}

impl From<TimeZoneName> for Change {
    fn from(zone: TimeZoneName) -> Self {
        Self::TimeZone(zone)
    }
}

impl From<ListChange> for Change {
    fn from(change: ListChange) -> Self {
        Self::List(change)
    }
}

impl From<TimetableChange> for Change {
    fn from(change: TimetableChange) -> Self {
        Self::Timetable(change)
    }
}
