//! The worker's news: what it keeps now, read against what the page drew.

use super::{clock, memory, Entry, Outbox, Snapshot, HANDED_GRACE_MS};
use crate::domain::Task;
use leptos::prelude::*;

impl Outbox {
    /// The worker's news: what it now keeps. Entries it no longer keeps
    /// and did not refuse were taken by the server; they stay drawn until
    /// the list is read again, which this asks for.
    pub fn receive(&self, snapshot: Snapshot) {
        if let Some(server_now) = snapshot.server_now {
            clock::adopt(server_now);
        }
        let shown = self.account.get_untracked().map(|id| id.to_string());
        if snapshot.account != shown {
            // Another account's queue (a sign-in in another tab): not ours
            // to draw, nor to take as saved.
            return;
        }
        if snapshot.paused {
            // Its session ended elsewhere: what the page stored of the
            // account leaves the phone, as at a sign-out (the worker drops
            // its kept pages); the screen stays, with its waiting changes.
            if let Some(account) = self.account.get_untracked() {
                memory::forget(account);
            }
        }
        for entry in &snapshot.recent {
            let answer = entry.answer.as_deref();
            if let Some(task) = answer.and_then(|body| serde_json::from_str::<Task>(body).ok()) {
                self.note_kept(entry, &task);
            }
        }
        let mine = |e: &Entry| e.sending && self.sent.with_value(|sent| sent.contains(&e.key));
        let mut taken: Vec<Entry> = self
            .snapshot
            .with_untracked(|before| before.taken_by_now(&snapshot))
            .into_iter()
            .filter(|e| !mine(e))
            .collect();
        let refused = self
            .snapshot
            .with_untracked(|before| snapshot.failures.len() > before.failures.len());
        // What the worker said it kept: now listed, or (after a while) sent.
        let now = clock::now().timestamp_millis();
        let listed = |e: &Entry| {
            snapshot
                .pending
                .iter()
                .chain(&snapshot.failures)
                .any(|other| other.key == e.key)
        };
        let (stay, gone): (Vec<Entry>, Vec<Entry>) = self.handed.with_untracked(|handed| {
            handed
                .iter()
                .filter(|e| !listed(e))
                .cloned()
                .partition(|e| now - e.time < HANDED_GRACE_MS)
        });
        if self.handed.with_untracked(|h| h.len() != stay.len()) {
            self.handed.set(stay);
        }
        taken.extend(gone);
        // Saved by the worker while this page loaded (its list was read
        // before), or from another tab: never drawn here, drawn now.
        let unheard: Vec<Entry> = snapshot
            .recent
            .iter()
            .filter(|e| !self.heard.with_value(|heard| heard.contains(&e.key)))
            .filter(|e| !self.sent.with_value(|sent| sent.contains(&e.key)))
            .cloned()
            .collect();
        taken.extend(unheard);
        self.heard.update_value(|heard| {
            let news = snapshot
                .pending
                .iter()
                .chain(&snapshot.failures)
                .chain(&snapshot.recent);
            heard.extend(news.map(|e| e.key.clone()));
        });
        let saved_elsewhere = snapshot
            .saved
            .iter()
            .any(|key| !self.sent.with_value(|sent| sent.contains(key)));
        self.snapshot.try_set(snapshot);
        if !taken.is_empty() {
            self.settle(taken);
        } else if refused || saved_elsewhere {
            self.refresh();
        }
    }
}
