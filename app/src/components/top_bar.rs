//! The bar at the top of a signed-in page: where the person is, the way to
//! search and to settings (language, account), and sign out.

use super::SignOutButton;
use crate::i18n::{tu_string, use_i18n};
use leptos::prelude::*;

#[component]
pub fn TopBar(#[prop(into)] title: Signal<String>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <header class="topbar">
            <h1>{title}</h1>
            <a
                class="search-link"
                href="/search"
                aria-label=tu_string!(i18n, search)
                title=tu_string!(i18n, search)
            >
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                    <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" stroke-width="2"/>
                    <path d="M15.5 15.5L21 21" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>
                </svg>
            </a>
            <a
                class="settings-link"
                href="/settings"
                aria-label=tu_string!(i18n, settings)
                title=tu_string!(i18n, settings)
            >
                "⚙"
            </a>
            <SignOutButton/>
        </header>
    }
}
