//! An error, in words, announced to screen readers.

use crate::error::AppError;
use crate::text;
use leptos::prelude::*;

#[component]
pub fn ErrorLine(#[prop(into)] error: Signal<Option<AppError>>) -> impl IntoView {
    move || {
        error.get().map(|error| {
            view! { <p class="error" role="alert">{text::error(&error)}</p> }
        })
    }
}
