//! What the page draws from the outbox: what waits, what is on its way,
//! what failed, and every task with all of it on top (each read from the
//! ledger, `ledger.rs`).

use super::Outbox;
use crate::change::{Change, KeptTimetable, ListChange};
use crate::domain::{Stamp, Task, TaskId, TaskList};
use crate::outbox::{overlay, Entry, Layers, Shown};
use leptos::prelude::*;

impl Outbox {
    /// What waits in the worker's queue, including what it just took.
    pub fn pending(&self) -> Vec<Entry> {
        self.ledger.with(|l| l.waiting().cloned().collect())
    }

    /// What is on its way: from this page, or (kept by the worker) from a
    /// page reloaded since.
    pub fn in_flight(&self) -> Vec<Entry> {
        self.ledger.with(|l| l.in_flight())
    }

    /// Changes not yet saved, for the bar.
    pub fn pending_count(&self) -> usize {
        self.ledger.with(|l| l.waiting().count())
    }

    /// Changes this page sent whose answer has not come.
    pub fn unanswered_count(&self) -> usize {
        self.ledger.with(|l| l.unanswered_count())
    }

    /// Changes the network will take on its own (not those waiting for the
    /// person to retry or discard them).
    pub fn draining_count(&self) -> usize {
        self.ledger.with(|l| l.draining_count())
    }

    /// Changes waiting for the person: retry or discard.
    pub fn stuck(&self) -> Vec<Entry> {
        self.ledger.with(|l| l.stuck())
    }

    /// Changes the server refused, shown until dismissed.
    pub fn failures(&self) -> Vec<Entry> {
        self.ledger.with(|l| l.failures())
    }

    /// The account's session ended elsewhere: its changes wait for a
    /// sign-in on this phone.
    pub fn paused(&self) -> bool {
        self.paused.get()
    }

    /// Lists made on this phone that the server has not confirmed yet (made
    /// offline, say): usable at once, as a subject too.
    pub fn lists_made(&self) -> Vec<TaskList> {
        self.unconfirmed()
            .iter()
            .filter_map(|entry| match entry.change()? {
                Change::List(ListChange::Create { id, name }) => {
                    Some(TaskList::new(id, name, entry.made_at()))
                }
                _ => None,
            })
            .collect()
    }

    /// The timetable as the person expects it: what the page knows, with
    /// every timetable change not yet confirmed applied by its rule.
    pub fn timetable(&self) -> KeptTimetable {
        let mut timetable = self.known.with(|known| known.timetable().clone());
        for entry in self.unconfirmed() {
            if let Some(Change::Timetable(change)) = entry.change() {
                timetable.apply(&change, Stamp::of(entry.made_at()));
            }
        }
        timetable
    }

    /// Every change the server has not confirmed to the page's reads yet:
    /// settling, waiting, and on its way.
    fn unconfirmed(&self) -> Vec<Entry> {
        self.ledger.with(|l| {
            let mut all = l.settling();
            all.extend(l.waiting().cloned());
            all.extend(l.in_flight());
            all
        })
    }

    /// Every task the page knows, with every change not yet confirmed on
    /// top (`overlay`): what any list of the page is drawn from.
    pub fn overlaid(&self) -> Vec<Shown> {
        let (settling, pending, sending, failures) = self.ledger.with(|l| {
            let pending: Vec<Entry> = l.waiting().cloned().collect();
            (l.settling(), pending, l.in_flight(), l.failures())
        });
        self.known.with(|known| {
            let failed: Vec<TaskId> = failures
                .iter()
                .filter_map(|entry| known.task_of(&entry.change()?))
                .collect();
            let layers = Layers {
                settled: &settling,
                pending: &pending,
                sending: &sending,
                failed: &failed,
            };
            let server: Vec<Task> = known.tasks().cloned().collect();
            overlay(&server, layers)
        })
    }
}
