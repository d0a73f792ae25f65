//! A list's own controls, on its page: rename it, or delete it (its tasks
//! move to the Inbox, nothing is lost). Real forms with their keys, like
//! every other change.

use super::planning::use_planning;
use super::ErrorLine;
use crate::api::{DeleteList, RenameList};
use crate::domain::{IdempotencyKey, ListId};
use crate::error::AppError;
use crate::outbox::use_outbox;
use crate::i18n::{t, use_i18n};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

#[component]
pub fn ListTools(id: ListId) -> impl IntoView {
    let i18n = use_i18n();
    let planning = use_planning();
    let outbox = use_outbox();
    let rename = ServerAction::<RenameList>::new();
    let delete = ServerAction::<DeleteList>::new();
    let rename_key = RwSignal::new(IdempotencyKey::generate());
    let delete_key = RwSignal::new(IdempotencyKey::generate());
    let name = move || {
        planning.nav.with(|nav| {
            nav.lists
                .iter()
                .find(|l| l.list.id == id)
                .map(|l| l.list.name.as_str().to_owned())
                .unwrap_or_default()
        })
    };
    Effect::new(move |_| {
        if let Some(Ok(_) | Err(AppError::Queued)) = rename.value().get() {
            rename_key.set(IdempotencyKey::generate());
            outbox.refresh();
        }
    });
    Effect::new(move |_| {
        if let Some(Ok(_) | Err(AppError::Queued)) = delete.value().get() {
            delete_key.set(IdempotencyKey::generate());
            use_navigate()("/lists", Default::default());
        }
    });
    let error = Signal::derive(move || {
        AppError::refusal(rename.value().get()).or_else(|| AppError::refusal(delete.value().get()))
    });

    view! {
        <details class="list-tools">
            <summary>{t!(i18n, list_settings)}</summary>
            <ActionForm action=rename attr:class="quick-add">
                <input type="hidden" name="id" value=id.to_string()/>
                <input type="hidden" name="idempotency_key" value=move || rename_key.get().to_string()/>
                <label for="list-name" class="visually-hidden">{t!(i18n, rename_list)}</label>
                <input id="list-name" name="name" required maxlength="100" value=name autocomplete="off"/>
                <button type="submit" class="primary">{t!(i18n, save)}</button>
            </ActionForm>
            <ActionForm action=delete attr:class="delete-list">
                <input type="hidden" name="id" value=id.to_string()/>
                <input type="hidden" name="idempotency_key" value=move || delete_key.get().to_string()/>
                <p class="hint">{t!(i18n, delete_list_note)}</p>
                <button type="submit" class="danger">{t!(i18n, delete_list)}</button>
            </ActionForm>
            <ErrorLine error/>
        </details>
    }
}
