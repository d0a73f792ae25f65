//! `/`: the signed-in student's tasks; everyone else is sent to sign in.

use crate::api::{current_account, Account};
use crate::components::{ErrorLine, Planner};
use crate::text;
use leptos::prelude::*;
use leptos_router::components::Redirect;

#[component]
pub fn HomePage() -> impl IntoView {
    // Blocking, so the server can still answer with a redirect status
    // before any HTML of the page has been sent.
    let account = Resource::new_blocking(|| (), |_| current_account());

    view! {
        <Suspense fallback=|| view! { <p class="loading">{text::LOADING}</p> }>
            {move || Suspend::new(async move {
                match account.await {
                    Ok(Some(account)) => signed_in(account).into_any(),
                    Ok(None) => view! { <Redirect path="/signin"/> }.into_any(),
                    Err(error) => view! { <ErrorLine error=Some(error)/> }.into_any(),
                }
            })}
        </Suspense>
    }
}

fn signed_in(account: Account) -> impl IntoView {
    view! { <Planner account/> }
}
