//! `/lists`: the person's lists with their open tasks, a new list, and the
//! way to Completed.

use super::require_account;
use crate::api::CreateList;
use crate::components::{BottomNav, ErrorLine, OutboxBar, Planning, TopBar};
use crate::domain::{IdempotencyKey, ListId};
use crate::error::AppError;
use crate::i18n::{t, t_string, use_i18n};
use crate::views::View;
use leptos::prelude::*;

#[component]
pub fn ListsPage() -> impl IntoView {
    require_account(|account| {
        let i18n = use_i18n();
        // The counts and lists come with any view's read; Completed's is
        // the one linked from here.
        let planning = Planning::provide_for(View::Completed, account.id);
        let create = ServerAction::<CreateList>::new();
        let first = planning.first_read();
        planning.reread_on(move || create.version().get());
        view! {
            <TopBar title=Signal::derive(move || t_string!(i18n, lists).to_owned())/>
            <main class="narrow">
                <NewList create/>
                <Transition fallback=move || view! { <p class="loading">{t!(i18n, loading)}</p> }>
                    {move || Suspend::new(async move {
                        if let Ok(page) = first.await {
                            planning.nav.set(page.nav);
                        }
                        let lists = move || planning.nav.with(|n| n.lists.clone());
                        view! {
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
                        }
                    })}
                </Transition>
                <p><a class="completed-link" href=View::Completed.path()>{t!(i18n, completed)}</a></p>
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
    let i18n = use_i18n();
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
            <label for="new-list" class="visually-hidden">{t!(i18n, new_list)}</label>
            <input id="new-list" name="name" placeholder=move || t_string!(i18n, new_list) required maxlength="100" autocomplete="off"/>
            <button type="submit" class="primary">{t!(i18n, create_list)}</button>
            <ErrorLine error/>
        </ActionForm>
    }
}
