//! The list of tasks: the server's, with the outbox's waiting changes on
//! top, and the one being added shown at once.

use super::TaskItem;
use crate::api::AddTask;
use crate::domain::Task;
use crate::error::AppError;
use crate::outbox::{overlay, use_outbox, Shown};
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
        add.input().get().map(|AddTask { id, quick_add }| {
            view! {
                <li class="task" data-task-id=id.to_string() data-sync="sending">
                    <span class="title">{quick_add}</span>
                    <span class="sync-note">{text::SENDING}</span>
                </li>
            }
        })
    };
    let shown = move || {
        let snapshot = outbox.snapshot.get();
        let settling = outbox.settling.get();
        known.with(|server| overlay(server, &settling, &snapshot.pending, &snapshot.failures))
    };
    // An item is rebuilt only when what it shows changes, so a tap in
    // flight on another task keeps its state.
    let identity = |shown: &Shown| {
        format!(
            "{}|{:?}|{}|{}",
            shown.task.id,
            shown.mark,
            shown.task.completed_at.is_some(),
            shown.task.title
        )
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
                let empty = move || shown().is_empty() && add.input().get().is_none();
                view! {
                    {error.map(|error| view! { <p class="error" role="alert">{text::error(&error)}</p> })}
                    <Show when=move || !empty() fallback=|| view! { <p class="empty">{text::NO_TASKS}</p> }>
                        <ul class="tasks">
                            <For each=shown key=identity let(shown)>
                                <TaskItem task=shown.task mark=shown.mark/>
                            </For>
                            {sending}
                        </ul>
                    </Show>
                }
            })}
        </Transition>
    }
}
