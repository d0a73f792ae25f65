//! The list of tasks, with the one being sent shown at once.

use super::TaskItem;
use crate::api::AddTask;
use crate::domain::Task;
use crate::error::AppError;
use crate::text;
use leptos::prelude::*;

#[component]
pub fn TaskList(
    tasks: Resource<Result<Vec<Task>, AppError>>,
    add: ServerAction<AddTask>,
) -> impl IntoView {
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

    view! {
        <Transition fallback=|| view! { <p class="loading">{text::LOADING}</p> }>
            {move || Suspend::new(async move {
                match tasks.await {
                    Ok(list) if list.is_empty() && add.input().get().is_none() => {
                        view! { <p class="empty">{text::NO_TASKS}</p> }.into_any()
                    }
                    Ok(list) => view! {
                        <ul class="tasks">
                            {list.into_iter().map(|task| view! { <TaskItem task/> }).collect_view()}
                            {sending}
                        </ul>
                    }
                    .into_any(),
                    Err(error) => {
                        view! { <p class="error" role="alert">{text::error(&error)}</p> }.into_any()
                    }
                }
            })}
        </Transition>
    }
}
