//! Any path the app does not know.

use crate::i18n::{tu_string, use_i18n};
use leptos::prelude::*;

#[component]
pub fn NotFound() -> impl IntoView {
    let i18n = use_i18n();
    #[cfg(feature = "ssr")]
    if let Some(response) = use_context::<leptos_axum::ResponseOptions>() {
        response.set_status(http::StatusCode::NOT_FOUND);
    }
    view! {
        <main class="narrow">
            <h1>"404"</h1>
            <p>{tu_string!(i18n, not_found)} " " <a href="/">{tu_string!(i18n, to_start)}</a></p>
        </main>
    }
}
