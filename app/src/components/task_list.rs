//! The list of tasks: the server's, with the outbox's waiting changes on
//! top, and the one being added shown at once.

use super::TaskItem;
use crate::api::AddTask;
use crate::domain::{Task, TaskId};
use crate::error::AppError;
use crate::outbox::{overlay, use_outbox};
use crate::text;
use leptos::prelude::*;

#[component]
pub fn TaskList(
    tasks: Resource<Result<Vec<Task>, AppError>>,
    known: RwSignal<Vec<Task>>,
    add: ServerAction<AddTask>,
) -> impl IntoView {
    let outbox = use_outbox();
    // The task on its way to the server, shown before the answer arrives.
    let sending = move || {
        add.input().get().map(|AddTask { id, quick_add, .. }| {
            view! {
                <li class="task" data-task-id=id.to_string() data-sync="sending">
                    <span class="title">{quick_add}</span>
                    <span class="sync-note">{text::SENDING}</span>
                </li>
            }
        })
    };
    let shown = Memo::new(move |_| {
        let snapshot = outbox.snapshot.get();
        let settling = outbox.settling.get();
        known.with(|server| overlay(server, &settling, &snapshot.pending, &snapshot.failures))
    });
    let ids = move || shown.with(|all| all.iter().map(|s| s.task.id).collect::<Vec<_>>());
    // Each item follows its own entry of the list, and is kept (with any
    // tap in flight) for as long as its task is listed.
    let item = move |id: TaskId| {
        let first = shown.with_untracked(|all| all.iter().find(|s| s.task.id == id).cloned());
        first.map(|first| {
            let mine =
                Memo::new(move |_| shown.with(|all| all.iter().find(|s| s.task.id == id).cloned()));
            let current = Signal::derive(move || mine.get().unwrap_or_else(|| first.clone()));
            view! { <TaskItem shown=current/> }
        })
    };

    view! {
        <Transition fallback=|| view! { <p class="loading">{text::LOADING}</p> }>
            {move || Suspend::new(async move {
                let error = match tasks.await {
                    Ok(list) => {
                        known.set(list);
                        outbox.list_read();
                        None
                    }
                    // Offline or failing: keep showing what we know, and
                    // say so only when we know nothing.
                    Err(error) => known.with_untracked(Vec::is_empty).then_some(error),
                };
                let empty = move || shown.with(Vec::is_empty) && add.input().get().is_none();
                view! {
                    {error.map(|error| view! { <p class="error" role="alert">{text::error(&error)}</p> })}
                    <Show when=move || !empty() fallback=|| view! { <p class="empty">{text::NO_TASKS}</p> }>
                        <ul class="tasks">
                            <For each=ids key=|id| *id children=item/>
                            {sending}
                        </ul>
                    </Show>
                }
            })}
        </Transition>
    }
}
