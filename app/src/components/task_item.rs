//! One task in the list: its completion circle, what it is and when, the
//! handle it is dragged by where it can move, and its details (opened to
//! edit, move or delete).
//!
//! The circle is a button inside a real form that describes the state
//! wanted (`completed=true|false`) and carries its own idempotency key, so
//! it works before hydration too. Once hydrated, a tap is a change sent
//! through the outbox with a key and time minted at the tap; the circle
//! turns in the tap's own frame, the row's mark in the next, and
//! `data-sync` tells the truth of its last change: on its way (`sending`),
//! kept for later (`queued`), refused (`failed`), or `saved`.

use super::planning::use_planning;
use super::{DragHandle, MintedKey, TaskDetails};
use crate::api::SetCompleted;
use crate::domain::TaskId;
use crate::i18n::{tu_string, use_i18n};
use crate::outbox::{use_outbox, Mark, Shown};
use crate::reminders::reminder_moment;
use crate::text;
use crate::views::View;
use leptos::prelude::*;

#[component]
pub fn TaskItem(
    shown: Signal<Shown>,
    /// Also say which list the task is in (where tasks of every list meet:
    /// search).
    #[prop(optional)]
    place: bool,
    /// Whether it has others to be dragged among (its run in the view).
    #[prop(optional)]
    movable: Signal<bool>,
) -> impl IntoView {
    let i18n = use_i18n();
    let planning = use_planning();
    let outbox = use_outbox();
    let id = shown.with_untracked(|s| s.task.id);
    let task = Memo::new(move |_| shown.with(|s| s.task.clone()));
    let mark = Memo::new(move |_| shown.with(|s| s.mark));
    // The circle turns in the tap's own frame: the tap sets `turned`, and
    // the outbox takes the change just after that frame, and with it the
    // rest of the page (`Outbox::send_after_the_frame`); the task drawn
    // then says the same, and `turned` steps aside.
    let turned = RwSignal::new(None::<bool>);
    let completed = Memo::new(move |_| {
        turned
            .get()
            .unwrap_or_else(|| task.with(|t| t.completed_at.is_some()))
    });
    // Still being created: nothing else can be sent about it until the
    // server (or the outbox) has it, or a change could arrive first.
    // A memo, so what depends on it re-runs only when it flips: the
    // details below are a whole form, and rebuilding them on every change
    // of the row's mark doubled the time from a tap to the circle turning.
    // Only its own creation counts: a step added to a task made offline
    // is on its way too, and must not close the details it was added in.
    let creating = Memo::new(move |_| {
        mark.get() == Some(Mark::Sending)
            && outbox.known.with(|known| known.get(id).is_none())
            && outbox.is_creating(id)
    });
    // A turned circle is on its way already: its change is committed to
    // leave within the frame, and the row never says "saved" meanwhile.
    let sync = move || match mark.get() {
        _ if turned.with(Option::is_some) => "sending",
        Some(Mark::Sending) => "sending",
        Some(Mark::Failed) => "failed",
        Some(Mark::Queued) => "queued",
        None => "saved",
    };
    let note = move || match sync() {
        "sending" => Some(tu_string!(i18n, sending)),
        "queued" => Some(tu_string!(i18n, queued)),
        "failed" => Some(tu_string!(i18n, not_saved)),
        _ => None,
    };
    let label = move || {
        if completed.get() {
            tu_string!(i18n, mark_not_done)
        } else {
            tu_string!(i18n, mark_done)
        }
    };
    let today = planning.today;
    let overdue = Memo::new(move |_| {
        !completed.get() && task.with(|t| t.due.is_some_and(|due| due.date < today.get().date))
    });
    // Its reminder's time has come today (and it is still open): the row
    // says so, so today's due reminders show in the app too.
    let reminding = move || {
        !completed.get()
            && task.with(|t| {
                // The clock is read only for a reminder today: it costs.
                planning
                    .reminders
                    .with(|s| reminder_moment(s, t))
                    .is_some_and(|moment| {
                        moment.date() == today.get().date && moment <= local_now()
                    })
            })
    };
    // What the row says of when the task is, and whether it is overdue:
    // memos, so a tap (which seldom changes these words) does not draw
    // them again.
    let when = Memo::new(move |_| {
        task.with(|t| {
            let mut parts = Vec::new();
            if place {
                let list = t.list_id.map_or(View::Inbox, View::List);
                parts.push(text::view_name(i18n.get_locale(), &list, &planning.lists()));
            }
            if let Some(due) = t.due {
                parts.push(text::due_words(i18n.get_locale(), due, today.get().date));
            }
            if let Some(rule) = &t.recurrence {
                parts.push(text::recurrence(i18n.get_locale(), rule));
            }
            if let Some(moment) = planning.reminders.with(|s| reminder_moment(s, t)) {
                let today = today.get().date;
                parts.extend(text::reminder_mark(i18n.get_locale(), moment, t.due, today));
            }
            // Its checklist: how many steps are done, of how many.
            if !t.steps.is_empty() {
                let done = t.steps.iter().filter(|step| step.done).count();
                parts.push(format!("{done}/{}", t.steps.len()));
            }
            (!parts.is_empty()).then(|| parts.join(" · "))
        })
    });

    let tap = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let completed = !completed.get_untracked();
        turned.set(Some(completed));
        outbox.send_after_the_frame(
            |at| SetCompleted {
                id,
                completed,
                at: Some(at),
            },
            // The row may have left the page meanwhile.
            move || {
                let _ = turned.try_set(None);
            },
        );
    };

    view! {
        <li
            class="task"
            data-task-id=id.to_string()
            // A reminder's tap opens the view at `#task-<id>`: the browser
            // brings the row into sight.
            id=format!("task-{id}")
            data-sync=sync
            data-priority=move || task.with(|t| t.priority.level())
            class:done=completed
            class:overdue=overdue
            class:reminding=reminding
        >
            <form method="post" action="/api/tasks/complete" class="complete" on:submit=tap>
                <input type="hidden" name="id" value=id.to_string()/>
                <input type="hidden" name="completed" value=move || (!completed.get()).to_string()/>
                <MintedKey/>
                <button
                    type="submit"
                    class="circle"
                    aria-pressed=move || completed.get().to_string()
                    aria-label=label
                    title=label
                    disabled=creating
                ></button>
            </form>
            <div class="body">
                {move || planning.look_of(task.with(|t| t.list_id)).map(|look| view! {
                    <span class="subject-mark" data-colour=look.colour.name() aria-hidden="true">
                        {look.emoji.map(|emoji| emoji.to_string())}
                    </span>
                })}
                <span class="title">{move || task.with(|t| t.title.to_string())}</span>
                {move || {
                    let overdue = overdue
                        .get()
                        .then(|| view! { <span class="overdue-mark">{tu_string!(i18n, overdue)}</span> " · " });
                    when.get().map(|when| view! { <span class="when">{overdue} {when}</span> })
                }}
                {move || note().map(|note| view! { <span class="sync-note">{note}</span> })}
            </div>
            {move || movable.get().then(|| view! { <DragHandle id/> })}
            {move || (!creating.get()).then(|| view! { <TaskDetails task=task.into()/> })}
        </li>
    }
}

/// How a row sits in its list: `TaskItem`'s `place` and `movable`.
pub struct RowIn {
    pub place: bool,
    pub movable: Signal<bool>,
}

/// The row of task `id` in a list of `shown` tasks: it follows its own
/// entry, and is kept (with its details open, say) for as long as its task
/// is listed.
pub fn row_in(shown: Memo<Vec<Shown>>, id: TaskId, how: RowIn) -> Option<impl IntoView> {
    let first = shown.with_untracked(|all| all.iter().find(|s| s.task.id == id).cloned());
    first.map(|first| {
        let mine =
            Memo::new(move |_| shown.with(|all| all.iter().find(|s| s.task.id == id).cloned()));
        let current = Signal::derive(move || mine.get().unwrap_or_else(|| first.clone()));
        let RowIn { place, movable } = how;
        view! { <TaskItem shown=current place movable/> }
    })
}

/// Now on the phone's clock face, corrected by the server's clock.
fn local_now() -> chrono::NaiveDateTime {
    crate::outbox::clock::current()
        .with_timezone(&chrono::Local)
        .naive_local()
}
