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
//! Page → worker messages are JSON strings: `hello` (which account this
//! page shows; the worker replies with its snapshot and starts a replay),
//! `replay` (`force` ignores the back-off: on `online`, on becoming
//! visible), `dismiss`, `retry` and `discard` (a failure or a stuck entry,
//! by key). Worker → page: a JSON `Snapshot`.

use super::kept_elsewhere::{kept_elsewhere, KeptElsewhere};
use super::send::Answer;
use super::{clock, memory, overlay, Entry, Known, Layers, Shown, Snapshot};
use crate::domain::{Task, TaskId, UserId};
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
        F: server_fn::ServerFn + Serialize,
    {
        let at = clock::now();
        match serde_qs::to_string(&change(at)) {
            Ok(body) => self.deliver(Entry::new(F::PATH, body, at)),
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

    /// Reads a saved change's answer once: did its words go elsewhere?
    fn note_kept(&self, entry: &Entry, answer: &Task) {
        let mut first_time = false;
        self.noticed
            .update_value(|seen| first_time = seen.insert(entry.key.clone()));
        if !first_time {
            return;
        }
        let Some(change) = entry.change() else {
            return;
        };
        if let Some(kept) = kept_elsewhere(&change, entry.made_at(), answer) {
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
            None => self.tell("dismiss", key),
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
            None => self.tell("retry", key),
        }
    }

    pub fn discard(&self, key: &str) {
        match self.local(key) {
            Some(_) => self.drop_local(key),
            None => self.tell("discard", key),
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

    fn tell(&self, kind: &str, key: &str) {
        #[cfg(feature = "hydrate")]
        browser::post(&serde_json::json!({ "type": kind, "key": key }).to_string());
        #[cfg(not(feature = "hydrate"))]
        let _ = (kind, key);
    }
}

#[cfg(feature = "hydrate")]
mod browser {
    use super::{Outbox, Snapshot};
    use crate::domain::UserId;
    use leptos::prelude::*;
    use std::time::Duration;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};
    use web_sys::{MessageEvent, ServiceWorkerContainer};

    /// How long after the last saved change the view is read again.
    const CALM_AFTER: Duration = Duration::from_secs(2);

    thread_local! {
        static CALM: std::cell::Cell<Option<TimeoutHandle>> = const { std::cell::Cell::new(None) };
    }

    pub fn calm_soon(outbox: Outbox) {
        if let Some(handle) = CALM.with(|cell| cell.take()) {
            handle.clear();
        }
        let handle = set_timeout_with_handle(move || outbox.refresh(), CALM_AFTER);
        CALM.with(|cell| cell.set(handle.ok()));
    }

    /// How often the page nudges the worker while changes wait (the worker
    /// keeps its own back-off, so a nudge costs nothing when it is early).
    const NUDGE_EVERY: Duration = Duration::from_secs(3);

    /// How often a visible page, online, reads the server's truth again.
    const REREAD_EVERY: Duration = Duration::from_secs(60);

    fn container() -> Option<ServiceWorkerContainer> {
        let navigator = web_sys::window()?.navigator();
        // Absent on insecure origins and in some private modes.
        js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker"))
            .ok()?
            .then(|| navigator.service_worker())
    }

    pub fn post(message: &str) {
        if let Some(worker) = container().and_then(|c| c.controller()) {
            let _ = worker.post_message(&JsValue::from_str(message));
        }
    }

    pub fn greet(account: UserId, lists: Vec<String>) {
        post(&about_pages("hello", account, lists));
    }

    /// The language changed: the pages kept in the old one are kept again.
    pub fn language_changed(account: UserId, lists: Vec<String>) {
        post(&about_pages("language", account, lists));
    }

    /// A message naming the account and the pages to keep for it (the
    /// page's own address first: kept before the other views).
    fn about_pages(kind: &str, account: UserId, lists: Vec<String>) -> String {
        let path = window().location().pathname().unwrap_or_default();
        serde_json::json!({
            "type": kind, "account": account.to_string(), "lists": lists, "path": path,
        })
        .to_string()
    }

    fn nudge(force: bool) {
        post(&serde_json::json!({ "type": "replay", "force": force }).to_string());
    }

    /// Registers the worker and listens to it; the listeners live as long
    /// as the page.
    pub fn connect(outbox: Outbox) {
        let Some(container) = container() else {
            return;
        };
        let _ = container.register("/sw.js");
        if let Some(storage) = web_sys::window().map(|w| w.navigator().storage()) {
            // Unsent changes must not be evicted when the phone is short of space.
            let _ = storage.persist();
        }

        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let Some(snapshot) = event
                .data()
                .as_string()
                .and_then(|t| Snapshot::from_json(&t))
            else {
                return;
            };
            outbox.receive(snapshot);
        });
        container.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();

        // A worker that takes over after the page loaded has not heard hello.
        let on_new_worker = Closure::<dyn FnMut()>::new(move || {
            if let Some(account) = outbox.account.get_untracked() {
                greet(account, outbox.list_ids());
            }
        });
        let _ = container.add_event_listener_with_callback(
            "controllerchange",
            on_new_worker.as_ref().unchecked_ref(),
        );
        on_new_worker.forget();

        let window = window();
        // Back online: the worker sends what waits, and the page reads the
        // server's truth again even if nothing waited (an answer lost to
        // the cut, such as a superseded quick-add line's, shows as saved).
        let on_online = Closure::<dyn FnMut()>::new(move || {
            nudge(true);
            outbox.refresh();
            super::clock::synchronise();
        });
        let _ =
            window.add_event_listener_with_callback("online", on_online.as_ref().unchecked_ref());
        on_online.forget();
        // Visible again: the worker sends what waits, and the page reads
        // the server's truth (a task added on the laptop shows on the
        // phone without a reload).
        let on_visible = Closure::<dyn FnMut()>::new(move || {
            if document().visibility_state() == web_sys::VisibilityState::Visible {
                nudge(true);
                outbox.refresh();
            }
        });
        let _ = document().add_event_listener_with_callback(
            "visibilitychange",
            on_visible.as_ref().unchecked_ref(),
        );
        on_visible.forget();

        // What the page knows stays on the phone for the next offline open
        // (not once its session ended: then it is forgotten).
        Effect::new(move |_| {
            let account = outbox.account.get();
            if outbox.snapshot.with(|s| s.paused) {
                return;
            }
            outbox.known.with(|known| {
                if let Some(account) = account.filter(|_| !known.is_empty()) {
                    super::memory::save(account, known);
                }
            });
        });

        // Fresh on every device: changes made elsewhere show within a
        // minute. Not while a change of this page is on its way (its
        // answer re-reads anyway).
        let _ = set_interval_with_handle(
            move || {
                let visible = document().visibility_state() == web_sys::VisibilityState::Visible;
                let online = leptos::prelude::window().navigator().on_line();
                if visible && online && outbox.sending.with_untracked(Vec::is_empty) {
                    outbox.refresh();
                }
            },
            REREAD_EVERY,
        );

        // The gentle timer (Safari and iOS have no Background Sync).
        let _ = set_interval_with_handle(
            move || {
                if outbox.snapshot.with_untracked(|s| !s.pending.is_empty()) {
                    nudge(false);
                }
                // A change the worker said it kept, whose news never came.
                if outbox.handed.with_untracked(|h| !h.is_empty()) {
                    outbox.receive(outbox.snapshot.get_untracked());
                }
            },
            NUDGE_EVERY,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::SetCompleted;

    /// A page's outbox for a signed-in account (alive while the owner is).
    fn signed_in() -> (Owner, Outbox, UserId) {
        let owner = Owner::new();
        owner.set();
        let outbox = provide_outbox();
        let account = UserId::new();
        outbox.account.set(Some(account));
        (owner, outbox, account)
    }

    fn completion() -> Entry {
        let body = format!("id={}&completed=true", TaskId::new());
        Entry::new("/api/tasks/complete", body, clock::now())
    }

    fn news(account: UserId, recent: Vec<Entry>) -> Snapshot {
        Snapshot {
            account: Some(account.to_string()),
            recent,
            ..Snapshot::default()
        }
    }

    fn drawn(outbox: &Outbox) -> Vec<String> {
        outbox
            .settling
            .with_untracked(|s| s.iter().map(|(_, e)| e.key.clone()).collect())
    }

    #[test]
    fn a_change_the_worker_saved_while_the_page_loaded_is_drawn_until_the_next_read() {
        let (_owner, outbox, account) = signed_in();
        let saved = completion();
        outbox.receive(news(account, vec![saved.clone()]));
        assert_eq!(drawn(&outbox), vec![saved.key.clone()]);
        // The next read has it: it is no longer drawn on top.
        outbox.list_read(outbox.settled.get_untracked());
        assert!(drawn(&outbox).is_empty());
    }

    #[test]
    fn a_saved_change_is_drawn_once_however_often_the_worker_repeats_it() {
        let (_owner, outbox, account) = signed_in();
        let saved = completion();
        outbox.receive(news(account, vec![saved.clone()]));
        let reads = outbox.settled.get_untracked();
        outbox.receive(news(account, vec![saved]));
        assert_eq!(drawn(&outbox).len(), 1);
        assert_eq!(
            outbox.settled.get_untracked(),
            reads,
            "no second read asked for"
        );
    }

    #[test]
    fn a_change_this_page_sent_is_not_drawn_again_from_the_workers_news() {
        let (_owner, outbox, account) = signed_in();
        let mine = completion();
        outbox.sent.update_value(|sent| sent.push(mine.key.clone()));
        outbox.receive(news(account, vec![mine]));
        assert!(drawn(&outbox).is_empty());
    }

    #[test]
    fn another_accounts_saved_changes_are_not_drawn() {
        let (_owner, outbox, _) = signed_in();
        outbox.receive(news(UserId::new(), vec![completion()]));
        assert!(drawn(&outbox).is_empty());
    }

    #[test]
    fn signing_out_while_a_change_is_on_its_way_leaves_nothing_sending() {
        let (_owner, outbox, _account) = signed_in();
        let id = TaskId::new();
        outbox.send(|at| SetCompleted {
            id,
            completed: true,
            at: Some(at),
        });
        assert_eq!(outbox.in_flight().len(), 1, "on its way");
        assert_eq!(outbox.draining_count(), 1);

        outbox.forget_account();
        assert!(outbox.in_flight().is_empty(), "nothing drawn as sending");
        assert_eq!(outbox.draining_count(), 0, "the refresh is not held");
    }
}
