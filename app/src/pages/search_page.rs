//! `/search`: finding tasks by words, across every list and date.

use super::require_account_reading;
use crate::api::{search_tasks, view_tasks};
use crate::components::{BottomNav, OutboxBar, Planning, SearchBox, TopBar, UndoBar};
use crate::error::AppError;
use crate::i18n::{t_string, use_i18n};
use crate::views::{View, ViewPage};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use serde::{Deserialize, Serialize};

/// The page's first read: what the address asked for (`?q=…&done=true`),
/// and the server's answer, which is what was found when it asked for
/// words (otherwise a view's read, for the navigation's counts).
#[derive(Clone, Debug, Serialize, Deserialize)]
struct SearchRead {
    words: String,
    done: bool,
    page: ViewPage,
}

impl SearchRead {
    fn asked(words: &str) -> bool {
        !words.trim().is_empty()
    }
}

#[component]
pub fn SearchPage() -> impl IntoView {
    let query = use_query_map();
    let (words, done) = query.with_untracked(|q| {
        (
            q.get("q").unwrap_or_default(),
            q.get("done").is_some_and(|done| done == "true"),
        )
    });
    let read = {
        let words = words.clone();
        move || {
            let words = words.clone();
            async move {
                let page = if SearchRead::asked(&words) {
                    search_tasks(words.clone(), done).await?
                } else {
                    view_tasks(View::Completed.name()).await?
                };
                Ok::<_, AppError>(SearchRead { words, done, page })
            }
        }
    };
    require_account_reading(read, move |account, first| {
        let i18n = use_i18n();
        let planning = Planning::provide_for(View::Completed, account.id);
        // What the server answered (or, offline, what the address asked).
        let (words, done, first) = match first {
            Ok(SearchRead { words, done, page }) if SearchRead::asked(&words) => {
                (words, done, Some(Ok(page)))
            }
            Ok(SearchRead { words, done, page }) => {
                planning.start(Ok(page));
                (words, done, None)
            }
            Err(error) => {
                let asked = SearchRead::asked(&words);
                (words.clone(), done, asked.then_some(Err(error)))
            }
        };
        view! {
            <TopBar title=Signal::derive(move || t_string!(i18n, search).to_owned())/>
            <main class="narrow search">
                <SearchBox words done first planning/>
            </main>
            <div class="bars">
                <UndoBar/>
                <OutboxBar/>
                <BottomNav elsewhere=true/>
            </div>
        }
        .into_any()
    })
}
