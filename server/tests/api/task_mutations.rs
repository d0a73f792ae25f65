//! The task mutations through the HTTP API: set-state descriptions, safe to
//! repeat, on both backends.

use crate::support::{error_code, Backend, Student};
use app::domain::{Task, TaskList};
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
    a_deleted_task_cannot_be_completed_until_restored,
    an_edit_of_a_task_deleted_elsewhere_brings_it_back_with_the_edit,
    a_task_sent_into_a_list_deleted_meanwhile_lands_in_the_inbox,
    lists_are_created_once_renamed_and_deleted_without_losing_tasks,
    a_task_sent_into_another_accounts_list_lands_in_ones_own_inbox,
    reordering_sets_the_order,
    the_last_tap_wins_whatever_order_the_taps_arrive_in,
    an_older_edit_of_a_field_changes_nothing_and_a_newer_one_applies,
    a_late_delete_does_not_undo_a_later_restore,
    the_last_rename_of_a_list_wins_whatever_order_they_arrive_in,
    a_deleted_lists_tasks_move_out_at_the_time_of_the_deletion,
    a_completion_replayed_after_its_key_was_forgotten_leaves_the_later_state,
    an_uncompletion_that_loses_to_a_later_completion_keeps_the_next_occurrence,
    an_older_order_does_not_undo_a_newer_one,
    a_change_from_the_future_counts_as_made_now,
);

impl Student {
    /// A daily task due on 1 September 2026.
    async fn daily_task(&self) -> String {
        let id = Uuid::now_v7().to_string();
        self.done(
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

fn due_dates(tasks: &[Task]) -> Vec<String> {
    tasks
        .iter()
        .map(|t| t.due.map_or("-".to_owned(), |due| due.date.to_string()))
        .collect()
}

fn titles(tasks: &[Task]) -> Vec<&str> {
    tasks.iter().map(|t| t.title.as_str()).collect()
}

/// A task's repetition as the person writes it.
fn repeats(task: &Task) -> Option<String> {
    task.recurrence.as_ref().map(ToString::to_string)
}

async fn a_task_is_created_with_every_field(backend: Backend) {
    let s = Student::new(backend).await;
    let id = Uuid::now_v7().to_string();
    let task: Task = s
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
    assert_eq!(task.title.as_str(), "Физика §12");
    assert_eq!(task.notes.as_str(), "стр. 45");
    let due = task.due.expect("a due date");
    assert_eq!(
        (due.date.to_string(), due.time.map(|t| t.to_string())),
        ("2026-09-01".into(), Some("18:30:00".into()))
    );
    assert_eq!(task.priority.level(), 1);
    assert_eq!(repeats(&task).as_deref(), Some("weekly mon,thu"));
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
        s.done("/api/tasks/complete", &[("id", &id), ("completed", "true")])
            .await;
    }
    let tasks = s.tasks().await;
    assert_eq!(due_dates(&tasks), ["2026-09-01", "2026-09-02"]);
    assert!(tasks[1].completed_at.is_none());
    assert_eq!(tasks[1].series_id.map(|id| id.to_string()), Some(id));
}

async fn uncompleting_takes_back_the_untouched_next_occurrence(backend: Backend) {
    let s = Student::new(backend).await;
    let id = s.daily_task().await;
    s.done("/api/tasks/complete", &[("id", &id), ("completed", "true")])
        .await;
    s.done(
        "/api/tasks/complete",
        &[("id", &id), ("completed", "false")],
    )
    .await;
    let tasks = s.tasks().await;
    assert_eq!(due_dates(&tasks), ["2026-09-01"]);
    assert!(tasks[0].completed_at.is_none());

    // Completing again brings the same next occurrence back, once.
    s.done("/api/tasks/complete", &[("id", &id), ("completed", "true")])
        .await;
    assert_eq!(due_dates(&s.tasks().await), ["2026-09-01", "2026-09-02"]);
}

async fn uncompleting_keeps_a_next_occurrence_that_was_changed(backend: Backend) {
    let s = Student::new(backend).await;
    let id = s.daily_task().await;
    s.done("/api/tasks/complete", &[("id", &id), ("completed", "true")])
        .await;
    let next = s.tasks().await[1].id.to_string();
    s.done(
        "/api/tasks/edit",
        &[
            ("id", &next),
            ("title", "Зарядка 15 минут"),
            ("due_date", "2026-09-02"),
            ("recurrence", "daily"),
        ],
    )
    .await;

    s.done(
        "/api/tasks/complete",
        &[("id", &id), ("completed", "false")],
    )
    .await;
    assert_eq!(titles(&s.tasks().await), ["Зарядка", "Зарядка 15 минут"]);
}

async fn editing_sets_the_fields_sent_and_bad_fields_are_named(backend: Backend) {
    let s = Student::new(backend).await;
    let id = s.daily_task().await;
    let before = s.tasks().await[0].clone();
    let edited: Task = s
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
    assert_eq!(edited.title.as_str(), "Чтение");
    assert_eq!(edited.priority.level(), 2);
    assert_eq!(edited.due, before.due, "a field not sent is left as it is");
    assert_eq!(repeats(&edited).as_deref(), Some("daily"));
    let cleared: Task = s
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
    assert_eq!(cleared.due, None, "an empty field clears it");
    assert_eq!(cleared.recurrence, None);
    assert_eq!(cleared.title.as_str(), "Чтение");

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
    assert_eq!(
        s.tasks().await[0].notes.as_str(),
        "глава 3",
        "nothing changed"
    );
    let whole: Task = s
        .ok("/api/tasks/edit", &[("id", &id), ("title", "Без формы")])
        .await;
    assert_eq!(
        (whole.title.as_str(), whole.notes.as_str()),
        ("Без формы", ""),
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
    s.done("/api/tasks/delete", &[("id", &id), ("deleted", "true")])
        .await;
    s.done("/api/tasks/delete", &[("id", &id), ("deleted", "true")])
        .await;
    assert!(s.tasks().await.is_empty());
    let restored: Task = s
        .ok("/api/tasks/delete", &[("id", &id), ("deleted", "false")])
        .await;
    assert_eq!(restored.title.as_str(), "Зарядка");
    assert_eq!(s.tasks().await.len(), 1);
}

async fn a_deleted_task_cannot_be_completed_until_restored(backend: Backend) {
    let s = Student::new(backend).await;
    let id = s.daily_task().await;
    s.done("/api/tasks/delete", &[("id", &id), ("deleted", "true")])
        .await;
    let complete = s
        .send("/api/tasks/complete", &[("id", &id), ("completed", "true")])
        .await;
    assert_eq!(complete.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        error_code(&complete.text().await.unwrap()),
        "task_not_found"
    );
    assert!(s.tasks().await.is_empty(), "still deleted");

    s.done("/api/tasks/delete", &[("id", &id), ("deleted", "false")])
        .await;
    let done: Task = s
        .ok("/api/tasks/complete", &[("id", &id), ("completed", "true")])
        .await;
    assert!(done.completed_at.is_some());
    assert_eq!(s.tasks().await.len(), 2, "the task and its next occurrence");
}

/// docs/design.md §2: what the person typed is never lost. An edit made
/// offline of a task another device deleted meanwhile (even before the
/// deletion) brings the task back with the edit; an edit that loses to a
/// later one of every part it sets brings nothing back.
async fn an_edit_of_a_task_deleted_elsewhere_brings_it_back_with_the_edit(backend: Backend) {
    let s = Student::new(backend).await;
    let id = Uuid::now_v7().to_string();
    let at = |minute: u32| format!("2026-09-01T08:{minute:02}:00.000Z");
    s.done(
        "/api/tasks/create",
        &[("id", &id), ("title", "Реферат"), ("at", &at(0))],
    )
    .await;
    s.done(
        "/api/tasks/delete",
        &[("id", &id), ("deleted", "true"), ("at", &at(20))],
    )
    .await;
    let edited: Task = s
        .ok(
            "/api/tasks/edit",
            &[
                ("id", &id),
                ("notes", "источники: стр. 45"),
                ("set", "notes"),
                ("at", &at(10)),
            ],
        )
        .await;
    assert_eq!(edited.deleted_at, None);
    assert_eq!(edited.notes.as_str(), "источники: стр. 45");
    let listed = s.tasks().await;
    assert_eq!(listed.len(), 1, "back in the list");
    assert_eq!(listed[0].notes.as_str(), "источники: стр. 45");

    // Deleted again; an edit older than the last change of its part.
    s.done(
        "/api/tasks/edit",
        &[
            ("id", &id),
            ("title", "Доклад"),
            ("set", "title"),
            ("at", &at(30)),
        ],
    )
    .await;
    s.done(
        "/api/tasks/delete",
        &[("id", &id), ("deleted", "true"), ("at", &at(40))],
    )
    .await;
    let stale: Task = s
        .ok(
            "/api/tasks/edit",
            &[
                ("id", &id),
                ("title", "Старое"),
                ("set", "title"),
                ("at", &at(25)),
            ],
        )
        .await;
    assert!(
        stale.deleted_at.is_some(),
        "nothing of it applied: stays deleted"
    );
    assert_eq!(stale.title.as_str(), "Доклад");
}

/// A task added offline into a list another device deleted meanwhile is
/// kept, in the Inbox (where that list's tasks went).
async fn a_task_sent_into_a_list_deleted_meanwhile_lands_in_the_inbox(backend: Backend) {
    let s = Student::new(backend).await;
    let list = Uuid::now_v7().to_string();
    s.done("/api/lists/create", &[("id", &list), ("name", "Алгебра")])
        .await;
    s.done("/api/lists/delete", &[("id", &list)]).await;
    let created: Task = s
        .ok(
            "/api/tasks/create",
            &[
                ("id", &Uuid::now_v7().to_string()),
                ("title", "№245"),
                ("list_id", &list),
            ],
        )
        .await;
    assert_eq!(created.list_id, None);
    let added: Task = s
        .ok(
            "/api/tasks/add",
            &[
                ("id", &Uuid::now_v7().to_string()),
                ("quick_add", "№246"),
                ("view", &format!("list:{list}")),
            ],
        )
        .await;
    assert_eq!(added.list_id, None);
    let moved: Task = s
        .ok(
            "/api/tasks/edit",
            &[
                ("id", &created.id.to_string()),
                ("list_id", &list),
                ("set", "list"),
            ],
        )
        .await;
    assert_eq!(moved.list_id, None, "a move into it is a move to the Inbox");
    let titles: Vec<String> = s
        .tasks()
        .await
        .iter()
        .map(|t| t.title.to_string())
        .collect();
    assert_eq!(titles.len(), 2, "{titles:?}");
}

async fn lists_are_created_once_renamed_and_deleted_without_losing_tasks(backend: Backend) {
    let s = Student::new(backend).await;
    let list = Uuid::now_v7().to_string();
    s.done("/api/lists/create", &[("id", &list), ("name", "Алгебра")])
        .await;
    s.done("/api/lists/create", &[("id", &list), ("name", "Алгебра")])
        .await;
    let renamed: TaskList = s
        .ok("/api/lists/rename", &[("id", &list), ("name", "Геометрия")])
        .await;
    assert_eq!(renamed.name.as_str(), "Геометрия");
    let lists: Vec<TaskList> = s.app.get_json(&s.browser, "/api/lists/list").await;
    assert_eq!(lists.len(), 1);

    let task = Uuid::now_v7().to_string();
    s.done(
        "/api/tasks/create",
        &[("id", &task), ("title", "№245"), ("list_id", &list)],
    )
    .await;
    s.done("/api/lists/delete", &[("id", &list)]).await;
    s.done("/api/lists/delete", &[("id", &list)]).await;
    let tasks = s.tasks().await;
    assert_eq!(tasks.len(), 1);
    assert_eq!(tasks[0].list_id, None, "the task moved to the Inbox");

    let empty = s
        .send(
            "/api/lists/create",
            &[("id", &Uuid::now_v7().to_string()), ("name", "  ")],
        )
        .await;
    assert_eq!(empty.status(), StatusCode::BAD_REQUEST);
}

async fn a_task_sent_into_another_accounts_list_lands_in_ones_own_inbox(backend: Backend) {
    let s = Student::new(backend).await;
    let petya = s.app.signed_up_browser("petya").await;
    let list = Uuid::now_v7().to_string();
    s.done("/api/lists/create", &[("id", &list), ("name", "Алгебра")])
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
    assert_eq!(response.status(), StatusCode::OK);
    let his = s.app.tasks(&petya).await;
    assert_eq!(his.len(), 1);
    assert_eq!(his[0].list_id, None, "in his own Inbox");
    assert!(s.tasks().await.is_empty(), "nothing in hers");
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
        s.done("/api/tasks/create", &[("id", &id), ("title", title)])
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
    assert_eq!(titles(&s.tasks().await), ["c", "a", "b"]);
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
        self.done(
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

    async fn task(&self, id: &str) -> Task {
        self.tasks()
            .await
            .into_iter()
            .find(|t| t.id.to_string() == id)
            .expect("the task is listed")
    }

    async fn complete(&self, id: &str, completed: bool, at: &str) -> Task {
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
    assert_eq!(second.completed_at, None);
    assert_eq!(
        first.completed_at, None,
        "the answer is the task as it now is"
    );
    assert_eq!(s.task(&id).await.completed_at, None);
}

async fn an_older_edit_of_a_field_changes_nothing_and_a_newer_one_applies(backend: Backend) {
    let s = Student::new(backend).await;
    let id = s.morning_task("Физика", "").await;
    let edit = |title: &'static str, notes: &'static str, at: String| {
        let (s, id) = (&s, id.clone());
        async move {
            s.ok::<Task>(
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
    assert_eq!(late.title.as_str(), "Физика §12", "the older title lost");
    assert_eq!(
        late.notes.as_str(),
        "",
        "and so did its notes, changed at 9:00 too"
    );
    let newer = edit("Физика §13", "стр. 46", at(9, 30)).await;
    assert_eq!(
        (newer.title.as_str(), newer.notes.as_str()),
        ("Физика §13", "стр. 46")
    );
    // Another field, changed only by the old edit, still takes it.
    let priority: Task = s
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
    assert_eq!(priority.priority.level(), 1);
    assert_eq!(priority.title.as_str(), "Физика §13");
}

async fn a_late_delete_does_not_undo_a_later_restore(backend: Backend) {
    let s = Student::new(backend).await;
    let id = s.morning_task("Физика", "").await;
    let set = |deleted: &'static str, at: String| {
        let (s, id) = (&s, id.clone());
        async move {
            s.ok::<Task>(
                "/api/tasks/delete",
                &[("id", &id), ("deleted", deleted), ("at", &at)],
            )
            .await
        }
    };
    set("false", at(8, 10)).await;
    let late = set("true", at(8, 9)).await;
    assert_eq!(late.deleted_at, None);
    assert_eq!(s.tasks().await.len(), 1);
}

async fn the_last_rename_of_a_list_wins_whatever_order_they_arrive_in(backend: Backend) {
    let s = Student::new(backend).await;
    let list = Uuid::now_v7().to_string();
    let made = at(7, 0);
    s.done(
        "/api/lists/create",
        &[("id", &list), ("name", "Школа"), ("at", &made)],
    )
    .await;
    let rename = |name: &'static str, at: String| {
        let (s, list) = (&s, list.clone());
        async move {
            s.ok::<TaskList>(
                "/api/lists/rename",
                &[("id", &list), ("name", name), ("at", &at)],
            )
            .await
        }
    };
    rename("Алгебра", at(8, 10)).await;
    let late = rename("Физика", at(8, 9)).await;
    assert_eq!(
        late.name.as_str(),
        "Алгебра",
        "the older rename alters nothing"
    );
    let lists: Vec<TaskList> = s.app.get_json(&s.browser, "/api/lists/list").await;
    assert_eq!(lists[0].name.as_str(), "Алгебра");
    assert_eq!(
        lists[0].name_changed.to_utc().to_rfc3339(),
        "2026-09-01T08:10:00+00:00"
    );
}

async fn a_deleted_lists_tasks_move_out_at_the_time_of_the_deletion(backend: Backend) {
    let s = Student::new(backend).await;
    let list = Uuid::now_v7().to_string();
    s.done(
        "/api/lists/create",
        &[("id", &list), ("name", "Школа"), ("at", &at(7, 0))],
    )
    .await;
    let id = Uuid::now_v7().to_string();
    s.done(
        "/api/tasks/create",
        &[
            ("id", &id),
            ("title", "Физика"),
            ("list_id", &list),
            ("at", &at(7, 5)),
        ],
    )
    .await;
    s.done("/api/lists/delete", &[("id", &list), ("at", &at(9, 0))])
        .await;
    let task = &s.tasks().await[0];
    assert_eq!(task.list_id, None, "in the Inbox");
    assert_eq!(
        task.changed.list.to_utc().to_rfc3339(),
        "2026-09-01T09:00:00+00:00"
    );
    // A move into another list made before the deletion, arriving after it,
    // alters nothing: the task stays where the later action put it.
    let other = Uuid::now_v7().to_string();
    s.done(
        "/api/lists/create",
        &[("id", &other), ("name", "Дом"), ("at", &at(7, 1))],
    )
    .await;
    let moved = s
        .ok::<Task>(
            "/api/tasks/edit",
            &[
                ("id", &id),
                ("list_id", &other),
                ("set", "list"),
                ("at", &at(8, 0)),
            ],
        )
        .await;
    assert_eq!(moved.list_id, None);
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
    s.done(
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
    assert_eq!(task.completed_at, None, "the later state stands");
    assert_eq!(task.title.as_str(), "Физика §12");
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
    assert!(s.task(&id).await.completed_at.is_some());
}

async fn an_older_order_does_not_undo_a_newer_one(backend: Backend) {
    let s = Student::new(backend).await;
    let (a, b) = (s.morning_task("A", "").await, s.morning_task("B", "").await);
    let order = |first: &str, second: &str, at: String| {
        let (s, first, second) = (&s, first.to_owned(), second.to_owned());
        async move {
            s.done(
                "/api/tasks/reorder",
                &[("ids[0]", &first), ("ids[1]", &second), ("at", &at)],
            )
            .await
        }
    };
    order(&b, &a, at(9, 0)).await;
    order(&a, &b, at(8, 0)).await;
    assert_eq!(titles(&s.tasks().await), ["B", "A"]);
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
    assert_eq!(answer.completed_at, None);
}
