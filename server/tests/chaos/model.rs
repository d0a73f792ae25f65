//! What the person intended: every task as the workload's answered requests
//! describe it. At the end the database must hold exactly this.

use super::rng::Rng;
use app::domain::{PatchForm, Task, TaskForm, TaskId};
use chrono::{Duration, Utc};
use std::collections::BTreeMap;

/// One mutation, as the real client sends it (set-state, client-minted ids).
#[derive(Clone, Debug)]
pub enum Op {
    Create(TaskId, TaskForm),
    Complete(TaskId, bool),
    Edit(TaskId, TaskForm),
    Delete(TaskId, bool),
}

impl Op {
    pub fn path(&self) -> &'static str {
        match self {
            Op::Create(..) => "/api/tasks/create",
            Op::Complete(..) => "/api/tasks/complete",
            Op::Edit(..) => "/api/tasks/edit",
            Op::Delete(..) => "/api/tasks/delete",
        }
    }

    pub fn form(&self) -> Vec<(&'static str, String)> {
        let fields = |id: &TaskId, form: &TaskForm| {
            vec![
                ("id", id.to_string()),
                ("title", form.title.clone()),
                ("notes", form.notes.clone()),
                ("due_date", form.due_date.clone()),
                ("due_time", form.due_time.clone()),
                ("priority", form.priority.clone()),
                ("list_id", form.list_id.clone()),
                ("recurrence", form.recurrence.clone()),
            ]
        };
        match self {
            Op::Create(id, form) | Op::Edit(id, form) => fields(id, form),
            Op::Complete(id, completed) => {
                vec![("id", id.to_string()), ("completed", completed.to_string())]
            }
            Op::Delete(id, deleted) => {
                vec![("id", id.to_string()), ("deleted", deleted.to_string())]
            }
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Op::Create(_, form) if !form.recurrence.is_empty() => "create repeating",
            Op::Create(..) => "create",
            Op::Complete(_, true) => "complete",
            Op::Complete(_, false) => "un-complete",
            Op::Edit(..) => "edit",
            Op::Delete(_, true) => "delete",
            Op::Delete(_, false) => "restore",
        }
    }
}

struct Intended {
    task: Task,
    /// Changed since it was created: a generated occurrence that was
    /// touched survives its parent's un-completion.
    touched: bool,
}

#[derive(Default)]
pub struct Model {
    tasks: BTreeMap<TaskId, Intended>,
    created: u64,
}

impl Model {
    /// A random operation that makes sense in the current state.
    pub fn next_op(&mut self, rng: &mut Rng) -> Op {
        let live: Vec<TaskId> = self.ids(|t| t.deleted_at.is_none());
        let open: Vec<TaskId> = self.ids(|t| t.deleted_at.is_none() && t.completed_at.is_none());
        let done: Vec<TaskId> = self.ids(|t| t.deleted_at.is_none() && t.completed_at.is_some());
        let deleted: Vec<TaskId> = self.ids(|t| t.deleted_at.is_some());
        let roll = rng.below(100);
        let pick = |rng: &mut Rng, ids: &[TaskId]| rng.pick(ids).copied();
        let op = match roll {
            0..=19 => None,
            20..=44 => pick(rng, &open).map(|id| Op::Complete(id, true)),
            45..=59 => pick(rng, &done).map(|id| Op::Complete(id, false)),
            60..=79 => pick(rng, &live).map(|id| Op::Edit(id, self.edited(id, rng))),
            80..=91 => pick(rng, &live).map(|id| Op::Delete(id, true)),
            _ => pick(rng, &deleted).map(|id| Op::Delete(id, false)),
        };
        op.unwrap_or_else(|| self.new_task(rng))
    }

    fn new_task(&mut self, rng: &mut Rng) -> Op {
        self.created += 1;
        let repeating = rng.chance(30);
        let due = (repeating || rng.chance(50))
            .then(|| (Utc::now() + Duration::days(rng.below(20) as i64 - 5)).date_naive());
        let form = TaskForm {
            title: format!("Задача {} · {}", self.created, rng.below(1000)),
            notes: if rng.chance(30) {
                format!("заметка {}", rng.below(100))
            } else {
                String::new()
            },
            due_date: due.map(|d| d.to_string()).unwrap_or_default(),
            due_time: if due.is_some() && rng.chance(30) {
                "18:30".into()
            } else {
                String::new()
            },
            priority: (1 + rng.below(4)).to_string(),
            list_id: String::new(),
            recurrence: if repeating {
                "daily".into()
            } else {
                String::new()
            },
        };
        Op::Create(TaskId::new(), form)
    }

    fn edited(&self, id: TaskId, rng: &mut Rng) -> TaskForm {
        let mut form = self
            .tasks
            .get(&id)
            .map(|t| TaskForm::from_task(&t.task))
            .unwrap_or_default();
        form.title = format!(
            "{} ✎{}",
            form.title.chars().take(40).collect::<String>(),
            rng.below(100)
        );
        form.notes = format!("правка {}", rng.below(1000));
        form.priority = (1 + rng.below(4)).to_string();
        form
    }

    fn ids(&self, keep: impl Fn(&Task) -> bool) -> Vec<TaskId> {
        self.tasks
            .iter()
            .filter(|(_, t)| keep(&t.task))
            .map(|(id, _)| *id)
            .collect()
    }

    /// The server said yes: the intended state changes as it will have.
    pub fn apply(&mut self, op: &Op) {
        let now = Utc::now();
        match op {
            Op::Create(id, form) => {
                let fields = form.parse().expect("the workload writes valid tasks");
                self.tasks.entry(*id).or_insert(Intended {
                    task: Task::new(*id, fields, now),
                    touched: false,
                });
            }
            Op::Complete(id, completed) => {
                let Some(entry) = self.tasks.get_mut(id) else {
                    return;
                };
                let was_completed = entry.task.completed_at.is_some();
                entry.task.set_completed(*completed, now);
                entry.touched = true;
                let next = entry.task.next_occurrence(now.date_naive(), now);
                match (next, *completed, was_completed) {
                    // A repeating task done: its next occurrence, once.
                    (Some(next), true, false) => {
                        self.tasks.entry(next.id).or_insert(Intended {
                            task: next,
                            touched: false,
                        });
                    }
                    // Taken back: the next goes too, unless it was touched.
                    (Some(next), false, true)
                        if self.tasks.get(&next.id).is_some_and(|n| !n.touched) =>
                    {
                        self.tasks.remove(&next.id);
                    }
                    _ => {}
                }
            }
            Op::Edit(id, form) => {
                let patch = PatchForm::whole(form.clone()).parse();
                let patch = patch.expect("the workload writes valid tasks");
                if let Some(entry) = self.tasks.get_mut(id) {
                    entry.task.edit(&patch, now);
                    entry.touched = true;
                }
            }
            Op::Delete(id, deleted) => {
                if let Some(entry) = self.tasks.get_mut(id) {
                    entry.task.set_deleted(*deleted, now);
                    entry.touched = true;
                }
            }
        }
    }

    pub fn tasks(&self) -> impl Iterator<Item = &Task> {
        self.tasks.values().map(|t| &t.task)
    }

    pub fn contains(&self, id: &TaskId) -> bool {
        self.tasks.contains_key(id)
    }

    pub fn len(&self) -> usize {
        self.tasks.len()
    }
}

/// The first way `stored` differs from `intended` (timestamps aside: the
/// server sets them), or `None` when they agree.
pub fn difference(intended: &Task, stored: &Task) -> Option<String> {
    let pairs = [
        (
            "title",
            intended.title.as_str().to_owned(),
            stored.title.as_str().to_owned(),
        ),
        (
            "notes",
            intended.notes.as_str().to_owned(),
            stored.notes.as_str().to_owned(),
        ),
        (
            "due",
            format!("{:?}", intended.due),
            format!("{:?}", stored.due),
        ),
        (
            "priority",
            format!("{:?}", intended.priority),
            format!("{:?}", stored.priority),
        ),
        (
            "recurrence",
            format!("{:?}", intended.recurrence),
            format!("{:?}", stored.recurrence),
        ),
        (
            "series",
            format!("{:?}", intended.series_id),
            format!("{:?}", stored.series_id),
        ),
        (
            "completed",
            intended.completed_at.is_some().to_string(),
            stored.completed_at.is_some().to_string(),
        ),
        (
            "deleted",
            intended.deleted_at.is_some().to_string(),
            stored.deleted_at.is_some().to_string(),
        ),
    ];
    pairs
        .into_iter()
        .find(|(_, a, b)| a != b)
        .map(|(field, a, b)| format!("task {}: {field} is {b}, intended {a}", intended.id))
}
