//! The outbox as the page knows it: the changes this page is sending, the
//! worker's queue, what the server refused, and what the page knows from
//! the server. On the server (and before hydration) it is simply empty.
//!
//! Every change the person makes goes through `Outbox::send`: its key and
//! time are minted at that moment (never taken from server-rendered HTML, so
//! a page served from the cache cannot make two actions share them), it is
//! drawn at once, marked `sending` while the request is out, and then shows
//! its answer: saved, kept for later (`queued`), or refused (`failed`).
//!
//! Page → worker messages are `ToWorker` (their names in
//! `protocol::to_worker`); worker → page, its news: a JSON `Snapshot`
//! (written by `policy.news` in public/sw-policy.js; both sides are held
//! to the sample in end2end/worker/news.json). The browser's side of it
//! (the worker, events, timers) is in `state/browser.rs`.

use super::kept_elsewhere::{kept_elsewhere, KeptElsewhere};
use super::send::Answer;
use super::{clock, memory, overlay, Entry, Known, Layers, Shown, Snapshot, ToWorker};
use crate::api::wire::IntoChange;
use crate::domain::{Task, UserId};
use chrono::{DateTime, Utc};
use leptos::prelude::*;
use serde::Serialize;
use std::collections::HashSet;

/// How long a change the worker said it kept may be missing from its
/// snapshot before the page takes it as already sent (its news crossed).
const HANDED_GRACE_MS: i64 = 3_000;

#[derive(Clone, Copy)]
pub struct Outbox {
    pub snapshot: RwSignal<Snapshot>,
    /// Goes up each time a burst of work ends (saved, drained, refused):
    /// the page then re-reads the server's truth.
    pub settled: RwSignal<u32>,
    /// Changes the server took since the list was last read, each with the
    /// `settled` count it came with: still drawn (unmarked) until a list
    /// read after that count has them.
    pub settling: RwSignal<Vec<(u32, Entry)>>,
    /// Sent from this page, not answered yet.
    pub sending: RwSignal<Vec<Entry>>,
    /// Changes to a task whose creation or restore this page is still
    /// sending: held until that answer (arriving first, they would be
    /// refused: "no such task").
    held: RwSignal<Vec<Entry>>,
    /// Kept by the worker (it answered so) but not in its snapshot yet.
    handed: RwSignal<Vec<Entry>>,
    /// Refused when this page sent them, or never answered with no worker
    /// to keep them (`stuck`: the person may retry).
    refused: RwSignal<Vec<Entry>>,
    /// The keys of every change this page sent: their answers come to it
    /// (the worker's news of them is for other pages).
    sent: StoredValue<Vec<String>>,
    /// The keys of every change the worker's news has shown this page
    /// (waiting, refused or saved): a saved one not among them was never
    /// drawn here.
    heard: StoredValue<HashSet<String>>,
    /// What the page knows from the server.
    pub known: RwSignal<Known>,
    account: RwSignal<Option<UserId>>,
    /// Saved changes whose words went elsewhere than sent (a deleted
    /// list's new task to the Inbox, a deleted task brought back), by key,
    /// shown until dismissed.
    kept: RwSignal<Vec<(String, KeptElsewhere)>>,
    /// The keys whose answers were read for that, so each is said once.
    noticed: StoredValue<HashSet<String>>,
}

pub fn provide_outbox() -> Outbox {
    let outbox = Outbox {
        snapshot: RwSignal::new(Snapshot::default()),
        settled: RwSignal::new(0),
        settling: RwSignal::new(Vec::new()),
        sending: RwSignal::new(Vec::new()),
        held: RwSignal::new(Vec::new()),
        handed: RwSignal::new(Vec::new()),
        refused: RwSignal::new(Vec::new()),
        sent: StoredValue::new(Vec::new()),
        heard: StoredValue::new(HashSet::new()),
        known: RwSignal::new(Known::default()),
        account: RwSignal::new(None),
        kept: RwSignal::new(Vec::new()),
        noticed: StoredValue::new(HashSet::new()),
    };
    provide_context(outbox);
    #[cfg(feature = "hydrate")]
    browser::connect(outbox);
    outbox
}

/// The page's outbox (provided by `App`; a lone component under test gets
/// one of its own).
pub fn use_outbox() -> Outbox {
    use_context::<Outbox>().unwrap_or_else(provide_outbox)
}

impl Outbox {
    /// Sends a change, stamped once with the time of the action (docs/design.md
    /// §2): `change` builds the server function's arguments from the stamp
    /// (their `at`), and the outbox dates its entry with the same one. One
    /// stamp per action is also one read and write of the kept clock, on
    /// the path from a tap to the screen.
    pub fn send<F>(&self, change: impl FnOnce(DateTime<Utc>) -> F)
    where
        F: server_fn::ServerFn + Serialize + IntoChange + Clone,
    {
        let at = clock::now();
        let args = change(at);
        // The change as the overlay draws it, from the arguments themselves:
        // the tap's path never reads its own request back.
        let drawn = args.clone().into_change(at).ok().map(Into::into);
        match serde_qs::to_string(&args) {
            Ok(body) => self.deliver(Entry::new(F::PATH, body, at).with_change(at, drawn)),
            Err(error) => leptos::logging::error!("a change could not be encoded: {error}"),
        }
    }

    fn deliver(&self, entry: Entry) {
        self.sent.update_value(|sent| sent.push(entry.key.clone()));
        if self.blocked(&entry) {
            self.held.update(|held| held.push(entry));
            return;
        }
        self.sending.update(|all| all.push(entry.clone()));
        #[cfg(feature = "hydrate")]
        {
            let outbox = *self;
            let account = self.account.get_untracked();
            leptos::task::spawn_local(async move {
                let answer = super::send::post(&entry, account.map(|id| id.to_string())).await;
                // An answer for an account this page no longer shows, or
                // that came after the page forgot what it was sending
                // (signed out meanwhile, even if the same person signed in
                // again), is not drawn: the worker settles its own copy.
                let still_sending = outbox
                    .sending
                    .with_untracked(|all| all.iter().any(|e| e.key == entry.key));
                if still_sending && outbox.account.get_untracked() == account {
                    outbox.answered(entry, answer);
                }
            });
        }
    }

    /// Whether `entry` is about a task (or a step) this page is still
    /// creating or restoring.
    fn blocked(&self, entry: &Entry) -> bool {
        let Some(change) = entry.change() else {
            return false;
        };
        let task = change.task_id();
        let step = change.needs_step();
        if task.is_none() && step.is_none() {
            return false;
        }
        self.sending.with_untracked(|sending| {
            sending.iter().filter_map(Entry::change).any(|earlier| {
                let makes_task = earlier.makes_task();
                let makes_step = earlier.makes_step();
                (makes_task.is_some() && makes_task == task)
                    || (makes_step.is_some() && makes_step == step)
            })
        })
    }

    // Only the browser sends (on the server, and in unit tests, nothing does).
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    fn answered(&self, mut entry: Entry, answer: Answer) {
        self.sending
            .update(|all| all.retain(|e| e.key != entry.key));
        // What waited for this answer goes now (kept in the outbox behind
        // it, if it was kept).
        let ready: Vec<Entry> = self
            .held
            .with_untracked(|held| held.iter().filter(|e| !self.blocked(e)).cloned().collect());
        if !ready.is_empty() {
            self.held
                .update(|held| held.retain(|e| !ready.iter().any(|r| r.key == e.key)));
            for entry in ready {
                self.deliver(entry);
            }
        }
        match answer {
            // The answer is the task as it now is: the page knows it at
            // once. The change stays drawn (its side effects too: a next
            // occurrence) until the view is read again, a moment after the
            // last saved change, never at once: a row must not move or
            // vanish under a second tap.
            Answer::Saved(body) => match serde_json::from_str::<Task>(&body) {
                Ok(task) => {
                    self.note_kept(&entry, &task);
                    let seen = clock::now().timestamp_millis();
                    self.known.update(|known| known.take(task, seen));
                    let next = self.settled.get_untracked() + 1;
                    self.settling.update(|s| s.push((next, entry)));
                    #[cfg(feature = "hydrate")]
                    browser::calm_soon(*self);
                }
                // An order, a list, a time zone: drawn until the view is
                // read again, which this asks for.
                Err(_) => self.settle(vec![entry]),
            },
            Answer::Queued => {
                let listed = self
                    .snapshot
                    .with_untracked(|s| s.pending.iter().any(|e| e.key == entry.key && !e.sending));
                if !listed {
                    entry.time = clock::now().timestamp_millis();
                    self.handed.update(|all| all.push(entry));
                }
            }
            Answer::Refused { status, body } => {
                entry.status = Some(status);
                entry.reason = Some(body);
                // A server error is not a verdict on the change: the person
                // may send it again (with its key) or drop it.
                entry.stuck = status >= 500;
                self.refused.update(|all| all.push(entry));
                self.refresh();
            }
            Answer::NoAnswer => {
                entry.stuck = true;
                let error = crate::error::AppError::Transport(String::new());
                entry.reason = serde_json::to_string(&error).ok();
                self.refused.update(|all| all.push(entry));
            }
        }
    }

    /// Entries the server took: drawn until a read after them arrives.
    fn settle(&self, taken: Vec<Entry>) {
        self.settled.update(|n| *n += 1);
        let at = self.settled.get_untracked();
        self.settling
            .update(|s| s.extend(taken.into_iter().map(|entry| (at, entry))));
    }

    /// Tells the worker which account this page shows (requests name it,
    /// so none is ever replayed as another), and takes in what the page
    /// knew last time for this account.
    pub fn greet(&self, account: UserId) {
        let before = self.account.get_untracked();
        if before != Some(account) {
            if before.is_some() {
                // Another account in the same page: nothing of the last one
                // stays on screen.
                self.clear();
            }
            self.account.set(Some(account));
            if let Some(kept) = memory::load(account) {
                self.known.update(|known| known.absorb(kept));
            }
            clock::synchronise();
        }
        #[cfg(feature = "hydrate")]
        browser::greet(account, self.list_ids());
    }

    /// The person's lists (each one's page is kept for offline use).
    #[cfg(feature = "hydrate")]
    fn list_ids(&self) -> Vec<String> {
        self.known.with_untracked(|known| {
            known
                .nav
                .lists
                .iter()
                .map(|l| l.list.id.to_string())
                .collect()
        })
    }

    /// The person chose another language: the worker keeps its pages again,
    /// so none opens in the old one.
    pub fn language_changed(&self) {
        #[cfg(feature = "hydrate")]
        if let Some(account) = self.account.get_untracked() {
            browser::language_changed(account, self.list_ids());
        }
    }

    /// The account signed out here: what the page knew of it leaves the
    /// phone and the screen (its waiting changes stay in the worker, kept
    /// for when it signs in again).
    pub fn forget_account(&self) {
        if let Some(account) = self.account.get_untracked() {
            memory::forget(account);
        }
        self.account.set(None);
        self.clear();
    }

    /// Forgets everything of the account shown until now. What it was
    /// sending too: an answer still on its way is then not drawn, and no
    /// row stays `sending` (and the refresh held) for ever.
    fn clear(&self) {
        self.kept.set(Vec::new());
        self.sending.set(Vec::new());
        self.sent.set_value(Vec::new());
        self.known.set(Known::default());
        self.refused.set(Vec::new());
        self.held.set(Vec::new());
        self.handed.set(Vec::new());
        self.settling.set(Vec::new());
        self.snapshot.set(Snapshot::default());
    }

    fn local(&self, key: &str) -> Option<Entry> {
        self.refused
            .with_untracked(|r| r.iter().find(|e| e.key == key).cloned())
    }

    fn drop_local(&self, key: &str) {
        self.refused.update(|r| r.retain(|e| e.key != key));
    }

    pub fn dismiss(&self, key: &str) {
        match self.local(key) {
            Some(_) => self.drop_local(key),
            None => self.tell(ToWorker::Dismiss { key: key.into() }),
        }
    }

    /// Sends a stuck change again, with its key.
    pub fn retry(&self, key: &str) {
        match self.local(key) {
            Some(mut entry) => {
                self.drop_local(key);
                entry.stuck = false;
                self.deliver(entry);
            }
            None => self.tell(ToWorker::Retry { key: key.into() }),
        }
    }

    pub fn discard(&self, key: &str) {
        match self.local(key) {
            Some(_) => self.drop_local(key),
            None => self.tell(ToWorker::Discard { key: key.into() }),
        }
        // The discarded change must stop showing: read the truth again.
        self.refresh();
    }

    /// Asks the page to read the server's truth again.
    pub fn refresh(&self) {
        self.settled.update(|n| *n += 1);
    }

    /// A list asked for when `settled` was `seen` has arrived: it has
    /// every change settled up to then (later ones stay drawn).
    pub fn list_read(&self, seen: u32) {
        if self
            .settling
            .with_untracked(|s| s.iter().any(|(at, _)| *at <= seen))
        {
            self.settling.update(|s| s.retain(|(at, _)| *at > seen));
        }
    }

    fn tell(&self, message: ToWorker) {
        #[cfg(feature = "hydrate")]
        browser::post(&message);
        #[cfg(not(feature = "hydrate"))]
        let _ = message;
    }
}

#[cfg(feature = "hydrate")]
mod browser;
mod kept;
mod layers;
mod news;

#[cfg(test)]
mod tests;
