//! After a delete: «Алгебра удалена · Вернуть». Deletion is soft, so the
//! undo is a real restore (`deleted=false`), kept in the outbox like any
//! other change when there is no network.

use super::planning::use_planning;
use crate::api::SetDeleted;
use crate::i18n::{tu_string, use_i18n};
use crate::outbox::use_outbox;
use crate::text;
use leptos::prelude::*;

#[component]
pub fn UndoBar() -> impl IntoView {
    let i18n = use_i18n();
    let planning = use_planning();
    let outbox = use_outbox();
    // The restore is a change like any other: drawn at once, its fate
    // shown on the task's row and in the outbox bar.
    let undo = move |_| {
        if let Some(deleted) = planning.deleted.get_untracked() {
            outbox.send(|at| SetDeleted {
                id: deleted.id,
                deleted: false,
                at: Some(at),
            });
            planning.deleted.set(None);
        }
    };

    move || {
        planning.deleted.get().map(|deleted| {
            view! {
                <div class="undo" role="status">
                    <span>{text::deleted(i18n.get_locale_untracked(), &deleted.title)}</span>
                    <button type="button" class="link" on:click=undo>{tu_string!(i18n, undo)}</button>
                    <button
                        type="button"
                        class="link close"
                        aria-label=tu_string!(i18n, close)
                        on:click=move |_| planning.deleted.set(None)
                    >
                        "×"
                    </button>
                </div>
            }
        })
    }
}
