//! The navigation the thumb reaches: Today, Upcoming and Inbox with their
//! open counts, and the lists. Plain links, so it works before hydration.

use super::planning::use_planning;
use crate::i18n::{tu_string, use_i18n};
use crate::text;
use crate::views::{Nav, View};
use leptos::prelude::*;

#[component]
pub fn BottomNav(
    /// The page is none of the bar's places (search, settings): none is
    /// marked as the current one.
    #[prop(optional)]
    elsewhere: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let planning = use_planning();
    let current = planning.view;
    let link = move |view: View, count: fn(&Nav) -> u32| {
        let here = !elsewhere && current == view;
        view! {
            <a href=view.path() aria-current=here.then_some("page")>
                <span class="name">{text::view_name(i18n.get_locale_untracked(), &view, &[])}</span>
                <span class="count" data-testid=format!("count-{}", view.name())>
                    {move || match planning.nav.with(count) { 0 => String::new(), n => n.to_string() }}
                </span>
            </a>
        }
    };
    let on_lists = !elsewhere && matches!(current, View::List(_) | View::Completed);
    // The installed app's icon counts what is due today (issue 28), where
    // the browser can badge it.
    Effect::new(move || app_badge(planning.nav.with(|n| n.today)));

    view! {
        <nav class="bottom-nav" aria-label=tu_string!(i18n, navigation)>
            // The counts shown are the last the server gave.
            {link(View::Today, |n| n.today)}
            {link(View::Upcoming, |n| n.upcoming)}
            {link(View::Inbox, |n| n.inbox)}
            <a href="/lists" aria-current=on_lists.then_some("page")>
                <span class="name">{tu_string!(i18n, lists)}</span>
                <span class="count"></span>
            </a>
        </nav>
    }
}

/// Sets the app icon's badge to `count` (none at 0), where the browser has
/// `navigator.setAppBadge`; elsewhere nothing happens.
#[cfg(feature = "hydrate")]
fn app_badge(count: u32) {
    use js_sys::{Function, Reflect};
    use wasm_bindgen::{JsCast, JsValue};
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else {
        return;
    };
    let name = if count == 0 {
        "clearAppBadge"
    } else {
        "setAppBadge"
    };
    let Some(method) = Reflect::get(&navigator, &JsValue::from_str(name))
        .ok()
        .and_then(|m| m.dyn_into::<Function>().ok())
    else {
        return;
    };
    // The promise is left alone: a badge refused changes nothing else.
    let _ = method.call1(&navigator, &JsValue::from(count));
}

#[cfg(not(feature = "hydrate"))]
fn app_badge(_: u32) {}
