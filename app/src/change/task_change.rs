//! Changes to one task, and their rule: each describes the state wanted
//! and applies by the task's clocks, so the last action wins whatever
//! order changes arrive in, and applying one twice changes nothing more.

use super::Refusal;
use crate::domain::{Task, TaskId, TaskPatch};
use chrono::{DateTime, Utc};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TaskChange {
    /// A new task with the client's id (from a quick-add line or a form).
    Create(Task),
    /// The fields the patch names, each unless it changed later.
    Edit { id: TaskId, patch: TaskPatch },
    /// Done or not done: never a toggle.
    Complete { id: TaskId, completed: bool },
    /// Deleted (soft) or restored.
    Delete { id: TaskId, deleted: bool },
}

/// What a change did to its task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The task as it now is.
    pub task: Task,
    /// Whether the task is new or changed (else nothing is written).
    pub changed: bool,
    /// What the change does to another task.
    pub follow_up: Option<FollowUp>,
}

/// A completion's effect on the repeating task's next occurrence.
// One at a time, moved once: boxing the task would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FollowUp {
    /// Completed: its next occurrence is made (once: its id derives from
    /// the series and its date).
    Insert(Task),
    /// Taken back: its next occurrence goes too, if `untouched`.
    TakeBack(TaskId),
}

impl TaskChange {
    pub fn task_id(&self) -> TaskId {
        match self {
            Self::Create(task) => task.id,
            Self::Edit { id, .. } | Self::Complete { id, .. } | Self::Delete { id, .. } => *id,
        }
    }

    /// Applies the change, made `at`, to its task as stored (`None`: there
    /// is none, deleted or not).
    pub fn apply(&self, stored: Option<Task>, at: DateTime<Utc>) -> Result<Applied, Refusal> {
        let unchanged = |task| Applied {
            task,
            changed: false,
            follow_up: None,
        };
        if let Self::Create(task) = self {
            // The same id again (a repeat, a replay) is the task already
            // made, as it now is.
            return Ok(match stored {
                Some(stored) => unchanged(stored),
                None => Applied {
                    task: task.clone(),
                    changed: true,
                    follow_up: None,
                },
            });
        }
        let mut task = stored.ok_or(Refusal::TaskNotFound)?;
        let mut follow_up = None;
        let changed = match self {
            Self::Create(_) => false,
            // An edit carries what the person typed: a task deleted on
            // another device meanwhile comes back with it rather than lose
            // it (unless every part it sets changed later: it brings nothing).
            Self::Edit { patch, .. } => {
                let edited = task.edit(patch, at);
                if edited {
                    task.bring_back(at);
                }
                edited
            }
            Self::Complete { completed, .. } => {
                // Completing a task deleted on another device is refused
                // (the person is told), never done unseen.
                if task.deleted_at.is_some() {
                    return Err(Refusal::TaskNotFound);
                }
                let first_completion = task.completed_at.unwrap_or(at);
                // An older tap than the task's last completion change does
                // nothing, not even to the next occurrence.
                let applied = task.set_completed(*completed, at);
                if applied {
                    // The next occurrence follows from the task's own data
                    // and its first completion, so a repeat derives the same.
                    follow_up =
                        task.next_occurrence(first_completion.date_naive(), at)
                            .map(|next| match completed {
                                true => FollowUp::Insert(next),
                                false => FollowUp::TakeBack(next.id),
                            });
                }
                applied
            }
            Self::Delete { deleted, .. } => task.set_deleted(*deleted, at),
        };
        Ok(Applied {
            task,
            changed,
            follow_up,
        })
    }
}

/// A generated occurrence nobody has changed, completed or deleted since
/// it was made: the only kind a completion taken back takes with it.
pub fn untouched(task: &Task) -> bool {
    task.updated_at == task.created_at && task.completed_at.is_none() && task.deleted_at.is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{TaskForm, TaskPatch};

    fn at(minute: u32) -> DateTime<Utc> {
        format!("2026-12-05T08:{minute:02}:00Z").parse().unwrap()
    }

    fn task(recurrence: &str) -> Task {
        let fields = TaskForm {
            title: "Зарядка".into(),
            due_date: "2027-03-01".into(),
            recurrence: recurrence.into(),
            ..TaskForm::default()
        };
        Task::new(TaskId::new(), fields.parse().unwrap(), at(0))
    }

    fn complete(task: &Task, completed: bool) -> TaskChange {
        TaskChange::Complete {
            id: task.id,
            completed,
        }
    }

    #[test]
    fn a_create_of_a_task_already_there_changes_nothing() {
        let stored = task("");
        let mut again = stored.clone();
        again.title = crate::domain::TaskTitle::parse("Другое").unwrap();
        let applied = TaskChange::Create(again)
            .apply(Some(stored.clone()), at(1))
            .unwrap();
        assert_eq!((applied.task, applied.changed), (stored, false));
    }

    #[test]
    fn completing_a_repeating_task_makes_its_next_occurrence_and_taking_it_back_takes_it_back() {
        let stored = task("daily");
        let done = complete(&stored, true).apply(Some(stored), at(1)).unwrap();
        let Some(FollowUp::Insert(next)) = &done.follow_up else {
            panic!("no next occurrence: {:?}", done.follow_up)
        };
        assert_eq!(
            next.due.map(|d| d.date.to_string()),
            Some("2027-03-02".into())
        );
        let undone = complete(&done.task, false)
            .apply(Some(done.task.clone()), at(2))
            .unwrap();
        assert_eq!(undone.follow_up, Some(FollowUp::TakeBack(next.id)));
        assert!(untouched(next));
    }

    #[test]
    fn an_older_tap_changes_nothing_not_even_the_next_occurrence() {
        let stored = task("daily");
        let done = complete(&stored, true).apply(Some(stored), at(5)).unwrap();
        let older = complete(&done.task, false)
            .apply(Some(done.task.clone()), at(3))
            .unwrap();
        assert_eq!((older.changed, older.follow_up), (false, None));
        assert!(older.task.completed_at.is_some());
    }

    #[test]
    fn completing_a_task_deleted_elsewhere_is_refused_but_an_edit_brings_it_back() {
        let mut stored = task("");
        stored.set_deleted(true, at(1));
        assert_eq!(
            complete(&stored, true).apply(Some(stored.clone()), at(2)),
            Err(Refusal::TaskNotFound)
        );
        let patch = crate::domain::PatchForm {
            title: Some("Зарядка утром".into()),
            ..Default::default()
        }
        .parse()
        .unwrap();
        let edit = TaskChange::Edit {
            id: stored.id,
            patch,
        };
        let applied = edit.apply(Some(stored), at(2)).unwrap();
        assert!(applied.changed);
        assert_eq!(applied.task.deleted_at, None);
        assert_eq!(applied.task.title.as_str(), "Зарядка утром");
    }

    #[test]
    fn a_change_to_a_task_never_stored_is_refused() {
        let id = TaskId::new();
        let edit = TaskChange::Edit {
            id,
            patch: TaskPatch::default(),
        };
        assert_eq!(edit.apply(None, at(1)), Err(Refusal::TaskNotFound));
    }
}
