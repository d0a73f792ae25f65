//! The search box and what it finds: tasks with the words in their title
//! or notes, each row the same as in a view (complete it, open its
//! details), with its list and date.
//!
//! The server searches (with word forms) as the person types; without a
//! network the page searches the tasks it knows, with every change not yet
//! saved on top, and says the results may be incomplete. It is a real form
//! (`GET /search?q=…`), so it searches before the WASM has loaded too, and
//! an address opened offline is searched once the page is live.

use super::planning::{FirstRead, Planning};
use super::task_item::{row_in, RowIn};
use super::ErrorLine;
use crate::api::search_tasks;
use crate::domain::{SearchQuery, Task, TaskId};
use crate::error::AppError;
use crate::i18n::{t, t_string, use_i18n};
use crate::outbox::{use_outbox, Shown};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

/// How long the page waits after a keystroke before it searches.
const TYPING_PAUSE_MS: u64 = 250;

/// What the list below the box shows.
#[derive(Clone, Debug, PartialEq)]
enum Found {
    /// Nothing asked yet.
    Nothing,
    /// What the server found, in its order.
    Server(Vec<TaskId>),
    /// No network: found among the tasks the page knows.
    Here,
}

#[derive(Clone, Copy)]
struct Search {
    words: RwSignal<String>,
    done: RwSignal<bool>,
    found: RwSignal<Found>,
    error: RwSignal<Option<AppError>>,
    /// Counts the searches asked for: only the latest one's answer is shown.
    asked: StoredValue<u32>,
    planning: Planning,
}

#[component]
pub fn SearchBox(
    /// What the address asked for (`?q=…&done=true`), and the server's
    /// answer to it, if it asked anything.
    words: String,
    done: bool,
    first: Option<FirstRead>,
    planning: Planning,
) -> impl IntoView {
    let i18n = use_i18n();
    let search = Search {
        words: RwSignal::new(words),
        done: RwSignal::new(done),
        found: RwSignal::new(Found::Nothing),
        error: RwSignal::new(None),
        asked: StoredValue::new(0),
        planning,
    };
    match first {
        Some(Ok(page)) => search.found.set(Found::Server(planning.take_found(page))),
        Some(Err(AppError::Transport(_))) => search.found.set(Found::Here),
        Some(Err(error)) => search.error.set(Some(error)),
        None => {}
    }
    // The phone's kept copy of this page answers any search address offline
    // (a bookmark, a reopened tab), drawn with what it was kept with: once
    // live, the page searches for what the address asks, as typing would
    // (offline, among the tasks the page knows).
    let address = use_query_map();
    Effect::new(move |_| {
        let (words, done) = address.with_untracked(|q| {
            let done = q.get("done").is_some_and(|done| done == "true");
            (q.get("q").unwrap_or_default(), done)
        });
        if words != search.words.get_untracked() || done != search.done.get_untracked() {
            search.words.set(words);
            search.done.set(done);
            search.run();
        }
    });
    let typed = move |ev| {
        search.words.set(event_target_value(&ev));
        search.after_a_pause();
    };
    let toggled = move |ev| {
        search.done.set(event_target_checked(&ev));
        search.run();
    };
    let submitted = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        search.run();
    };
    view! {
        <form class="search-form" method="get" action="/search" role="search" on:submit=submitted>
            <label class="visually-hidden" for="search-words">{t!(i18n, search_words)}</label>
            <input
                id="search-words"
                type="search"
                name="q"
                autocomplete="off"
                autofocus
                maxlength=SearchQuery::MAX_CHARS
                placeholder=move || t_string!(i18n, search_placeholder)
                value=search.words.get_untracked()
                prop:value=move || search.words.get()
                on:input=typed
            />
            <button type="submit" class="primary">{t!(i18n, search_button)}</button>
            <label class="check">
                <input type="checkbox" name="done" value="true" checked=search.done.get_untracked() prop:checked=move || search.done.get() on:change=toggled/>
                {t!(i18n, search_done)}
            </label>
        </form>
        <Show when=move || search.found.get() == Found::Here>
            <p class="hint offline-note" role="status">{t!(i18n, search_offline)}</p>
        </Show>
        <ErrorLine error=search.error/>
        <Results search/>
    }
}

impl Search {
    /// Searches once the person stops typing for a moment.
    fn after_a_pause(self) {
        let asked = self.ask();
        set_timeout(
            move || {
                if self.asked.get_value() == asked {
                    self.run();
                }
            },
            std::time::Duration::from_millis(TYPING_PAUSE_MS),
        );
    }

    /// A new search: every answer to an earlier one is ignored.
    fn ask(self) -> u32 {
        self.asked.update_value(|n| *n += 1);
        self.asked.get_value()
    }

    fn run(self) {
        let asked = self.ask();
        let words = self.words.get_untracked();
        if words.trim().is_empty() {
            self.found.set(Found::Nothing);
            self.error.set(None);
            return;
        }
        // A search that cannot be one says why without asking the server.
        if let Err(error) = SearchQuery::parse(&words) {
            self.error.set(Some(AppError::InvalidSearch(error)));
            return;
        }
        let done = self.done.get_untracked();
        leptos::task::spawn_local(async move {
            let answer = search_tasks(words, done).await;
            if self.asked.get_value() != asked {
                return;
            }
            self.error.set(None);
            match answer {
                Ok(page) => self
                    .found
                    .set(Found::Server(self.planning.take_found(page))),
                Err(AppError::Transport(_)) => self.found.set(Found::Here),
                Err(error) => self.error.set(Some(error)),
            }
        });
    }
}

/// The tasks found, as the page draws them now (a change made here shows
/// at once; a task deleted here leaves).
#[component]
fn Results(search: Search) -> impl IntoView {
    let i18n = use_i18n();
    let outbox = use_outbox();
    let shown = Memo::new(move |_| {
        let found = search.found.get();
        if found == Found::Nothing {
            return Vec::new();
        }
        let Ok(query) = SearchQuery::parse(&search.words.get_untracked()) else {
            return Vec::new();
        };
        let done = search.done.get_untracked();
        let mut all = outbox.overlaid();
        all.retain(|s| s.task.deleted_at.is_none());
        match found {
            Found::Server(ids) => {
                // The server's finds in its order, then what this page has
                // made or changed since that matches too.
                let mut rows: Vec<Shown> = ids
                    .iter()
                    .filter_map(|id| all.iter().find(|s| s.task.id == *id).cloned())
                    .collect();
                rows.extend(all.into_iter().filter(|s| {
                    s.mark.is_some() && !ids.contains(&s.task.id) && wanted(&query, done, &s.task)
                }));
                rows
            }
            Found::Here | Found::Nothing => {
                all.retain(|s| wanted(&query, done, &s.task));
                all.sort_by_key(|s| order(&s.task));
                all
            }
        }
    });
    let item = move |id: TaskId| {
        let how = RowIn {
            place: true,
            movable: Signal::stored(false),
        };
        row_in(shown, id, how)
    };
    let ids = move || shown.with(|all| all.iter().map(|s| s.task.id).collect::<Vec<_>>());
    let nothing = move || search.found.get() != Found::Nothing && shown.with(Vec::is_empty);
    view! {
        <Show when=move || search.found.get() == Found::Nothing>
            <p class="hint">{t!(i18n, search_hint)}</p>
        </Show>
        <Show when=nothing>
            <p class="empty">{t!(i18n, search_nothing)}</p>
        </Show>
        <ul class="tasks search-results">
            <For each=ids key=|id| *id children=item/>
        </ul>
    }
}

/// Whether a task the page knows is one the search asks for.
fn wanted(query: &SearchQuery, done: bool, task: &Task) -> bool {
    (done || task.completed_at.is_none()) && query.matches(task)
}

/// The server's order: the open first, by due date, then the latest changed.
fn order(task: &Task) -> impl Ord {
    (
        task.completed_at.is_some(),
        task.due.is_none(),
        task.due.map(|due| due.date),
        std::cmp::Reverse(task.updated_at),
    )
}
