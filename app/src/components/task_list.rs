//! The tasks of the view: what the page knows from the server, with every
//! change not yet confirmed on top (`overlay`), in the view's order.
//! Upcoming is grouped by day; the other views are one list.
//!
//! A task is shown when the view's rules say so (`View::shows`), when the
//! view's last read listed it (so a tap never makes a task vanish under the
//! finger), or while this page is still sending its creation (the person
//! sees their line was taken; when its answer says it belongs elsewhere, it
//! leaves, and quick add says where it went).

use super::planning::use_planning;
use super::task_item::{row_in, RowIn};
use crate::domain::{Task, TaskId};
use crate::error::AppError;
use crate::i18n::{tu_string, use_i18n};
use crate::outbox::{use_outbox, Mark, Shown};
use crate::text;
use crate::views::{group_by_day, Heading, View};
use leptos::either::Either;
use leptos::prelude::*;
use std::collections::HashSet;

#[component]
pub fn TaskList(
    /// Why the view's first read failed, if it did (offline): the view is
    /// then drawn from what the page knows, and says so.
    error: Option<AppError>,
) -> impl IntoView {
    let i18n = use_i18n();
    let outbox = use_outbox();
    let planning = use_planning();
    let view = planning.view;
    let shown = Memo::new(move |_| {
        let mut all = outbox.overlaid();
        let today = planning.today.get();
        let creating: HashSet<TaskId> = outbox.creating().into_iter().collect();
        outbox.known.with(|known| {
            let listed = known.listed(&view);
            all.retain(|s| {
                listed.contains(&s.task.id)
                    || view.shows(&s.task, today)
                    || (s.mark == Some(Mark::Sending)
                        && creating.contains(&s.task.id)
                        && known.get(s.task.id).is_none())
            });
            let mut tasks: Vec<Task> = all.iter().map(|s| s.task.clone()).collect();
            view.sort(&mut tasks, listed);
            tasks
                .into_iter()
                .filter_map(|task| all.iter().find(|s| s.task.id == task.id).cloned())
                .collect::<Vec<Shown>>()
        })
    });
    // Where a task may be dragged or moved to: a memo, so the server's
    // render already knows which rows have a handle.
    let runs = Memo::new(move |_| {
        shown.with(|all| view.runs(&all.iter().map(|s| &s.task).collect::<Vec<_>>()))
    });
    Effect::new(move |_| planning.runs.set(runs.get()));
    let item = move |id: TaskId| {
        let movable = Memo::new(move |_| {
            runs.with(|runs| runs.iter().any(|run| run.len() > 1 && run.contains(&id)))
        });
        row_in(
            shown,
            id,
            RowIn {
                place: false,
                movable: movable.into(),
            },
        )
    };
    let ids_of = |tasks: &[Shown]| tasks.iter().map(|s| s.task.id).collect::<Vec<_>>();

    let body = move || {
        if view != View::Upcoming {
            let ids = move || shown.with(|all| ids_of(all));
            return view! {
                <ul class="tasks">
                    <For each=ids key=|id| *id children=item/>
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
                Heading::Later => tu_string!(i18n, later).to_owned(),
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
        view! { <For each=headings key=|h| *h children=group/> }.into_any()
    };

    // Offline with nothing known: say so. With something known, the view
    // is drawn from it, and says so.
    let offline = move || {
        error.clone().map(|error| {
            if planning.knows_something() {
                view! { <p class="hint offline-note" role="status">{tu_string!(i18n, offline_view)}</p> }.into_any()
            } else {
                view! { <p class="error" role="alert">{text::error(i18n.get_locale_untracked(), &error)}</p> }.into_any()
            }
        })
    };
    // A memo, so the list is drawn anew only when it empties or fills
    // (its rows follow the tasks by key).
    let empty = Memo::new(move |_| shown.with(Vec::is_empty));
    let list = move || {
        if empty.get() {
            let words = text::empty_view(i18n.get_locale_untracked(), &planning.view);
            Either::Left(view! { <p class="empty">{words}</p> })
        } else {
            Either::Right(body)
        }
    };
    view! {
        {offline}
        {list}
    }
}
