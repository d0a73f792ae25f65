//! The signed-in page: who you are, the quick-add line, the task list and
//! the outbox bar.

use super::{OutboxBar, QuickAdd, SignOutButton, TaskList};
use crate::api::{list_tasks, Account, AddTask};
use crate::domain::Task;
use crate::outbox::use_outbox;
use crate::text;
use leptos::prelude::*;

#[component]
pub fn Planner(account: Account) -> impl IntoView {
    let outbox = use_outbox();
    let add = ServerAction::<AddTask>::new();
    // Re-read the server's truth after every add, and whenever the outbox
    // settles (drained, or a change refused) — no full reload.
    let tasks = Resource::new(
        move || (add.version().get(), outbox.settled.get()),
        |_| list_tasks(),
    );
    // The last list the server gave: what the page shows when a re-read
    // fails (offline), with the outbox's changes on top.
    let known = RwSignal::new(Vec::<Task>::new());
    let id = account.id;
    Effect::new(move |_| outbox.greet(id));

    view! {
        <header class="topbar">
            <h1>{text::TASKS}</h1>
            <span class="who">{text::signed_in_as(&account.username)}</span>
            <SignOutButton/>
        </header>
        <main class="narrow">
            <QuickAdd add/>
            <TaskList tasks known add/>
        </main>
        <OutboxBar known/>
    }
}
