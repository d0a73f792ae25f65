//! Pages for the signed-in only: the account is read before any HTML is
//! sent, so a stranger gets a redirect status, not a flash of the page.

use crate::api::{current_account, Account};
use crate::components::ErrorLine;
use crate::i18n::{t, use_i18n};
use leptos::prelude::*;
use leptos_router::components::Redirect;

pub fn require_account(
    page: impl Fn(Account) -> AnyView + Send + Sync + Clone + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    let account = Resource::new_blocking(|| (), |_| current_account());
    view! {
        <Suspense fallback=move || view! { <p class="loading">{t!(i18n, loading)}</p> }>
            {move || {
                let page = page.clone();
                Suspend::new(async move {
                    match account.await {
                        Ok(Some(account)) => page(account),
                        Ok(None) => view! { <Redirect path="/signin"/> }.into_any(),
                        Err(error) => view! { <ErrorLine error=Some(error)/> }.into_any(),
                    }
                })
            }}
        </Suspense>
    }
}
