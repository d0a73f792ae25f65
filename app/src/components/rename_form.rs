//! The field that replaces a task's title while it is being renamed. The
//! title is parsed here, as the server will parse it: a bad one never leaves.

use super::ErrorLine;
use crate::domain::TaskTitle;
use crate::error::AppError;
use crate::text;
use leptos::ev::{KeyboardEvent, SubmitEvent};
use leptos::html;
use leptos::prelude::*;

#[component]
pub fn RenameForm(
    title: String,
    editing: RwSignal<bool>,
    /// Called with the new title once it parses.
    save: impl Fn(String) + 'static,
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
        match TaskTitle::parse(&typed) {
            Err(e) => error.set(Some(e.into())),
            Ok(parsed) => {
                editing.set(false);
                save(parsed.to_string());
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
                value=title
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
