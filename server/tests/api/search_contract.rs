//! Search as each backend answers it: words in the title or the notes, in
//! any case, `ё` as `е`, word forms, done tasks only when asked, never a
//! deleted task or another account's — on SQLite and PostgreSQL.

use crate::support::{Backend, TestDatabase};
use app::domain::{SearchQuery, Task, TaskForm, TaskId, UserId, Username};
use app::ssr::storage::Storage;
use chrono::{DateTime, TimeZone, Utc};
use sqlx::Connection;
use std::sync::Arc;

on_both_backends!(
    a_word_finds_tasks_by_their_title_or_notes,
    case_and_yo_do_not_matter,
    russian_and_english_word_forms_are_found,
    every_word_must_be_found,
    a_completed_task_is_found_only_when_asked,
    deleted_tasks_and_other_accounts_tasks_are_never_found,
    an_edited_title_is_found_by_its_new_words_only,
    the_open_come_first_by_due_date,
    tasks_stored_before_search_existed_are_found_after_a_restart,
);

struct Searcher {
    storage: Arc<dyn Storage>,
    user: UserId,
    database: TestDatabase,
}

async fn searcher(backend: Backend) -> Searcher {
    let database = TestDatabase::new(backend).await;
    let storage = server::db::connect(&database.url)
        .await
        .expect("connect and migrate");
    let user = account(&*storage, "pupil").await;
    Searcher {
        storage,
        user,
        database,
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

impl Searcher {
    async fn add(&self, title: &str, notes: &str) -> Task {
        self.add_for(self.user, title, notes, "").await
    }

    async fn add_due(&self, title: &str, due: &str) -> Task {
        self.add_for(self.user, title, "", due).await
    }

    async fn add_for(&self, user: UserId, title: &str, notes: &str, due: &str) -> Task {
        let fields = TaskForm {
            title: title.into(),
            notes: notes.into(),
            due_date: due.into(),
            ..TaskForm::default()
        }
        .parse()
        .unwrap();
        let task = Task::new(TaskId::new(), fields, at(1));
        self.save(user, &task, true).await;
        task
    }

    async fn save(&self, user: UserId, task: &Task, new: bool) {
        let mut work = self.storage.begin().await.unwrap();
        if new {
            work.insert_task(user, task).await.unwrap();
        } else {
            work.update_task(user, task).await.unwrap();
        }
        work.commit().await.unwrap();
    }

    async fn found(&self, words: &str) -> Vec<String> {
        self.found_with(words, false).await
    }

    async fn found_with(&self, words: &str, done: bool) -> Vec<String> {
        let query = SearchQuery::parse(words).unwrap();
        let mut titles: Vec<String> = self
            .storage
            .search_tasks(self.user, &query, done)
            .await
            .unwrap()
            .iter()
            .map(|task| task.title.to_string())
            .collect();
        titles.sort();
        titles
    }
}

async fn a_word_finds_tasks_by_their_title_or_notes(backend: Backend) {
    let s = searcher(backend).await;
    s.add("Алгебра", "№245, 247").await;
    s.add("Физика", "параграф 12, задачи после него").await;
    s.add("Литература", "").await;
    assert_eq!(s.found("алгебра").await, ["Алгебра"]);
    assert_eq!(s.found("245").await, ["Алгебра"]);
    assert_eq!(s.found("параграф").await, ["Физика"]);
    assert!(s.found("химия").await.is_empty());
}

async fn case_and_yo_do_not_matter(backend: Backend) {
    let s = searcher(backend).await;
    s.add("Купить ёлку", "").await;
    s.add("ЕГЭ по физике", "").await;
    assert_eq!(s.found("елку").await, ["Купить ёлку"]);
    assert_eq!(s.found("ЁЛКУ").await, ["Купить ёлку"]);
    assert_eq!(s.found("егэ").await, ["ЕГЭ по физике"]);
}

async fn russian_and_english_word_forms_are_found(backend: Backend) {
    let s = searcher(backend).await;
    s.add("Решить задачи", "").await;
    s.add("Finish the tasks", "").await;
    s.add("Алгебра", "").await;
    assert_eq!(s.found("задача").await, ["Решить задачи"]);
    assert_eq!(s.found("задачу").await, ["Решить задачи"]);
    assert_eq!(s.found("task").await, ["Finish the tasks"]);
    assert_eq!(s.found("tasks").await, ["Finish the tasks"]);
    if matches!(backend, Backend::Postgres) {
        // A stemmer's work; SQLite has none, and finds by the light stem.
        assert_eq!(s.found("finishing").await, ["Finish the tasks"]);
        assert_eq!(s.found("задачами").await, ["Решить задачи"]);
    }
    // A word still being typed finds the words it begins.
    assert_eq!(s.found("алгеб").await, ["Алгебра"]);
}

async fn every_word_must_be_found(backend: Backend) {
    let s = searcher(backend).await;
    s.add("Алгебра", "№245").await;
    s.add("Алгебра", "№300").await;
    assert_eq!(s.found("алгебра 245").await, ["Алгебра"]);
    assert!(s.found("алгебра 999").await.is_empty());
}

async fn a_completed_task_is_found_only_when_asked(backend: Backend) {
    let s = searcher(backend).await;
    let mut done = s.add("Сочинение", "").await;
    done.set_completed(true, at(5));
    s.save(s.user, &done, false).await;
    s.add("Сочинение, черновик", "").await;
    assert_eq!(s.found("сочинение").await, ["Сочинение, черновик"]);
    assert_eq!(
        s.found_with("сочинение", true).await,
        ["Сочинение", "Сочинение, черновик"]
    );
}

async fn deleted_tasks_and_other_accounts_tasks_are_never_found(backend: Backend) {
    let s = searcher(backend).await;
    let mut deleted = s.add("Химия", "").await;
    deleted.set_deleted(true, at(5));
    s.save(s.user, &deleted, false).await;
    let classmate = account(&*s.storage, "classmate").await;
    s.add_for(classmate, "Химия, лабораторная", "", "").await;
    assert!(s.found_with("химия", true).await.is_empty());
}

async fn an_edited_title_is_found_by_its_new_words_only(backend: Backend) {
    let s = searcher(backend).await;
    let mut task = s.add("История", "").await;
    let patch = app::domain::PatchForm {
        title: Some("Обществознание".into()),
        ..Default::default()
    }
    .parse()
    .unwrap();
    task.edit(&patch, at(5));
    s.save(s.user, &task, false).await;
    assert!(s.found("история").await.is_empty());
    assert_eq!(s.found("обществознание").await, ["Обществознание"]);
}

async fn the_open_come_first_by_due_date(backend: Backend) {
    let s = searcher(backend).await;
    let mut done = s.add_due("Проект: защита", "2026-12-01").await;
    done.set_completed(true, at(5));
    s.save(s.user, &done, false).await;
    s.add("Проект: идеи", "").await;
    s.add_due("Проект: сдать", "2026-12-20").await;
    s.add_due("Проект: план", "2026-12-10").await;
    let query = SearchQuery::parse("проект").unwrap();
    let found: Vec<String> = s
        .storage
        .search_tasks(s.user, &query, true)
        .await
        .unwrap()
        .iter()
        .map(|task| task.title.to_string())
        .collect();
    assert_eq!(
        found,
        [
            "Проект: план",
            "Проект: сдать",
            "Проект: идеи",
            "Проект: защита"
        ]
    );
}

async fn tasks_stored_before_search_existed_are_found_after_a_restart(backend: Backend) {
    let s = searcher(backend).await;
    s.add("Биология", "").await;
    // As a task written before migration 0009 has it.
    forget_search_text(&s.database).await;
    assert!(s.found("биология").await.is_empty());
    let restarted = server::db::connect(&s.database.url).await.unwrap();
    let query = SearchQuery::parse("биология").unwrap();
    let found = restarted.search_tasks(s.user, &query, false).await.unwrap();
    assert_eq!(found.len(), 1);
}

async fn forget_search_text(database: &TestDatabase) {
    let sql = "UPDATE tasks SET search_text = NULL";
    match &database.url {
        server::db::DatabaseUrl::Sqlite(url) => {
            let mut db = sqlx::SqliteConnection::connect(url).await.unwrap();
            sqlx::query(sql).execute(&mut db).await.unwrap();
        }
        server::db::DatabaseUrl::Postgres(url) => {
            let mut db = sqlx::PgConnection::connect(url).await.unwrap();
            sqlx::query(sql).execute(&mut db).await.unwrap();
        }
    }
}
