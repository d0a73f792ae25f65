//! Pages for the signed-in only: the account is read before any HTML is
//! sent, so a stranger gets a redirect status, not a flash of the page.
//! Once the page has known the account, a view opened without a network
//! (a link followed offline) shows that account's planner from what the
//! page knows, instead of an error.

use crate::api::{current_account, Account};
use crate::components::ErrorLine;
use crate::i18n::{t, use_i18n};
use leptos::prelude::*;
use leptos_router::components::Redirect;

/// The account this page last heard the server name (for the life of the page).
#[derive(Clone, Copy)]
pub struct KnownAccount(RwSignal<Option<Account>>);

pub fn provide_known_account() {
    provide_context(KnownAccount(RwSignal::new(None)));
}

pub fn require_account(
    page: impl Fn(Account) -> AnyView + Send + Sync + Clone + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    let known = use_context::<KnownAccount>();
    let account = Resource::new_blocking(|| (), |_| current_account());
    view! {
        <Suspense fallback=move || view! { <p class="loading">{t!(i18n, loading)}</p> }>
            {move || {
                let page = page.clone();
                Suspend::new(async move {
                    match account.await {
                        Ok(Some(account)) => {
                            if let Some(KnownAccount(known)) = known {
                                known.set(Some(account.clone()));
                            }
                            page(account)
                        }
                        Ok(None) => view! { <Redirect path="/signin"/> }.into_any(),
                        Err(error) => match known.and_then(|KnownAccount(k)| k.get_untracked()) {
                            Some(account) => page(account),
                            None => view! { <ErrorLine error=Some(error)/> }.into_any(),
                        },
                    }
                })
            }}
        </Suspense>
    }
}
