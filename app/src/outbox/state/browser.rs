//! The outbox's wiring in the browser: the worker's registration and its
//! messages, the page's events (online, visible) and its timers.

use super::{Outbox, Snapshot};
use crate::domain::UserId;
use crate::outbox::ToWorker;
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

pub fn post(message: &ToWorker) {
    if let Some(worker) = container().and_then(|c| c.controller()) {
        let _ = worker.post_message(&JsValue::from_str(&message.to_json()));
    }
}

/// The page's own address: its page is kept before the other views.
fn here() -> String {
    window().location().pathname().unwrap_or_default()
}

pub fn greet(account: UserId, lists: Vec<String>) {
    let path = here();
    post(&ToWorker::Hello {
        account,
        lists,
        path,
    });
}

/// The language changed: the pages kept in the old one are kept again.
pub fn language_changed(account: UserId, lists: Vec<String>) {
    let path = here();
    post(&ToWorker::Language {
        account,
        lists,
        path,
    });
}

fn nudge(force: bool) {
    post(&ToWorker::Replay { force });
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

    let news = super::news::News::default();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(snapshot) = event
            .data()
            .as_string()
            .and_then(|t| Snapshot::from_json(&t))
        else {
            return;
        };
        news.came(outbox, snapshot);
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
    let _ = window.add_event_listener_with_callback("online", on_online.as_ref().unchecked_ref());
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
    let _ = document()
        .add_event_listener_with_callback("visibilitychange", on_visible.as_ref().unchecked_ref());
    on_visible.forget();

    // What the page knows stays on the phone for the next offline open
    // (not once its session ended: then it is forgotten).
    Effect::new(move |_| {
        let account = outbox.account.get();
        if outbox.paused() {
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
            let answered = outbox.ledger.with_untracked(|l| l.unanswered_count() == 0);
            if visible && online && answered {
                outbox.refresh();
            }
        },
        REREAD_EVERY,
    );

    // The gentle timer (Safari and iOS have no Background Sync).
    let _ = set_interval_with_handle(
        move || {
            if outbox
                .ledger
                .with_untracked(|l| !l.news().pending.is_empty())
            {
                nudge(false);
            }
            // A change the worker said it kept, whose news never came.
            if outbox.ledger.with_untracked(|l| l.has_handed()) {
                let now = super::clock::now().timestamp_millis();
                outbox.ledger.update(|l| l.age(now));
            }
        },
        NUDGE_EVERY,
    );
}
