//! The bells: each lesson's start and end, saved together (a day's bells
//! are one entry: each lesson must end before the next starts).

use super::{set, use_timetable};
use crate::change::TimetableChange;
use crate::components::{form_fields, ErrorLine};
use crate::domain::wire_time::hours_minutes;
use crate::error::AppError;
use crate::i18n::{t, use_i18n};
use crate::outbox::use_outbox;
use crate::school::{Bells, LessonTimes, MAX_LESSONS};
use leptos::prelude::*;

#[component]
pub fn BellsEditor() -> impl IntoView {
    let i18n = use_i18n();
    let outbox = use_outbox();
    let (_, timetable) = use_timetable();
    // How many lessons the form shows, once the person adds or removes one.
    let count = RwSignal::new(None::<usize>);
    let error = RwSignal::new(None::<AppError>);
    let saved = RwSignal::new(false);
    let rows = move || {
        count
            .get()
            .unwrap_or_else(|| timetable.with(|t| t.bells.len()))
    };
    // A lesson past the kept bells starts from the default day's.
    let times = move |n: usize| -> LessonTimes {
        timetable
            .with(|t| t.bells.lesson(n as u8))
            .unwrap_or_else(|| {
                Bells::default().lesson(n as u8).unwrap_or(LessonTimes {
                    start: chrono::NaiveTime::MIN,
                    end: chrono::NaiveTime::MIN,
                })
            })
    };
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let field = form_fields(&ev);
        let text: Vec<String> = (1..=rows())
            .map(|n| {
                format!(
                    "{}-{}",
                    field(&format!("start{n}")),
                    field(&format!("end{n}"))
                )
            })
            .collect();
        match TimetableChange::parse("bells", &text.join(" ")) {
            Ok(change) => {
                error.set(None);
                set(outbox, change);
                count.set(None);
                saved.set(true);
            }
            Err(refusal) => {
                saved.set(false);
                error.set(Some(AppError::InvalidTimetable(refusal)));
            }
        }
    };
    let resize = move |by: isize| {
        let next = rows().saturating_add_signed(by).clamp(1, MAX_LESSONS);
        count.set(Some(next));
        saved.set(false);
    };
    view! {
        <section class="timetable-bells">
            <h2>{t!(i18n, timetable_bells)}</h2>
            <form class="bells" on:submit=save>
                <ol>
                    <For each=move || 1..=rows() key=|n| *n let:n>
                        <li class="bell">
                            <input type="time" name=format!("start{n}") required prop:value=move || hours_minutes(times(n).start)/>
                            " – "
                            <input type="time" name=format!("end{n}") required prop:value=move || hours_minutes(times(n).end)/>
                        </li>
                    </For>
                </ol>
                <div class="bell-tools">
                    <button type="button" on:click=move |_| resize(1) disabled=move || { rows() >= MAX_LESSONS }>{t!(i18n, add_lesson)}</button>
                    <button type="button" on:click=move |_| resize(-1) disabled=move || { rows() <= 1 }>{t!(i18n, remove_lesson)}</button>
                    <button type="submit" class="primary">{t!(i18n, save_bells)}</button>
                </div>
                <ErrorLine error/>
                <Show when=move || saved.get()>
                    <p class="saved" role="status">{t!(i18n, reminders_saved)}</p>
                </Show>
            </form>
        </section>
    }
}
