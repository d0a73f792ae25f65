//! An error, in words, announced to screen readers.

use crate::error::AppError;
use crate::i18n::use_i18n;
use crate::text;
use leptos::prelude::*;

#[component]
pub fn ErrorLine(#[prop(into)] error: Signal<Option<AppError>>) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        error.get().map(|error| {
            view! { <p class="error" role="alert">{text::error(i18n.get_locale(), &error)}</p> }
        })
    }
}
