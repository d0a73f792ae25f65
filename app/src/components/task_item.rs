//! One task in the list, with its completion circle and a rename field.
//!
//! The circle is a button inside a real form that describes the state
//! wanted (`completed=true|false`) and carries its own idempotency key, so
//! it works before hydration too. Once hydrated, a tap fills the circle at
//! once and sends the time of the tap; `data-sync` tells whether the server
//! has the change (`saved`), it is on its way (`sending`), the outbox keeps
//! it for later (`queued`) or it was refused (`failed`).

use super::RenameForm;
use crate::api::{EditTask, SetCompleted};
use crate::domain::{IdempotencyKey, Task, TaskForm};
use crate::error::AppError;
use crate::outbox::Mark;
use crate::text;
use chrono::Utc;
use leptos::prelude::*;

#[component]
pub fn TaskItem(task: Task, mark: Option<Mark>) -> impl IntoView {
    let id = task.id;
    let complete = ServerAction::<SetCompleted>::new();
    let rename = ServerAction::<EditTask>::new();
    let key = RwSignal::new(IdempotencyKey::generate());
    // The state last asked for by a tap on this page, until the server or
    // the outbox has it; a refused change falls back to the task's state.
    let asked = RwSignal::new(None::<bool>);
    let title = RwSignal::new(task.title.to_string());
    let editing = RwSignal::new(false);
    let shown_done = task.completed_at.is_some();

    Effect::new(move |_| match complete.value().get() {
        Some(Ok(_)) | Some(Err(AppError::Queued)) => key.set(IdempotencyKey::generate()),
        Some(Err(_)) => asked.set(None),
        None => {}
    });
    let completed = Signal::derive(move || match complete.value().get() {
        _ if complete.pending().get() => asked.get().unwrap_or(shown_done),
        Some(Ok(saved)) => saved.completed_at.is_some(),
        _ => asked.get().unwrap_or(shown_done),
    });
    let failed = move |value: Option<Result<Task, AppError>>| matches!(value, Some(Err(ref e)) if *e != AppError::Queued);
    let queued =
        move |value: Option<Result<Task, AppError>>| matches!(value, Some(Err(AppError::Queued)));
    let sync = move || {
        let values = [complete.value().get(), rename.value().get()];
        if complete.pending().get() || rename.pending().get() {
            "sending"
        } else if mark == Some(Mark::Queued) || values.iter().cloned().any(queued) {
            "queued"
        } else if mark == Some(Mark::Failed) || values.iter().cloned().any(failed) {
            "failed"
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
    let original_title = task.title.to_string();
    Effect::new(move |_| {
        if let Some(Err(error)) = rename.value().get() {
            if error != AppError::Queued {
                title.set(original_title.clone());
            }
        }
    });
    let task_form = TaskForm::from_task(&task);

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
                        <span class="title">{move || title.get()}</span>
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
                <RenameForm id task_form=task_form.clone() title rename editing/>
            </Show>
            {move || note().map(|note| view! { <span class="sync-note">{note}</span> })}
        </li>
    }
}
