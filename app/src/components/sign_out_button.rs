//! Sign out: a real form, so it works before the page is hydrated too.

use crate::api::SignOut;
use crate::i18n::{t, use_i18n};
use leptos::prelude::*;

#[component]
pub fn SignOutButton() -> impl IntoView {
    let i18n = use_i18n();
    let action = ServerAction::<SignOut>::new();
    view! {
        <ActionForm action attr:class="sign-out">
            <button type="submit" class="link">{t!(i18n, sign_out)}</button>
        </ActionForm>
    }
}
