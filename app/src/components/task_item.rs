//! One task in the list, with its completion circle and a rename field.
//!
//! The circle is a button inside a real form that describes the state
//! wanted (`completed=true|false`) and carries its own idempotency key, so
//! it works before hydration too. Once hydrated, a tap fills the circle at
//! once and sends the time of the tap; `data-sync` tells whether the server
//! has the change (`saved`), it is on its way (`sending`), the outbox keeps
//! it for later (`queued`) or it was refused (`failed`).
//!
//! The item lives as long as its task is in the list and follows the list's
//! state reactively, so news from the outbox never resets a tap in flight.

use super::RenameForm;
use crate::api::{EditTask, SetCompleted};
use crate::domain::{IdempotencyKey, Task, TaskForm};
use crate::error::AppError;
use crate::outbox::{Mark, Shown};
use crate::text;
use chrono::Utc;
use leptos::prelude::*;

#[component]
pub fn TaskItem(shown: Signal<Shown>) -> impl IntoView {
    let id = shown.with_untracked(|s| s.task.id);
    let task = Signal::derive(move || shown.with(|s| s.task.clone()));
    let mark = Signal::derive(move || shown.with(|s| s.mark));
    let complete = ServerAction::<SetCompleted>::new();
    let rename = ServerAction::<EditTask>::new();
    let key = RwSignal::new(IdempotencyKey::generate());
    // The state last asked for by a tap on this page, shown while it is on
    // its way; then the server's answer, or the outbox's view of the task.
    let asked = RwSignal::new(None::<bool>);
    let asked_title = RwSignal::new(None::<String>);
    let editing = RwSignal::new(false);

    Effect::new(move |_| {
        if let Some(Ok(_) | Err(AppError::Queued)) = complete.value().get() {
            key.set(IdempotencyKey::generate());
        }
    });
    let completed = Signal::derive(move || {
        let listed = task.with(|t| t.completed_at.is_some());
        match complete.value().get() {
            _ if complete.pending().get() => asked.get().unwrap_or(listed),
            Some(Ok(saved)) => saved.completed_at.is_some(),
            _ => listed,
        }
    });
    let title = Signal::derive(move || {
        let listed = task.with(|t| t.title.to_string());
        match rename.value().get() {
            _ if rename.pending().get() => asked_title.get().unwrap_or(listed),
            Some(Ok(saved)) => saved.title.to_string(),
            _ => listed,
        }
    });
    let refused = |value: Option<Result<Task, AppError>>| matches!(value, Some(Err(ref e)) if *e != AppError::Queued);
    let sync = move || {
        if complete.pending().get() || rename.pending().get() {
            "sending"
        } else if mark.get() == Some(Mark::Failed)
            || refused(complete.value().get())
            || refused(rename.value().get())
        {
            "failed"
        } else if mark.get() == Some(Mark::Queued) {
            "queued"
        } else {
            "saved"
        }
    };
    let note = move || match sync() {
        "sending" => Some(text::SENDING),
        "queued" => Some(text::QUEUED),
        "failed" => Some(text::NOT_SAVED),
        _ => None,
    };
    let label = move || {
        if completed.get() {
            text::MARK_NOT_DONE
        } else {
            text::MARK_DONE
        }
    };

    let tap = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let wanted = !completed.get_untracked();
        asked.set(Some(wanted));
        complete.dispatch(SetCompleted {
            id,
            completed: wanted,
            at: Some(Utc::now()),
        });
    };
    let send_title = move |new_title: String| {
        asked_title.set(Some(new_title.clone()));
        let form = task.with_untracked(TaskForm::from_task);
        rename.dispatch(EditTask {
            id,
            title: new_title,
            notes: form.notes,
            due_date: form.due_date,
            due_time: form.due_time,
            priority: form.priority,
            list_id: form.list_id,
            recurrence: form.recurrence,
        });
    };

    view! {
        <li class="task" data-task-id=id.to_string() data-sync=sync class:done=completed>
            <form method="post" action="/api/tasks/complete" class="complete" on:submit=tap>
                <input type="hidden" name="id" value=id.to_string()/>
                <input type="hidden" name="completed" value=move || (!completed.get()).to_string()/>
                <input type="hidden" name="idempotency_key" value=move || key.get().to_string()/>
                <button
                    type="submit"
                    class="circle"
                    aria-pressed=move || completed.get().to_string()
                    aria-label=label
                    title=label
                ></button>
            </form>
            <Show
                when=move || editing.get()
                fallback=move || {
                    view! {
                        <span class="title">{title}</span>
                        <button
                            type="button"
                            class="rename"
                            aria-label=text::RENAME
                            title=text::RENAME
                            on:click=move |_| editing.set(true)
                        >
                            "✎"
                        </button>
                    }
                }
            >
                <RenameForm title=title.get_untracked() editing save=send_title/>
            </Show>
            {move || note().map(|note| view! { <span class="sync-note">{note}</span> })}
        </li>
    }
}
