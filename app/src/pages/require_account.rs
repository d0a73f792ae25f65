//! Pages for the signed-in only: the account, and the first read of the
//! page's view, are read before any HTML is sent, so a stranger gets a
//! redirect status, not a flash of the page.
//!
//! Both come in one read, awaited at one boundary: the page is then built
//! with its data in hand, with no loading boundary nested inside another.
//! (Nested ones let the server's renderer walk a page that had already been
//! dropped and panic on its values, a request in about fifty under load.)
//!
//! Once the page has known the account, a view opened without a network
//! (a link followed offline) shows that account's planner from what the
//! page knows, instead of an error.

use crate::api::{current_account, view_tasks, Account};
use crate::components::{error_paragraph, FirstRead};
use crate::error::AppError;
use crate::i18n::{tu_string, use_i18n};
use crate::views::View;
use leptos::prelude::*;
use leptos_router::components::Redirect;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::future::Future;

/// The account this page last heard the server name (for the life of the page).
#[derive(Clone, Copy)]
pub struct KnownAccount(RwSignal<Option<Account>>);

pub fn provide_known_account() {
    provide_context(KnownAccount(RwSignal::new(None)));
}

/// Signed out: no page of that account opens from memory any more.
pub fn forget_known_account() {
    if let Some(KnownAccount(known)) = use_context::<KnownAccount>() {
        known.set(None);
    }
}

/// Who is signed in, and (when someone is) their page's first read.
async fn signed_in_read<T, F>(read: F) -> Result<Option<(Account, Result<T, AppError>)>, AppError>
where
    F: Future<Output = Result<T, AppError>>,
{
    let Some(account) = current_account().await? else {
        return Ok(None);
    };
    Ok(Some((account, read.await)))
}

/// A signed-in page whose first read is `view`'s.
pub fn require_account(
    view: View,
    page: impl Fn(Account, FirstRead) -> AnyView + Send + Sync + Clone + 'static,
) -> impl IntoView {
    require_account_reading(move || view_tasks(view.name()), page)
}

/// A signed-in page whose first read is `read` (sent with the page, so
/// the browser takes over with what the server rendered from).
pub fn require_account_reading<T, F>(
    read: impl Fn() -> F + Send + Sync + 'static,
    page: impl Fn(Account, Result<T, AppError>) -> AnyView + Send + Sync + Clone + 'static,
) -> impl IntoView
where
    T: Clone + Serialize + DeserializeOwned + Send + Sync + 'static,
    F: Future<Output = Result<T, AppError>> + Send + 'static,
{
    let i18n = use_i18n();
    let known = use_context::<KnownAccount>();
    let read = Resource::new_blocking(|| (), move |_| signed_in_read(read()));
    view! {
        <Suspense fallback=move || view! { <p class="loading">{tu_string!(i18n, loading)}</p> }>
            {move || {
                let page = page.clone();
                // Read now, while the render's owner is alive: when the read
                // fails because the request ended (its state gone with it),
                // the owner is gone too and no context can be looked up.
                let locale = i18n.get_locale_untracked();
                Suspend::new(async move {
                    match read.await {
                        Ok(Some((account, first))) => {
                            if let Some(KnownAccount(known)) = known {
                                known.set(Some(account.clone()));
                            }
                            page(account, first)
                        }
                        Ok(None) => view! { <Redirect path="/signin"/> }.into_any(),
                        Err(error) => match known.and_then(|KnownAccount(k)| k.get_untracked()) {
                            Some(account) => page(account, Err(error)),
                            None => error_paragraph(locale, &error).into_any(),
                        },
                    }
                })
            }}
        </Suspense>
    }
}
