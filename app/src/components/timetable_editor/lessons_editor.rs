//! The week's grid: each day's lessons, one choice of subject (and a room)
//! per lesson. In a rotating school the grid edits week A or week B; a
//! slot left as the every-week timetable has it shows that lesson.

use super::lesson_slot::LessonSlotEditor;
use super::rotation_editor::RotationEditor;
use super::{set, use_timetable};
use crate::change::{day_key, TimetableChange};
use crate::i18n::{t, td_string, use_i18n};
use crate::outbox::use_outbox;
use crate::school::{LessonNumber, Rotation, Week};
use chrono::Weekday;
use leptos::prelude::*;

const SCHOOL_DAYS: [Weekday; 6] = [
    Weekday::Mon,
    Weekday::Tue,
    Weekday::Wed,
    Weekday::Thu,
    Weekday::Fri,
    Weekday::Sat,
];

#[component]
pub fn LessonsEditor() -> impl IntoView {
    let i18n = use_i18n();
    let (_, timetable) = use_timetable();
    let week = RwSignal::new(Week::A);
    let sunday = RwSignal::new(false);
    let has_sunday = move || {
        timetable.with(|t| {
            t.lessons
                .iter()
                .any(|l| l.slot.day == Weekday::Sun && l.subject.is_some())
        })
    };
    let days = move || {
        let mut days = SCHOOL_DAYS.to_vec();
        if sunday.get() || has_sunday() {
            days.push(Weekday::Sun);
        }
        days
    };
    // The week the grid edits: none without a rotation.
    let editing = Signal::derive(move || {
        let rotating = timetable.with(|t| t.rotation != Rotation::None);
        rotating.then(|| week.get())
    });
    view! {
        <section class="timetable-lessons">
            <h2>{t!(i18n, timetable_lessons)}</h2>
            <RotationEditor week/>
            <For each=days key=|day| *day let:day>
                <DayEditor day editing/>
            </For>
            <DueAtStart/>
            <Show when=move || !has_sunday()>
                <label class="sunday">
                    <input type="checkbox" prop:checked=sunday on:change=move |ev| sunday.set(event_target_checked(&ev))/>
                    " "
                    {t!(i18n, show_sunday)}
                </label>
            </Show>
        </section>
    }
}

/// One day's lessons: as many as the bells ring (and any set past them).
#[component]
fn DayEditor(day: Weekday, editing: Signal<Option<Week>>) -> impl IntoView {
    let i18n = use_i18n();
    let (_, timetable) = use_timetable();
    let name = move || {
        let names = td_string!(i18n.get_locale(), weekdays_full);
        let index = day.num_days_from_monday() as usize;
        names.split(' ').nth(index).unwrap_or_default().to_owned()
    };
    let numbers = move || {
        timetable.with(|t| {
            let set = t
                .lessons
                .iter()
                .filter(|l| l.slot.day == day && l.subject.is_some())
                .map(|l| l.slot.number.get());
            let last = set.chain([t.bells.len() as u8]).max().unwrap_or(1);
            (1..=last)
                .filter_map(|n| LessonNumber::new(n).ok())
                .collect::<Vec<_>>()
        })
    };
    view! {
        <fieldset class="day" data-day=day_key(day)>
            <legend>{name}</legend>
            <ol class="slots">
                <For each=numbers key=|n| *n let:number>
                    <LessonSlotEditor day number editing/>
                </For>
            </ol>
        </fieldset>
    }
}

/// Whether homework «for the next lesson» is due at the lesson's start or
/// only on its day.
#[component]
fn DueAtStart() -> impl IntoView {
    let i18n = use_i18n();
    let outbox = use_outbox();
    let (_, timetable) = use_timetable();
    let chosen = move |ev: leptos::ev::Event| {
        set(
            outbox,
            TimetableChange::DueAtStart(event_target_checked(&ev)),
        );
    };
    view! {
        <label class="due-at-start">
            <input type="checkbox" prop:checked=move || timetable.with(|t| t.due_at_start) on:change=chosen/>
            " "
            {t!(i18n, due_at_lesson_start)}
        </label>
    }
}
