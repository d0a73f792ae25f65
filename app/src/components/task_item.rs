//! One task in the list, with its completion circle.
//!
//! The circle is a button inside a real form that describes the state
//! wanted (`completed=true|false`) and carries its own idempotency key, so
//! it works before hydration too. Once hydrated, a tap fills the circle at
//! once; `data-sync` tells whether the server has confirmed it.

use crate::api::SetCompleted;
use crate::domain::{IdempotencyKey, Task};
use crate::text;
use leptos::prelude::*;

#[component]
pub fn TaskItem(task: Task) -> impl IntoView {
    let complete = ServerAction::<SetCompleted>::new();
    let key = RwSignal::new(IdempotencyKey::generate());
    // The state the server last confirmed.
    let confirmed = RwSignal::new(task.completed_at.is_some());
    Effect::new(move |_| {
        if let Some(Ok(saved)) = complete.value().get() {
            confirmed.set(saved.completed_at.is_some());
            key.set(IdempotencyKey::generate());
        }
    });
    // What the screen shows: the state asked for while it is on its way
    // (optimistic), else the server's; a refused change falls back to it.
    let completed = Signal::derive(move || {
        if let Some(asked) = complete.input().get() {
            return asked.completed;
        }
        match complete.value().get() {
            Some(Ok(saved)) => saved.completed_at.is_some(),
            _ => confirmed.get(),
        }
    });

    let sync = move || match (complete.pending().get(), complete.value().get()) {
        (true, _) => "sending",
        (false, Some(Err(_))) => "failed",
        _ => "saved",
    };
    let label = move || {
        if completed.get() {
            text::MARK_NOT_DONE
        } else {
            text::MARK_DONE
        }
    };

    view! {
        <li class="task" data-task-id=task.id.to_string() data-sync=sync class:done=completed>
            <ActionForm action=complete attr:class="complete">
                <input type="hidden" name="id" value=task.id.to_string()/>
                <input type="hidden" name="completed" value=move || (!completed.get()).to_string()/>
                <input type="hidden" name="idempotency_key" value=move || key.get().to_string()/>
                <button
                    type="submit"
                    class="circle"
                    aria-pressed=move || completed.get().to_string()
                    aria-label=label
                    title=label
                ></button>
            </ActionForm>
            <span class="title">{task.title.to_string()}</span>
        </li>
    }
}
