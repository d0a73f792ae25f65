//! Changing the password, from Settings: the current one and the new one.
//! The other devices are signed out; this one stays. It needs the network:
//! offline it says so and nothing changes (the worker never queues it).

use super::ErrorLine;
use crate::api::ChangePassword;
use crate::error::AppError;
use crate::i18n::{t, use_i18n};
use leptos::prelude::*;

#[component]
pub fn PasswordChange() -> impl IntoView {
    let i18n = use_i18n();
    let action = ServerAction::<ChangePassword>::new();
    let changed = move || matches!(action.value().get(), Some(Ok(())));
    let offline = move || matches!(action.value().get(), Some(Err(AppError::Transport(_))));
    let error = Signal::derive(move || match action.value().get() {
        Some(Err(AppError::Transport(_))) | Some(Ok(())) | None => None,
        Some(Err(error)) => Some(error),
    });
    view! {
        <ActionForm action attr:class="password-change">
            <label for="old-password">{t!(i18n, current_password)}</label>
            <input id="old-password" name="old_password" type="password" autocomplete="current-password" required/>
            <label for="new-password">{t!(i18n, new_password)}</label>
            <input id="new-password" name="new_password" type="password" autocomplete="new-password" required minlength="8" maxlength="256"/>
            <button type="submit" class="primary">{t!(i18n, change_password)}</button>
        </ActionForm>
        <Show when=changed>
            <p class="hint" role="status">{t!(i18n, password_changed)}</p>
        </Show>
        <Show when=offline>
            <p class="error" role="alert">{t!(i18n, password_needs_network)}</p>
        </Show>
        <ErrorLine error/>
    }
}
