//! What a queued request asks for: the change, and when the person made it.
//!
//! The page never reads back what it sends itself: `Entry::with_change`
//! gives each of its entries the change it made, and the worker's news of
//! them is given the same (`Ledger::recall`). Only a request this page did
//! not make in its life is read from its body, with its server function's
//! own type (`api::wire::read`): one queued before a reload, a form posted
//! before the WASM took over, a reminder's button. That reading compiles
//! a url-form reader for every server function, about a sixth of Today's
//! first WASM, so in the browser it comes in a chunk of its own, fetched
//! the first time such news comes (`state/browser.rs`). The worker keeps
//! every chunk: it reads offline too.

use super::{Entry, Snapshot};
use crate::change::Change;
use crate::domain::wire_time;
use chrono::{DateTime, Utc};
use std::sync::OnceLock;

/// When a request's change was made and what it is, each settled at most
/// once. Not part of what the entry is: it compares equal whatever it
/// holds.
#[derive(Clone, Default)]
pub struct ReadBack {
    at: OnceLock<DateTime<Utc>>,
    /// Set once read: `None` for a request that is not a change the page
    /// knows (the server will say what it is).
    change: OnceLock<Option<Change>>,
}

impl PartialEq for ReadBack {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for ReadBack {}

impl std::fmt::Debug for ReadBack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ReadBack")
    }
}

impl Entry {
    /// The same entry, knowing the change its request asks for (made `at`):
    /// what the page sends, it never reads back.
    pub fn with_change(self, at: DateTime<Utc>, change: Option<Change>) -> Self {
        let _ = self.read.at.set(at);
        let _ = self.read.change.set(change);
        self
    }

    /// When the person made the change: the `at` the request carries, else
    /// when it was kept (a form posted before the page was live).
    pub fn made_at(&self) -> DateTime<Utc> {
        *self.read.at.get_or_init(|| {
            form_urlencoded::parse(self.body.as_bytes())
                .find(|(name, _)| name == crate::protocol::TIME_FIELD)
                .and_then(|(_, at)| wire_time::parse_moment(&at))
                .or_else(|| DateTime::from_timestamp_millis(self.time))
                .unwrap_or_else(Utc::now)
        })
    }

    /// The change it asks for (`None`: not a change the page draws or
    /// knows, or not read yet).
    pub fn change(&self) -> Option<&Change> {
        self.read.change.get().and_then(Option::as_ref)
    }

    /// Whether what it asks for is settled.
    pub fn is_read(&self) -> bool {
        self.read.change.get().is_some()
    }

    /// Reads its request, with its server function's own type, if nothing
    /// gave its change before.
    pub fn read_request(&self) {
        let at = self.made_at();
        self.read
            .change
            .get_or_init(|| crate::api::wire::read(&self.url, &self.body, at));
    }

    /// What another copy of it (by key) settled, taken as its own.
    fn recall(&mut self, other: &Entry) {
        if !self.is_read() && other.is_read() {
            self.read = other.read.clone();
        }
    }
}

impl Snapshot {
    fn entries_mut(&mut self) -> impl Iterator<Item = &mut Entry> {
        self.pending
            .iter_mut()
            .chain(&mut self.failures)
            .chain(&mut self.recent)
    }

    /// Whether every request it lists is read.
    pub fn is_read(&self) -> bool {
        self.pending
            .iter()
            .chain(&self.failures)
            .chain(&self.recent)
            .all(Entry::is_read)
    }

    /// Gives each entry what `known` (the same key) settled already.
    pub fn recall<'a>(&mut self, known: impl Fn(&str) -> Option<&'a Entry>) {
        for entry in self.entries_mut() {
            if let Some(other) = known(&entry.key) {
                entry.recall(other);
            }
        }
    }

    /// Reads every request no copy settled before.
    pub fn read_requests(mut self) -> Self {
        for entry in self.entries_mut() {
            entry.read_request();
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::change::TaskChange;
    use crate::domain::TaskId;

    fn completion(id: TaskId) -> Entry {
        let body = format!("id={id}&completed=true&at=2026-12-07T08:00:00.000Z");
        Entry::new("/api/tasks/complete", body, Utc::now())
    }

    #[test]
    fn a_queued_request_is_read_with_its_server_functions_type_and_dated_by_its_at() {
        let id = TaskId::new();
        let entry = completion(id);
        assert!(!entry.is_read());
        assert_eq!(entry.change(), None, "nothing is read before it is asked");
        entry.read_request();
        assert_eq!(
            entry.change().cloned(),
            Some(Change::Task(TaskChange::Complete {
                id,
                completed: true
            }))
        );
        assert_eq!(
            entry.made_at(),
            wire_time::parse_moment("2026-12-07T08:00:00.000Z").unwrap()
        );
    }

    #[test]
    fn a_request_that_is_no_change_reads_as_none_once() {
        let entry = Entry::new("/api/unknown", "x=1".into(), Utc::now());
        entry.read_request();
        assert!(entry.is_read());
        assert_eq!(entry.change(), None);
    }

    #[test]
    fn news_of_the_pages_own_change_needs_no_reading() {
        let id = TaskId::new();
        let change = Change::Task(TaskChange::Complete {
            id,
            completed: true,
        });
        let mine = completion(id).with_change(Utc::now(), Some(change.clone()));
        // The worker's copy: the same key, its body only.
        let copy = Entry {
            read: ReadBack::default(),
            ..mine.clone()
        };
        let stranger = completion(TaskId::new());
        let mut news = Snapshot {
            pending: vec![copy, stranger],
            ..Snapshot::default()
        };
        news.recall(|key| (key == mine.key).then_some(&mine));
        assert_eq!(news.pending[0].change(), Some(&change));
        assert!(!news.is_read(), "a request made elsewhere is still unread");
        let news = news.read_requests();
        assert!(news.is_read());
    }
}
