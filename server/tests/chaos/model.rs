//! What the person intended, by the contract's own rules (DESIGN.md §2),
//! written here from scratch: no product type or method takes part, so a
//! bug in the product's rules cannot hide in both sides of the comparison.
//!
//! - Every field keeps the value of its latest change; an older change
//!   arriving later alters nothing. The workload gives every change its own
//!   millisecond, so "latest" is never a tie.
//! - Completing and deleting keep the first time while they stay so.
//! - Completing a repeating task creates its next occurrence once (its id
//!   derived from the series and its date), with a copy of its checklist;
//!   un-completing takes it back while nobody has changed it.
//! - A completion of a deleted task is refused (the person is told); an
//!   edit that sets anything brings it back, clocked at the edit or just
//!   after the deletion, whichever is later (what was typed is kept). So
//!   does a step added or renamed (checklist.rs).
//! - A task bound for a list deleted meanwhile lands in the Inbox.
//! - A list's name keeps its latest rename; deleting a list moves its tasks
//!   to the Inbox, a move made when the person deleted it.
//!
//! The model also says which changes the server refuses, and with what:
//! the workload holds each answer to it.
//!
//! The changes a batch delivers are applied in the order the person made
//! them, after every earlier batch's: the order of arrival but for the
//! changes that cross, which the workload lets cross only where the
//! contract makes the outcome independent of their order (see `draw.rs`).

use super::change::{Change, Due, Field, Fields, What};
use super::checklist::{self, IntendedStep};
use chrono::{DateTime, Days, NaiveDate};
use std::collections::BTreeMap;
use uuid::Uuid;

/// When each part last changed.
#[derive(Clone, Copy, Debug)]
pub struct Clocks {
    pub title: i64,
    pub notes: i64,
    pub due: i64,
    pub priority: i64,
    pub list: i64,
    pub every_days: i64,
    pub completion: i64,
    pub deletion: i64,
    pub position: i64,
}

impl Clocks {
    fn all(at: i64) -> Self {
        Clocks {
            title: at,
            notes: at,
            due: at,
            priority: at,
            list: at,
            every_days: at,
            completion: at,
            deletion: at,
            position: at,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Intended {
    pub id: Uuid,
    pub fields: Fields,
    pub series: Option<Uuid>,
    pub position: i64,
    pub created: i64,
    pub updated: i64,
    pub completed: Option<i64>,
    pub deleted: Option<i64>,
    pub clocks: Clocks,
    /// Its checklist, deleted steps too.
    pub steps: BTreeMap<Uuid, IntendedStep>,
}

impl Intended {
    fn new(id: Uuid, fields: Fields, at: i64) -> Self {
        Intended {
            id,
            series: fields.every_days.map(|_| id),
            fields,
            position: 0,
            created: at,
            updated: at,
            completed: None,
            deleted: None,
            clocks: Clocks::all(at),
            steps: BTreeMap::new(),
        }
    }

    /// Changed since it was made (the server keeps `updated == created`).
    fn touched(&self) -> bool {
        self.updated != self.created
    }

    /// A change made `at` was applied: the server keeps the latest time.
    pub fn changed(&mut self, at: i64) {
        self.updated = self.updated.max(at);
    }

    /// A change that carries what the person typed, applied `at`: a
    /// deletion gives way to it, clocked just after the deletion if later.
    pub fn bring_back(&mut self, at: i64) {
        if self.deleted.take().is_some() {
            self.clocks.deletion = at.max(self.clocks.deletion + 1);
        }
    }

    /// Sets `field` if the change is later than its clock.
    fn set(&mut self, field: &Field, at: i64) -> bool {
        let (f, c) = (&mut self.fields, &mut self.clocks);
        let later = |clock: &mut i64| {
            let later = *clock < at;
            if later {
                *clock = at;
            }
            later
        };
        match field {
            Field::Title(v) => later(&mut c.title) && replace(&mut f.title, v.clone()),
            Field::Notes(v) => later(&mut c.notes) && replace(&mut f.notes, v.clone()),
            Field::Due(v) => later(&mut c.due) && replace(&mut f.due, *v),
            Field::Priority(v) => later(&mut c.priority) && replace(&mut f.priority, *v),
            Field::EveryDays(v) => later(&mut c.every_days) && replace(&mut f.every_days, *v),
            Field::List(v) => later(&mut c.list) && replace(&mut f.list, *v),
        }
    }

    pub fn live_steps(&self) -> impl Iterator<Item = (&Uuid, &IntendedStep)> {
        self.steps.iter().filter(|(_, step)| step.is_live())
    }
}

fn replace<T>(slot: &mut T, value: T) -> bool {
    *slot = value;
    true
}

/// A list: its name, and when that last changed.
#[derive(Clone, Debug)]
pub struct IntendedList {
    pub name: String,
    pub name_changed: i64,
}

/// Why the server refuses a change: what it did not find (404).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Task,
    Step,
    List,
}

impl Refusal {
    /// The refusal's stable code in the answer's body.
    pub fn code(self) -> &'static str {
        match self {
            Refusal::Task => "task_not_found",
            Refusal::Step => "step_not_found",
            Refusal::List => "list_not_found",
        }
    }
}

#[derive(Clone, Default)]
pub struct Model {
    pub tasks: BTreeMap<Uuid, Intended>,
    pub lists: BTreeMap<Uuid, IntendedList>,
}

impl Model {
    /// A change delivered to the server: what it does, or why it is
    /// refused.
    pub fn apply(&mut self, change: &Change) -> Result<(), Refusal> {
        let at = change.at;
        match &change.what {
            What::Create(id, fields)
            | What::QuickAdd {
                id, meant: fields, ..
            } => {
                let mut fields = fields.clone();
                fields.list = self.landing(fields.list);
                self.tasks
                    .entry(*id)
                    .or_insert_with(|| Intended::new(*id, fields, at));
            }
            What::Edit(id, set) => {
                let set: Vec<Field> = set
                    .iter()
                    .map(|field| match field {
                        Field::List(list) => Field::List(self.landing(*list)),
                        other => other.clone(),
                    })
                    .collect();
                let task = self.task(id)?;
                let mut applied = false;
                for field in &set {
                    applied |= task.set(field, at);
                }
                if task.fields.every_days.is_some() && task.series.is_none() {
                    task.series = Some(task.id);
                }
                if applied {
                    task.changed(at);
                    task.bring_back(at);
                }
            }
            What::Complete(id, done) => self.complete(*id, *done, at)?,
            What::Delete(id, deleted) => {
                let task = self.task(id)?;
                if task.clocks.deletion < at {
                    task.clocks.deletion = at;
                    task.deleted = deleted.then(|| task.deleted.unwrap_or(at));
                    task.changed(at);
                }
            }
            What::Reorder(ids) => {
                for (position, id) in ids.iter().enumerate() {
                    if let Some(task) = self.tasks.get_mut(id) {
                        if task.clocks.position < at {
                            task.clocks.position = at;
                            task.position = position as i64;
                            task.changed(at);
                        }
                    }
                }
            }
            What::CreateList(id, name) => {
                self.lists.entry(*id).or_insert_with(|| IntendedList {
                    name: name.clone(),
                    name_changed: at,
                });
            }
            What::RenameList(id, name) => {
                let list = self.lists.get_mut(id).ok_or(Refusal::List)?;
                if list.name_changed < at {
                    list.name = name.clone();
                    list.name_changed = at;
                }
            }
            What::DeleteList(id) => {
                self.lists.remove(id);
                for task in self.tasks.values_mut() {
                    if task.fields.list == Some(*id) {
                        task.fields.list = None;
                        task.clocks.list = task.clocks.list.max(at);
                        task.changed(at);
                    }
                }
            }
            step_change => checklist::apply(&mut self.tasks, step_change, at)?,
        }
        Ok(())
    }

    fn complete(&mut self, id: Uuid, done: bool, at: i64) -> Result<(), Refusal> {
        let task = self.live_task(&id)?;
        if task.clocks.completion >= at {
            return Ok(());
        }
        let first = task.completed.unwrap_or(at);
        task.clocks.completion = at;
        task.completed = done.then_some(first);
        task.changed(at);
        let Some(every) = task.fields.every_days else {
            return Ok(());
        };
        let series = *task.series.get_or_insert(id);
        let from = task
            .fields
            .due
            .map_or_else(|| utc_date(first), |(date, _)| date);
        let date = from + Days::new(u64::from(every));
        let next_id = occurrence_id(series, date);
        if done {
            let mut next = Intended::new(next_id, task.fields.clone(), at);
            next.fields.due = Some((date, task.fields.due.and_then(|(_, time)| time)));
            next.series = Some(series);
            next.position = task.position;
            next.steps = checklist::copied(&task.steps, next_id, at);
            self.tasks.entry(next_id).or_insert(next);
        } else if self.tasks.get(&next_id).is_some_and(|next| {
            !next.touched() && next.completed.is_none() && next.deleted.is_none()
        }) {
            self.tasks.remove(&next_id);
        }
        Ok(())
    }

    /// Where a task bound for `list` lands: the Inbox if it was deleted.
    fn landing(&self, list: Option<Uuid>) -> Option<Uuid> {
        list.filter(|id| self.lists.contains_key(id))
    }

    fn task(&mut self, id: &Uuid) -> Result<&mut Intended, Refusal> {
        self.tasks.get_mut(id).ok_or(Refusal::Task)
    }

    fn live_task(&mut self, id: &Uuid) -> Result<&mut Intended, Refusal> {
        self.task(id)
            .and_then(|task| task.deleted.is_none().then_some(task).ok_or(Refusal::Task))
    }

    pub fn live(&self) -> impl Iterator<Item = &Intended> {
        self.tasks.values().filter(|t| t.deleted.is_none())
    }
}

/// The contract's id of a series' occurrence on `date`: UUIDv5 of the date
/// in the series' namespace.
fn occurrence_id(series: Uuid, date: NaiveDate) -> Uuid {
    Uuid::new_v5(&series, date.format("%Y-%m-%d").to_string().as_bytes())
}

fn utc_date(millis: i64) -> NaiveDate {
    DateTime::from_timestamp_millis(millis)
        .expect("a time in range")
        .date_naive()
}

/// What a task's due date is, to the person: for messages.
pub fn due_text(due: Due) -> String {
    match due {
        None => "none".into(),
        Some((date, None)) => date.to_string(),
        Some((date, Some(time))) => format!("{date} {time}"),
    }
}
