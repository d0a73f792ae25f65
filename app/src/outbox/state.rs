//! The outbox as the page knows it, and the conversation with the service
//! worker. On the server (and before hydration) it is simply empty.
//!
//! Page → worker messages are JSON strings: `hello` (which account this
//! page shows; the worker replies with its snapshot and starts a replay),
//! `replay` (`force` ignores the back-off: on `online`, on becoming
//! visible), `dismiss`, `retry` and `discard` (a failure or a stuck entry,
//! by key). Worker → page: a JSON `Snapshot`.

use super::{Entry, Snapshot};
use crate::domain::UserId;
use leptos::prelude::*;

#[derive(Clone, Copy)]
pub struct Outbox {
    pub snapshot: RwSignal<Snapshot>,
    /// Goes up each time the outbox ends a burst of work (drained, or an
    /// entry refused): the page then re-reads the server's truth.
    pub settled: RwSignal<u32>,
    /// Changes the server took since the list was last read, each with the
    /// `settled` count it came with: still drawn (unmarked) until a list
    /// read after that count has them.
    pub settling: RwSignal<Vec<(u32, Entry)>>,
}

pub fn provide_outbox() -> Outbox {
    let outbox = Outbox {
        snapshot: RwSignal::new(Snapshot::default()),
        settled: RwSignal::new(0),
        settling: RwSignal::new(Vec::new()),
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
    /// Changes not yet saved, for the bar.
    pub fn pending_count(&self) -> usize {
        self.snapshot.with(|s| s.pending.len())
    }

    /// Tells the worker which account this page shows. Requests are sent
    /// with it (`X-Tetrad-Account`), so none is ever replayed as another.
    pub fn greet(&self, account: UserId) {
        #[cfg(feature = "hydrate")]
        browser::greet(account);
        #[cfg(not(feature = "hydrate"))]
        let _ = account;
    }

    pub fn dismiss(&self, key: &str) {
        self.tell("dismiss", key);
    }

    pub fn retry(&self, key: &str) {
        self.tell("retry", key);
    }

    pub fn discard(&self, key: &str) {
        self.tell("discard", key);
        // The discarded change must stop showing: read the truth again.
        self.refresh();
    }

    /// Asks the page to read the server's truth again (after a change it
    /// made was saved: a task moved out of the view, or deleted).
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
        let taken = self
            .snapshot
            .with_untracked(|before| before.taken_by_now(&snapshot));
        let refused = self
            .snapshot
            .with_untracked(|before| snapshot.failures.len() > before.failures.len());
        self.snapshot.try_set(snapshot);
        if !taken.is_empty() || refused {
            self.settled.update(|n| *n += 1);
            let at = self.settled.get_untracked();
            self.settling
                .update(|s| s.extend(taken.into_iter().map(|entry| (at, entry))));
        }
    }

    fn tell(&self, kind: &str, key: &str) {
        #[cfg(feature = "hydrate")]
        browser::post(&serde_json::json!({ "type": kind, "key": key }).to_string());
        #[cfg(not(feature = "hydrate"))]
        let _ = (kind, key);
    }
}

/// The account header for mutations sent from this page, once known.
pub fn account_header() -> Option<String> {
    #[cfg(feature = "hydrate")]
    return browser::account().map(|id| id.to_string());
    #[cfg(not(feature = "hydrate"))]
    None
}

#[cfg(feature = "hydrate")]
mod browser {
    use super::{Outbox, Snapshot};
    use crate::domain::UserId;
    use leptos::prelude::*;
    use std::cell::Cell;
    use std::time::Duration;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};
    use web_sys::{MessageEvent, ServiceWorkerContainer};

    thread_local! {
        static ACCOUNT: Cell<Option<UserId>> = const { Cell::new(None) };
    }

    /// How often the page nudges the worker while changes wait (the worker
    /// keeps its own back-off, so a nudge costs nothing when it is early).
    const NUDGE_EVERY: Duration = Duration::from_secs(3);

    pub fn account() -> Option<UserId> {
        ACCOUNT.with(Cell::get)
    }

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

    pub fn greet(account: UserId) {
        ACCOUNT.with(|cell| cell.set(Some(account)));
        post(&serde_json::json!({ "type": "hello", "account": account.to_string() }).to_string());
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
            if let Some(account) = account() {
                greet(account);
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
        });
        let _ =
            window.add_event_listener_with_callback("online", on_online.as_ref().unchecked_ref());
        on_online.forget();
        let on_visible = Closure::<dyn FnMut()>::new(move || {
            if document().visibility_state() == web_sys::VisibilityState::Visible {
                nudge(true);
            }
        });
        let _ = document().add_event_listener_with_callback(
            "visibilitychange",
            on_visible.as_ref().unchecked_ref(),
        );
        on_visible.forget();

        // The gentle timer (Safari and iOS have no Background Sync).
        let _ = set_interval_with_handle(
            move || {
                if outbox.snapshot.with_untracked(|s| !s.pending.is_empty()) {
                    nudge(false);
                }
            },
            NUDGE_EVERY,
        );
    }
}
