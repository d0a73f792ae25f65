//! The outbox as the page holds it: the ledger of its changes (`ledger.rs`,
//! plain data) in one signal, what the page knows from the server, and the
//! effects of each transition carried out (requests posted, the worker
//! told, a saved task taken in). On the server (and before hydration) it
//! is simply empty.
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
use super::ledger::{Effects, Ledger};
use super::send::Answer;
use super::{clock, memory, Entry, Known, Snapshot};
use crate::api::wire::IntoChange;
use crate::domain::UserId;
use chrono::{DateTime, Utc};
use layers::Drawn;
use leptos::prelude::*;
use serde::Serialize;
use std::collections::HashSet;

#[derive(Clone, Copy)]
pub struct Outbox {
    /// Every change the page knows of and where it stands (`ledger.rs`).
    ledger: RwSignal<Ledger>,
    /// Goes up each time the page must read the server's truth again (a
    /// burst of work ended, a change was refused, the network came back).
    pub settled: Memo<u32>,
    /// The account's session ended elsewhere (from the worker's news). A
    /// memo, like `settled`: what depends on it alone (saving what the
    /// page knows to the phone) must not run again at every tap.
    paused: Memo<bool>,
    /// What the page knows from the server.
    pub known: RwSignal<Known>,
    account: RwSignal<Option<UserId>>,
    /// Saved changes whose words went elsewhere than sent (a deleted
    /// list's new task to the Inbox, a deleted task brought back), by key,
    /// shown until dismissed.
    kept: RwSignal<Vec<(String, KeptElsewhere)>>,
    /// The keys whose answers were read for that, so each is said once.
    noticed: StoredValue<HashSet<String>>,
    /// What the page draws from the ledger, each a memo (`layers.rs`).
    drawn: Drawn,
}

pub fn provide_outbox() -> Outbox {
    let ledger = RwSignal::new(Ledger::default());
    let known = RwSignal::new(Known::default());
    let outbox = Outbox {
        ledger,
        settled: Memo::new(move |_| ledger.with(Ledger::reads)),
        paused: Memo::new(move |_| ledger.with(|l| l.news().paused)),
        known,
        account: RwSignal::new(None),
        kept: RwSignal::new(Vec::new()),
        noticed: StoredValue::new(HashSet::new()),
        drawn: Drawn::new(ledger, known),
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
    /// (their `at`), and the outbox dates its entry with the same one: one
    /// stamp per action, one read of the kept clock (its write waits for
    /// the frame: `clock.rs`).
    pub fn send<F>(&self, change: impl FnOnce(DateTime<Utc>) -> F)
    where
        F: server_fn::ServerFn + Serialize + IntoChange + Clone,
    {
        let at = clock::now();
        self.send_stamped(at, change(at));
    }

    /// Sends a change once the frame after the action is drawn
    /// (`after_the_frame.rs`), stamped at the action all the same; `then`
    /// runs once the outbox has it. What the page shows in that frame is
    /// the caller's to draw (the completion circle turns at once:
    /// `task_item.rs`), and the rest of the page (the row's mark, the bar)
    /// follows in the next. On the server, and in unit tests, it is sent
    /// at once.
    pub fn send_after_the_frame<F>(
        &self,
        change: impl FnOnce(DateTime<Utc>) -> F,
        then: impl FnOnce() + 'static,
    ) where
        F: server_fn::ServerFn + Serialize + IntoChange + Clone + 'static,
    {
        let at = clock::now();
        let args = change(at);
        let outbox = *self;
        let send = move || {
            outbox.send_stamped(at, args);
            then();
        };
        #[cfg(feature = "hydrate")]
        after_the_frame(send);
        #[cfg(not(feature = "hydrate"))]
        send();
    }

    fn send_stamped<F>(&self, at: DateTime<Utc>, args: F)
    where
        F: server_fn::ServerFn + Serialize + IntoChange + Clone,
    {
        // The change as the overlay draws it, from the arguments themselves:
        // the tap's path never reads its own request back.
        let drawn = args.clone().into_change(at).ok().map(Into::into);
        match serde_qs::to_string(&args) {
            Ok(body) => {
                let entry = Entry::new(F::PATH, body, at).with_change(at, drawn);
                self.apply(|ledger| ledger.send(entry));
            }
            Err(error) => leptos::logging::error!("a change could not be encoded: {error}"),
        }
    }

    /// Runs one of the ledger's transitions and carries out what it asks.
    fn apply(&self, transition: impl FnOnce(&mut Ledger) -> Effects) {
        let effects = self.ledger.try_update(transition).unwrap_or_default();
        let Effects {
            post,
            tell,
            saved,
            calm,
        } = effects;
        if let Some((entry, task)) = saved {
            self.note_kept(&entry, &task);
            let seen = clock::now().timestamp_millis();
            self.known.update(|known| known.take(task, seen));
        }
        for entry in post {
            self.post(entry);
        }
        #[cfg(feature = "hydrate")]
        {
            if let Some(message) = tell {
                browser::post(&message);
            }
            if calm {
                browser::calm_soon(*self);
            }
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (tell, calm);
    }

    /// Posts a change to the server once the page shows it
    /// (`after_the_frame.rs`; only the browser does: on the server, and in
    /// unit tests, nothing is sent).
    fn post(&self, entry: Entry) {
        #[cfg(feature = "hydrate")]
        {
            let outbox = *self;
            let account = self.account.get_untracked();
            after_the_frame(move || {
                leptos::task::spawn_local(async move {
                    let answer = super::send::post(&entry, account.map(|id| id.to_string())).await;
                    // An answer for an account this page no longer shows, or
                    // that came after the page forgot what it was sending
                    // (signed out meanwhile, even if the same person signed in
                    // again), is not drawn: the worker settles its own copy.
                    let still_sending = outbox.ledger.with_untracked(|l| l.is_sending(&entry.key));
                    if still_sending && outbox.account.get_untracked() == account {
                        outbox.answered(&entry.key, answer);
                    }
                })
            });
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = entry;
    }

    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    fn answered(&self, key: &str, answer: Answer) {
        let now = clock::now().timestamp_millis();
        self.apply(|ledger| ledger.answered(key, answer, now));
    }

    /// Gives the worker's `news` what the page settled already. Whether
    /// requests in it must still be read before it is received (never for
    /// another account's queue: it is not drawn).
    pub fn recall(&self, news: &mut Snapshot) -> bool {
        self.ledger.with_untracked(|ledger| ledger.recall(news));
        let shown = self.account.get_untracked().map(|id| id.to_string());
        news.account == shown && !news.is_read()
    }

    /// The worker's news: what it now keeps, refused and saved, its
    /// requests read (`recall`, `read_back.rs`).
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
            if let Some(task) = answer.and_then(|body| serde_json::from_str(body).ok()) {
                self.note_kept(entry, &task);
            }
        }
        let now = clock::now().timestamp_millis();
        self.ledger.update(|ledger| ledger.receive(snapshot, now));
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

    /// Forgets everything of the account shown until now, what it was
    /// sending too (an answer still on its way is then not drawn).
    fn clear(&self) {
        self.kept.set(Vec::new());
        self.known.set(Known::default());
        self.ledger.update(Ledger::clear);
    }

    pub fn dismiss(&self, key: &str) {
        self.apply(|ledger| ledger.dismiss(key));
    }

    /// Sends a stuck change again, with its key.
    pub fn retry(&self, key: &str) {
        self.apply(|ledger| ledger.retry(key));
    }

    pub fn discard(&self, key: &str) {
        self.apply(|ledger| ledger.discard(key));
    }

    /// Asks the page to read the server's truth again.
    pub fn refresh(&self) {
        self.ledger.update(Ledger::reread);
    }

    /// A list asked for when `settled` was `seen` has arrived: it has
    /// every change settled up to then (later ones stay drawn).
    pub fn list_read(&self, seen: u32) {
        self.ledger.maybe_update(|ledger| ledger.list_read(seen));
    }
}

#[cfg(feature = "hydrate")]
use super::after_the_frame::after_the_frame;
#[cfg(feature = "hydrate")]
mod browser;
mod kept;
mod layers;
#[cfg(feature = "hydrate")]
mod news;

#[cfg(test)]
mod tests;
