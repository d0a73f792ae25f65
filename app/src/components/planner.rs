//! A signed-in view of the planner: the quick-add line, the view's tasks,
//! the navigation, and the bars for undo and for the outbox.

use super::planning::{FirstRead, Planning};
use super::{BottomNav, Lessons, ListTools, OutboxBar, QuickAdd, TaskList, TopBar, UndoBar};
use crate::api::{Account, SetTimeZone};
use crate::domain::TimeZoneName;
use crate::i18n::{tu_string, use_i18n};
use crate::outbox::use_outbox;
use crate::text;
use crate::views::View;
use leptos::prelude::*;

#[component]
pub fn Planner(account: Account, view: View, first: FirstRead) -> impl IntoView {
    let i18n = use_i18n();
    let planning = Planning::provide_for(view, account.id);
    let stored_zone = first.as_ref().ok().map(|page| page.time_zone.clone());
    let error = planning.start(first);
    // Re-read the server's truth whenever the outbox settles (a change
    // saved or refused, the queue drained) — no full reload.
    planning.reread_on(|| 0);
    follow_time_zone(stored_zone);

    let heading = move || text::view_name(i18n.get_locale(), &view, &planning.lists());
    view! {
        <TopBar title=Signal::derive(heading)/>
        <main class="narrow">
            {match view {
                View::List(id) => Some(view! { <ListTools id/> }.into_any()),
                View::Today => Some(view! { <Lessons/> }.into_any()),
                _ => None,
            }}
            {(view != View::Completed).then(|| view! {
                <QuickAdd/>
                <p class="paste-link"><a href="/paste">{tu_string!(i18n, paste)}</a></p>
            })}
            <TaskList error/>
        </main>
        <div class="bars">
            <UndoBar/>
            <OutboxBar/>
            <BottomNav/>
        </div>
    }
}

/// The server counts "today" in the time zone it has for the account; when
/// the browser is somewhere else (a new account, a trip), it is told, and
/// the view is read again.
fn follow_time_zone(stored: Option<TimeZoneName>) {
    let outbox = use_outbox();
    // Once, in the browser (an effect reading no signal runs once).
    Effect::new(move |_| {
        let (Some(stored), Some(here)) = (&stored, browser_time_zone()) else {
            return;
        };
        if here != stored.as_str() {
            outbox.send(|_| SetTimeZone { time_zone: here });
        }
    });
}

/// The IANA name of the browser's zone (`Europe/Moscow`); `None` on the
/// server.
fn browser_time_zone() -> Option<String> {
    #[cfg(feature = "hydrate")]
    {
        let options =
            js_sys::Intl::DateTimeFormat::new(&js_sys::Array::new(), &js_sys::Object::new())
                .resolved_options();
        js_sys::Reflect::get(&options, &wasm_bindgen::JsValue::from_str("timeZone"))
            .ok()?
            .as_string()
    }
    #[cfg(not(feature = "hydrate"))]
    None
}
