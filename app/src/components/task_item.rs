//! One task in the list: its completion circle, what it is and when, and
//! its details (opened to edit, move or delete).
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

use super::planning::use_planning;
use super::TaskDetails;
use crate::api::{EditTask, SetCompleted};
use crate::domain::{IdempotencyKey, Task};
use crate::error::AppError;
use crate::outbox::{Mark, Shown};
use crate::i18n::{t, t_string, use_i18n};
use crate::text;
use chrono::Utc;
use leptos::prelude::*;

#[component]
pub fn TaskItem(shown: Signal<Shown>) -> impl IntoView {
    let i18n = use_i18n();
    let planning = use_planning();
    let id = shown.with_untracked(|s| s.task.id);
    let listed = Memo::new(move |_| shown.with(|s| s.task.clone()));
    let mark = Memo::new(move |_| shown.with(|s| s.mark));
    let complete = ServerAction::<SetCompleted>::new();
    let edit = ServerAction::<EditTask>::new();
    let key = RwSignal::new(IdempotencyKey::generate());
    // The state last asked for by a tap on this page, shown while it is on
    // its way; then the server's answer, or the outbox's view of the task.
    let asked = RwSignal::new(None::<bool>);

    Effect::new(move |_| {
        if let Some(Ok(_) | Err(AppError::Queued)) = complete.value().get() {
            key.set(IdempotencyKey::generate());
        }
    });
    let completed = Signal::derive(move || {
        let listed = listed.with(|t| t.completed_at.is_some());
        match complete.value().get() {
            _ if complete.pending().get() => asked.get().unwrap_or(listed),
            Some(Ok(saved)) => saved.completed_at.is_some(),
            _ => listed,
        }
    });
    // The task as the person last described it: an edit on its way shows
    // at once; after that the list (server and outbox) is the truth.
    let task = Signal::derive(move || {
        let mut task = listed.get();
        if edit.pending().get() {
            if let Some(fields) = edit.input().get().and_then(|e| e.form().parse().ok()) {
                task.edit(fields, task.updated_at);
            }
        } else if let Some(Ok(saved)) = edit.value().get() {
            // Saved, and the list not re-read yet.
            if saved.updated_at > task.updated_at {
                task = saved;
            }
        }
        task
    });
    let refused = |answer: Option<Result<Task, AppError>>| AppError::refusal(answer).is_some();
    let sync = move || {
        if complete.pending().get() || edit.pending().get() {
            "sending"
        } else if mark.get() == Some(Mark::Failed)
            || refused(complete.value().get())
            || refused(edit.value().get())
        {
            "failed"
        } else if mark.get() == Some(Mark::Queued) {
            "queued"
        } else {
            "saved"
        }
    };
    let note = move || match sync() {
        "sending" => Some(t_string!(i18n, sending)),
        "queued" => Some(t_string!(i18n, queued)),
        "failed" => Some(t_string!(i18n, not_saved)),
        _ => None,
    };
    let label = move || {
        if completed.get() {
            t_string!(i18n, mark_not_done)
        } else {
            t_string!(i18n, mark_done)
        }
    };
    let today = planning.today;
    let overdue = move || {
        !completed.get() && task.with(|t| t.due.is_some_and(|due| due.date < today.get().date))
    };
    let when = move || {
        task.with(|t| {
            let mut parts = Vec::new();
            if let Some(due) = t.due {
                parts.push(text::due_words(i18n.get_locale(), due, today.get().date));
            }
            if let Some(rule) = &t.recurrence {
                parts.push(text::recurrence(i18n.get_locale(), rule));
            }
            (!parts.is_empty()).then(|| parts.join(" · "))
        })
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

    view! {
        <li
            class="task"
            data-task-id=id.to_string()
            data-sync=sync
            data-priority=move || task.with(|t| t.priority.level())
            class:done=completed
            class:overdue=overdue
        >
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
            <div class="body">
                <span class="title">{move || task.with(|t| t.title.to_string())}</span>
                {move || {
                    let overdue = overdue()
                        .then(|| view! { <span class="overdue-mark">{t!(i18n, overdue)}</span> " · " });
                    when().map(|when| view! { <span class="when">{overdue} {when}</span> })
                }}
                {move || note().map(|note| view! { <span class="sync-note">{note}</span> })}
            </div>
            <TaskDetails task edit/>
        </li>
    }
}
