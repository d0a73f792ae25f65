//! Steps as each backend keeps them: every read of tasks gives each its
//! steps, in order, without the deleted ones (an export keeps them), and
//! never another account's — on SQLite and PostgreSQL.

use crate::support::{Backend, TestDatabase};
use app::domain::{
    ListId, ListName, SearchQuery, Step, StepId, StepTitle, Task, TaskForm, TaskId, TaskList,
    UserId, Username,
};
use app::ssr::storage::{Storage, StorageError};
use app::views::{Day, View};
use chrono::{DateTime, Duration, Utc};
use std::collections::BTreeMap;
use std::sync::Arc;

on_both_backends!(
    every_read_gives_each_task_its_steps_in_order_without_the_deleted,
    an_export_read_keeps_the_deleted_steps,
    a_step_is_written_and_read_back_with_every_field,
    another_accounts_steps_are_never_read_even_on_ones_own_task,
    a_step_id_is_one_step_and_another_accounts_id_is_a_conflict,
    a_task_inserted_with_steps_keeps_them_and_a_second_insert_adds_none,
    a_purged_task_takes_its_steps,
);

struct Planner {
    storage: Arc<dyn Storage>,
    masha: UserId,
    petya: UserId,
    now: DateTime<Utc>,
    _database: TestDatabase,
}

async fn planner(backend: Backend) -> Planner {
    let database = TestDatabase::new(backend).await;
    let storage = server::db::connect(&database.url).await.expect("connect");
    let now = app::domain::to_millis(Utc::now());
    let mut accounts = Vec::new();
    for name in ["masha", "petya"] {
        let id = UserId::new();
        let name = Username::parse(name).unwrap();
        storage.create_user(id, &name, "-", now).await.unwrap();
        accounts.push(id);
    }
    Planner {
        storage,
        masha: accounts[0],
        petya: accounts[1],
        now,
        _database: database,
    }
}

/// Task title → its steps' titles, in the order read.
type Checklists = BTreeMap<String, Vec<String>>;

fn checklists(tasks: &[Task]) -> Checklists {
    tasks
        .iter()
        .map(|task| {
            let steps = task.steps.iter().map(|s| s.title.to_string()).collect();
            (task.title.to_string(), steps)
        })
        .collect()
}

fn step(title: &str, position: i64, at: DateTime<Utc>) -> Step {
    Step::new(
        StepId::new(),
        StepTitle::parse(title).unwrap(),
        position,
        at,
    )
}

impl Planner {
    fn task(&self, title: &str, due_in_days: i64, list: Option<ListId>) -> Task {
        let due = (self.now + Duration::days(due_in_days)).date_naive();
        let mut fields = TaskForm {
            title: title.into(),
            due_date: due.format("%Y-%m-%d").to_string(),
            ..TaskForm::default()
        }
        .parse()
        .unwrap();
        fields.list_id = list;
        Task::new(TaskId::new(), fields, self.now)
    }

    /// Inserts tasks, then steps into them, in one unit of work.
    async fn save(&self, user: UserId, tasks: &[&Task], steps: &[(TaskId, &Step)]) {
        let mut work = self.storage.begin().await.unwrap();
        for task in tasks {
            work.insert_task(user, task).await.unwrap();
        }
        for (task, step) in steps {
            assert!(work.insert_step(user, *task, step).await.unwrap());
        }
        work.commit().await.unwrap();
    }

    /// Masha's planner: a task due today with four steps (one deleted), one
    /// in a list due tomorrow, one done today, one without steps.
    async fn mashas(&self) -> (ListId, Checklists) {
        let list = TaskList::new(ListId::new(), ListName::parse("Школа").unwrap(), self.now);
        let mut work = self.storage.begin().await.unwrap();
        work.insert_list(self.masha, &list).await.unwrap();
        work.commit().await.unwrap();
        let today = self.task("Алгебра сегодня", 0, None);
        let listed = self.task("Алгебра в списке", 1, Some(list.id));
        let mut done = self.task("Алгебра сделана", 0, None);
        done.set_completed(true, self.now);
        let plain = self.task("Алгебра без пунктов", 0, None);
        let later = self.now + Duration::seconds(1);
        let mut gone = step("вычеркнутый", 2, self.now);
        gone.set_deleted(true, later);
        let (b, a, c) = (
            step("b", 1, self.now),
            step("a", 0, later),
            step("c", 1, later),
        );
        let (x, y) = (step("x", 0, self.now), step("y", 0, self.now));
        self.save(
            self.masha,
            &[&today, &listed, &done, &plain],
            &[
                (today.id, &c),
                (today.id, &gone),
                (today.id, &b),
                (today.id, &a),
                (listed.id, &x),
                (done.id, &y),
            ],
        )
        .await;
        let expected = [
            ("Алгебра сегодня", vec!["a", "b", "c"]),
            ("Алгебра в списке", vec!["x"]),
            ("Алгебра сделана", vec!["y"]),
            ("Алгебра без пунктов", vec![]),
        ]
        .into_iter()
        .map(|(t, s)| (t.to_owned(), s.into_iter().map(str::to_owned).collect()))
        .collect();
        (list.id, expected)
    }
}

async fn every_read_gives_each_task_its_steps_in_order_without_the_deleted(backend: Backend) {
    let p = planner(backend).await;
    let (list, expected) = p.mashas().await;
    let (s, m) = (&p.storage, p.masha);
    // Each read is checked against what it holds of the expected.
    let check = |read: &str, tasks: Vec<Task>| {
        assert!(!tasks.is_empty(), "{read} read nothing");
        for (title, steps) in checklists(&tasks) {
            assert_eq!(Some(&steps), expected.get(&title), "{read}: {title}");
        }
    };
    check("list", s.list_tasks(m).await.unwrap());
    let today = Day::utc(p.now);
    for view in [
        View::Today,
        View::Upcoming,
        View::Inbox,
        View::List(list),
        View::Completed,
    ] {
        let name = view.name();
        check(&name, s.view_tasks(m, view, today).await.unwrap());
    }
    let query = SearchQuery::parse("алгебра").unwrap();
    let found = s.search_tasks(m, &query, true).await.unwrap();
    assert_eq!(checklists(&found), expected, "search finds all four");
    let since = p.now - Duration::days(30);
    check("calendar", s.calendar_tasks(m, since, 100).await.unwrap());
    for task in s.list_tasks(m).await.unwrap() {
        let one = s.get_task(m, task.id).await.unwrap().unwrap();
        assert_eq!(one.steps, task.steps, "get");
        let mut work = s.begin().await.unwrap();
        let locked = work.find_task(m, task.id).await.unwrap().unwrap();
        work.rollback().await.unwrap();
        assert_eq!(locked.steps, task.steps, "a unit of work's read");
    }
}

async fn an_export_read_keeps_the_deleted_steps(backend: Backend) {
    let p = planner(backend).await;
    let (_, mut expected) = p.mashas().await;
    expected
        .get_mut("Алгебра сегодня")
        .unwrap()
        .push("вычеркнутый".into());
    let all = p.storage.all_tasks(p.masha).await.unwrap();
    assert_eq!(checklists(&all), expected);
    let gone = &all.iter().find(|t| t.steps.len() == 4).unwrap().steps[3];
    assert!(gone.deleted_at.is_some());
}

async fn a_step_is_written_and_read_back_with_every_field(backend: Backend) {
    let p = planner(backend).await;
    let task = p.task("Физика", 0, None);
    let mut written = step("§12", 3, p.now);
    p.save(p.masha, &[&task], &[(task.id, &written)]).await;
    let minute = |n| p.now + Duration::minutes(n);
    written.rename(StepTitle::parse("§12, упр. 3").unwrap(), minute(1));
    written.set_done(true, minute(2));
    written.set_position(-4, minute(3));
    written.set_deleted(true, minute(4));
    written.set_deleted(false, minute(5));
    let mut work = p.storage.begin().await.unwrap();
    work.update_step(p.masha, &written).await.unwrap();
    let (owner, read) = work.find_step(p.masha, written.id).await.unwrap().unwrap();
    work.commit().await.unwrap();
    assert_eq!((owner, &read), (task.id, &written));
    // Deleted, it is still found by id (to restore it), with its time.
    written.set_deleted(true, minute(6));
    let mut work = p.storage.begin().await.unwrap();
    work.update_step(p.masha, &written).await.unwrap();
    let (_, read) = work.find_step(p.masha, written.id).await.unwrap().unwrap();
    let missing = work.update_step(p.petya, &written).await;
    work.commit().await.unwrap();
    assert_eq!(read, written);
    assert!(matches!(missing, Err(StorageError::NotFound)));
}

async fn another_accounts_steps_are_never_read_even_on_ones_own_task(backend: Backend) {
    let p = planner(backend).await;
    let (_, expected) = p.mashas().await;
    let mashas = p.storage.list_tasks(p.masha).await.unwrap();
    let his = p.task("Петина", 0, None);
    let his_step = step("петин пункт", 0, p.now);
    // A row of his naming her task: her reads take only her own rows.
    let intruder = step("чужой", 0, p.now);
    p.save(
        p.petya,
        &[&his],
        &[(his.id, &his_step), (mashas[0].id, &intruder)],
    )
    .await;
    assert_eq!(
        checklists(&p.storage.list_tasks(p.masha).await.unwrap()),
        expected
    );
    assert_eq!(
        checklists(&p.storage.all_tasks(p.masha).await.unwrap())
            .values()
            .flatten()
            .filter(|title| *title == "чужой" || *title == "петин пункт")
            .count(),
        0
    );
    let his_read = p.storage.all_tasks(p.petya).await.unwrap();
    assert_eq!(checklists(&his_read)["Петина"], ["петин пункт"]);
    let mut work = p.storage.begin().await.unwrap();
    assert!(work
        .find_step(p.masha, his_step.id)
        .await
        .unwrap()
        .is_none());
    assert!(work
        .find_step(p.petya, his_step.id)
        .await
        .unwrap()
        .is_some());
    work.rollback().await.unwrap();
}

async fn a_step_id_is_one_step_and_another_accounts_id_is_a_conflict(backend: Backend) {
    let p = planner(backend).await;
    let task = p.task("Физика", 0, None);
    let first = step("§12", 0, p.now);
    p.save(p.masha, &[&task], &[(task.id, &first)]).await;
    let mut again = first.clone();
    again.title = StepTitle::parse("другое").unwrap();
    let mut work = p.storage.begin().await.unwrap();
    assert!(!work.insert_step(p.masha, task.id, &again).await.unwrap());
    let his = work.insert_step(p.petya, task.id, &first).await;
    assert!(matches!(his, Err(StorageError::Conflict)));
    work.commit().await.unwrap();
    let read = p.storage.get_task(p.masha, task.id).await.unwrap().unwrap();
    assert_eq!(read.steps, [first]);
}

async fn a_task_inserted_with_steps_keeps_them_and_a_second_insert_adds_none(backend: Backend) {
    let p = planner(backend).await;
    let mut task = p.task("Зарядка", 0, None);
    task.steps = vec![step("разминка", 0, p.now), step("планка", 1, p.now)];
    p.save(p.masha, &[&task], &[]).await;
    let mut replay = task.clone();
    replay.steps.push(step("лишний", 2, p.now));
    let mut work = p.storage.begin().await.unwrap();
    assert!(!work.insert_task(p.masha, &replay).await.unwrap());
    work.commit().await.unwrap();
    let read = p.storage.get_task(p.masha, task.id).await.unwrap().unwrap();
    assert_eq!(read.steps, task.steps);
}

async fn a_purged_task_takes_its_steps(backend: Backend) {
    let p = planner(backend).await;
    let mut task = p.task("Зарядка", 0, None);
    task.steps = vec![step("разминка", 0, p.now)];
    p.save(p.masha, &[&task], &[]).await;
    let mut work = p.storage.begin().await.unwrap();
    assert!(work.purge_task(p.masha, task.id).await.unwrap());
    let step_left = work.find_step(p.masha, task.steps[0].id).await.unwrap();
    work.commit().await.unwrap();
    assert!(step_left.is_none());
    assert!(p.storage.all_tasks(p.masha).await.unwrap().is_empty());
}
