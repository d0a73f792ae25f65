//! What a form carries for a page that is not live yet (or runs without
//! JavaScript): its idempotency key, and the id of what it creates. They
//! are minted when the HTML is made and marked `data-minted`, so the
//! service worker mints new ones each time it serves a page it kept (the
//! same cached page served twice must never give two posts one key or one
//! id); a double submit of one form repeats them, which is what makes it
//! safe. The live page never reads them: it mints its own at the moment of
//! the action.

use crate::domain::IdempotencyKey;
use leptos::prelude::*;

/// The form's idempotency key.
#[component]
pub fn MintedKey() -> impl IntoView {
    let key = IdempotencyKey::generate().as_str().to_owned();
    view! { <input type="hidden" name="idempotency_key" data-minted="key" value=key/> }
}

/// The id (UUIDv7) of what the form creates, in the field `name`.
#[component]
pub fn MintedId(name: &'static str) -> impl IntoView {
    view! { <input type="hidden" name=name data-minted="id" value=uuid::Uuid::now_v7().to_string()/> }
}

/// The named fields of a submitted form, as text (a field that is not there
/// reads as empty).
#[cfg(feature = "hydrate")]
pub fn form_fields(event: &leptos::ev::SubmitEvent) -> impl Fn(&str) -> String {
    use wasm_bindgen::JsCast;
    let data = event
        .target()
        .and_then(|target| target.dyn_into::<web_sys::HtmlFormElement>().ok())
        .and_then(|form| web_sys::FormData::new_with_form(&form).ok());
    move |name: &str| {
        data.as_ref()
            .and_then(|data| data.get(name).as_string())
            .unwrap_or_default()
    }
}

/// On the server no form is ever submitted to the page.
#[cfg(not(feature = "hydrate"))]
pub fn form_fields(_: &leptos::ev::SubmitEvent) -> impl Fn(&str) -> String {
    |_: &str| String::new()
}
