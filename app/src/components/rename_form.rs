//! The field that replaces a task's title while it is being renamed. The
//! edit sends every other field as it was (edits describe the whole state).

use super::ErrorLine;
use crate::api::EditTask;
use crate::domain::{TaskForm, TaskId, TaskTitle};
use crate::error::AppError;
use crate::text;
use leptos::ev::{KeyboardEvent, SubmitEvent};
use leptos::html;
use leptos::prelude::*;

#[component]
pub fn RenameForm(
    id: TaskId,
    task_form: TaskForm,
    title: RwSignal<String>,
    rename: ServerAction<EditTask>,
    editing: RwSignal<bool>,
) -> impl IntoView {
    let input = NodeRef::<html::Input>::new();
    let error = RwSignal::new(None::<AppError>);
    Effect::new(move |_| {
        if let Some(input) = input.get() {
            let _ = input.focus();
        }
    });
    let submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let Some(typed) = input.get_untracked().map(|input| input.value()) else {
            return;
        };
        // The same parsing the server runs: a bad title never leaves.
        match TaskTitle::parse(&typed) {
            Err(e) => error.set(Some(e.into())),
            Ok(parsed) => {
                title.set(parsed.to_string());
                editing.set(false);
                let form = task_form.clone();
                rename.dispatch(EditTask {
                    id,
                    title: parsed.to_string(),
                    notes: form.notes,
                    due_date: form.due_date,
                    due_time: form.due_time,
                    priority: form.priority,
                    list_id: form.list_id,
                    recurrence: form.recurrence,
                });
            }
        }
    };
    let cancel = move |ev: KeyboardEvent| {
        if ev.key() == "Escape" {
            editing.set(false);
        }
    };

    view! {
        <form class="rename-form" on:submit=submit>
            <input
                name="title"
                node_ref=input
                value=title.get_untracked()
                aria-label=text::RENAME
                autocomplete="off"
                enterkeyhint="done"
                on:keydown=cancel
            />
            <button type="submit">{text::SAVE}</button>
            <ErrorLine error/>
        </form>
    }
}
