//! Holidays (каникулы): each stretch with its first and last day, moved
//! or taken out one by one, and new ones added.

use super::{set, use_timetable};
use crate::change::{KeptTimetable, TimetableChange, TimetableError};
use crate::components::{form_fields, ErrorLine};
use crate::domain::wire_time::{date_text, parse_date};
use crate::domain::HolidayId;
use crate::error::AppError;
use crate::i18n::{t, t_string, use_i18n};
use crate::outbox::use_outbox;
use crate::school::Holiday;
use leptos::prelude::*;

/// A stretch of holidays from two date fields' texts.
fn holiday(first: &str, last: &str) -> Result<Holiday, AppError> {
    let refused = AppError::InvalidTimetable;
    let (Some(first), Some(last)) = (parse_date(first), parse_date(last)) else {
        return Err(refused(TimetableError::Date));
    };
    Holiday::new(first, last).map_err(|error| refused(error.into()))
}

fn entered(kept: &KeptTimetable) -> Vec<(HolidayId, Holiday)> {
    let mut holidays: Vec<(HolidayId, Holiday)> = kept
        .entries()
        .iter()
        .filter_map(|kept| match kept.change {
            TimetableChange::Holiday {
                id,
                holiday: Some(holiday),
            } => Some((id, holiday)),
            _ => None,
        })
        .collect();
    holidays.sort_by_key(|(_, holiday)| holiday.first_day());
    holidays
}

#[component]
pub fn HolidaysEditor() -> impl IntoView {
    let i18n = use_i18n();
    let outbox = use_outbox();
    let (kept, _) = use_timetable();
    let error = RwSignal::new(None::<AppError>);
    let keep = move |id: HolidayId, holiday: Result<Option<Holiday>, AppError>| match holiday {
        Ok(holiday) => {
            error.set(None);
            set(outbox, TimetableChange::Holiday { id, holiday });
        }
        Err(refusal) => error.set(Some(refusal)),
    };
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let field = form_fields(&ev);
        keep(
            HolidayId::new(),
            holiday(&field("first"), &field("last")).map(Some),
        );
    };
    let rows = move || kept.with(entered);
    view! {
        <section class="timetable-holidays">
            <h2>{t!(i18n, holidays)}</h2>
            <ul class="holidays">
                <For each=rows key=|(id, holiday)| (*id, *holiday) let:row>
                    {
                        let (id, stretch) = row;
                        let first = NodeRef::<leptos::html::Input>::new();
                        let last = NodeRef::<leptos::html::Input>::new();
                        let moved = move |_| {
                            let text = |input: NodeRef<leptos::html::Input>| {
                                input.get_untracked().map(|input| input.value()).unwrap_or_default()
                            };
                            keep(id, holiday(&text(first), &text(last)).map(Some));
                        };
                        view! {
                            <li class="holiday">
                                <input type="date" node_ref=first aria-label=move || t_string!(i18n, holiday_first) value=date_text(stretch.first_day()) on:change=moved/>
                                " – "
                                <input type="date" node_ref=last aria-label=move || t_string!(i18n, holiday_last) value=date_text(stretch.last_day()) on:change=moved/>
                                <button type="button" class="danger" on:click=move |_| keep(id, Ok(None))>{t!(i18n, remove_holiday)}</button>
                            </li>
                        }
                    }
                </For>
            </ul>
            <form class="new-holiday" on:submit=add>
                <label>{t!(i18n, holiday_first)} " " <input type="date" name="first" required/></label>
                <label>{t!(i18n, holiday_last)} " " <input type="date" name="last" required/></label>
                <button type="submit" class="primary">{t!(i18n, add_holiday)}</button>
            </form>
            <ErrorLine error/>
        </section>
    }
}
