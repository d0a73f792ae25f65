//! One lesson of the grid: its subject (one of the lists, or a common
//! subject made a list on the spot) and its room.

use super::{set, use_timetable};
use crate::api::CreateList;
use crate::change::TimetableChange;
use crate::components::planning::use_planning;
use crate::domain::{ListId, TaskList};
use crate::error::AppError;
use crate::i18n::{t, t_string, use_i18n};
use crate::outbox::use_outbox;
use crate::school::{Emoji, Lesson, LessonNumber, LessonSlot, Look, Room, Week, COMMON_SUBJECTS};
use chrono::Weekday;
use leptos::prelude::*;

/// The prefix of a common subject's choice, made a list when chosen.
const NEW: &str = "new:";

#[component]
pub fn LessonSlotEditor(
    day: Weekday,
    number: LessonNumber,
    editing: Signal<Option<Week>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let outbox = use_outbox();
    let planning = use_planning();
    let (_, timetable) = use_timetable();
    let slot = move || LessonSlot {
        day,
        number,
        week: editing.get(),
    };
    // What the slot shows: its own lesson, else (in week A or B) the
    // every-week one.
    let shown = Memo::new(move |_| {
        let slot = slot();
        timetable.with(|t| {
            let find = |slot: LessonSlot| t.lessons.iter().find(|l| l.slot == slot).cloned();
            find(slot).or_else(|| {
                slot.week?;
                find(LessonSlot { week: None, ..slot })
            })
        })
    });
    let subject = move || shown.with(|l| l.as_ref().and_then(|l| l.subject));
    let room = move || {
        shown.with(|l| {
            l.as_ref()
                .and_then(|l| l.room.as_ref())
                .map(|room| room.as_str().to_owned())
                .unwrap_or_default()
        })
    };
    let lists = move || {
        let mut lists: Vec<TaskList> = planning.lists();
        lists.sort_by(|a, b| a.name.as_str().cmp(b.name.as_str()));
        lists
    };
    let common = move || {
        let lists = lists();
        COMMON_SUBJECTS
            .iter()
            .map(|(name, _, _)| *name)
            .filter(|name| !lists.iter().any(|l| l.name.as_str() == *name))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let keep = move |subject: Option<ListId>, room: Option<Room>| {
        let lesson = Lesson {
            slot: slot(),
            subject,
            room: subject.and(room),
        };
        set(outbox, TimetableChange::Lesson(lesson));
    };
    let current_room = move || shown.with(|l| l.as_ref().and_then(|l| l.room.clone()));
    let choose = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        let subject = match value.strip_prefix(NEW) {
            Some(name) => {
                let id = ListId::new();
                let look = COMMON_SUBJECTS
                    .iter()
                    .find(|(common, _, _)| *common == name)
                    .map(|(_, colour, emoji)| Look {
                        colour: *colour,
                        emoji: Emoji::parse(emoji),
                    });
                let name = name.to_owned();
                outbox.send(|at| CreateList {
                    id,
                    name,
                    at: Some(at),
                });
                if let Some(look) = look {
                    set(
                        outbox,
                        TimetableChange::Look {
                            subject: id,
                            look: Some(look),
                        },
                    );
                }
                Some(id)
            }
            None => value.parse::<ListId>().ok(),
        };
        keep(subject, current_room());
    };
    let error = RwSignal::new(None);
    let change_room = move |ev: leptos::ev::Event| match Room::parse(&event_target_value(&ev)) {
        Ok(room) => {
            error.set(None);
            keep(subject(), room);
        }
        Err(refusal) => error.set(Some(AppError::InvalidTimetable(refusal.into()))),
    };
    let label = move || format!("{} {}", t_string!(i18n, lesson_number), number.get());
    view! {
        <li class="slot">
            <span class="number" aria-hidden="true">{number.get()}</span>
            <select class="subject" aria-label=label on:change=choose>
                <option value="" selected=move || subject().is_none()>{t!(i18n, no_lesson)}</option>
                <For each=lists key=|l| (l.id, l.name.as_str().to_owned()) let:list>
                    <option value=list.id.to_string() selected=move || subject() == Some(list.id)>
                        {list.name.as_str().to_owned()}
                    </option>
                </For>
                <optgroup label=move || t_string!(i18n, new_subject)>
                    <For each=common key=|name| name.clone() let:name>
                        <option value=format!("{NEW}{name}")>{name.clone()}</option>
                    </For>
                </optgroup>
            </select>
            <input
                class="room"
                maxlength=Room::MAX_CHARS
                placeholder=move || t_string!(i18n, room)
                aria-label=move || format!("{} · {}", label(), t_string!(i18n, room))
                prop:value=room
                disabled=move || subject().is_none()
                on:change=change_room
            />
            <crate::components::ErrorLine error/>
        </li>
    }
}
