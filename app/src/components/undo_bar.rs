//! After a delete: «Алгебра удалена · Вернуть». Deletion is soft, so the
//! undo is a real restore (`deleted=false`), kept in the outbox like any
//! other change when there is no network.

use super::planning::use_planning;
use crate::api::SetDeleted;
use crate::error::AppError;
use crate::outbox::use_outbox;
use crate::i18n::{t, t_string, use_i18n};
use crate::text;
use chrono::Utc;
use leptos::prelude::*;

#[component]
pub fn UndoBar() -> impl IntoView {
    let i18n = use_i18n();
    let planning = use_planning();
    let outbox = use_outbox();
    let restore = ServerAction::<SetDeleted>::new();
    Effect::new(move |_| match restore.value().get() {
        Some(Ok(_)) => {
            planning.deleted.set(None);
            outbox.refresh();
        }
        Some(Err(AppError::Queued)) => planning.deleted.set(None),
        _ => {}
    });
    let undo = move |_| {
        if let Some(deleted) = planning.deleted.get_untracked() {
            restore.dispatch(SetDeleted {
                id: deleted.id,
                deleted: false,
                at: Some(Utc::now()),
            });
        }
    };
    let error = move || AppError::refusal(restore.value().get()).map(|e| text::error(i18n.get_locale(), &e));

    move || {
        planning.deleted.get().map(|deleted| {
            view! {
                <div class="undo" role="status">
                    <span>{move || text::deleted(i18n.get_locale(), &deleted.title)} {error}</span>
                    <button type="button" class="link" on:click=undo>{t!(i18n, undo)}</button>
                    <button
                        type="button"
                        class="link close"
                        aria-label=move || t_string!(i18n, close)
                        on:click=move |_| planning.deleted.set(None)
                    >
                        "×"
                    </button>
                </div>
            }
        })
    }
}
