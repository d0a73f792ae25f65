//! The private calendar link, in Settings: make one, see it once to copy
//! it into the phone's calendar, then only "on since <date>", with a new
//! link or turning it off. It needs the network: offline, pressing says so
//! and nothing changes (the worker never queues `/api/auth/`).

use super::planning::use_planning;
use super::ErrorLine;
use crate::api::{calendar_link_since, MakeCalendarLink, TurnOffCalendarLink};
use crate::error::AppError;
use crate::i18n::{t, t_string, use_i18n};
use crate::text;
use chrono::NaiveDate;
use leptos::prelude::*;

#[component]
pub fn CalendarFeed() -> impl IntoView {
    let i18n = use_i18n();
    let today = use_planning().today;
    let make = ServerAction::<MakeCalendarLink>::new();
    let off = ServerAction::<TurnOffCalendarLink>::new();
    // The day the link was made (`None`: off), once the server has said.
    let since = RwSignal::new(None::<NaiveDate>);
    // The link just made: shown this once, never again.
    let shown = RwSignal::new(None::<String>);
    let copied = RwSignal::new(false);
    // The last press's refusal, if it had one.
    let error = RwSignal::new(None::<AppError>);
    read_since(since);
    // A new press clears the last one's refusal: what shows is its own answer.
    Effect::new(move || {
        if make.pending().get() || off.pending().get() {
            error.set(None);
        }
    });
    Effect::new(move || match make.value().get() {
        Some(Ok(link)) => {
            since.set(Some(link.since));
            shown.set(Some(full_url(&link.path)));
            copied.set(false);
            error.set(None);
        }
        Some(Err(refused)) => error.set(Some(refused)),
        None => {}
    });
    Effect::new(move || match off.value().get() {
        Some(Ok(())) => {
            since.set(None);
            shown.set(None);
            error.set(None);
        }
        Some(Err(refused)) => error.set(Some(refused)),
        None => {}
    });
    let offline = move || matches!(error.get(), Some(AppError::Transport(_)));
    let refused =
        Signal::derive(move || error.get().filter(|e| !matches!(e, AppError::Transport(_))));
    let on_since = move || {
        since.get().filter(|_| shown.get().is_none()).map(|date| {
            let date = text::date_words(i18n.get_locale(), date, today.get().date);
            view! { <p class="hint">{t!(i18n, calendar_on_since, date)}</p> }
        })
    };
    let copy = move |_| {
        if let Some(url) = shown.get_untracked() {
            copy_to_clipboard(&url);
            copied.set(true);
        }
    };
    view! {
        <p class="hint">{t!(i18n, calendar_about)}</p>
        {move || shown.get().map(|url| view! {
            <label for="calendar-url">{t!(i18n, calendar_link_label)}</label>
            <div class="calendar-url">
                <input id="calendar-url" name="calendar_url" type="url" readonly value=url/>
                <button type="button" on:click=copy>{t!(i18n, calendar_copy)}</button>
            </div>
            <p class="hint" role="status">
                {move || if copied.get() { t_string!(i18n, calendar_copied) } else { t_string!(i18n, calendar_shown_once) }}
            </p>
        })}
        {on_since}
        <div class="calendar-actions">
            <ActionForm action=make>
                <button type="submit">
                    {move || if since.get().is_some() { t_string!(i18n, calendar_new) } else { t_string!(i18n, calendar_make) }}
                </button>
            </ActionForm>
            <Show when=move || since.get().is_some()>
                <ActionForm action=off>
                    <button type="submit">{t!(i18n, calendar_off)}</button>
                </ActionForm>
            </Show>
        </div>
        <Show when=offline>
            <p class="error" role="alert">{t!(i18n, calendar_needs_network)}</p>
        </Show>
        <ErrorLine error=refused/>
    }
}

/// Asks once, in the browser, whether a link is on (offline the answer
/// stays unknown, and the page offers to make one).
fn read_since(since: RwSignal<Option<NaiveDate>>) {
    Effect::new(move || {
        leptos::task::spawn_local(async move {
            if let Ok(day) = calendar_link_since().await {
                since.set(day.map(|day| day.0));
            }
        });
    });
}

/// The link as the person's calendar app will fetch it: this page's own
/// origin, which is right behind any proxy without configuration.
fn full_url(path: &str) -> String {
    #[cfg(feature = "hydrate")]
    if let Ok(origin) = window().location().origin() {
        return format!("{origin}{path}");
    }
    path.to_owned()
}

#[cfg(feature = "hydrate")]
fn copy_to_clipboard(text: &str) {
    // The promise is not awaited: the field stays there to copy by hand.
    let _ = window().navigator().clipboard().write_text(text);
}

#[cfg(not(feature = "hydrate"))]
fn copy_to_clipboard(_: &str) {}
