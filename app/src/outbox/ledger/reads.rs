//! What the page draws from the ledger: what waits, what is on its way,
//! what failed, what was just saved. Reads only; the transitions are in
//! `ledger.rs`.

use super::{Entry, Ledger, Phase, Snapshot};

impl Ledger {
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))] // the browser's wiring asks
    pub(super) fn phase(&self, key: &str) -> Option<Phase> {
        let line = self.lines.iter().find(|line| line.entry.key == key)?;
        Some(line.phase)
    }

    pub(super) fn in_phase(&self, phase: Phase) -> impl Iterator<Item = &Entry> {
        self.lines
            .iter()
            .filter(move |line| line.phase == phase)
            .map(|line| &line.entry)
    }

    fn handed(&self) -> impl Iterator<Item = &Entry> {
        self.lines
            .iter()
            .filter(|line| matches!(line.phase, Phase::Handed { .. }))
            .map(|line| &line.entry)
    }

    /// The worker's last news.
    pub fn news(&self) -> &Snapshot {
        &self.news
    }

    /// How many times the page was asked to read the truth again.
    pub fn reads(&self) -> u32 {
        self.reads
    }

    /// Waiting for the network: in the worker's queue (not on its way
    /// now), or handed to it. The one definition of "waiting".
    pub fn waiting(&self) -> impl Iterator<Item = &Entry> {
        self.news
            .pending
            .iter()
            .filter(|e| !e.sending)
            .chain(self.handed())
    }

    /// On its way: from this page (or held behind a creation), or, kept by
    /// the worker, from a page reloaded since.
    pub fn in_flight(&self) -> Vec<Entry> {
        self.on_the_way().cloned().collect()
    }

    /// The same, lent.
    pub fn on_the_way(&self) -> impl Iterator<Item = &Entry> {
        let mine = || {
            self.lines
                .iter()
                .filter(|line| matches!(line.phase, Phase::Sending | Phase::Held))
                .map(|line| &line.entry)
        };
        let elsewhere = self
            .news
            .pending
            .iter()
            .filter(move |e| e.sending && !mine().any(|m| m.key == e.key));
        mine().chain(elsewhere)
    }

    /// Every change the server has not confirmed to the page's reads yet:
    /// settling, waiting, and on its way.
    pub fn unconfirmed(&self) -> impl Iterator<Item = &Entry> {
        self.settling_entries()
            .chain(self.waiting())
            .chain(self.on_the_way())
    }

    /// Changes this page sent whose answer has not come (held ones too).
    pub fn unanswered_count(&self) -> usize {
        self.lines
            .iter()
            .filter(|line| matches!(line.phase, Phase::Sending | Phase::Held))
            .count()
    }

    /// Changes not saved yet: waiting, or on their way (sent live, by this
    /// page or through the worker). A page that leaves while one is out
    /// hides it: a read's 401 can come back before the change's own.
    pub fn unsaved_count(&self) -> usize {
        self.waiting().count() + self.on_the_way().count()
    }

    /// Changes the network will take on its own (not those waiting for the
    /// person to retry or discard them).
    pub fn draining_count(&self) -> usize {
        self.waiting().filter(|e| !e.stuck).count() + self.unanswered_count()
    }

    /// Changes waiting for the person: retry or discard.
    pub fn stuck(&self) -> Vec<Entry> {
        let worker = self.news.pending.iter().filter(|e| e.stuck);
        let page = self.in_phase(Phase::Refused).filter(|e| e.stuck);
        worker.chain(page).cloned().collect()
    }

    /// Changes the server refused, shown until dismissed.
    pub fn failures(&self) -> Vec<Entry> {
        let page = self.in_phase(Phase::Refused).filter(|e| !e.stuck);
        self.news.failures.iter().chain(page).cloned().collect()
    }

    /// Changes the server took that the last read of the list may not
    /// have: drawn on top.
    pub fn settling(&self) -> Vec<Entry> {
        self.settling_entries().cloned().collect()
    }

    fn settling_entries(&self) -> impl Iterator<Item = &Entry> {
        self.lines
            .iter()
            .filter(|line| matches!(line.phase, Phase::Settling { .. }))
            .map(|line| &line.entry)
    }

    /// Whether a change the worker said it kept has not shown in its news.
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))] // the browser's wiring asks
    pub fn has_handed(&self) -> bool {
        self.handed().next().is_some()
    }
}
