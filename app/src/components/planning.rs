//! What every part of a planner page shares: the view it shows, the
//! person's today (in their time zone, as the server said), their lists,
//! and the task they just deleted (for the undo bar). The tasks themselves
//! are the outbox's `known`: what the page knows from the server, across
//! views.
//!
//! The view's first read comes with the page (rendered on the server, so it
//! works before hydration), then it is re-read in place — never by re-rendering the
//! list, so a tap in flight on a task is never lost with its item. A read
//! that fails (offline) leaves the page drawn from what it knows.

use crate::api::{view_tasks, ReorderTasks};
use crate::domain::{ListId, TaskId, TaskList, UserId};
use crate::error::AppError;
use crate::outbox::{opened_from_kept_copy, use_outbox, Outbox};
use crate::reminders::ReminderSettings;
use crate::school::{Look, Timetable};
use crate::views::{Day, Nav, View, ViewPage};
use leptos::prelude::*;

/// The first read of a view, as a signed-in page gets it: the view's page,
/// or why it could not be read (offline, say).
pub type FirstRead = Result<ViewPage, AppError>;

#[derive(Clone, Copy)]
pub struct Planning {
    pub view: View,
    pub today: RwSignal<Day>,
    pub nav: RwSignal<Nav>,
    /// The account's reminder settings, as the last read said.
    pub reminders: RwSignal<ReminderSettings>,
    pub deleted: RwSignal<Option<Deleted>>,
    /// The tasks the page shows, in its order, cut into the runs the
    /// person may move a task within (`View::runs`).
    pub runs: RwSignal<Vec<Vec<TaskId>>>,
    /// The student's week as the page knows it, the outbox's waiting
    /// edits drawn (Today's lessons, quick add's next lesson, the rows'
    /// subject marks).
    pub timetable: Memo<Timetable>,
    outbox: Outbox,
}

/// A task deleted on this page, which the person may still take back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deleted {
    pub id: TaskId,
    pub title: String,
}

impl Planning {
    pub fn provide(view: View) -> Self {
        let outbox = use_outbox();
        let known = outbox.known.with_untracked(|k| (k.today, k.nav.clone()));
        let planning = Self {
            view,
            today: RwSignal::new(known.0.unwrap_or_else(|| Day::utc(chrono::Utc::now()))),
            nav: RwSignal::new(known.1),
            reminders: RwSignal::new(ReminderSettings::default()),
            deleted: RwSignal::new(None),
            runs: RwSignal::new(Vec::new()),
            timetable: Memo::new(move |_| outbox.timetable().timetable()),
            outbox,
        };
        provide_context(planning);
        planning
    }

    /// Provides the planning of a signed-in page, and has the page greet the
    /// service worker as `account`, so the outbox sends only that account's
    /// changes.
    pub fn provide_for(view: View, account: UserId) -> Self {
        let planning = Self::provide(view);
        let outbox = planning.outbox;
        Effect::new(move |_| {
            outbox.greet(account);
            // What was kept on the phone may be newer than the page's read.
            planning.follow_known();
        });
        planning
    }

    /// Takes in the page's first read of the view; a read that failed
    /// (offline) leaves the page drawn from what it knows, and is returned
    /// for the page to say so.
    pub fn start(&self, first: FirstRead) -> Option<AppError> {
        match first {
            Ok(page) => {
                self.take(page);
                None
            }
            Err(error) => Some(error),
        }
    }

    /// Re-reads the view whenever `changed` changes (not at first: the
    /// first read is rendered, unless it came from the worker's kept copy
    /// of the page), whenever the outbox settles, and a moment after the
    /// page's last saved change.
    pub fn reread_on(&self, changed: impl Fn() -> usize + Send + Sync + 'static) {
        let planning = *self;
        let view = self.view;
        // Each read carries the outbox's `settled` count when it was asked
        // for: the changes settled by then are in what it returns.
        let reread = Action::new(move |seen: &u32| {
            let seen = *seen;
            async move { (seen, view_tasks(view.name()).await) }
        });
        Effect::new(move |before: Option<(usize, u32)>| {
            let now = (changed(), planning.outbox.settled.get());
            let stale = match before {
                Some(before) => before != now,
                None => opened_from_kept_copy(),
            };
            if stale {
                reread.dispatch(now.1);
            }
            now
        });
        Effect::new(move |_| match reread.value().get() {
            Some((seen, Ok(page))) => planning.take_read(page, seen),
            // Signed out elsewhere (a password changed, the account
            // deleted), nothing waiting here: the sign-in page, as the
            // server sends it to a page not opened from the phone's copy.
            // (With changes waiting, the bar says so and offers sign-in. A
            // change on its way counts too: its own 401, which pauses the
            // queue and draws the bar, may come after this read's.)
            Some((_, Err(AppError::Unauthorized))) if planning.outbox.unsaved_count() == 0 => {
                to_sign_in();
            }
            // A failed re-read (offline) keeps what the page knows.
            _ => {}
        });
    }

    /// Takes in what the server said about the view.
    fn take(&self, page: ViewPage) {
        self.take_read(page, self.outbox.settled.get_untracked());
    }

    /// The same, for a read asked for when the outbox's `settled` count
    /// was `seen`.
    fn take_read(&self, page: ViewPage, seen: u32) {
        let ViewPage {
            today,
            tasks,
            nav,
            read_at,
            reminders,
            timetable,
            ..
        } = page;
        self.reminders.set(reminders);
        self.outbox.known.update(|known| {
            known.take_read(&self.view, read_at, today, nav, tasks);
            known.take_timetable(&timetable);
        });
        self.follow_known();
        self.outbox.list_read(seen);
    }

    /// Takes in what a search found, and returns the tasks in the order
    /// the server gave them.
    pub fn take_found(&self, page: ViewPage) -> Vec<TaskId> {
        let ids = page.tasks.iter().map(|task| task.id).collect();
        self.outbox.known.update(|known| {
            known.take_found(page.read_at, page.today, page.nav, page.tasks);
            known.take_timetable(&page.timetable);
        });
        self.follow_known();
        ids
    }

    /// Today and the navigation as the newest read the page knows says.
    fn follow_known(&self) {
        let (today, nav) = self
            .outbox
            .known
            .with_untracked(|known| (known.today, known.nav.clone()));
        if let Some(today) = today {
            self.today.set(today);
            self.nav.set(nav);
        }
    }

    /// Whether the page knows anything to draw this view from (a read of
    /// it, or of another view), when its own read failed.
    pub fn knows_something(&self) -> bool {
        self.outbox.known.with(|known| !known.is_empty())
    }

    /// The run task `id` is in, in order (empty if it cannot be moved).
    pub fn run_of(&self, id: TaskId) -> Vec<TaskId> {
        self.runs.with_untracked(|runs| {
            runs.iter()
                .find(|run| run.contains(&id))
                .cloned()
                .unwrap_or_default()
        })
    }

    /// Puts a run in this order: one change through the outbox, keyed and
    /// queued like every other, shown at once by the overlay.
    pub fn reorder(&self, ids: Vec<TaskId>) {
        self.outbox.send(|at| ReorderTasks { ids, at: Some(at) });
    }

    /// How the subject of list `list` looks, if it has a look.
    pub fn look_of(&self, list: Option<ListId>) -> Option<Look> {
        let list = list?;
        self.timetable.with(|t| t.look_of(list).cloned())
    }

    /// The person's lists, by name, and then those made on this phone
    /// that the server has not confirmed yet.
    pub fn lists(&self) -> Vec<TaskList> {
        let mut lists: Vec<TaskList> = self
            .nav
            .with(|nav| nav.lists.iter().map(|l| l.list.clone()).collect());
        for made in self.outbox.lists_made() {
            if !lists.iter().any(|list| list.id == made.id) {
                lists.push(made);
            }
        }
        lists
    }
}

pub fn use_planning() -> Planning {
    use_context::<Planning>().unwrap_or_else(|| Planning::provide(View::Today))
}

/// Leaves for the sign-in page, loaded afresh (nothing of the account the
/// page showed stays in it).
fn to_sign_in() {
    #[cfg(feature = "hydrate")]
    let _ = window().location().set_href("/signin");
}
