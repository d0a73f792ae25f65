//! What the page draws from the outbox: what waits, what is on its way,
//! what failed, and every task with all of it on top.

use super::{overlay, Entry, Layers, Outbox, Shown};
use crate::domain::{Task, TaskId};
use leptos::prelude::*;

impl Outbox {
    /// What waits in the worker's queue, including what it just took.
    pub fn pending(&self) -> Vec<Entry> {
        let mut pending: Vec<Entry> = self
            .snapshot
            .with(|s| s.pending.iter().filter(|e| !e.sending).cloned().collect());
        self.handed
            .with(|handed| pending.extend(handed.iter().cloned()));
        pending
    }

    /// What is on its way: from this page, or (kept by the worker) from a
    /// page reloaded since.
    pub fn in_flight(&self) -> Vec<Entry> {
        let mut sending = self.sending.get();
        sending.extend(self.held.get());
        let elsewhere: Vec<Entry> = self.snapshot.with(|s| {
            s.pending
                .iter()
                .filter(|e| e.sending && !sending.iter().any(|mine| mine.key == e.key))
                .cloned()
                .collect()
        });
        sending.extend(elsewhere);
        sending
    }

    /// Changes not yet saved, for the bar.
    pub fn pending_count(&self) -> usize {
        self.snapshot
            .with(|s| s.pending.iter().filter(|e| !e.sending).count())
            + self.handed.with(Vec::len)
    }

    /// Changes the network will take on its own (not those waiting for the
    /// person to retry or discard them).
    pub fn draining_count(&self) -> usize {
        self.snapshot
            .with(|s| s.pending.iter().filter(|e| !e.sending && !e.stuck).count())
            + self.handed.with(Vec::len)
            + self.sending.with(Vec::len)
            + self.held.with(Vec::len)
    }

    /// Changes waiting for the person: retry or discard.
    pub fn stuck(&self) -> Vec<Entry> {
        let mut stuck: Vec<Entry> = self
            .snapshot
            .with(|s| s.pending.iter().filter(|e| e.stuck).cloned().collect());
        self.refused
            .with(|r| stuck.extend(r.iter().filter(|e| e.stuck).cloned()));
        stuck
    }

    /// Every task the page knows, with every change not yet confirmed on
    /// top (`overlay`): what any list of the page is drawn from.
    pub fn overlaid(&self) -> Vec<Shown> {
        let pending = self.pending();
        let failures = self.failures();
        let sending = self.in_flight();
        let settling: Vec<Entry> = self
            .settling
            .with(|s| s.iter().map(|(_, entry)| entry.clone()).collect());
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

    /// Changes the server refused, shown until dismissed.
    pub fn failures(&self) -> Vec<Entry> {
        let mut failures = self.snapshot.with(|s| s.failures.clone());
        self.refused
            .with(|r| failures.extend(r.iter().filter(|e| !e.stuck).cloned()));
        failures
    }
}
