//! Sign out: a real form, so it works before the page is hydrated too.

use crate::api::SignOut;
use crate::text;
use leptos::prelude::*;

#[component]
pub fn SignOutButton() -> impl IntoView {
    let action = ServerAction::<SignOut>::new();
    view! {
        <ActionForm action attr:class="sign-out">
            <button type="submit" class="link">{text::SIGN_OUT}</button>
        </ActionForm>
    }
}
