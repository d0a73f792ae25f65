//! The language of the interface: it follows the browser at first; a
//! choice made here is kept in a cookie and wins from then on. Each
//! language is named in itself, so the way back is readable.
//!
//! The switch is on the settings page, which is drawn anew when the
//! language changes (pages/settings_page.rs); every other page is drawn
//! anew on the way to it. So components read their words once, when they
//! are drawn (`tu_string!`): a tracked word (`t!`) is a reactive closure,
//! and each compiles a renderer of its own (7 KB of Today's WASM, brotli,
//! for its eighty words).

use crate::i18n::{td, use_i18n, I18nLocaleTrait, Locale};
use crate::outbox::use_outbox;
use leptos::prelude::*;

#[component]
pub fn LanguageSwitch() -> impl IntoView {
    let i18n = use_i18n();
    let outbox = use_outbox();
    let choice = move |locale: Locale| {
        view! {
            <button
                type="button"
                class="language"
                lang=locale.as_str()
                aria-pressed=move || (i18n.get_locale() == locale).to_string()
                on:click=move |_| {
                    i18n.set_locale(locale);
                    remember(locale);
                    outbox.language_changed();
                }
            >
                {td!(locale, language_name)}
            </button>
        }
    };
    view! {
        <div class="languages" role="group">
            {choice(Locale::ru)}
            {choice(Locale::en)}
        </div>
    }
}

/// The cookie the server reads to choose the language (leptos_i18n's name),
/// kept for a year.
#[cfg(feature = "hydrate")]
fn remember(locale: Locale) {
    use wasm_bindgen::JsCast;
    let cookie = format!(
        "i18n_pref_locale={}; path=/; max-age=31536000; samesite=lax",
        locale.as_str()
    );
    if let Ok(document) = document().dyn_into::<web_sys::HtmlDocument>() {
        let _ = document.set_cookie(&cookie);
    }
}

#[cfg(not(feature = "hydrate"))]
fn remember(_: Locale) {}
