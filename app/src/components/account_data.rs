//! The account's data, from Settings: everything in it as one JSON file,
//! and deleting it with everything in it.
//!
//! The export is a plain link (`download`), so it works before hydration
//! too. Deleting needs the password and the network (the worker never
//! queues it); once it went through, this page forgets the account, the
//! worker drops its waiting changes, and the person lands on sign-up.

use super::ErrorLine;
use crate::api::DeleteAccount;
use crate::error::AppError;
use crate::i18n::{t, use_i18n};
use crate::outbox::use_outbox;
use leptos::prelude::*;

#[component]
pub fn AccountData() -> impl IntoView {
    let i18n = use_i18n();
    let outbox = use_outbox();
    let export_offline = RwSignal::new(false);
    // Offline the browser would only show a failed download: say why here.
    let export = move |ev: leptos::ev::MouseEvent| {
        let online = window().navigator().on_line();
        export_offline.set(!online);
        if !online {
            ev.prevent_default();
        }
    };
    let action = ServerAction::<DeleteAccount>::new();
    Effect::new(move |_| {
        if let Some(Ok(())) = action.value().get() {
            outbox.forget_account();
            crate::pages::forget_known_account();
        }
    });
    let offline = move || matches!(action.value().get(), Some(Err(AppError::Transport(_))));
    let error = Signal::derive(move || match action.value().get() {
        Some(Err(AppError::Transport(_))) | Some(Ok(())) | None => None,
        Some(Err(error)) => Some(error),
    });
    view! {
        <p class="hint">{t!(i18n, export_hint)}</p>
        <a class="button" href="/api/account/export" download on:click=export>{t!(i18n, export_data)}</a>
        <Show when=move || export_offline.get()>
            <p class="error" role="alert">{t!(i18n, export_needs_network)}</p>
        </Show>
        <details class="delete-account">
            <summary>{t!(i18n, delete_account)}</summary>
            <p>{t!(i18n, delete_account_warning)}</p>
            <ActionForm action attr:class="delete-account-form">
                <label for="delete-password">{t!(i18n, current_password)}</label>
                <input id="delete-password" name="password" type="password" autocomplete="current-password" required/>
                <button type="submit" class="danger">{t!(i18n, delete_account_forever)}</button>
            </ActionForm>
            <Show when=offline>
                <p class="error" role="alert">{t!(i18n, delete_account_needs_network)}</p>
            </Show>
            <ErrorLine error/>
        </details>
    }
}
