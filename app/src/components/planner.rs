//! The signed-in page: who you are, the quick-add line and the task list.

use super::{QuickAdd, SignOutButton, TaskList};
use crate::api::{list_tasks, Account, AddTask};
use crate::text;
use leptos::prelude::*;

#[component]
pub fn Planner(account: Account) -> impl IntoView {
    let add = ServerAction::<AddTask>::new();
    // Re-read the list whenever an add completes, so the page shows the
    // server's truth rather than our guess.
    let tasks = Resource::new(move || add.version().get(), |_| list_tasks());

    view! {
        <header class="topbar">
            <h1>{text::TASKS}</h1>
            <span class="who">{text::signed_in_as(&account.username)}</span>
            <SignOutButton/>
        </header>
        <main class="narrow">
            <QuickAdd add/>
            <TaskList tasks add/>
        </main>
    }
}
