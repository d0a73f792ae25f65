//! The quick-add line. A plain form (it works before hydration); once
//! hydrated it also counts the characters left as the student types.

use super::planning::use_planning;
use super::ErrorLine;
use crate::api::AddTask;
use crate::domain::{IdempotencyKey, TaskId, TaskTitle};
use crate::error::AppError;
use crate::i18n::{t, t_string, use_i18n};
use crate::quick_add;
use crate::text;
use crate::views::View;
use leptos::html;
use leptos::prelude::*;

#[component]
pub fn QuickAdd(add: ServerAction<AddTask>) -> impl IntoView {
    let i18n = use_i18n();
    let planning = use_planning();
    // The id of the task this form will create. It stays the same until the
    // server has answered, so a second tap re-sends the same task instead of
    // creating another one.
    let next_id = RwSignal::new(TaskId::new());
    // The form's idempotency key, rendered with it: a double submit (even
    // before the page is hydrated) repeats the key and so adds one task.
    let key = RwSignal::new(IdempotencyKey::generate());
    // The line sent under this id and key, until the person types another:
    // a new line is a new task, so it gets its own id and key even while the
    // last one is still on its way (reusing them would lose it).
    let sent = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        if let Some(input) = add.input().get() {
            sent.set(Some(input.quick_add));
        }
    });
    // The next line is another task: a new id and a new key.
    let renew = move || {
        sent.set(None);
        next_id.set(TaskId::new());
        key.set(IdempotencyKey::generate());
    };
    let typed = RwSignal::new(0usize);
    let line = RwSignal::new(String::new());
    // The person's date where they are: quick add's «завтра» is theirs.
    // Unknown on the server (the field then stays empty and the server
    // uses its own); the browser fills it in.
    let today = RwSignal::new(None::<chrono::NaiveDate>);
    Effect::new(move |_| today.set(Some(chrono::Local::now().date_naive())));
    let preview = move || {
        let today = today.get()?;
        line.with(|line| {
            text::quick_add_preview(i18n.get_locale(), &quick_add::parse(line, today), today)
        })
    };
    let input = NodeRef::<html::Input>::new();

    // Kept in the outbox is not an error: the task is shown, marked.
    let error = Signal::derive(move || AppError::refusal(add.value().get()));

    // A task that went to another view than this one: say where.
    let elsewhere = move || {
        let task = add.value().get()?.ok()?;
        let today = planning.today.get();
        if planning.view.shows(&task, today) {
            return None;
        }
        let view = match (task.due, task.list_id) {
            (Some(due), _) if due.date <= today.date => View::Today,
            (Some(_), _) => View::Upcoming,
            (None, Some(list)) => View::List(list),
            (None, None) => View::Inbox,
        };
        let locale = i18n.get_locale();
        let name = text::view_name(locale, &view, &planning.lists());
        Some(view! {
            <p class="hint added" role="status">
                {text::added_to(locale, task.title.as_str())} " "
                <a href=view.path()>{name}</a>
            </p>
        })
    };

    Effect::new(move |_| match add.value().get() {
        // Saved or kept for later. If the person has started another line
        // meanwhile, it already has its own id and key, and stays typed.
        Some(Ok(_)) | Some(Err(AppError::Queued)) => {
            if sent.get_untracked().is_some() {
                renew();
                typed.set(0);
                line.set(String::new());
                if let Some(input) = input.get_untracked() {
                    input.set_value("");
                }
            }
        }
        // No answer: the next tap re-sends the same task with the same key.
        Some(Err(AppError::Transport(_))) | None => {}
        // Refused: the person will change the text, which is another
        // request, so it needs another key (the same id is still free).
        Some(Err(_)) => key.set(IdempotencyKey::generate()),
    });

    let left = move || TaskTitle::MAX_CHARS as i64 - typed.get() as i64;

    view! {
        <ActionForm action=add attr:class="quick-add">
            <input type="hidden" name="id" value=move || next_id.get().to_string()/>
            <input type="hidden" name="idempotency_key" value=move || key.get().to_string()/>
            <input type="hidden" name="view" value=planning.view.name()/>
            <input
                type="hidden"
                name="today"
                value=move || today.get().map(|d| d.to_string()).unwrap_or_default()
            />
            <label for="quick-add" class="visually-hidden">{t!(i18n, quick_add_label)}</label>
            <input
                id="quick-add"
                name="quick_add"
                node_ref=input
                placeholder=move || t_string!(i18n, quick_add_placeholder)
                autocomplete="off"
                enterkeyhint="done"
                required
                on:input=move |ev| {
                    let text = event_target_value(&ev);
                    if sent.get_untracked().is_some_and(|sent| sent.trim() != text.trim()) {
                        renew();
                    }
                    typed.set(text.trim().chars().count());
                    line.set(text);
                }
            />
            <button type="submit" class="primary">{t!(i18n, add)}</button>
            <p class="hint" data-testid="chars-left" aria-live="polite">
                {move || (typed.get() > 0).then(|| text::chars_left(i18n.get_locale(), left()))}
            </p>
            <p class="hint preview" data-testid="quick-add-preview" aria-live="polite">{preview}</p>
            {elsewhere}
            <ErrorLine error/>
        </ActionForm>
    }
}
