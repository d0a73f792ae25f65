//! `/lists`: the person's lists with their open tasks, a new list, and the
//! way to Completed.

use super::require_account;
use crate::api::CreateList;
use crate::components::{BottomNav, ErrorLine, OutboxBar, Planning, SignOutButton};
use crate::domain::{IdempotencyKey, ListId};
use crate::error::AppError;
use crate::outbox::use_outbox;
use crate::text;
use crate::views::View;
use leptos::prelude::*;

#[component]
pub fn ListsPage() -> impl IntoView {
    require_account(|account| {
        let outbox = use_outbox();
        // The counts and lists come with any view's read; Completed's is
        // the one linked from here.
        let planning = Planning::provide(View::Completed);
        let create = ServerAction::<CreateList>::new();
        let first = planning.first_read();
        planning.reread_on(move || create.version().get());
        let id = account.id;
        Effect::new(move |_| outbox.greet(id));
        view! {
            <header class="topbar">
                <h1>{text::LISTS}</h1>
                <span class="who">{text::signed_in_as(&account.username)}</span>
                <SignOutButton/>
            </header>
            <main class="narrow">
                <NewList create/>
                <Transition fallback=|| view! { <p class="loading">{text::LOADING}</p> }>
                    {move || Suspend::new(async move {
                        if let Ok(page) = first.await {
                            planning.nav.set(page.nav);
                        }
                        let lists = move || planning.nav.with(|n| n.lists.clone());
                        view! {
                            <Show when=move || !lists().is_empty() fallback=|| view! { <p class="empty">{text::NO_LISTS}</p> }>
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
                        }
                    })}
                </Transition>
                <p><a class="completed-link" href=View::Completed.path()>{text::COMPLETED}</a></p>
            </main>
            <div class="bars">
                <OutboxBar known=planning.known/>
                <BottomNav first/>
            </div>
        }
        .into_any()
    })
}

/// A new list, with an id minted here: sent twice, it is one list.
#[component]
fn NewList(create: ServerAction<CreateList>) -> impl IntoView {
    let id = RwSignal::new(ListId::new());
    let key = RwSignal::new(IdempotencyKey::generate());
    Effect::new(move |_| {
        if let Some(Ok(_) | Err(AppError::Queued)) = create.value().get() {
            id.set(ListId::new());
            key.set(IdempotencyKey::generate());
        }
    });
    let error = Signal::derive(move || AppError::refusal(create.value().get()));
    view! {
        <ActionForm action=create attr:class="quick-add new-list">
            <input type="hidden" name="id" value=move || id.get().to_string()/>
            <input type="hidden" name="idempotency_key" value=move || key.get().to_string()/>
            <label for="new-list" class="visually-hidden">{text::NEW_LIST}</label>
            <input id="new-list" name="name" placeholder=text::NEW_LIST required maxlength="100" autocomplete="off"/>
            <button type="submit" class="primary">{text::CREATE_LIST}</button>
            <ErrorLine error/>
        </ActionForm>
    }
}
