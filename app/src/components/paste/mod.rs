//! «Вставить задания»: homework as copied from a diary's page or a class
//! chat (or shared to Tetrad from another app), read into tasks
//! (`school::read_pasted`), shown to check and edit, then added through
//! the outbox, each task with its own key, offline too. Nothing here asks
//! for a diary's password: the text is all it takes.

mod row;

use crate::api::CreateTask;
use crate::components::planning::use_planning;
use crate::components::ErrorLine;
use crate::domain::{Task, TaskForm, TaskId};
use crate::error::AppError;
use crate::i18n::{t, t_string, use_i18n};
use crate::outbox::use_outbox;
use crate::school::{next_lesson, read_pasted, PastedDue, Subject, MAX_PASTED};
use crate::views::View;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use row::{PastedRow, Row};

/// The longest text read (a week of a diary is some four thousand characters).
const MAX_TEXT: usize = 20_000;

#[component]
pub fn PasteView() -> impl IntoView {
    let i18n = use_i18n();
    let planning = use_planning();
    let outbox = use_outbox();
    let text = RwSignal::new(String::new());
    let rows = RwSignal::new(Vec::<Row>::new());
    let error = RwSignal::new(None::<AppError>);
    let added = RwSignal::new(None::<usize>);

    let read = move || {
        let today = planning.today.get_untracked().date;
        let now = crate::outbox::clock::local_now();
        let subjects = Subject::all_of(&planning.lists());
        let timetable = planning.timetable.get_untracked();
        let pasted = text.with_untracked(|text| {
            let text: String = text.chars().take(MAX_TEXT).collect();
            read_pasted(&text, &subjects, today)
        });
        let read: Vec<Row> = pasted
            .into_iter()
            .enumerate()
            .map(|(key, task)| {
                let due = match (task.due, task.subject) {
                    (PastedDue::On(date), _) => Some((date, None)),
                    (PastedDue::NextLesson, Some(subject)) => {
                        next_lesson(&timetable, subject, now).map(|at| (at.date(), Some(at.time())))
                    }
                    _ => None,
                };
                Row::new(key, task.title, task.subject, due)
            })
            .collect();
        added.set(None);
        error.set(None);
        rows.set(read);
    };

    // Shared to Tetrad (the manifest's share target) or linked with the
    // text: read it at once, as a paste would be.
    let address = use_query_map();
    Effect::new(move |_| {
        let shared = address.with_untracked(|q| {
            [q.get("title"), q.get("text"), q.get("url")]
                .into_iter()
                .flatten()
                .filter(|part| !part.trim().is_empty())
                .collect::<Vec<_>>()
                .join("\n")
        });
        if !shared.is_empty() && text.get_untracked().is_empty() {
            text.set(shared);
            read();
        }
    });

    let add = move |_| {
        let kept: Vec<Row> = rows
            .get_untracked()
            .into_iter()
            .filter(|row| row.keep)
            .collect();
        let mut fields = Vec::new();
        for row in &kept {
            let form = TaskForm {
                title: row.title.clone(),
                due_date: row.date.clone(),
                due_time: row.time.clone(),
                list_id: row.subject.map(|id| id.to_string()).unwrap_or_default(),
                ..TaskForm::default()
            };
            match form.parse() {
                Ok(parsed) => fields.push(parsed),
                Err(refusal) => {
                    error.set(Some(AppError::InvalidTask(refusal)));
                    return;
                }
            }
        }
        for parsed in fields {
            let id = TaskId::new();
            outbox.send(|at| CreateTask::new(&Task::new(id, parsed, at), at));
        }
        error.set(None);
        added.set(Some(kept.len()));
        rows.set(Vec::new());
        text.set(String::new());
    };
    let keeping = move || rows.with(|rows| rows.iter().filter(|row| row.keep).count());

    view! {
        <section class="paste">
            <label for="pasted" class="hint">{t!(i18n, paste_about)}</label>
            <textarea
                id="pasted"
                rows="8"
                maxlength=MAX_TEXT
                placeholder=move || t_string!(i18n, paste_placeholder)
                prop:value=move || text.get()
                on:input=move |ev| text.set(event_target_value(&ev))
            ></textarea>
            <button type="button" on:click=move |_| read()>{t!(i18n, paste_read)}</button>
            <Show when=move || rows.with(|rows| rows.len() >= MAX_PASTED)>
                <p class="hint">{move || crate::text::paste_cut(i18n.get_locale(), MAX_PASTED)}</p>
            </Show>
            <ol class="pasted">
                <For each=move || rows.get() key=|row| row.key let:row>
                    <PastedRow row=row.key rows/>
                </For>
            </ol>
            <Show when=move || { keeping() > 0 }>
                <button type="button" class="primary add-pasted" on:click=add>
                    {move || crate::text::paste_add(i18n.get_locale(), keeping())}
                </button>
            </Show>
            <ErrorLine error/>
            {move || added.get().map(|count| view! {
                <p class="hint added" role="status">
                    {crate::text::pasted_added(i18n.get_locale(), count)} " "
                    <a href=View::Upcoming.path()>{t!(i18n, upcoming)}</a>
                </p>
            })}
        </section>
    }
}
