//! The account's reminders, in Settings (issue 28, point 2): the evening
//! summary on or off and its time, the quiet hours, and how long before a
//! task's time its reminder comes. Saved all at once; it needs the network
//! (offline, saving says so and nothing changes: the worker never queues
//! `/api/auth/`). A summary inside the quiet hours is refused with what to
//! do, and what was typed stays in the form.

use super::planning::use_planning;
use super::ErrorLine;
use crate::api::SetReminderSettings;
use crate::domain::wire_time::hours_minutes;
use crate::error::AppError;
use crate::i18n::{t, use_i18n};
use crate::reminders::{Lead, ReminderSettings};
use crate::text;
use leptos::prelude::*;

#[component]
pub fn ReminderSettingsForm() -> impl IntoView {
    let i18n = use_i18n();
    let save = ServerAction::<SetReminderSettings>::new();
    // What the page's read carried (a page kept for offline use shows the
    // account's settings, not the defaults), or what a save just kept.
    let planning = use_planning();
    let kept = RwSignal::new(None::<ReminderSettings>);
    let error = RwSignal::new(None::<AppError>);
    let saved = RwSignal::new(false);
    Effect::new(move || {
        if save.pending().get() {
            error.set(None);
            saved.set(false);
        }
    });
    Effect::new(move || match save.value().get() {
        Some(Ok(settings)) => {
            kept.set(Some(settings));
            saved.set(true);
        }
        Some(Err(refused)) => error.set(Some(refused)),
        None => {}
    });
    let offline = move || matches!(error.get(), Some(AppError::Transport(_)));
    let refused =
        Signal::derive(move || error.get().filter(|e| !matches!(e, AppError::Transport(_))));
    let shown = move || kept.get().unwrap_or_else(|| planning.reminders.get());
    let summary_on = move || shown().summary_at().is_some();
    // Turned off, the field still offers the default time to turn it on at.
    let summary_at = move || {
        shown()
            .summary_at()
            .or(ReminderSettings::default().summary_at())
            .map(hours_minutes)
            .unwrap_or_default()
    };
    let quiet_from = move || hours_minutes(shown().quiet().from());
    let quiet_until = move || hours_minutes(shown().quiet().until());
    let lead = move || shown().lead();
    let lead_name = move |choice: Lead| text::lead_words(i18n.get_locale(), choice);
    view! {
        <p class="hint">{t!(i18n, reminders_about)}</p>
        <ActionForm action=save attr:class="reminder-settings">
            <label class="check">
                <input type="checkbox" name="summary_on" value="true" prop:checked=summary_on/>
                {t!(i18n, summary_on)}
            </label>
            <label>
                {t!(i18n, summary_at)}
                <input type="time" name="summary_at" prop:value=summary_at/>
            </label>
            <fieldset>
                <legend>{t!(i18n, quiet_hours)}</legend>
                <label>
                    {t!(i18n, quiet_from)}
                    <input type="time" name="quiet_from" required prop:value=quiet_from/>
                </label>
                <label>
                    {t!(i18n, quiet_until)}
                    <input type="time" name="quiet_until" required prop:value=quiet_until/>
                </label>
            </fieldset>
            <label>
                {t!(i18n, reminder_lead)}
                <select name="lead">
                    {Lead::ALL.map(|choice| view! {
                        <option value=choice.as_str() prop:selected=move || lead() == choice>
                            {move || lead_name(choice)}
                        </option>
                    })}
                </select>
            </label>
            <button type="submit">{t!(i18n, save)}</button>
        </ActionForm>
        <Show when=move || saved.get()>
            <p class="hint" role="status">{t!(i18n, reminders_saved)}</p>
        </Show>
        <Show when=offline>
            <p class="error" role="alert">{t!(i18n, reminders_need_network)}</p>
        </Show>
        <ErrorLine error=refused/>
    }
}
