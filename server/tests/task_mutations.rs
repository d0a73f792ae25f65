//! The task mutations through the HTTP API: set-state descriptions, safe to
//! repeat, on both backends.

#[macro_use]
mod support;

use reqwest::StatusCode;
use serde_json::Value;
use support::{spawn_app, Backend, TestApp};
use uuid::Uuid;

on_both_backends!(
    a_task_is_created_with_every_field,
    completing_a_repeating_task_twice_with_one_key_makes_one_next_occurrence,
    completing_a_repeating_task_with_different_keys_makes_one_next_occurrence,
    uncompleting_takes_back_the_untouched_next_occurrence,
    uncompleting_keeps_a_next_occurrence_that_was_changed,
    editing_sets_every_field_and_bad_fields_are_named,
    a_deleted_task_leaves_the_list_and_undo_brings_it_back,
    a_deleted_task_cannot_be_completed_or_edited_until_restored,
    lists_are_created_once_renamed_and_deleted_without_losing_tasks,
    a_task_cannot_be_put_into_another_accounts_list,
    reordering_sets_the_order,
);

struct Student {
    app: TestApp,
    browser: reqwest::Client,
}

impl Student {
    async fn new(backend: Backend) -> Self {
        let app = spawn_app(backend).await;
        let browser = app.signed_up_browser("masha").await;
        Self { app, browser }
    }

    async fn send(&self, path: &str, form: &[(&str, &str)]) -> reqwest::Response {
        self.send_keyed(&Uuid::new_v4().to_string(), path, form)
            .await
    }

    async fn send_keyed(&self, key: &str, path: &str, form: &[(&str, &str)]) -> reqwest::Response {
        self.app.post_keyed(&self.browser, key, path, form).await
    }

    async fn ok(&self, path: &str, form: &[(&str, &str)]) -> Value {
        let response = self.send(path, form).await;
        assert_eq!(
            response.status(),
            StatusCode::OK,
            "{path}: {}",
            response.text().await.unwrap()
        );
        response.json().await.unwrap()
    }

    async fn tasks(&self) -> Vec<Value> {
        self.app.tasks(&self.browser).await
    }

    /// A daily task due on 1 September 2026.
    async fn daily_task(&self) -> String {
        let id = Uuid::now_v7().to_string();
        self.ok(
            "/api/tasks/create",
            &[
                ("id", &id),
                ("title", "Зарядка"),
                ("due_date", "2026-09-01"),
                ("recurrence", "daily"),
            ],
        )
        .await;
        id
    }
}

fn due_dates(tasks: &[Value]) -> Vec<String> {
    tasks
        .iter()
        .map(|t| t["due"]["date"].as_str().unwrap_or("-").to_owned())
        .collect()
}

async fn a_task_is_created_with_every_field(backend: Backend) {
    let s = Student::new(backend).await;
    let id = Uuid::now_v7().to_string();
    let task = s
        .ok(
            "/api/tasks/create",
            &[
                ("id", &id),
                ("title", "  Физика §12 "),
                ("notes", "стр. 45"),
                ("due_date", "2026-09-01"),
                ("due_time", "18:30"),
                ("priority", "1"),
                ("recurrence", "weekly mon,thu"),
            ],
        )
        .await;
    assert_eq!(task["title"], "Физика §12");
    assert_eq!(task["notes"], "стр. 45");
    assert_eq!(
        task["due"],
        serde_json::json!({"date": "2026-09-01", "time": "18:30:00"})
    );
    assert_eq!(task["priority"], 1);
    assert_eq!(task["recurrence"], "weekly mon,thu");
    assert_eq!(s.tasks().await, vec![task]);
}

async fn completing_a_repeating_task_twice_with_one_key_makes_one_next_occurrence(
    backend: Backend,
) {
    let s = Student::new(backend).await;
    let id = s.daily_task().await;
    let key = Uuid::new_v4().to_string();
    for _ in 0..2 {
        let response = s
            .send_keyed(
                &key,
                "/api/tasks/complete",
                &[("id", &id), ("completed", "true")],
            )
            .await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    assert_eq!(due_dates(&s.tasks().await), ["2026-09-01", "2026-09-02"]);
}

async fn completing_a_repeating_task_with_different_keys_makes_one_next_occurrence(
    backend: Backend,
) {
    let s = Student::new(backend).await;
    let id = s.daily_task().await;
    for _ in 0..3 {
        s.ok("/api/tasks/complete", &[("id", &id), ("completed", "true")])
            .await;
    }
    let tasks = s.tasks().await;
    assert_eq!(due_dates(&tasks), ["2026-09-01", "2026-09-02"]);
    assert!(tasks[1]["completed_at"].is_null());
    assert_eq!(tasks[1]["series_id"], id.as_str());
}

async fn uncompleting_takes_back_the_untouched_next_occurrence(backend: Backend) {
    let s = Student::new(backend).await;
    let id = s.daily_task().await;
    s.ok("/api/tasks/complete", &[("id", &id), ("completed", "true")])
        .await;
    s.ok(
        "/api/tasks/complete",
        &[("id", &id), ("completed", "false")],
    )
    .await;
    let tasks = s.tasks().await;
    assert_eq!(due_dates(&tasks), ["2026-09-01"]);
    assert!(tasks[0]["completed_at"].is_null());

    // Completing again brings the same next occurrence back, once.
    s.ok("/api/tasks/complete", &[("id", &id), ("completed", "true")])
        .await;
    assert_eq!(due_dates(&s.tasks().await), ["2026-09-01", "2026-09-02"]);
}

async fn uncompleting_keeps_a_next_occurrence_that_was_changed(backend: Backend) {
    let s = Student::new(backend).await;
    let id = s.daily_task().await;
    s.ok("/api/tasks/complete", &[("id", &id), ("completed", "true")])
        .await;
    let next = s.tasks().await[1]["id"].as_str().unwrap().to_owned();
    s.ok(
        "/api/tasks/edit",
        &[
            ("id", &next),
            ("title", "Зарядка 15 минут"),
            ("due_date", "2026-09-02"),
            ("recurrence", "daily"),
        ],
    )
    .await;

    s.ok(
        "/api/tasks/complete",
        &[("id", &id), ("completed", "false")],
    )
    .await;
    let titles: Vec<Value> = s.tasks().await.iter().map(|t| t["title"].clone()).collect();
    assert_eq!(titles, ["Зарядка", "Зарядка 15 минут"]);
}

async fn editing_sets_every_field_and_bad_fields_are_named(backend: Backend) {
    let s = Student::new(backend).await;
    let id = s.daily_task().await;
    let edited = s
        .ok(
            "/api/tasks/edit",
            &[
                ("id", &id),
                ("title", "Чтение"),
                ("notes", "глава 3"),
                ("priority", "2"),
            ],
        )
        .await;
    assert_eq!(edited["title"], "Чтение");
    assert_eq!(
        edited["due"],
        Value::Null,
        "an empty field clears the due date"
    );
    assert_eq!(edited["recurrence"], Value::Null);

    let bad = s
        .send(
            "/api/tasks/edit",
            &[("id", &id), ("title", "Чтение"), ("due_date", "31.02.2026")],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        bad.json::<Value>().await.unwrap(),
        serde_json::json!({"InvalidTask": {"Due": "BadDate"}})
    );
    let bad = s
        .send(
            "/api/tasks/edit",
            &[("id", &id), ("title", "Чтение"), ("priority", "7")],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let bad = s
        .send(
            "/api/tasks/edit",
            &[("id", &id), ("title", "Чтение"), ("recurrence", "иногда")],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    assert_eq!(s.tasks().await[0]["notes"], "глава 3", "nothing changed");

    let unknown = s
        .send(
            "/api/tasks/edit",
            &[("id", &Uuid::now_v7().to_string()), ("title", "x")],
        )
        .await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
}

async fn a_deleted_task_leaves_the_list_and_undo_brings_it_back(backend: Backend) {
    let s = Student::new(backend).await;
    let id = s.daily_task().await;
    s.ok("/api/tasks/delete", &[("id", &id), ("deleted", "true")])
        .await;
    s.ok("/api/tasks/delete", &[("id", &id), ("deleted", "true")])
        .await;
    assert!(s.tasks().await.is_empty());
    let restored = s
        .ok("/api/tasks/delete", &[("id", &id), ("deleted", "false")])
        .await;
    assert_eq!(restored["title"], "Зарядка");
    assert_eq!(s.tasks().await.len(), 1);
}

async fn a_deleted_task_cannot_be_completed_or_edited_until_restored(backend: Backend) {
    let s = Student::new(backend).await;
    let id = s.daily_task().await;
    s.ok("/api/tasks/delete", &[("id", &id), ("deleted", "true")])
        .await;
    let complete = s
        .send("/api/tasks/complete", &[("id", &id), ("completed", "true")])
        .await;
    assert_eq!(complete.status(), StatusCode::NOT_FOUND);
    assert_eq!(complete.text().await.unwrap(), r#""TaskNotFound""#);
    let edit = s
        .send("/api/tasks/edit", &[("id", &id), ("title", "Другое")])
        .await;
    assert_eq!(edit.status(), StatusCode::NOT_FOUND);

    s.ok("/api/tasks/delete", &[("id", &id), ("deleted", "false")])
        .await;
    let done = s
        .ok("/api/tasks/complete", &[("id", &id), ("completed", "true")])
        .await;
    assert!(done["completed_at"].is_string());
    assert_eq!(s.tasks().await.len(), 2, "the task and its next occurrence");
}

async fn lists_are_created_once_renamed_and_deleted_without_losing_tasks(backend: Backend) {
    let s = Student::new(backend).await;
    let list = Uuid::now_v7().to_string();
    s.ok("/api/lists/create", &[("id", &list), ("name", "Алгебра")])
        .await;
    s.ok("/api/lists/create", &[("id", &list), ("name", "Алгебра")])
        .await;
    let renamed = s
        .ok("/api/lists/rename", &[("id", &list), ("name", "Геометрия")])
        .await;
    assert_eq!(renamed["name"], "Геометрия");
    let lists: Value = s
        .browser
        .get(s.app.url("/api/lists/list"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(lists.as_array().unwrap().len(), 1);

    let task = Uuid::now_v7().to_string();
    s.ok(
        "/api/tasks/create",
        &[("id", &task), ("title", "№245"), ("list_id", &list)],
    )
    .await;
    s.ok("/api/lists/delete", &[("id", &list)]).await;
    s.ok("/api/lists/delete", &[("id", &list)]).await;
    let tasks = s.tasks().await;
    assert_eq!(tasks.len(), 1);
    assert_eq!(
        tasks[0]["list_id"],
        Value::Null,
        "the task moved to the Inbox"
    );

    let empty = s
        .send(
            "/api/lists/create",
            &[("id", &Uuid::now_v7().to_string()), ("name", "  ")],
        )
        .await;
    assert_eq!(empty.status(), StatusCode::BAD_REQUEST);
}

async fn a_task_cannot_be_put_into_another_accounts_list(backend: Backend) {
    let s = Student::new(backend).await;
    let petya = s.app.signed_up_browser("petya").await;
    let list = Uuid::now_v7().to_string();
    s.ok("/api/lists/create", &[("id", &list), ("name", "Алгебра")])
        .await;

    let form = [
        ("id", Uuid::now_v7().to_string()),
        ("title", "чужой".into()),
        ("list_id", list.clone()),
    ];
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let response = s
        .app
        .post_keyed(
            &petya,
            &Uuid::new_v4().to_string(),
            "/api/tasks/create",
            &form,
        )
        .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let rename = [("id", list.as_str()), ("name", "mine")];
    let response = s
        .app
        .post_keyed(
            &petya,
            &Uuid::new_v4().to_string(),
            "/api/lists/rename",
            &rename,
        )
        .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

async fn reordering_sets_the_order(backend: Backend) {
    let s = Student::new(backend).await;
    let mut ids = Vec::new();
    for title in ["a", "b", "c"] {
        let id = Uuid::now_v7().to_string();
        s.ok("/api/tasks/create", &[("id", &id), ("title", title)])
            .await;
        ids.push(id);
    }
    let order = [
        ("ids[0]", ids[2].as_str()),
        ("ids[1]", ids[0].as_str()),
        ("ids[2]", ids[1].as_str()),
    ];
    let response = s.send("/api/tasks/reorder", &order).await;
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "{}",
        response.text().await.unwrap()
    );
    let titles: Vec<Value> = s.tasks().await.iter().map(|t| t["title"].clone()).collect();
    assert_eq!(titles, ["c", "a", "b"]);
}
