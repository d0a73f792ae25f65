//! The task mutations through the HTTP API: set-state descriptions, safe to
//! repeat, on both backends.

use crate::support::{error_code, Backend, Student};
use reqwest::StatusCode;
use serde_json::Value;
use uuid::Uuid;

on_both_backends!(
    a_task_is_created_with_every_field,
    completing_a_repeating_task_twice_with_one_key_makes_one_next_occurrence,
    completing_a_repeating_task_with_different_keys_makes_one_next_occurrence,
    uncompleting_takes_back_the_untouched_next_occurrence,
    uncompleting_keeps_a_next_occurrence_that_was_changed,
    editing_sets_the_fields_sent_and_bad_fields_are_named,
    a_deleted_task_leaves_the_list_and_undo_brings_it_back,
    a_deleted_task_cannot_be_completed_or_edited_until_restored,
    lists_are_created_once_renamed_and_deleted_without_losing_tasks,
    a_task_cannot_be_put_into_another_accounts_list,
    reordering_sets_the_order,
    the_last_tap_wins_whatever_order_the_taps_arrive_in,
    an_older_edit_of_a_field_changes_nothing_and_a_newer_one_applies,
    a_late_delete_does_not_undo_a_later_restore,
    a_completion_replayed_after_its_key_was_forgotten_leaves_the_later_state,
    an_uncompletion_that_loses_to_a_later_completion_keeps_the_next_occurrence,
    an_older_order_does_not_undo_a_newer_one,
    a_change_from_the_future_counts_as_made_now,
);

impl Student {
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

async fn editing_sets_the_fields_sent_and_bad_fields_are_named(backend: Backend) {
    let s = Student::new(backend).await;
    let id = s.daily_task().await;
    let before = s.tasks().await[0].clone();
    let edited = s
        .ok(
            "/api/tasks/edit",
            &[
                ("id", &id),
                ("title", "Чтение"),
                ("notes", "глава 3"),
                ("priority", "2"),
                ("set", "title,notes,priority"),
            ],
        )
        .await;
    assert_eq!(edited["title"], "Чтение");
    assert_eq!(edited["priority"], 2);
    assert_eq!(
        edited["due"], before["due"],
        "a field not sent is left as it is"
    );
    assert_eq!(edited["recurrence"], "daily");
    let cleared = s
        .ok(
            "/api/tasks/edit",
            &[
                ("id", &id),
                ("due_date", ""),
                ("recurrence", ""),
                ("set", "due,recurrence"),
            ],
        )
        .await;
    assert_eq!(cleared["due"], Value::Null, "an empty field clears it");
    assert_eq!(cleared["recurrence"], Value::Null);
    assert_eq!(cleared["title"], "Чтение");

    let bad = s
        .send(
            "/api/tasks/edit",
            &[("id", &id), ("title", "Чтение"), ("due_date", "31.02.2026")],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let error = bad.json::<Value>().await.unwrap();
    assert_eq!(error["error"], "invalid_task");
    assert_eq!(error["detail"], serde_json::json!({"Due": "BadDate"}));
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
    let whole = s
        .ok("/api/tasks/edit", &[("id", &id), ("title", "Без формы")])
        .await;
    assert_eq!(
        (whole["title"].as_str(), whole["notes"].as_str()),
        (Some("Без формы"), Some("")),
        "a form without JavaScript (no `set`) sets every field"
    );

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
    assert_eq!(
        error_code(&complete.text().await.unwrap()),
        "task_not_found"
    );
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

/// A moment on 1 September 2026 (the tasks here are made at 07:00).
fn at(hour: u32, minute: u32) -> String {
    format!("2026-09-01T{hour:02}:{minute:02}:00.000Z")
}

impl Student {
    /// A task made at 07:00 on 1 September 2026.
    async fn morning_task(&self, title: &str, recurrence: &str) -> String {
        let id = Uuid::now_v7().to_string();
        let made = at(7, 0);
        self.ok(
            "/api/tasks/create",
            &[
                ("id", &id),
                ("title", title),
                ("due_date", "2026-09-01"),
                ("recurrence", recurrence),
                ("at", &made),
            ],
        )
        .await;
        id
    }

    async fn task(&self, id: &str) -> Value {
        self.tasks()
            .await
            .into_iter()
            .find(|t| t["id"] == id)
            .expect("the task is listed")
    }

    async fn complete(&self, id: &str, completed: bool, at: &str) -> Value {
        let completed = completed.to_string();
        self.ok(
            "/api/tasks/complete",
            &[("id", id), ("completed", &completed), ("at", at)],
        )
        .await
    }
}

async fn the_last_tap_wins_whatever_order_the_taps_arrive_in(backend: Backend) {
    let s = Student::new(backend).await;
    let id = s.morning_task("Физика", "").await;
    // Done at 8:05 (its request lost and queued), not done at 8:06
    // (delivered at once); the first lands last.
    let second = s.complete(&id, false, &at(8, 6)).await;
    let first = s.complete(&id, true, &at(8, 5)).await;
    assert_eq!(second["completed_at"], Value::Null);
    assert_eq!(
        first["completed_at"],
        Value::Null,
        "the answer is the task as it now is"
    );
    assert_eq!(s.task(&id).await["completed_at"], Value::Null);
}

async fn an_older_edit_of_a_field_changes_nothing_and_a_newer_one_applies(backend: Backend) {
    let s = Student::new(backend).await;
    let id = s.morning_task("Физика", "").await;
    let edit = |title: &'static str, notes: &'static str, at: String| {
        let (s, id) = (&s, id.clone());
        async move {
            s.ok(
                "/api/tasks/edit",
                &[
                    ("id", &id),
                    ("title", title),
                    ("notes", notes),
                    ("set", "title,notes"),
                    ("at", &at),
                ],
            )
            .await
        }
    };
    // The laptop renamed it at 9:00; the phone's edit of 8:30 arrives after.
    edit("Физика §12", "", at(9, 0)).await;
    let late = edit("Физика устно", "стр. 45", at(8, 30)).await;
    assert_eq!(late["title"], "Физика §12", "the older title lost");
    assert_eq!(
        late["notes"], "",
        "and so did its notes, changed at 9:00 too"
    );
    let newer = edit("Физика §13", "стр. 46", at(9, 30)).await;
    assert_eq!(
        (newer["title"].as_str(), newer["notes"].as_str()),
        (Some("Физика §13"), Some("стр. 46"))
    );
    // Another field, changed only by the old edit, still takes it.
    let priority = s
        .ok(
            "/api/tasks/edit",
            &[
                ("id", &id),
                ("priority", "1"),
                ("set", "priority"),
                ("at", &at(8, 0)),
            ],
        )
        .await;
    assert_eq!(priority["priority"], 1);
    assert_eq!(priority["title"], "Физика §13");
}

async fn a_late_delete_does_not_undo_a_later_restore(backend: Backend) {
    let s = Student::new(backend).await;
    let id = s.morning_task("Физика", "").await;
    let set = |deleted: &'static str, at: String| {
        let (s, id) = (&s, id.clone());
        async move {
            s.ok(
                "/api/tasks/delete",
                &[("id", &id), ("deleted", deleted), ("at", &at)],
            )
            .await
        }
    };
    set("false", at(8, 10)).await;
    let late = set("true", at(8, 9)).await;
    assert_eq!(late["deleted_at"], Value::Null);
    assert_eq!(s.tasks().await.len(), 1);
}

async fn a_completion_replayed_after_its_key_was_forgotten_leaves_the_later_state(
    backend: Backend,
) {
    let s = Student::new(backend).await;
    let id = s.morning_task("Физика", "").await;
    let key = Uuid::new_v4().to_string();
    let done = [
        ("id", id.as_str()),
        ("completed", "true"),
        ("at", "2026-09-01T08:05:00.000Z"),
    ];
    assert_eq!(
        s.send_keyed(&key, "/api/tasks/complete", &done)
            .await
            .status(),
        StatusCode::OK
    );
    // Later that evening: renamed, and taken back.
    s.ok(
        "/api/tasks/edit",
        &[
            ("id", &id),
            ("title", "Физика §12"),
            ("set", "title"),
            ("at", &at(20, 0)),
        ],
    )
    .await;
    s.complete(&id, false, &at(20, 1)).await;
    // A week on, the server has forgotten the key; the phone replays it.
    let forgotten = s
        .app
        .storage
        .delete_keys_created_before(chrono::Utc::now() + chrono::Duration::minutes(1), 100)
        .await
        .unwrap();
    assert!(forgotten >= 3);
    let replay = s.send_keyed(&key, "/api/tasks/complete", &done).await;
    assert_eq!(replay.status(), StatusCode::OK);
    assert!(
        replay.headers().get("idempotency-replayed").is_none(),
        "run again, not replayed"
    );
    let task = s.task(&id).await;
    assert_eq!(task["completed_at"], Value::Null, "the later state stands");
    assert_eq!(task["title"], "Физика §12");
}

async fn an_uncompletion_that_loses_to_a_later_completion_keeps_the_next_occurrence(
    backend: Backend,
) {
    let s = Student::new(backend).await;
    let id = s.morning_task("Зарядка", "daily").await;
    s.complete(&id, true, &at(8, 10)).await;
    s.complete(&id, false, &at(8, 5)).await;
    let tasks = s.tasks().await;
    assert_eq!(tasks.len(), 2, "the next occurrence stays: {tasks:?}");
    assert!(s.task(&id).await["completed_at"].is_string());
}

async fn an_older_order_does_not_undo_a_newer_one(backend: Backend) {
    let s = Student::new(backend).await;
    let (a, b) = (s.morning_task("A", "").await, s.morning_task("B", "").await);
    let order = |first: &str, second: &str, at: String| {
        let (s, first, second) = (&s, first.to_owned(), second.to_owned());
        async move {
            s.ok(
                "/api/tasks/reorder",
                &[("ids[0]", &first), ("ids[1]", &second), ("at", &at)],
            )
            .await
        }
    };
    order(&b, &a, at(9, 0)).await;
    order(&a, &b, at(8, 0)).await;
    let titles: Vec<Value> = s.tasks().await.iter().map(|t| t["title"].clone()).collect();
    assert_eq!(titles, ["B", "A"]);
}

async fn a_change_from_the_future_counts_as_made_now(backend: Backend) {
    let s = Student::new(backend).await;
    let id = s.morning_task("Физика", "").await;
    // A phone whose clock runs a day fast completes it...
    let tomorrow = (chrono::Utc::now() + chrono::Duration::days(1)).to_rfc3339();
    s.complete(&id, true, &tomorrow).await;
    // ...and a laptop takes it back a moment later: the laptop's tap wins.
    let now = (chrono::Utc::now() + chrono::Duration::seconds(1)).to_rfc3339();
    let answer = s.complete(&id, false, &now).await;
    assert_eq!(answer["completed_at"], Value::Null);
}
