//! Whether weeks A and B alternate, which one this week is, and which of
//! the two the grid below edits.

use super::{set, use_timetable};
use crate::change::TimetableChange;
use crate::components::planning::use_planning;
use crate::i18n::{t, use_i18n};
use crate::outbox::use_outbox;
use crate::school::{Rotation, Week};
use chrono::Days;
use leptos::prelude::*;

#[component]
pub fn RotationEditor(week: RwSignal<Week>) -> impl IntoView {
    let i18n = use_i18n();
    let outbox = use_outbox();
    let planning = use_planning();
    let (_, timetable) = use_timetable();
    let today = move || planning.today.get().date;
    let rotating = move || timetable.with(|t| t.rotation != Rotation::None);
    let this_week = move || timetable.with(|t| t.rotation.week_of(today()));
    let toggle = move |ev: leptos::ev::Event| {
        let rotation = if event_target_checked(&ev) {
            Rotation::week_a_holds(today())
        } else {
            Rotation::None
        };
        set(outbox, TimetableChange::Rotation(rotation));
    };
    let choose_this_week = move |ev: leptos::ev::Event| {
        let week_a = match event_target_value(&ev).as_str() {
            "b" => today().checked_sub_days(Days::new(7)).unwrap_or(today()),
            _ => today(),
        };
        set(
            outbox,
            TimetableChange::Rotation(Rotation::week_a_holds(week_a)),
        );
    };
    let tab = move |this: Week| {
        view! {
            <button
                type="button"
                class="week-tab"
                aria-pressed=move || (week.get() == this).to_string()
                on:click=move |_| week.set(this)
            >
                {match this {
                    Week::A => t!(i18n, week_a).into_any(),
                    Week::B => t!(i18n, week_b).into_any(),
                }}
            </button>
        }
    };
    view! {
        <fieldset class="rotation">
            <label>
                <input type="checkbox" prop:checked=rotating on:change=toggle/>
                " "
                {t!(i18n, rotation_on)}
            </label>
            <Show when=rotating>
                <label class="this-week">
                    {t!(i18n, this_week_is)}
                    " "
                    <select on:change=choose_this_week>
                        <option value="a" selected=move || this_week() == Some(Week::A)>{t!(i18n, week_a)}</option>
                        <option value="b" selected=move || this_week() == Some(Week::B)>{t!(i18n, week_b)}</option>
                    </select>
                </label>
                <div class="week-tabs">{tab(Week::A)}{tab(Week::B)}</div>
            </Show>
        </fieldset>
    }
}
