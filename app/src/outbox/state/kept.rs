//! Saved changes whose words went elsewhere than sent (a deleted list's
//! new task to the Inbox, a deleted task brought back): read from the
//! answer once, said until the person has read it.

use super::{kept_elsewhere, Entry, KeptElsewhere, Outbox};
use crate::domain::Task;
use leptos::prelude::*;

impl Outbox {
    /// Reads a saved change's answer once: did its words go elsewhere?
    pub(super) fn note_kept(&self, entry: &Entry, answer: &Task) {
        let mut first_time = false;
        self.noticed
            .update_value(|seen| first_time = seen.insert(entry.key.clone()));
        if !first_time {
            return;
        }
        let Some(change) = entry.change() else {
            return;
        };
        if let Some(kept) = kept_elsewhere(change, entry.made_at(), answer) {
            self.kept.update(|all| all.push((entry.key.clone(), kept)));
        }
    }

    /// Saved changes whose words went elsewhere than sent, by key.
    pub fn kept_elsewhere(&self) -> Vec<(String, KeptElsewhere)> {
        self.kept.get()
    }

    /// The person has read where a change went.
    pub fn dismiss_kept(&self, key: &str) {
        self.kept.update(|all| all.retain(|(k, _)| k != key));
    }
}
