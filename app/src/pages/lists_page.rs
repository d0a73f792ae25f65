//! `/lists`: the person's lists with their open tasks, a new list, and the
//! way to Completed.

use super::require_account;
use crate::api::CreateList;
use crate::components::{form_fields, BottomNav, MintedId, MintedKey, OutboxBar, Planning, TopBar};
use crate::domain::ListId;
use crate::i18n::{t, t_string, use_i18n};
use crate::outbox::use_outbox;
use crate::views::View;
use leptos::html;
use leptos::prelude::*;

#[component]
pub fn ListsPage() -> impl IntoView {
    // The counts and lists come with any view's read; Completed's is the
    // one linked from here.
    require_account(View::Completed, |account, first| {
        let i18n = use_i18n();
        let planning = Planning::provide_for(View::Completed, account.id);
        planning.start(first);
        planning.reread_on(|| 0);
        let lists = move || planning.nav.with(|n| n.lists.clone());
        view! {
            <TopBar title=Signal::derive(move || t_string!(i18n, lists).to_owned())/>
            <main class="narrow">
                <NewList/>
                <Show when=move || !lists().is_empty() fallback=move || view! { <p class="empty">{t!(i18n, no_lists)}</p> }>
                    <ul class="lists">
                        <For each=lists key=|l| (l.list.id, l.list.name.as_str().to_owned(), l.open) let:entry>
                            <li>
                                <a href=View::List(entry.list.id).path()>
                                    <span class="name">{entry.list.name.as_str().to_owned()}</span>
                                    <span class="count">{(entry.open > 0).then_some(entry.open)}</span>
                                </a>
                            </li>
                        </For>
                    </ul>
                </Show>
                <p><a class="completed-link" href=View::Completed.path()>{t!(i18n, completed)}</a></p>
            </main>
            <div class="bars">
                <OutboxBar/>
                <BottomNav/>
            </div>
        }
        .into_any()
    })
}

/// A new list, with an id minted at the tap: sent twice, it is one list.
#[component]
fn NewList() -> impl IntoView {
    let i18n = use_i18n();
    let outbox = use_outbox();
    let input = NodeRef::<html::Input>::new();
    let create = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let name = form_fields(&ev)("name");
        outbox.send(|at| CreateList {
            id: ListId::new(),
            name,
            at: Some(at),
        });
        if let Some(input) = input.get_untracked() {
            input.set_value("");
        }
    };
    view! {
        <form method="post" action="/api/lists/create" class="quick-add new-list" on:submit=create>
            <MintedId name="id"/>
            <MintedKey/>
            <label for="new-list" class="visually-hidden">{t!(i18n, new_list)}</label>
            <input id="new-list" name="name" node_ref=input placeholder=move || t_string!(i18n, new_list) required maxlength="100" autocomplete="off"/>
            <button type="submit" class="primary">{t!(i18n, create_list)}</button>
        </form>
    }
}
