//! What the page knows from the server: every task it has heard of (in any
//! view's read, or in the answer to a change), each kept as its latest
//! version by the rule of the last action, with when the server last
//! vouched for it. A view is drawn from this, with the outbox on top; the
//! page keeps it on the phone (`memory`), so a view opened without a
//! network shows what the page last knew, saved changes included.

use crate::change::{Change, KeptTimetable};
use crate::domain::{StepId, Task, TaskId};
use crate::views::{Day, Nav, View};
use serde::{Deserialize, Serialize};

/// How long a deleted task is remembered (so a read that started before the
/// deletion cannot bring it back).
const FORGET_DELETED_AFTER_MS: i64 = 60 * 60 * 1000;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Known {
    tasks: Vec<KnownTask>,
    reads: Vec<Read>,
    /// The person's today and the navigation, as the latest read gave them.
    pub today: Option<Day>,
    pub nav: Nav,
    /// The task each step the page has seen belongs to, kept after the step
    /// leaves it (deleted on another device): a refused change to the step
    /// still marks and names its task. For the page's life only: kept on
    /// the phone too it would cost Today's first load a kilobyte of
    /// serde code, for a refusal met again after a reload.
    #[serde(skip)]
    step_owners: Vec<(StepId, TaskId)>,
    /// The timetable, each entry at its latest by its own rule, so that
    /// two reads crossing cannot take an entry back.
    #[serde(default)]
    timetable: KeptTimetable,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct KnownTask {
    task: Task,
    /// The server's clock when it last sent this task (milliseconds).
    seen: i64,
}

/// One view's latest read: when, and the tasks it listed, in its order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Read {
    view: String,
    at: i64,
    ids: Vec<TaskId>,
}

impl Known {
    pub fn tasks(&self) -> impl Iterator<Item = &Task> {
        self.tasks.iter().map(|known| &known.task)
    }

    pub fn get(&self, id: TaskId) -> Option<&Task> {
        self.tasks().find(|task| task.id == id)
    }

    /// The task `change` is about: the one it names, or for a step's edit
    /// or deletion, the task that holds (or held) the step.
    pub fn task_of(&self, change: &Change) -> Option<TaskId> {
        change.task_id().or_else(|| {
            let step = change.needs_step()?;
            self.step_owners
                .iter()
                .find(|(owned, _)| *owned == step)
                .map(|(_, task)| *task)
        })
    }

    pub fn timetable(&self) -> &KeptTimetable {
        &self.timetable
    }

    /// Takes in the timetable as a read gave it.
    pub fn take_timetable(&mut self, read: &KeptTimetable) {
        for kept in read.entries() {
            self.timetable.apply(&kept.change, kept.changed);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.tasks.is_empty() && self.reads.is_empty()
    }

    /// The tasks `view`'s latest read listed, in its order.
    pub fn listed(&self, view: &View) -> &[TaskId] {
        let name = view.name();
        self.reads
            .iter()
            .find(|read| read.view == name)
            .map_or(&[], |read| &read.ids)
    }

    /// When `view` was last read (the server's clock), if ever.
    pub fn read_at(&self, view: &View) -> Option<i64> {
        let name = view.name();
        self.reads
            .iter()
            .find(|read| read.view == name)
            .map(|read| read.at)
    }

    /// Takes in a read of `view` made at `at` (the server's clock). A task
    /// the view would show that the read does not list has changed on the
    /// server since the page heard of it (deleted, done, moved): it is
    /// forgotten until another read brings it back.
    pub fn take_read(&mut self, view: &View, at: i64, today: Day, nav: Nav, tasks: Vec<Task>) {
        if self.read_at(view).is_some_and(|known| known > at) {
            // An older read than one already taken (they crossed).
            for task in tasks {
                self.take(task, at);
            }
            return;
        }
        let ids: Vec<TaskId> = tasks.iter().map(|task| task.id).collect();
        self.tasks.retain(|known| {
            ids.contains(&known.task.id) || known.seen >= at || !view.shows(&known.task, today)
        });
        for task in tasks {
            self.take(task, at);
        }
        self.forget_deleted(at);
        let name = view.name();
        self.reads.retain(|read| read.view != name);
        self.reads.push(Read {
            view: name,
            at,
            ids,
        });
        if self.today.is_none_or(|_| self.newest_read() <= at) {
            self.today = Some(today);
            self.nav = nav;
        }
    }

    /// Takes in tasks the server found at `at` (a search): no view's list
    /// changes, since the search is none of them.
    pub fn take_found(&mut self, at: i64, today: Day, nav: Nav, tasks: Vec<Task>) {
        for task in tasks {
            self.take(task, at);
        }
        if self.today.is_none_or(|_| self.newest_read() <= at) {
            self.today = Some(today);
            self.nav = nav;
        }
    }

    /// Takes in one task the server sent at `at` (an answer to a change).
    pub fn take(&mut self, task: Task, at: i64) {
        for step in &task.steps {
            if !self.step_owners.iter().any(|(owned, _)| *owned == step.id) {
                self.step_owners.push((step.id, task.id));
            }
        }
        match self.tasks.iter_mut().find(|known| known.task.id == task.id) {
            Some(known) => {
                // Which steps the task has is what the newer copy says (a
                // read leaves deleted steps out, so a step one copy lacks
                // was deleted before it, or made after it); each step's
                // parts merge by the last action.
                let members: Vec<_> = if at >= known.seen {
                    task.steps.iter().map(|s| s.id).collect()
                } else {
                    known.task.steps.iter().map(|s| s.id).collect()
                };
                known.task.merge(&task);
                known.task.steps.retain(|step| members.contains(&step.id));
                known.seen = known.seen.max(at);
            }
            None => self.tasks.push(KnownTask { task, seen: at }),
        }
    }

    /// Takes in what the page knew earlier (kept on the phone): each task at
    /// its latest, each view's latest read. Whichever read of a view is
    /// newer decides which tasks it no longer lists.
    pub fn absorb(&mut self, kept: Known) {
        self.take_timetable(&kept.timetable);
        let kept_is_newer = kept.newest_read() > self.newest_read();
        let today = if kept_is_newer {
            kept.today.or(self.today)
        } else {
            self.today.or(kept.today)
        };
        let kept_ids: Vec<TaskId> = kept.tasks().map(|task| task.id).collect();
        let gone = |read: &Read, known: &KnownTask, listed_elsewhere: &[TaskId]| {
            let Ok(view) = View::parse(&read.view) else {
                return false;
            };
            !listed_elsewhere.contains(&known.task.id)
                && !read.ids.contains(&known.task.id)
                && known.seen < read.at
                && today.is_some_and(|today| view.shows(&known.task, today))
        };
        for read in &kept.reads {
            let view = View::parse(&read.view).ok();
            if view.is_some_and(|view| self.read_at(&view).is_some_and(|mine| mine >= read.at)) {
                continue;
            }
            self.tasks.retain(|known| !gone(read, known, &kept_ids));
            self.reads.retain(|mine| mine.view != read.view);
            self.reads.push(read.clone());
        }
        let mine: Vec<Read> = self.reads.clone();
        for known in kept.tasks {
            if mine.iter().any(|read| gone(read, &known, &[])) {
                continue;
            }
            self.take(known.task, known.seen);
        }
        if kept_is_newer && kept.today.is_some() {
            self.today = kept.today;
            self.nav = kept.nav;
        }
    }

    fn newest_read(&self) -> i64 {
        self.reads
            .iter()
            .map(|read| read.at)
            .max()
            .unwrap_or(i64::MIN)
    }

    fn forget_deleted(&mut self, now: i64) {
        self.tasks.retain(|known| {
            known.task.deleted_at.is_none()
                || known.task.changed.deletion.millis() > now - FORGET_DELETED_AFTER_MS
        });
        let tasks = &self.tasks;
        self.step_owners
            .retain(|(_, owner)| tasks.iter().any(|known| known.task.id == *owner));
    }
}

#[cfg(test)]
mod tests;
