//! The bar at the bottom: how many changes wait for the network (hidden at
//! zero), and the changes that could not be saved, each with its reason.

use crate::change::{Change, TaskChange};
use crate::domain::TaskId;
use crate::i18n::{tu_string, use_i18n};
use crate::outbox::{use_outbox, Entry, KeptElsewhere};
use crate::text;
use leptos::prelude::*;
use std::collections::HashMap;

#[component]
pub fn OutboxBar() -> impl IntoView {
    let i18n = use_i18n();
    let outbox = use_outbox();
    let count = move || outbox.pending_count();
    let stuck = move || outbox.stuck();
    let failures = move || outbox.failures();
    // Changes wait for this account to sign in again: the bar says why and
    // where, or they would wait unseen.
    let session_ended = move || outbox.paused() && count() > 0;
    // Every title this page has seen, so a failure about a task deleted
    // meanwhile (gone from the list) still names it.
    let titles = StoredValue::new(HashMap::<TaskId, String>::new());
    Effect::new(move |_| {
        outbox.known.with(|known| {
            titles.update_value(|titles| {
                titles.extend(known.tasks().map(|t| (t.id, t.title.to_string())));
            })
        })
    });
    // The title the person knows the task by, for the failure's words.
    let title_of = move |entry: &Entry| {
        let change = entry.change()?;
        let id: Option<TaskId> = outbox.known.with_untracked(|known| known.task_of(change));
        id.and_then(|id| titles.with_value(|titles| titles.get(&id).cloned()))
            .or_else(|| match change {
                Change::Task(TaskChange::Create(task)) => Some(task.title.to_string()),
                Change::Task(TaskChange::Edit { patch, .. }) => {
                    patch.title.as_ref().map(|title| title.to_string())
                }
                _ => None,
            })
    };

    view! {
        <div class="outbox">
            <ul class="outbox-failures" aria-live="polite">
                {move || {
                    outbox
                        .kept_elsewhere()
                        .into_iter()
                        .map(|(key, kept)| {
                            let words = match &kept {
                                KeptElsewhere::InInbox { title } => text::kept_in_inbox(i18n.get_locale(), title),
                                KeptElsewhere::BroughtBack { title } => text::kept_brought_back(i18n.get_locale(), title),
                            };
                            let dismiss = key.clone();
                            view! {
                                <li class="kept" role="status" data-key=key>
                                    <span>{words}</span>
                                    <button type="button" on:click=move |_| outbox.dismiss_kept(&dismiss)>{tu_string!(i18n, dismiss)}</button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
                {move || {
                    stuck()
                        .into_iter()
                        .map(|entry| {
                            let (retry, discard) = (entry.key.clone(), entry.key.clone());
                            view! {
                                <li class="failure stuck" data-key=entry.key.clone()>
                                    <span>{text::failed_change(i18n.get_locale(), title_of(&entry).as_deref(), &entry.reason_text(i18n.get_locale()))}</span>
                                    <button type="button" on:click=move |_| outbox.retry(&retry)>{tu_string!(i18n, retry)}</button>
                                    <button type="button" on:click=move |_| outbox.discard(&discard)>{tu_string!(i18n, discard)}</button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
                {move || {
                    failures()
                        .into_iter()
                        .map(|entry| {
                            let key = entry.key.clone();
                            view! {
                                <li class="failure" role="alert" data-key=entry.key.clone()>
                                    <span>{text::failed_change(i18n.get_locale(), title_of(&entry).as_deref(), &entry.reason_text(i18n.get_locale()))}</span>
                                    <button type="button" on:click=move |_| outbox.dismiss(&key)>{tu_string!(i18n, dismiss)}</button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
            {move || session_ended().then(|| view! {
                <p class="session-ended" role="alert">
                    {tu_string!(i18n, session_ended)} " "
                    <a href="/signin">{tu_string!(i18n, sign_in_again)}</a>
                </p>
            })}
            <div
                id="outbox-status"
                role="status"
                data-pending=move || count().to_string()
                hidden=move || count() == 0
            >
                {move || (count() > 0).then(|| text::pending_changes(i18n.get_locale(), count()))}
            </div>
        </div>
    }
}
