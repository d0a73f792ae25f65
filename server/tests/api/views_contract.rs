//! The planner's views as each backend reads them: which tasks, in which
//! order, and the counts in the navigation — on SQLite and PostgreSQL.

use crate::support::{Backend, TestDatabase};
use app::domain::{
    ListId, ListName, Task, TaskForm, TaskId, TaskList, TimeZoneName, UserId, Username,
};
use app::ssr::storage::Storage;
use app::views::{group_by_day, Day, Heading, View};
use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use std::sync::Arc;

on_both_backends!(
    today_has_the_overdue_and_todays_open_tasks_then_what_was_done_today,
    upcoming_starts_tomorrow_and_groups_by_day,
    the_inbox_and_a_list_keep_the_persons_order,
    completed_shows_the_latest_done_first,
    deleted_tasks_and_other_accounts_tasks_are_in_no_view,
    the_counts_match_the_views,
    an_account_keeps_its_time_zone,
);

struct Planner {
    storage: Arc<dyn Storage>,
    user: UserId,
    _database: TestDatabase,
}

async fn planner(backend: Backend) -> Planner {
    let database = TestDatabase::new(backend).await;
    let storage = server::db::connect(&database.url)
        .await
        .expect("connect and migrate");
    let user = account(&*storage, "pupil").await;
    Planner {
        storage,
        user,
        _database: database,
    }
}

async fn account(storage: &dyn Storage, name: &str) -> UserId {
    let id = UserId::new();
    let name = Username::parse(name).unwrap();
    storage
        .create_user(id, &name, "$argon2id$fake", at(0))
        .await
        .unwrap();
    id
}

fn at(minute: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 3, 8, minute, 0).unwrap()
}

/// The person's today in these tests: 3 December in Moscow.
fn today() -> Day {
    Day {
        date: NaiveDate::from_ymd_opt(2026, 12, 3).unwrap(),
        began: Utc.with_ymd_and_hms(2026, 12, 2, 21, 0, 0).unwrap(),
    }
}

fn day(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

impl Planner {
    /// Adds a task: `due` as `YYYY-MM-DD[ HH:MM]` or empty.
    async fn add(&self, title: &str, due: &str, list: Option<ListId>, minute: u32) -> Task {
        let (date, time) = due.split_once(' ').unwrap_or((due, ""));
        let fields = TaskForm {
            title: title.into(),
            due_date: date.into(),
            due_time: time.into(),
            list_id: list.map(|id| id.to_string()).unwrap_or_default(),
            ..TaskForm::default()
        }
        .parse()
        .unwrap();
        // Made a month earlier, so every change the tests make is later.
        let made = at(minute) - chrono::Duration::days(30);
        let task = Task::new(TaskId::new(), fields, made);
        self.save(&task, true).await;
        task
    }

    async fn save(&self, task: &Task, new: bool) {
        let mut work = self.storage.begin().await.unwrap();
        if new {
            work.insert_task(self.user, task).await.unwrap();
        } else {
            work.update_task(self.user, task).await.unwrap();
        }
        work.commit().await.unwrap();
    }

    async fn list(&self, name: &str) -> ListId {
        let list = TaskList::new(ListId::new(), ListName::parse(name).unwrap(), at(0));
        let mut work = self.storage.begin().await.unwrap();
        work.insert_list(self.user, &list).await.unwrap();
        work.commit().await.unwrap();
        list.id
    }

    async fn titles(&self, view: View) -> Vec<String> {
        self.view(view)
            .await
            .iter()
            .map(|t| t.title.to_string())
            .collect()
    }

    async fn view(&self, view: View) -> Vec<Task> {
        self.storage
            .view_tasks(self.user, view, today())
            .await
            .unwrap()
    }
}

async fn today_has_the_overdue_and_todays_open_tasks_then_what_was_done_today(backend: Backend) {
    let p = planner(backend).await;
    p.add("Сегодня без времени", "2026-12-03", None, 1).await;
    p.add("Сегодня в 18:00", "2026-12-03 18:00", None, 2).await;
    p.add("Сегодня в 08:30", "2026-12-03 08:30", None, 3).await;
    p.add("Просрочено", "2026-11-28", None, 4).await;
    p.add("Завтра", "2026-12-04", None, 5).await;
    p.add("Без даты", "", None, 6).await;
    let mut yesterday = p.add("Сделано вчера", "2026-12-02", None, 7).await;
    yesterday.set_completed(true, Utc.with_ymd_and_hms(2026, 12, 2, 20, 59, 0).unwrap());
    p.save(&yesterday, false).await;
    let mut late = p.add("Сделано сегодня позже", "2026-12-03", None, 8).await;
    late.set_completed(true, at(30));
    p.save(&late, false).await;
    let mut early = p.add("Сделано сегодня раньше", "", None, 9).await;
    early.set_completed(true, Utc.with_ymd_and_hms(2026, 12, 2, 21, 0, 0).unwrap());
    p.save(&early, false).await;

    // The open ones first, earliest due first; then those done since the
    // person's midnight, in the order they were done.
    assert_eq!(
        p.titles(View::Today).await,
        [
            "Просрочено",
            "Сегодня в 08:30",
            "Сегодня в 18:00",
            "Сегодня без времени",
            "Сделано сегодня раньше",
            "Сделано сегодня позже"
        ]
    );
}

async fn upcoming_starts_tomorrow_and_groups_by_day(backend: Backend) {
    let p = planner(backend).await;
    p.add("Сегодня", "2026-12-03", None, 1).await;
    p.add("Через месяц", "2027-01-03", None, 2).await;
    p.add("Завтра вечером", "2026-12-04 19:00", None, 3).await;
    p.add("Завтра", "2026-12-04", None, 4).await;
    p.add("Через две недели", "2026-12-17", None, 5).await;
    p.add("Через пятнадцать дней", "2026-12-18", None, 6).await;

    let tasks = p.view(View::Upcoming).await;
    let groups: Vec<(Heading, Vec<String>)> = group_by_day(&tasks, today().date)
        .into_iter()
        .map(|g| {
            (
                g.heading,
                g.tasks.iter().map(|t| t.title.to_string()).collect(),
            )
        })
        .collect();
    let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        groups,
        vec![
            (
                Heading::Day(day("2026-12-04")),
                names(&["Завтра вечером", "Завтра"])
            ),
            (
                Heading::Day(day("2026-12-17")),
                names(&["Через две недели"])
            ),
            (
                Heading::Later,
                names(&["Через пятнадцать дней", "Через месяц"])
            ),
        ]
    );
}

async fn the_inbox_and_a_list_keep_the_persons_order(backend: Backend) {
    let p = planner(backend).await;
    let school = p.list("Школа").await;
    let first = p.add("Первая", "", None, 1).await;
    let second = p.add("Вторая", "2026-12-10", None, 2).await;
    p.add("Реферат", "", Some(school), 3).await;
    assert_eq!(p.titles(View::Inbox).await, ["Первая", "Вторая"]);
    assert_eq!(p.titles(View::List(school)).await, ["Реферат"]);

    let mut work = p.storage.begin().await.unwrap();
    work.set_positions(p.user, &[second.id, first.id], at(9))
        .await
        .unwrap();
    work.commit().await.unwrap();
    assert_eq!(p.titles(View::Inbox).await, ["Вторая", "Первая"]);
}

async fn completed_shows_the_latest_done_first(backend: Backend) {
    let p = planner(backend).await;
    for (title, minute) in [("Первой", 10), ("Последней", 30), ("Второй", 20)]
    {
        let mut task = p.add(title, "", None, 1).await;
        task.set_completed(true, at(minute));
        p.save(&task, false).await;
    }
    p.add("Не сделана", "", None, 2).await;
    assert_eq!(
        p.titles(View::Completed).await,
        ["Последней", "Второй", "Первой"]
    );
}

async fn deleted_tasks_and_other_accounts_tasks_are_in_no_view(backend: Backend) {
    let p = planner(backend).await;
    let mut gone = p.add("Удалена", "2026-12-03", None, 1).await;
    gone.set_deleted(true, at(2));
    p.save(&gone, false).await;
    let stranger = account(&*p.storage, "stranger").await;
    let theirs = Task::new(
        TaskId::new(),
        TaskForm {
            title: "Чужая".into(),
            due_date: "2026-12-03".into(),
            ..TaskForm::default()
        }
        .parse()
        .unwrap(),
        at(3),
    );
    let mut work = p.storage.begin().await.unwrap();
    work.insert_task(stranger, &theirs).await.unwrap();
    work.commit().await.unwrap();

    for view in [View::Today, View::Upcoming, View::Inbox, View::Completed] {
        assert!(p.view(view).await.is_empty(), "{view:?}");
    }
    let nav = p.storage.view_counts(p.user, today().date).await.unwrap();
    assert_eq!((nav.today, nav.upcoming, nav.inbox), (0, 0, 0));
}

async fn the_counts_match_the_views(backend: Backend) {
    let p = planner(backend).await;
    let school = p.list("Школа").await;
    let music = p.list("Музыка").await;
    p.add("Просрочено", "2026-12-01", None, 1).await;
    p.add("Сегодня", "2026-12-03", Some(school), 2).await;
    p.add("Завтра", "2026-12-04", None, 3).await;
    p.add("Без даты", "", Some(school), 4).await;
    let mut done = p.add("Сделано", "2026-12-03", Some(school), 5).await;
    done.set_completed(true, at(6));
    p.save(&done, false).await;

    let nav = p.storage.view_counts(p.user, today().date).await.unwrap();
    // Today also shows what was done today; its count is of the open ones.
    let open_today = p
        .view(View::Today)
        .await
        .iter()
        .filter(|t| t.completed_at.is_none())
        .count();
    assert_eq!(nav.today as usize, open_today);
    assert_eq!(nav.upcoming as usize, p.view(View::Upcoming).await.len());
    assert_eq!(nav.inbox as usize, p.view(View::Inbox).await.len());
    assert_eq!((nav.today, nav.upcoming, nav.inbox), (2, 1, 2));
    let lists: Vec<(String, u32)> = nav
        .lists
        .iter()
        .map(|l| (l.list.name.as_str().to_owned(), l.open))
        .collect();
    assert_eq!(lists, [("Музыка".to_owned(), 0), ("Школа".to_owned(), 2)]);
    assert_eq!(nav.lists[1].list.id, school);
    assert_eq!(nav.lists[0].list.id, music);
}

async fn an_account_keeps_its_time_zone(backend: Backend) {
    let p = planner(backend).await;
    assert_eq!(
        p.storage.time_zone(p.user).await.unwrap(),
        TimeZoneName::utc()
    );
    let moscow = TimeZoneName::parse("Europe/Moscow").unwrap();
    let mut work = p.storage.begin().await.unwrap();
    work.set_time_zone(p.user, &moscow).await.unwrap();
    work.commit().await.unwrap();
    assert_eq!(p.storage.time_zone(p.user).await.unwrap(), moscow);
}
