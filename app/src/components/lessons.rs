//! Today's lessons, above Today's tasks: each lesson's number, time,
//! subject and room, with the homework due today in that subject. Drawn
//! from what the page knows with the outbox on top, so a timetable edited
//! offline shows at once, and the lessons show offline too.

use super::planning::use_planning;
use crate::domain::wire_time::hours_minutes;
use crate::domain::ListId;
use crate::i18n::{tu_string, use_i18n};
use crate::outbox::use_outbox;
use crate::views::View;
use leptos::either::Either;
use leptos::prelude::*;

/// One lesson as drawn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Drawn {
    number: u8,
    times: Option<String>,
    subject: ListId,
    name: String,
    room: Option<String>,
    homework: Vec<String>,
    colour: Option<&'static str>,
    emoji: Option<String>,
}

#[component]
pub fn Lessons() -> impl IntoView {
    let i18n = use_i18n();
    let planning = use_planning();
    let outbox = use_outbox();
    let timetable = planning.timetable;
    // A memo: a tap on a task that is no lesson's homework leaves the
    // strip as it is, and a day without lessons reads no task at all.
    let lessons = Memo::new(move |_| {
        let today = planning.today.get().date;
        timetable.with(|timetable| {
            let on_today = timetable.lessons_on(today);
            if on_today.is_empty() {
                return Vec::new();
            }
            let lists = planning.lists();
            outbox.with_overlaid(|tasks| {
                on_today
                    .into_iter()
                    .filter_map(|lesson| {
                        let subject = lesson.subject?;
                        // A subject whose list was deleted is no lesson to show.
                        let list = lists.iter().find(|list| list.id == subject)?;
                        let homework = tasks
                            .iter()
                            .map(|shown| &shown.task)
                            .filter(|task| {
                                task.list_id == Some(subject) && task.completed_at.is_none()
                            })
                            .filter(|task| task.due.is_some_and(|due| due.date == today))
                            .map(|task| task.title.as_str().to_owned())
                            .collect();
                        let number = lesson.slot.number.get();
                        let look = timetable.look_of(subject);
                        Some(Drawn {
                            number,
                            times: timetable.bells.lesson(number).map(|times| {
                                format!(
                                    "{}–{}",
                                    hours_minutes(times.start),
                                    hours_minutes(times.end)
                                )
                            }),
                            subject,
                            name: list.name.as_str().to_owned(),
                            room: lesson.room.as_ref().map(|room| room.as_str().to_owned()),
                            homework,
                            colour: look.map(|look| look.colour.name()),
                            emoji: look
                                .and_then(|look| look.emoji.as_ref())
                                .map(|e| e.to_string()),
                        })
                    })
                    .collect::<Vec<_>>()
            })
        })
    });
    // Memos, so the strip is drawn anew only when these flip (its rows
    // follow the lessons by key).
    let has_timetable = Memo::new(move |_| {
        timetable.with(|timetable| timetable.lessons.iter().any(|l| l.subject.is_some()))
    });
    let has_lessons = Memo::new(move |_| lessons.with(|l| !l.is_empty()));
    move || match (has_timetable.get(), has_lessons.get()) {
        (false, _) => Some(Either::Left(view! {
            <p class="lessons-hint"><a href="/timetable">{tu_string!(i18n, timetable_add)}</a></p>
        })),
        (true, false) => None,
        (true, true) => Some(Either::Right(view! {
                <section class="lessons" aria-labelledby="lessons-heading">
                    <h2 id="lessons-heading">
                        {tu_string!(i18n, lessons_today)}
                        " · "
                        <a href="/timetable">{tu_string!(i18n, timetable)}</a>
                    </h2>
                    <ol>
                        <For each=move || lessons.get() key=|lesson| lesson.clone() let:lesson>
                            <li class="lesson" data-colour=lesson.colour>
                                <span class="number">{lesson.number}</span>
                                <span class="time">{lesson.times}</span>
                                <a class="subject" href=View::List(lesson.subject).path()>
                                    {lesson.emoji.map(|emoji| format!("{emoji} "))}
                                    {lesson.name}
                                </a>
                                <span class="room">{lesson.room}</span>
                                <span class="homework">{lesson.homework.join(", ")}</span>
                            </li>
                        </For>
                    </ol>
                </section>
        })),
    }
}
