//! The tasks of the view: the server's, with the outbox's waiting changes
//! on top, and the one being added shown at once. Upcoming is grouped by
//! day; the other views are one list.

use super::planning::use_planning;
use super::TaskItem;
use crate::api::AddTask;
use crate::domain::{Task, TaskId};
use crate::error::AppError;
use crate::outbox::{overlay, use_outbox, Shown};
use crate::i18n::{t, t_string, use_i18n};
use crate::text;
use crate::views::{group_by_day, Heading, View, ViewPage};
use leptos::prelude::*;
use std::collections::HashSet;

#[component]
pub fn TaskList(
    /// The view's first read; later ones arrive through `Planning`.
    first: Resource<Result<ViewPage, AppError>>,
    add: ServerAction<AddTask>,
) -> impl IntoView {
    let i18n = use_i18n();
    let outbox = use_outbox();
    let planning = use_planning();
    let known = planning.known;
    let shown = Memo::new(move |_| {
        let snapshot = outbox.snapshot.get();
        let settling: Vec<_> = outbox
            .settling
            .with(|s| s.iter().map(|(_, entry)| entry.clone()).collect());
        let today = planning.today.get();
        known.with(|server| {
            let listed: HashSet<TaskId> = server.iter().map(|t| t.id).collect();
            let mut all = overlay(server, &settling, &snapshot.pending, &snapshot.failures);
            // Tasks known only from the outbox appear where they belong.
            all.retain(|s| listed.contains(&s.task.id) || planning.view.shows(&s.task, today));
            all
        })
    });
    // Tasks on their way to the server, shown before the answer arrives
    // (until the list or the outbox shows them: one task, one row). There
    // may be several: a second line sent before the first is answered
    // takes the action over, but both are on their way.
    let on_its_way = RwSignal::new(Vec::<AddTask>::new());
    Effect::new(move |_| {
        if let Some(input) = add.input().get() {
            if !on_its_way.with_untracked(|all| all.iter().any(|a| a.id == input.id)) {
                on_its_way.update(|all| all.push(input));
            }
        }
    });
    Effect::new(move |_| {
        // The latest line refused, or unanswered: the form says why and
        // keeps the line for another try.
        match add.value().get() {
            // Saved: the answer is the server's word on this task, shown at
            // once even if the re-read that follows fails (offline again).
            Some(Ok(task)) => {
                let here = planning.view.shows(&task, planning.today.get_untracked());
                let already = known.with_untracked(|all| all.iter().any(|t| t.id == task.id));
                if here && !already {
                    known.update(|all| all.push(task));
                }
            }
            Some(Err(error)) if error != AppError::Queued => on_its_way.update(|all| {
                all.pop();
            }),
            _ => {}
        }
    });
    Effect::new(move |_| {
        let listed: HashSet<TaskId> = shown.with(|all| all.iter().map(|s| s.task.id).collect());
        if on_its_way.with_untracked(|all| all.iter().any(|a| listed.contains(&a.id))) {
            on_its_way.update(|all| all.retain(|a| !listed.contains(&a.id)));
        }
    });
    let sending = move || {
        on_its_way
            .get()
            .into_iter()
            .map(|AddTask { id, quick_add, .. }| {
                view! {
                    <li class="task" data-task-id=id.to_string() data-sync="sending">
                        // The hook every task has; it works once the task is saved.
                        <button
                            type="button"
                            class="circle"
                            aria-pressed="false"
                            aria-label=move || t_string!(i18n, mark_done)
                            disabled
                        ></button>
                        <div class="body">
                            <span class="title">{quick_add}</span>
                            <span class="sync-note">{t!(i18n, sending)}</span>
                        </div>
                    </li>
                }
            })
            .collect_view()
    };
    Effect::new(move |_| {
        let ids = shown.with(|all| all.iter().map(|s| s.task.id).collect());
        planning.order.set(ids);
    });
    // Each item follows its own entry of the list, and is kept (with any
    // tap in flight) for as long as its task is listed.
    let item = move |id: TaskId| {
        let first = shown.with_untracked(|all| all.iter().find(|s| s.task.id == id).cloned());
        first.map(|first| {
            let mine =
                Memo::new(move |_| shown.with(|all| all.iter().find(|s| s.task.id == id).cloned()));
            let current = Signal::derive(move || mine.get().unwrap_or_else(|| first.clone()));
            view! { <TaskItem shown=current/> }
        })
    };
    let ids_of = |tasks: &[Shown]| tasks.iter().map(|s| s.task.id).collect::<Vec<_>>();

    let body = move || {
        if planning.view != View::Upcoming {
            let ids = move || shown.with(|all| ids_of(all));
            return view! {
                <ul class="tasks">
                    <For each=ids key=|id| *id children=item/>
                    {sending}
                </ul>
            }
            .into_any();
        }
        // Grouped once per change of the list; each day's section reads its ids.
        let groups = Memo::new(move |_| {
            shown.with(|all| {
                let tasks: Vec<Task> = all.iter().map(|s| s.task.clone()).collect();
                group_by_day(&tasks, planning.today.get().date)
                    .into_iter()
                    .map(|g| (g.heading, g.tasks.iter().map(|t| t.id).collect::<Vec<_>>()))
                    .collect::<Vec<_>>()
            })
        });
        let headings = move || groups.with(|all| all.iter().map(|(h, _)| *h).collect::<Vec<_>>());
        let group = move |heading: Heading| {
            let ids = move || {
                groups.with(|all| {
                    all.iter()
                        .find(|(h, _)| *h == heading)
                        .map(|(_, ids)| ids.clone())
                        .unwrap_or_default()
                })
            };
            let title = move || match heading {
                Heading::Day(date) => {
                    text::day_heading(i18n.get_locale(), date, planning.today.get().date)
                }
                Heading::Later => t_string!(i18n, later).to_owned(),
            };
            let date = match heading {
                Heading::Day(date) => date.to_string(),
                Heading::Later => "later".to_owned(),
            };
            view! {
                <section class="day" data-day=date>
                    <h2>{title}</h2>
                    <ul class="tasks">
                        <For each=ids key=|id| *id children=item/>
                    </ul>
                </section>
            }
        };
        view! {
            <For each=headings key=|h| *h children=group/>
            <ul class="tasks">{sending}</ul>
        }
        .into_any()
    };

    view! {
        <Transition fallback=move || view! { <p class="loading">{t!(i18n, loading)}</p> }>
            {move || Suspend::new(async move {
                let error = match first.await {
                    Ok(page) => {
                        planning.take(page);
                        None
                    }
                    // Offline or failing: say so (the shell shown offline
                    // has no list to show).
                    Err(error) => Some(error),
                };
                let empty = move || shown.with(Vec::is_empty) && on_its_way.with(Vec::is_empty);
                view! {
                    {error.map(|error| view! { <p class="error" role="alert">{move || text::error(i18n.get_locale(), &error)}</p> })}
                    <Show
                        when=move || !empty()
                        fallback=move || view! { <p class="empty">{move || text::empty_view(i18n.get_locale(), &planning.view)}</p> }
                    >
                        {body}
                    </Show>
                }
            })}
        </Transition>
    }
}
