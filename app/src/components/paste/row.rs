//! One task read from the pasted text, to check and edit before adding:
//! kept or not, its words, its subject and its date (and time, when it is
//! due at a lesson).

use crate::components::planning::use_planning;
use crate::domain::wire_time::{date_text, hours_minutes};
use crate::domain::ListId;
use crate::i18n::{t, t_string, use_i18n};
use chrono::{NaiveDate, NaiveTime};
use leptos::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Its place in what was read (rows are never reordered).
    pub key: usize,
    pub keep: bool,
    pub title: String,
    pub subject: Option<ListId>,
    /// As the date and time fields hold them (empty: none).
    pub date: String,
    pub time: String,
}

impl Row {
    pub fn new(
        key: usize,
        title: String,
        subject: Option<ListId>,
        due: Option<(NaiveDate, Option<NaiveTime>)>,
    ) -> Self {
        Self {
            key,
            keep: true,
            title,
            subject,
            date: due.map(|(date, _)| date_text(date)).unwrap_or_default(),
            time: due
                .and_then(|(_, time)| time)
                .map(hours_minutes)
                .unwrap_or_default(),
        }
    }
}

#[component]
pub fn PastedRow(row: usize, rows: RwSignal<Vec<Row>>) -> impl IntoView {
    let i18n = use_i18n();
    let planning = use_planning();
    let get = move |read: fn(&Row) -> String| {
        rows.with(|rows| {
            rows.iter()
                .find(|r| r.key == row)
                .map(read)
                .unwrap_or_default()
        })
    };
    let edit = move |change: Box<dyn FnOnce(&mut Row)>| {
        rows.update(|rows| {
            if let Some(found) = rows.iter_mut().find(|r| r.key == row) {
                change(found);
            }
        });
    };
    let keep = move || rows.with(|rows| rows.iter().any(|r| r.key == row && r.keep));
    let subject =
        move || rows.with(|rows| rows.iter().find(|r| r.key == row).and_then(|r| r.subject));
    view! {
        <li class="pasted-task" class:dropped=move || !keep()>
            <input
                type="checkbox"
                aria-label=move || t_string!(i18n, paste_keep)
                prop:checked=keep
                on:change=move |ev| {
                    let keep = event_target_checked(&ev);
                    edit(Box::new(move |r| r.keep = keep));
                }
            />
            <input
                class="title"
                aria-label=move || t_string!(i18n, title)
                prop:value=move || get(|r| r.title.clone())
                on:change=move |ev| {
                    let title = event_target_value(&ev);
                    edit(Box::new(move |r| r.title = title));
                }
            />
            <select
                class="subject"
                aria-label=move || t_string!(i18n, list)
                on:change=move |ev| {
                    let chosen = event_target_value(&ev).parse::<ListId>().ok();
                    edit(Box::new(move |r| r.subject = chosen));
                }
            >
                <option value="" selected=move || subject().is_none()>{t!(i18n, inbox)}</option>
                <For each=move || planning.lists() key=|l| l.id let:list>
                    <option value=list.id.to_string() selected=move || subject() == Some(list.id)>
                        {list.name.as_str().to_owned()}
                    </option>
                </For>
            </select>
            <input
                type="date"
                class="date"
                aria-label=move || t_string!(i18n, due_date)
                prop:value=move || get(|r| r.date.clone())
                on:change=move |ev| {
                    let date = event_target_value(&ev);
                    edit(Box::new(move |r| r.date = date));
                }
            />
            <input
                type="time"
                class="time"
                aria-label=move || t_string!(i18n, due_time)
                prop:value=move || get(|r| r.time.clone())
                on:change=move |ev| {
                    let time = event_target_value(&ev);
                    edit(Box::new(move |r| r.time = time));
                }
            />
        </li>
    }
}
