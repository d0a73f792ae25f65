//! An error, in words, announced to screen readers.

use crate::error::AppError;
use crate::i18n::{use_i18n, Locale};
use crate::text;
use leptos::prelude::*;

#[component]
pub fn ErrorLine(#[prop(into)] error: Signal<Option<AppError>>) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        error
            .get()
            .map(|error| error_paragraph(i18n.get_locale(), &error))
    }
}

/// The line itself, in `locale`, for a caller that read its locale before
/// an await: after one, the owner may be gone (a server render whose
/// request ended), and looking up the i18n context would then panic.
pub fn error_paragraph(locale: Locale, error: &AppError) -> impl IntoView {
    view! { <p class="error" role="alert">{text::error(locale, error)}</p> }
}
