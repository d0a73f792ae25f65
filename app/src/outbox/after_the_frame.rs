//! What a tap sets going besides drawing itself waits for the frame that
//! shows it: the completion circle's change enters the outbox then, each
//! change's request leaves then, and the kept clock is written then too.
//! The tap's own path draws and nothing more: at CPU ×4 `fetch` alone was
//! about a third of the time from a tap to its frame, and the ledger's
//! redraw of the page most of the rest (CPU profiles of `tap.bench.ts`);
//! the person should see the circle turn first.
//!
//! The wait is one frame, and nothing can be lost in it: a page that is
//! hidden (another app opened, the phone locked) or left (a reload, a link)
//! before that frame sends at once, and a page already hidden never waits.

use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::time::Duration;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::VisibilityState;

type Work = Box<dyn FnOnce()>;

thread_local! {
    static WAITING: RefCell<Vec<Work>> = const { RefCell::new(Vec::new()) };
    static FRAME_ASKED: Cell<bool> = const { Cell::new(false) };
    /// Running what waited: what that work asks for in turn (a change
    /// that entered the outbox posts its request) runs in the same turn.
    static RUNNING: Cell<bool> = const { Cell::new(false) };
    static LISTENING: Cell<bool> = const { Cell::new(false) };
}

/// Runs `work` once the next frame is drawn, or at once on a hidden page;
/// asked for by work that waited, it runs in that same turn.
pub fn after_the_frame(work: impl FnOnce() + 'static) {
    if document().visibility_state() != VisibilityState::Visible {
        work();
        return;
    }
    WAITING.with(|waiting| waiting.borrow_mut().push(Box::new(work)));
    send_before_leaving();
    if !RUNNING.get() && !FRAME_ASKED.replace(true) {
        // The frame's callbacks run before it is drawn; the timeout after.
        request_animation_frame(|| set_timeout(run_waiting, Duration::ZERO));
    }
}

fn run_waiting() {
    if RUNNING.replace(true) {
        return;
    }
    FRAME_ASKED.set(false);
    loop {
        let waiting = WAITING.with(|waiting| std::mem::take(&mut *waiting.borrow_mut()));
        if waiting.is_empty() {
            break;
        }
        for work in waiting {
            work();
        }
    }
    RUNNING.set(false);
}

/// Hidden or left before the frame: what waits goes now.
fn send_before_leaving() {
    if LISTENING.replace(true) {
        return;
    }
    let now = Closure::<dyn FnMut()>::new(run_waiting);
    let _ = document()
        .add_event_listener_with_callback("visibilitychange", now.as_ref().unchecked_ref());
    let _ = window().add_event_listener_with_callback("pagehide", now.as_ref().unchecked_ref());
    now.forget();
}
