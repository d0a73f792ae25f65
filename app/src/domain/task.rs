//! A task, and the changes a person can make to it. Every change describes
//! the state wanted and carries when the person made it: applied twice it
//! gives the same task, and a change older than the field's last one
//! alters nothing (`clocks`), so the last action wins.

use super::clocks::{bring_back, set_if_later, set_moment_if_later, Clocks};
use super::stamp::to_millis;
use super::step::{in_order, Step};
use super::wire_time;
use super::TaskReminder;
use super::TaskTitle;
use super::{Due, ListId, Notes, Priority, Recurrence, Stamp, TaskFields, TaskId, TaskPatch};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task {
    pub id: TaskId,
    /// `None`: the Inbox.
    pub list_id: Option<ListId>,
    pub title: TaskTitle,
    pub notes: Notes,
    pub due: Option<Due>,
    pub priority: Priority,
    pub recurrence: Option<Recurrence>,
    /// Tasks stored before reminders follow the account's setting.
    #[serde(default)]
    pub reminder: TaskReminder,
    /// The first task of a recurring series; its occurrences' ids derive from it.
    pub series_id: Option<TaskId>,
    /// Order within its list (smaller first).
    pub position: i64,
    #[serde(with = "wire_time::moment")]
    pub created_at: DateTime<Utc>,
    /// The latest change applied to any part of the task.
    #[serde(with = "wire_time::moment")]
    pub updated_at: DateTime<Utc>,
    #[serde(default, with = "wire_time::moment_opt")]
    pub completed_at: Option<DateTime<Utc>>,
    /// Set when deleted; the task can be restored until it is purged.
    #[serde(default, with = "wire_time::moment_opt")]
    pub deleted_at: Option<DateTime<Utc>>,
    /// When each part last changed (answers stored before clocks existed
    /// read as never changed).
    #[serde(default)]
    pub changed: Clocks,
    /// Its checklist, in order. A read leaves deleted steps out (an export
    /// keeps them); answers stored before checklists existed read as none.
    #[serde(default)]
    pub steps: Vec<Step>,
}

impl Task {
    /// A new task, made by the person at `at`.
    pub fn new(id: TaskId, fields: TaskFields, at: DateTime<Utc>) -> Self {
        let at = to_millis(at);
        let series_id = fields.recurrence.is_some().then_some(id);
        Self {
            id,
            list_id: fields.list_id,
            title: fields.title,
            notes: fields.notes,
            due: fields.due,
            priority: fields.priority,
            recurrence: fields.recurrence,
            reminder: fields.reminder,
            series_id,
            position: 0,
            created_at: at,
            updated_at: at,
            completed_at: None,
            deleted_at: None,
            changed: Clocks::all(Stamp::of(at)),
            steps: Vec::new(),
        }
    }

    /// Sets the fields the edit names, each unless it changed later than
    /// `at`. A task that starts repeating begins a series. Returns whether
    /// anything was applied.
    pub fn edit(&mut self, patch: &TaskPatch, at: DateTime<Utc>) -> bool {
        let stamp = Stamp::of(at);
        let clocks = &mut self.changed;
        let mut applied = false;
        if let Some(title) = &patch.title {
            applied |= set_if_later(
                &mut self.title,
                &mut clocks.title,
                title.clone(),
                stamp,
                |t| t.as_str().to_owned(),
            );
        }
        if let Some(notes) = &patch.notes {
            applied |= set_if_later(
                &mut self.notes,
                &mut clocks.notes,
                notes.clone(),
                stamp,
                |n| n.as_str().to_owned(),
            );
        }
        if let Some(due) = patch.due {
            let day_before = self.due.map(|d| d.date);
            applied |= set_if_later(&mut self.due, &mut clocks.due, due, stamp, |d| *d);
            // Moved by hand, an occurrence starts its series' day anew:
            // a monthly task moved to the 20th repeats on the 20th.
            if self.due.map(|d| d.date) != day_before {
                self.recurrence = self.recurrence.as_ref().map(Recurrence::unanchored);
            }
        }
        if let Some(priority) = patch.priority {
            applied |= set_if_later(
                &mut self.priority,
                &mut clocks.priority,
                priority,
                stamp,
                |p| *p,
            );
        }
        if let Some(list) = patch.list_id {
            applied |= set_if_later(&mut self.list_id, &mut clocks.list, list, stamp, |l| *l);
        }
        if let Some(rule) = &patch.recurrence {
            applied |= set_if_later(
                &mut self.recurrence,
                &mut clocks.recurrence,
                rule.clone(),
                stamp,
                rule_order,
            );
        }
        if let Some(reminder) = patch.reminder {
            applied |= set_if_later(
                &mut self.reminder,
                &mut clocks.reminder,
                reminder,
                stamp,
                |r| r.to_string(),
            );
        }
        if self.recurrence.is_some() && self.series_id.is_none() {
            self.series_id = Some(self.id);
        }
        self.touched(applied, at)
    }

    /// Marks the task done or not done, unless its completion changed later
    /// than `at`. Completing a completed task keeps its first completion
    /// time. Returns whether the change was applied.
    pub fn set_completed(&mut self, completed: bool, at: DateTime<Utc>) -> bool {
        let clock = &mut self.changed.completion;
        let applied = set_moment_if_later(&mut self.completed_at, clock, completed, at);
        self.touched(applied, at)
    }

    /// Deletes (`true`) or restores the task, unless that changed later.
    pub fn set_deleted(&mut self, deleted: bool, at: DateTime<Utc>) -> bool {
        let clock = &mut self.changed.deletion;
        let applied = set_moment_if_later(&mut self.deleted_at, clock, deleted, at);
        self.touched(applied, at)
    }

    /// Brings back a task deleted (on another device) before a change made
    /// `at` that carries what the person typed into it (an edit, a step):
    /// their words are kept, and the task shows again. Returns whether it
    /// was deleted.
    pub fn bring_back(&mut self, at: DateTime<Utc>) -> bool {
        let applied = bring_back(&mut self.deleted_at, &mut self.changed.deletion, at);
        self.touched(applied, at)
    }

    /// Moves the task to `position` in its list, unless it moved later. The
    /// databases apply the same rule in SQL (`set_positions`).
    pub fn set_position(&mut self, position: i64, at: DateTime<Utc>) -> bool {
        let applied = set_if_later(
            &mut self.position,
            &mut self.changed.position,
            position,
            Stamp::of(at),
            |p| *p,
        );
        self.touched(applied, at)
    }

    /// Takes in another copy of this task (a newer answer, a list read):
    /// each part keeps whichever copy changed it last.
    pub fn merge(&mut self, other: &Task) {
        let theirs = other.changed;
        let mine = &mut self.changed;
        set_if_later(
            &mut self.title,
            &mut mine.title,
            other.title.clone(),
            theirs.title,
            |t| t.as_str().to_owned(),
        );
        set_if_later(
            &mut self.notes,
            &mut mine.notes,
            other.notes.clone(),
            theirs.notes,
            |n| n.as_str().to_owned(),
        );
        set_if_later(&mut self.due, &mut mine.due, other.due, theirs.due, |d| *d);
        set_if_later(
            &mut self.priority,
            &mut mine.priority,
            other.priority,
            theirs.priority,
            |p| *p,
        );
        set_if_later(
            &mut self.list_id,
            &mut mine.list,
            other.list_id,
            theirs.list,
            |l| *l,
        );
        set_if_later(
            &mut self.recurrence,
            &mut mine.recurrence,
            other.recurrence.clone(),
            theirs.recurrence,
            rule_order,
        );
        set_if_later(
            &mut self.reminder,
            &mut mine.reminder,
            other.reminder,
            theirs.reminder,
            |r| r.to_string(),
        );
        set_if_later(
            &mut self.completed_at,
            &mut mine.completion,
            other.completed_at,
            theirs.completion,
            Option::is_some,
        );
        set_if_later(
            &mut self.deleted_at,
            &mut mine.deletion,
            other.deleted_at,
            theirs.deletion,
            Option::is_some,
        );
        set_if_later(
            &mut self.position,
            &mut mine.position,
            other.position,
            theirs.position,
            |p| *p,
        );
        self.series_id = self.series_id.or(other.series_id);
        self.updated_at = self.updated_at.max(other.updated_at);
        self.merge_steps(&other.steps);
    }

    /// Each step in both copies keeps its parts' latest changes; a step in
    /// only one copy is kept. Which steps a task no longer has (deleted on
    /// another device, so left out of reads) this cannot tell: the caller
    /// that knows which copy the server sent later decides that.
    fn merge_steps(&mut self, others: &[Step]) {
        for other in others {
            match self.steps.iter_mut().find(|step| step.id == other.id) {
                Some(step) => step.merge(other),
                None => self.steps.push(other.clone()),
            }
        }
        in_order(&mut self.steps);
    }

    /// A change to one of its steps made at `at` is a change to the task
    /// (its `updated_at`, never its completion: a student decides when the
    /// task is done, even with every step ticked).
    pub fn step_changed(&mut self, at: DateTime<Utc>) -> bool {
        let before = self.updated_at;
        self.touched(true, at);
        self.updated_at != before
    }

    fn touched(&mut self, applied: bool, at: DateTime<Utc>) -> bool {
        if applied {
            self.updated_at = self.updated_at.max(to_millis(at));
        }
        applied
    }

    /// The occurrence that follows this one when it is completed on
    /// `completed_on`: due by the rule after this one's due date (or after
    /// the completion day, for a task without one). Its id is derived from
    /// the series and its date, so it can only ever be created once. It is
    /// made at `at`, the completion's time, and starts with a copy of this
    /// one's steps, none done (`Step::copied_into`), and this one's
    /// reminder unless it was put off to a moment of this one's own.
    pub fn next_occurrence(&self, completed_on: NaiveDate, at: DateTime<Utc>) -> Option<Task> {
        let rule = self.recurrence.as_ref()?;
        let series = self.series_id.unwrap_or(self.id);
        let base = self.due.map_or(completed_on, |due| due.date);
        let date = rule.next_after(base);
        let recurrence = Some(rule.for_next(base, date));
        let at = to_millis(at);
        let id = TaskId::occurrence(series, date);
        let steps = self
            .steps
            .iter()
            .filter(|step| step.deleted_at.is_none())
            .map(|step| step.copied_into(id, at))
            .collect();
        Some(Task {
            id,
            due: Some(Due {
                date,
                time: self.due.and_then(|due| due.time),
            }),
            recurrence,
            series_id: Some(series),
            created_at: at,
            updated_at: at,
            completed_at: None,
            deleted_at: None,
            changed: Clocks::all(Stamp::of(at)),
            steps,
            reminder: self.reminder.for_next(),
            ..self.clone()
        })
    }
}

/// How two rules set in the same millisecond are ordered (the higher
/// wins). A series' remembered day is set only when an occurrence is made
/// and forgotten only by a later move, so of two copies alike but for it,
/// the one that forgot is the later: it orders higher.
fn rule_order(rule: &Option<Recurrence>) -> Option<(String, bool)> {
    rule.as_ref()
        .map(|r| (r.unanchored().to_string(), *r == r.unanchored()))
}

#[cfg(test)]
mod tests;
