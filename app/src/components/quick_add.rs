//! The quick-add line. A plain form (it works before hydration, with an id
//! and key minted into it); once hydrated, each line sent is a new task with
//! an id, key and time minted at that moment, shown at once, and the line
//! is cleared for the next one (so a double tap cannot send it twice).
//! When the task belongs to another view than this one, it leaves as soon
//! as its answer (or its queuing) is known, and a line here says where it
//! went, with a link.

use super::planning::use_planning;
use super::{ErrorLine, MintedId, MintedKey};
use crate::api::{AddTask, CreateTask};
use crate::domain::{Task, TaskId, TaskTitle};
use crate::error::AppError;
use crate::i18n::{tu_string, use_i18n};
use crate::outbox::use_outbox;
use crate::quick_add;
use crate::text;
use crate::views::View;
use leptos::html;
use leptos::prelude::*;

/// Where a task just added went, when it is not in the view shown.
#[derive(Clone, Debug, PartialEq)]
struct Elsewhere {
    title: String,
    view: View,
    /// Kept in the outbox, not saved yet.
    queued: bool,
}

#[component]
pub fn QuickAdd() -> impl IntoView {
    let i18n = use_i18n();
    let planning = use_planning();
    let outbox = use_outbox();
    let typed = RwSignal::new(0usize);
    let line = RwSignal::new(String::new());
    // The person's date where they are: quick add's «завтра» is theirs.
    // Unknown on the server (the field then stays empty and the server
    // uses its own); the browser fills it in.
    let today = RwSignal::new(None::<chrono::NaiveDate>);
    // Read again as the person types and sends: the page may learn the
    // clock's correction, or pass midnight, while it is open.
    let refresh_today = move || {
        let now = Some(corrected_today());
        if today.get_untracked() != now {
            today.set(now);
        }
        now
    };
    Effect::new(move |_| {
        refresh_today();
    });
    // «к следующему уроку» is dated by the timetable the page knows, with
    // the changes waiting in the outbox.
    let timetable = planning.timetable;
    let read = move |line: &str, day| {
        let now = crate::outbox::clock::local_now();
        timetable.with(|timetable| {
            quick_add::parse(line, day)
                .in_view(Some(planning.view), day)
                .at_next_lesson(timetable, &planning.lists(), now)
        })
    };
    let preview = move || {
        let today = today.get()?;
        line.with(|line| {
            let parsed = quick_add::parse(line, today);
            // The view's own defaults are not previewed, only a lesson's date.
            let shown = match parsed.next_lesson {
                Some(_) => read(line, today),
                None => parsed,
            };
            text::quick_add_preview(i18n.get_locale(), &shown, today)
        })
    };
    let input = NodeRef::<html::Input>::new();
    focus_when_asked(input);
    let error = RwSignal::new(None::<AppError>);
    // Lines sent from here whose answer is not known yet.
    let awaiting = RwSignal::new(Vec::<TaskId>::new());
    let elsewhere = RwSignal::new(None::<Elsewhere>);

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let text = input
            .get_untracked()
            .map(|input| input.value())
            .unwrap_or_default();
        let Some(day) = refresh_today() else {
            return;
        };
        // The same reading the server will do: a line it would refuse is
        // named here and kept for the person to fix.
        let asked_for_lesson = quick_add::parse(&text, day).next_lesson.is_some();
        let fields = match read(&text, day).into_fields(&planning.lists()) {
            Ok(fields) => fields,
            Err(refusal) => {
                error.set(Some(AppError::InvalidTitle(refusal)));
                return;
            }
        };
        error.set(None);
        let id = TaskId::new();
        awaiting.update(|all| all.push(id));
        if asked_for_lesson {
            // Dated by this page's timetable as the preview showed it: sent
            // as the task itself, so what is saved is what was shown.
            outbox.send(|at| CreateTask::new(&Task::new(id, fields, at), at));
        } else {
            outbox.send(|at| AddTask {
                id,
                quick_add: text,
                today: day.to_string(),
                view: planning.view.name(),
                at: Some(at),
            });
        }
        typed.set(0);
        line.set(String::new());
        if let Some(input) = input.get_untracked() {
            input.set_value("");
        }
    };

    // An answer came (saved, kept, or refused): say where the task went if
    // it is not here. A refusal shows in the outbox bar.
    Effect::new(move |_| {
        let sending = outbox.creating();
        let waiting = awaiting.get_untracked();
        let in_flight = |id: &TaskId| sending.contains(id);
        let answered: Vec<TaskId> = waiting
            .iter()
            .filter(|id| !in_flight(id))
            .copied()
            .collect();
        if answered.is_empty() {
            return;
        }
        awaiting.update(|all| all.retain(|id| !answered.contains(id)));
        let pending = outbox.pending();
        for id in answered {
            let saved = outbox.known.with_untracked(|known| known.get(id).cloned());
            let queued = || {
                pending
                    .iter()
                    .find_map(|entry| entry.new_task().filter(|task| task.id == id).cloned())
            };
            let (task, queued) = match saved {
                Some(task) => (task, false),
                None => match queued() {
                    Some(task) => (task, true),
                    None => continue,
                },
            };
            let day = planning.today.get_untracked();
            if !planning.view.shows(&task, day) {
                elsewhere.set(Some(Elsewhere {
                    title: task.title.to_string(),
                    view: home_of(&task, day.date),
                    queued,
                }));
            }
        }
    });
    let went = move || {
        elsewhere.get().map(
            |Elsewhere {
                 title,
                 view,
                 queued,
             }| {
                let locale = i18n.get_locale();
                let name = text::view_name(locale, &view, &planning.lists());
                let words = if queued {
                    text::added_to_when_online(locale, &title)
                } else {
                    text::added_to(locale, &title)
                };
                view! {
                    <p class="hint added" role="status">
                        {words} " " <a href=view.path()>{name}</a>
                    </p>
                }
            },
        )
    };

    let left = move || TaskTitle::MAX_CHARS as i64 - typed.get() as i64;

    view! {
        <form method="post" action="/api/tasks/add" class="quick-add" on:submit=submit>
            <MintedId name="id"/>
            <MintedKey/>
            <input type="hidden" name="view" value=planning.view.name()/>
            <input
                type="hidden"
                name="today"
                value=move || today.get().map(|d| d.to_string()).unwrap_or_default()
            />
            <label for="quick-add" class="visually-hidden">{tu_string!(i18n, quick_add_label)}</label>
            <input
                id="quick-add"
                name="quick_add"
                node_ref=input
                placeholder=tu_string!(i18n, quick_add_placeholder)
                autocomplete="off"
                enterkeyhint="done"
                required
                on:input=move |ev| {
                    let text = event_target_value(&ev);
                    refresh_today();
                    typed.set(text.trim().chars().count());
                    line.set(text);
                    elsewhere.set(None);
                }
            />
            <button type="submit" class="primary">{tu_string!(i18n, add)}</button>
            <p class="hint" data-testid="chars-left" aria-live="polite">
                {move || (typed.get() > 0).then(|| text::chars_left(i18n.get_locale(), left()))}
            </p>
            <p class="hint preview" data-testid="quick-add-preview" aria-live="polite">{preview}</p>
            {went}
            <ErrorLine error/>
        </form>
    }
}

/// Opened to add a task (the app's shortcut «Добавить задание», `/?add`):
/// the line takes the keyboard at once.
fn focus_when_asked(input: NodeRef<html::Input>) {
    Effect::new(move |_| {
        #[cfg(feature = "hydrate")]
        if let (Some(input), Ok(search)) = (input.get(), window().location().search()) {
            if search
                .trim_start_matches('?')
                .split('&')
                .any(|part| part == "add")
            {
                let _ = input.focus();
            }
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = input;
    });
}

/// The person's date by the clock corrected by the server's, where the
/// browser is: a phone whose clock runs hours ahead must not date "today"
/// as tomorrow.
fn corrected_today() -> chrono::NaiveDate {
    crate::outbox::clock::local_now().date()
}

/// The view a task lives in when it is not due by `today`'s end: Upcoming
/// for a later date, else its list, else the Inbox (Today when due).
fn home_of(task: &Task, today: chrono::NaiveDate) -> View {
    match (task.due, task.list_id) {
        (Some(due), _) if due.date <= today => View::Today,
        (Some(_), _) => View::Upcoming,
        (None, Some(list)) => View::List(list),
        (None, None) => View::Inbox,
    }
}
