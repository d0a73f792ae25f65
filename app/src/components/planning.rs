//! What every part of a planner page shares: the view it shows, the last
//! tasks the server gave for it, the person's today (in their time zone,
//! as the server said), their lists, and the task they just deleted (for
//! the undo bar).
//!
//! The view is read once for the page (rendered on the server, so it works
//! before hydration), then re-read in place — never by re-rendering the
//! list, so a tap in flight on a task is never lost with its item.

use crate::api::view_tasks;
use crate::domain::{Task, TaskId, TaskList, UserId};
use crate::error::AppError;
use crate::outbox::{use_outbox, Outbox};
use crate::views::{Day, Nav, View, ViewPage};
use leptos::prelude::*;

#[derive(Clone, Copy)]
pub struct Planning {
    pub view: View,
    /// The last tasks the server gave: what the page shows when a re-read
    /// fails (offline), with the outbox's changes on top.
    pub known: RwSignal<Vec<Task>>,
    pub today: RwSignal<Day>,
    pub nav: RwSignal<Nav>,
    pub deleted: RwSignal<Option<Deleted>>,
    /// The tasks in the order the page shows them (for moving one).
    pub order: RwSignal<Vec<TaskId>>,
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
        let planning = Self {
            view,
            known: RwSignal::new(Vec::new()),
            today: RwSignal::new(Day::utc(chrono::Utc::now())),
            nav: RwSignal::new(Nav::default()),
            deleted: RwSignal::new(None),
            order: RwSignal::new(Vec::new()),
            outbox: use_outbox(),
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
        Effect::new(move |_| outbox.greet(account));
        planning
    }

    /// The first read of the view, for the page as the server renders it.
    pub fn first_read(&self) -> Resource<Result<ViewPage, AppError>> {
        let view = self.view;
        Resource::new(|| (), move |_| view_tasks(view.name()))
    }

    /// Re-reads the view whenever `changed` changes (not at first: the
    /// first read is rendered) and whenever the outbox settles.
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
            if before.is_some_and(|before| before != now) {
                reread.dispatch(now.1);
            }
            now
        });
        Effect::new(move |_| {
            // A failed re-read (offline) keeps what the page knows.
            if let Some((seen, Ok(page))) = reread.value().get() {
                planning.take_read(page, seen);
            }
        });
    }

    /// Takes in what the server said about the view.
    pub fn take(&self, page: ViewPage) {
        self.take_read(page, self.outbox.settled.get_untracked());
    }

    /// The same, for a read asked for when the outbox's `settled` count
    /// was `seen`.
    fn take_read(&self, page: ViewPage, seen: u32) {
        self.today.set(page.today);
        self.nav.set(page.nav);
        self.known.set(page.tasks);
        self.outbox.list_read(seen);
    }

    /// The person's lists, by name.
    pub fn lists(&self) -> Vec<TaskList> {
        self.nav
            .with(|nav| nav.lists.iter().map(|l| l.list.clone()).collect())
    }
}

pub fn use_planning() -> Planning {
    use_context::<Planning>().unwrap_or_else(|| Planning::provide(View::Today))
}
