//! A task opened: every field to edit, moving it up or down its list, and
//! delete (with undo). Native `<details>` and real forms, so it opens and
//! saves before the page is hydrated too (each form with its own key).
//! Once hydrated, Save sends only the fields the person changed, so an edit
//! of another field on another device stands too.

use super::planning::{use_planning, Deleted};
use super::{form_fields, lazy_checklist, ErrorLine, MintedKey};
use crate::api::{EditTask, SetDeleted};
use crate::domain::{
    wire_time, ListId, PatchForm, Recurrence, Task, TaskForm, TaskId, TaskReminder,
};
use crate::error::AppError;
use crate::i18n::{tu_string, use_i18n};
use crate::outbox::{clock, use_outbox};
use crate::reminders::Lead;
use crate::school::next_lesson;
use crate::text;
use crate::views::moved;
use leptos::html;
use leptos::prelude::*;

#[component]
pub fn TaskDetails(task: Signal<Task>) -> impl IntoView {
    let i18n = use_i18n();
    let planning = use_planning();
    let outbox = use_outbox();
    let id = task.with_untracked(|t| t.id);
    let form = Memo::new(move |_| task.with(TaskForm::from_task));
    let details = NodeRef::<leptos::html::Details>::new();
    let close = move || {
        if let Some(details) = details.get_untracked() {
            details.set_open(false);
        }
    };
    // Whether these details have been open since the page loaded: the
    // checklist's chunk is fetched then, and stays drawn after. Opened before
    // the WASM took over counts too.
    let opened = RwSignal::new(false);
    let note_open = move || {
        if details.get_untracked().is_some_and(|d| d.open()) {
            opened.set(true);
        }
    };
    Effect::new(move || {
        if details.get().is_some() {
            note_open();
        }
    });
    // A field the browser already says is wrong is named before anything
    // is sent; the server's refusals show in the outbox bar.
    let edit_error = RwSignal::new(None::<AppError>);

    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let field = form_fields(&ev);
        let after = TaskForm {
            title: field("title"),
            notes: field("notes"),
            due_date: field("due_date"),
            due_time: field("due_time"),
            priority: field("priority"),
            list_id: field("list_id"),
            recurrence: field("recurrence"),
            reminder: field("reminder"),
        };
        if let Err(error) = after.parse() {
            edit_error.set(Some(AppError::InvalidTask(error)));
            return;
        }
        edit_error.set(None);
        let patch = PatchForm::between(&form.get_untracked(), &after);
        if !patch.is_empty() {
            outbox.send(|at| EditTask::new(id, patch, at));
        }
        close();
    };
    let delete = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        outbox.send(|at| SetDeleted {
            id,
            deleted: true,
            at: Some(at),
        });
        let title = task.with_untracked(|t| t.title.to_string());
        planning.deleted.set(Some(Deleted { id, title }));
    };

    let list_options = move || {
        let current = form.with(|f| f.list_id.clone());
        planning
            .lists()
            .into_iter()
            .map(|list| {
                let value = list.id.to_string();
                let selected = value == current;
                view! { <option value=value selected=selected>{list.name.as_str().to_owned()}</option> }
            })
            .collect_view()
    };
    let repeat_options = move || {
        let current = form.with(|f| f.recurrence.clone());
        // An occurrence that remembers its series' day («monthly on day 31»)
        // is still the "every month" choice, under its own text.
        let plain = Recurrence::parse(&current).map(|rule| rule.unanchored().to_string());
        let mut rules: Vec<String> = text::REPEAT_CHOICES
            .iter()
            .map(|r| match &plain {
                Ok(plain) if plain == r => current.clone(),
                _ => r.to_string(),
            })
            .collect();
        // A rule quick add made (every 3 days, mon and thu) stays choosable.
        if !current.is_empty() && !rules.contains(&current) {
            rules.insert(0, current.clone());
        }
        rules
            .into_iter()
            .filter_map(|rule| Recurrence::parse(&rule).ok().map(|parsed| (rule, parsed)))
            .map(|(rule, parsed)| {
                let selected = rule == current;
                view! { <option value=rule selected=selected>{text::recurrence(i18n.get_locale(), &parsed)}</option> }
            })
            .collect_view()
    };
    let reminder_options = move || {
        let current = form.with(|f| f.reminder.clone());
        let leads = Lead::ALL.into_iter().map(TaskReminder::Before);
        let mut choices: Vec<TaskReminder> = [TaskReminder::AsSet]
            .into_iter()
            .chain(leads)
            .chain([TaskReminder::Off])
            .collect();
        // A reminder put off to a moment stays choosable, as it is.
        if let Ok(moment @ TaskReminder::At(_)) = TaskReminder::parse(&current) {
            choices.insert(0, moment);
        }
        choices
            .into_iter()
            .map(|choice| {
                let value = choice.to_string();
                let selected = value == current;
                let name = text::task_reminder(i18n.get_locale(), choice);
                view! { <option value=value selected=selected>{name}</option> }
            })
            .collect_view()
    };
    let priority_options = move || {
        let current = form.with(|f| f.priority.clone());
        text::PRIORITY_LEVELS
            .iter()
            .map(|level| {
                let value = level.to_string();
                let selected = value == current;
                let name = text::priority_name(i18n.get_locale(), *level);
                view! { <option value=value selected=selected>{name}</option> }
            })
            .collect_view()
    };
    let field = move |name: &'static str| format!("{name}-{id}");
    // «К следующему уроку»: the date (and time) of the next lesson of the
    // subject chosen in the form, by the timetable the page knows.
    let (date_input, time_input) = (NodeRef::<html::Input>::new(), NodeRef::<html::Input>::new());
    let list_select = NodeRef::<html::Select>::new();
    let no_lesson = RwSignal::new(false);
    let to_next_lesson = move |_| {
        let subject = list_select
            .get_untracked()
            .and_then(|select| select.value().parse::<ListId>().ok());
        let due = planning.timetable.with_untracked(|timetable| {
            subject
                .and_then(|subject| next_lesson(timetable, subject, clock::local_now()))
                .map(|at| timetable.due_for(at))
        });
        no_lesson.set(due.is_none());
        if let (Some(due), Some(date), Some(time)) =
            (due, date_input.get_untracked(), time_input.get_untracked())
        {
            date.set_value(&wire_time::date_text(due.date));
            time.set_value(&due.time.map(wire_time::hours_minutes).unwrap_or_default());
        }
    };

    view! {
        <details class="details" node_ref=details on:toggle=move |_| note_open()>
            <summary aria-label=tu_string!(i18n, details) title=tu_string!(i18n, details)>
                <span aria-hidden="true">"⋯"</span>
            </summary>
            <form method="post" action="/api/tasks/edit" class="details-form" on:submit=save>
                <input type="hidden" name="id" value=id.to_string()/>
                <MintedKey/>
                <label for=field("title")>{tu_string!(i18n, field_title)}</label>
                <input id=field("title") name="title" required maxlength="500" value=move || form.with(|f| f.title.clone())/>
                <label for=field("notes")>{tu_string!(i18n, field_notes)}</label>
                <textarea id=field("notes") name="notes" rows="3" maxlength="5000">{move || form.with(|f| f.notes.clone())}</textarea>
                <div class="pair">
                    <div>
                        <label for=field("date")>{tu_string!(i18n, field_date)}</label>
                        <input id=field("date") node_ref=date_input type="date" name="due_date" value=move || form.with(|f| f.due_date.clone())/>
                    </div>
                    <div>
                        <label for=field("time")>{tu_string!(i18n, field_time)}</label>
                        <input id=field("time") node_ref=time_input type="time" name="due_time" value=move || form.with(|f| f.due_time.clone())/>
                    </div>
                </div>
                <button type="button" class="link next-lesson" on:click=to_next_lesson>{tu_string!(i18n, due_next_lesson)}</button>
                {move || no_lesson.get().then(|| view! { <p class="hint">{tu_string!(i18n, no_next_lesson)}</p> })}
                <div class="pair">
                    <div>
                        <label for=field("priority")>{tu_string!(i18n, field_priority)}</label>
                        <select id=field("priority") name="priority">{priority_options}</select>
                    </div>
                    <div>
                        <label for=field("list")>{tu_string!(i18n, field_list)}</label>
                        <select id=field("list") node_ref=list_select name="list_id">
                            <option value="" selected=move || form.with(|f| f.list_id.is_empty())>{tu_string!(i18n, inbox)}</option>
                            {list_options}
                        </select>
                    </div>
                </div>
                <label for=field("repeat")>{tu_string!(i18n, field_repeat)}</label>
                <select id=field("repeat") name="recurrence">
                    <option value="" selected=move || form.with(|f| f.recurrence.is_empty())>{tu_string!(i18n, no_repeat)}</option>
                    {repeat_options}
                </select>
                <label for=field("reminder")>{tu_string!(i18n, field_reminder)}</label>
                <select id=field("reminder") name="reminder">{reminder_options}</select>
                <ErrorLine error=edit_error/>
                <button type="submit" class="primary">{tu_string!(i18n, save)}</button>
            </form>
            {lazy_checklist(task, opened.into())}
            <div class="details-actions">
                <Reorder id/>
                <form method="post" action="/api/tasks/delete" class="delete" on:submit=delete>
                    <input type="hidden" name="id" value=id.to_string()/>
                    <input type="hidden" name="deleted" value="true"/>
                    <MintedKey/>
                    <button type="submit" class="danger">{tu_string!(i18n, delete)}</button>
                </form>
            </div>
        </details>
    }
}

/// Up and down within the task's run (the Inbox, a list, or in Today the
/// tasks due with it: views/runs.rs), what the drag handle does by keyboard
/// and screen reader. The run's whole order is sent (a state, not a step),
/// so a replay puts the same order back.
#[component]
fn Reorder(id: TaskId) -> impl IntoView {
    let i18n = use_i18n();
    let planning = use_planning();
    let step = move |by: isize| {
        let run = planning.run_of(id);
        let to = run
            .iter()
            .position(|other| *other == id)
            .and_then(|at| at.checked_add_signed(by));
        if let Some(ids) = to.and_then(|to| moved(&run, id, to)) {
            planning.reorder(ids);
        }
    };
    planning.view.keeps_persons_order().then(|| {
        view! {
            <button type="button" class="move" on:click=move |_| step(-1)>{tu_string!(i18n, move_up)}</button>
            <button type="button" class="move" on:click=move |_| step(1)>{tu_string!(i18n, move_down)}</button>
        }
    })
}
