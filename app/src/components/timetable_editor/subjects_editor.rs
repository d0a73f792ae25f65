//! The subjects of the week (the lists its lessons are), each with the
//! colour and emoji its tasks' rows and Today's lessons show.

use super::{set, use_timetable};
use crate::change::TimetableChange;
use crate::components::planning::use_planning;
use crate::components::ErrorLine;
use crate::domain::{ListId, TaskList};
use crate::error::AppError;
use crate::i18n::{t, t_string, use_i18n};
use crate::outbox::use_outbox;
use crate::school::{Colour, Emoji, Look};
use leptos::prelude::*;

#[component]
pub fn SubjectsEditor() -> impl IntoView {
    let i18n = use_i18n();
    let planning = use_planning();
    let (_, timetable) = use_timetable();
    let subjects = move || {
        let lists = planning.lists();
        timetable.with(|t| {
            lists
                .into_iter()
                .filter(|list| t.teaches(list.id))
                .collect::<Vec<TaskList>>()
        })
    };
    view! {
        <Show when=move || !subjects().is_empty()>
            <section class="timetable-subjects">
                <h2>{t!(i18n, subjects)}</h2>
                <ul class="subjects">
                    <For each=subjects key=|list| (list.id, list.name.as_str().to_owned()) let:list>
                        <SubjectLook id=list.id name=list.name.as_str().to_owned()/>
                    </For>
                </ul>
                <p class="hint">{t!(i18n, subjects_about)}</p>
            </section>
        </Show>
    }
}

#[component]
fn SubjectLook(id: ListId, name: String) -> impl IntoView {
    let i18n = use_i18n();
    let outbox = use_outbox();
    let (_, timetable) = use_timetable();
    let look = move || timetable.with(|t| t.look_of(id).cloned());
    let error = RwSignal::new(None::<AppError>);
    let keep = move |look: Option<Look>| {
        error.set(None);
        set(outbox, TimetableChange::Look { subject: id, look });
    };
    let colour_chosen = move |ev: leptos::ev::Event| {
        let emoji = look().and_then(|look| look.emoji);
        keep(Colour::parse(&event_target_value(&ev)).map(|colour| Look { colour, emoji }));
    };
    let emoji_typed = move |ev: leptos::ev::Event| {
        let typed = event_target_value(&ev);
        let colour = look().map_or(Colour::Grey, |look| look.colour);
        match (typed.trim(), Emoji::parse(&typed)) {
            ("", _) => keep(Some(Look {
                colour,
                emoji: None,
            })),
            (_, Some(emoji)) => keep(Some(Look {
                colour,
                emoji: Some(emoji),
            })),
            (_, None) => error.set(Some(AppError::InvalidTimetable(
                crate::change::TimetableError::Look,
            ))),
        }
    };
    let label = name.clone();
    view! {
        <li class="subject" data-colour=move || look().map(|look| look.colour.name())>
            <span class="name">{name}</span>
            <select aria-label=move || format!("{label} · {}", t_string!(i18n, colour)) on:change=colour_chosen>
                <option value="" selected=move || look().is_none()>{t!(i18n, no_colour)}</option>
                {Colour::ALL
                    .into_iter()
                    .map(|colour| view! {
                        <option value=colour.name() selected=move || look().is_some_and(|look| look.colour == colour)>
                            {move || crate::text::colour_name(i18n.get_locale(), colour)}
                        </option>
                    })
                    .collect_view()}
            </select>
            <input
                class="emoji"
                maxlength="8"
                aria-label=move || t_string!(i18n, emoji)
                placeholder="📐"
                prop:value=move || look().and_then(|look| look.emoji).map(|e| e.to_string()).unwrap_or_default()
                on:change=emoji_typed
            />
            <ErrorLine error/>
        </li>
    }
}
