//! What the page draws from the outbox: what waits, what is on its way,
//! what failed, and every task with all of it on top (each read from the
//! ledger, `ledger.rs`).
//!
//! Each is a memo, derived once per change of the ledger however many
//! parts of the page read it, and what reads one runs again only when it
//! changed: a tap on a task changes the tasks drawn, not the count of
//! changes waiting, the lists made here or the timetable, so the bar, every
//! row's list of subjects and Today's lessons stay as they are. That is
//! what keeps a tap's path short (tap → next frame, `tap.bench.ts`).

use super::Outbox;
use crate::change::{Change, KeptTimetable, ListChange, TimetableChange};
use crate::domain::{Stamp, Task, TaskId, TaskList};
use crate::outbox::{overlay, Entry, Known, Layers, Ledger, Shown};
use chrono::{DateTime, Utc};
use leptos::prelude::*;

#[derive(Clone, Copy)]
pub(super) struct Drawn {
    overlaid: Memo<Vec<Shown>>,
    creating: Memo<Vec<TaskId>>,
    counts: Memo<Counts>,
    stuck: Memo<Vec<Entry>>,
    failures: Memo<Vec<Entry>>,
    lists_made: Memo<Vec<TaskList>>,
    timetable_edits: Memo<Vec<(TimetableChange, DateTime<Utc>)>>,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Counts {
    waiting: usize,
    unsaved: usize,
    draining: usize,
}

impl Drawn {
    pub(super) fn new(ledger: RwSignal<Ledger>, known: RwSignal<Known>) -> Self {
        Self {
            overlaid: Memo::new(move |_| ledger.with(|l| known.with(|k| overlaid(l, k)))),
            creating: Memo::new(move |_| {
                ledger.with(|l| {
                    l.on_the_way()
                        .filter_map(|entry| entry.new_task().map(|task| task.id))
                        .collect()
                })
            }),
            counts: Memo::new(move |_| {
                ledger.with(|l| Counts {
                    waiting: l.waiting().count(),
                    unsaved: l.unsaved_count(),
                    draining: l.draining_count(),
                })
            }),
            stuck: Memo::new(move |_| ledger.with(Ledger::stuck)),
            failures: Memo::new(move |_| ledger.with(Ledger::failures)),
            lists_made: Memo::new(move |_| {
                ledger.with(|l| {
                    l.unconfirmed()
                        .filter_map(|entry| match entry.change()? {
                            Change::List(ListChange::Create { id, name }) => {
                                Some(TaskList::new(*id, name.clone(), entry.made_at()))
                            }
                            _ => None,
                        })
                        .collect()
                })
            }),
            timetable_edits: Memo::new(move |_| {
                ledger.with(|l| {
                    l.unconfirmed()
                        .filter_map(|entry| match entry.change()? {
                            Change::Timetable(change) => Some((change.clone(), entry.made_at())),
                            _ => None,
                        })
                        .collect()
                })
            }),
        }
    }
}

/// Every task the page knows, with every change not yet confirmed on top.
fn overlaid(ledger: &Ledger, known: &Known) -> Vec<Shown> {
    let settling = ledger.settling();
    let pending: Vec<Entry> = ledger.waiting().cloned().collect();
    let sending = ledger.in_flight();
    let failed: Vec<TaskId> = ledger
        .failures()
        .iter()
        .filter_map(|entry| known.task_of(entry.change()?))
        .collect();
    let layers = Layers {
        settled: &settling,
        pending: &pending,
        sending: &sending,
        failed: &failed,
    };
    let server: Vec<Task> = known.tasks().cloned().collect();
    overlay(&server, layers)
}

impl Outbox {
    /// What waits in the worker's queue, including what it just took.
    pub fn pending(&self) -> Vec<Entry> {
        self.ledger.with(|l| l.waiting().cloned().collect())
    }

    /// What is on its way: from this page, or (kept by the worker) from a
    /// page reloaded since. The page itself reads `creating`.
    #[cfg(test)]
    pub fn in_flight(&self) -> Vec<Entry> {
        self.ledger.with(|l| l.in_flight())
    }

    /// The tasks whose creation is on its way.
    pub fn creating(&self) -> Vec<TaskId> {
        self.drawn.creating.get()
    }

    /// Whether the creation of task `id` is on its way.
    pub fn is_creating(&self, id: TaskId) -> bool {
        self.drawn.creating.with(|ids| ids.contains(&id))
    }

    /// Changes not yet saved, for the bar.
    pub fn pending_count(&self) -> usize {
        self.drawn.counts.with(|c| c.waiting)
    }

    /// Changes not saved yet: waiting, or on their way.
    pub fn unsaved_count(&self) -> usize {
        self.drawn.counts.with(|c| c.unsaved)
    }

    /// Changes the network will take on its own (not those waiting for the
    /// person to retry or discard them).
    pub fn draining_count(&self) -> usize {
        self.drawn.counts.with(|c| c.draining)
    }

    /// Changes waiting for the person: retry or discard.
    pub fn stuck(&self) -> Vec<Entry> {
        self.drawn.stuck.get()
    }

    /// Changes the server refused, shown until dismissed.
    pub fn failures(&self) -> Vec<Entry> {
        self.drawn.failures.get()
    }

    /// The account's session ended elsewhere: its changes wait for a
    /// sign-in on this phone.
    pub fn paused(&self) -> bool {
        self.paused.get()
    }

    /// Lists made on this phone that the server has not confirmed yet (made
    /// offline, say): usable at once, as a subject too.
    pub fn lists_made(&self) -> Vec<TaskList> {
        self.drawn.lists_made.get()
    }

    /// The timetable as the person expects it: what the page knows, with
    /// every timetable change not yet confirmed applied by its rule.
    pub fn timetable(&self) -> KeptTimetable {
        let mut timetable = self.known.with(|known| known.timetable().clone());
        self.drawn.timetable_edits.with(|edits| {
            for (change, at) in edits {
                timetable.apply(change, Stamp::of(*at));
            }
        });
        timetable
    }

    /// Every task the page knows, with every change not yet confirmed on
    /// top (`overlay`): what any list of the page is drawn from.
    pub fn overlaid(&self) -> Vec<Shown> {
        self.drawn.overlaid.get()
    }

    /// The same, lent to `read`.
    pub fn with_overlaid<T>(&self, read: impl FnOnce(&[Shown]) -> T) -> T {
        self.drawn.overlaid.with(|all| read(all))
    }
}
