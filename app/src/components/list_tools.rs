//! A list's own controls, on its page: rename it, or delete it (its tasks
//! move to the Inbox, nothing is lost). Real forms with their keys, like
//! every other change; once hydrated, sent through the outbox.

use super::planning::use_planning;
use super::{form_fields, MintedKey};
use crate::api::{DeleteList, RenameList};
use crate::domain::ListId;
use crate::i18n::{tu_string, use_i18n};
use crate::outbox::use_outbox;
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

#[component]
pub fn ListTools(id: ListId) -> impl IntoView {
    let i18n = use_i18n();
    let planning = use_planning();
    let outbox = use_outbox();
    let name = move || {
        planning.nav.with(|nav| {
            nav.lists
                .iter()
                .find(|l| l.list.id == id)
                .map(|l| l.list.name.as_str().to_owned())
                .unwrap_or_default()
        })
    };
    let rename = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let name = form_fields(&ev)("name");
        outbox.send(|at| RenameList {
            id,
            name,
            at: Some(at),
        });
    };
    let delete = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        outbox.send(|at| DeleteList { id, at: Some(at) });
        use_navigate()("/lists", Default::default());
    };

    view! {
        <details class="list-tools">
            <summary>{tu_string!(i18n, list_settings)}</summary>
            <form method="post" action="/api/lists/rename" class="quick-add" on:submit=rename>
                <input type="hidden" name="id" value=id.to_string()/>
                <MintedKey/>
                <label for="list-name" class="visually-hidden">{tu_string!(i18n, rename_list)}</label>
                <input id="list-name" name="name" required maxlength="100" value=name autocomplete="off"/>
                <button type="submit" class="primary">{tu_string!(i18n, save)}</button>
            </form>
            <form method="post" action="/api/lists/delete" class="delete-list" on:submit=delete>
                <input type="hidden" name="id" value=id.to_string()/>
                <MintedKey/>
                <p class="hint">{tu_string!(i18n, delete_list_note)}</p>
                <button type="submit" class="danger">{tu_string!(i18n, delete_list)}</button>
            </form>
        </details>
    }
}
