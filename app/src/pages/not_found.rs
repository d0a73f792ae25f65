//! Any path the app does not know.

use leptos::prelude::*;

#[component]
pub fn NotFound() -> impl IntoView {
    #[cfg(feature = "ssr")]
    if let Some(response) = use_context::<leptos_axum::ResponseOptions>() {
        response.set_status(http::StatusCode::NOT_FOUND);
    }
    view! {
        <main class="narrow">
            <h1>"404"</h1>
            <p>"Такой страницы нет. " <a href="/">"На главную"</a></p>
        </main>
    }
}
