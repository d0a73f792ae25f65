//! A task's checklist through the API, as the page's outbox sends it: each
//! change under a key with the person's time, answered with the whole task.
//! On SQLite and PostgreSQL.

use crate::support::{error_code, Backend, Student};
use app::api::AccountExport;
use app::domain::{StepId, Task, TaskId};
use reqwest::StatusCode;
use uuid::Uuid;

on_both_backends!(
    creating_a_step_twice_with_one_key_or_two_makes_one_step,
    the_same_key_replayed_gets_the_stored_answer,
    steps_are_renamed_ticked_reordered_deleted_and_restored,
    an_older_change_sent_after_a_newer_one_alters_nothing,
    a_tick_of_a_deleted_step_is_refused_and_changes_nothing,
    a_rename_of_a_step_deleted_elsewhere_brings_it_back_with_the_new_words,
    a_step_added_or_renamed_in_a_task_deleted_elsewhere_brings_the_task_back,
    the_fifty_first_step_is_refused_and_so_is_a_restore_past_fifty,
    another_accounts_task_or_step_is_refused_and_nothing_changes,
    ticking_the_last_step_leaves_the_task_open,
    bad_input_is_named_and_changes_nothing,
    a_repeating_tasks_next_occurrence_starts_with_its_steps_undone_once,
    a_next_occurrence_whose_checklist_was_changed_is_kept_on_uncompletion,
    the_export_holds_every_step_deleted_ones_too,
);

/// A form's fields, as `reqwest` posts them.
type Form<'a> = Vec<(&'a str, &'a str)>;

/// A moment on 1 September 2026 (the tasks here are made at 07:00).
fn at(hour: u32, minute: u32) -> String {
    format!("2026-09-01T{hour:02}:{minute:02}:00.000Z")
}

fn new_id() -> String {
    Uuid::now_v7().to_string()
}

/// (title, done) of each step, in order.
fn checklist(task: &Task) -> Vec<(&str, bool)> {
    task.steps
        .iter()
        .map(|step| (step.title.as_str(), step.done))
        .collect()
}

impl Student {
    /// A task made at 07:00 (repeating by `recurrence`, if any).
    async fn task_at_seven(&self, title: &str, recurrence: &str) -> String {
        let id = new_id();
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

    /// Adds a step made at `when`; the answer, which must be a success.
    async fn add_step(&self, task: &str, id: &str, title: &str, when: &str) -> Task {
        self.ok(
            "/api/steps/create",
            &[
                ("id", id),
                ("task_id", task),
                ("title", title),
                ("at", when),
            ],
        )
        .await
    }

    /// Adds steps made at 07:01, 07:02, …; their ids, in order.
    async fn steps(&self, task: &str, titles: &[&str]) -> Vec<String> {
        let mut ids = Vec::new();
        for (minute, title) in (1..).zip(titles) {
            let id = new_id();
            self.add_step(task, &id, title, &at(7, minute)).await;
            ids.push(id);
        }
        ids
    }

    async fn edit_step(&self, form: &[(&str, &str)]) -> reqwest::Response {
        self.send("/api/steps/edit", form).await
    }

    /// The task as the student's list reads it.
    async fn read(&self, id: &str) -> Task {
        self.tasks()
            .await
            .into_iter()
            .find(|task| task.id.to_string() == id)
            .expect("the task is listed")
    }
}

async fn creating_a_step_twice_with_one_key_or_two_makes_one_step(backend: Backend) {
    let s = Student::new(backend).await;
    let task = s.task_at_seven("Алгебра", "").await;
    let (step, made) = (new_id(), at(8, 0));
    let form = [
        ("id", step.as_str()),
        ("task_id", task.as_str()),
        ("title", "№245"),
        ("at", made.as_str()),
    ];
    let key = Uuid::new_v4().to_string();
    for _ in 0..2 {
        let answer = s.send_keyed(&key, "/api/steps/create", &form).await;
        assert_eq!(answer.status(), StatusCode::OK);
    }
    // A second key: the outbox replayed it after the server forgot the first.
    let again: Task = s.ok("/api/steps/create", &form).await;
    assert_eq!(checklist(&again), [("№245", false)]);
    assert_eq!(again.steps[0].id.to_string(), step);
    assert_eq!(checklist(&s.read(&task).await), [("№245", false)]);
}

async fn the_same_key_replayed_gets_the_stored_answer(backend: Backend) {
    let s = Student::new(backend).await;
    let task = s.task_at_seven("Алгебра", "").await;
    let (step, made) = (new_id(), at(8, 0));
    let key = Uuid::new_v4().to_string();
    let form = [
        ("id", step.as_str()),
        ("task_id", task.as_str()),
        ("title", "№245"),
        ("at", made.as_str()),
    ];
    let first = s.send_keyed(&key, "/api/steps/create", &form).await;
    let first = first.text().await.unwrap();
    // Renamed since: a replay of the creation still answers what it did.
    let later = at(9, 0);
    let renamed = s
        .edit_step(&[("id", &step), ("title", "№246"), ("at", &later)])
        .await;
    assert_eq!(renamed.status(), StatusCode::OK);
    let replay = s.send_keyed(&key, "/api/steps/create", &form).await;
    assert_eq!(replay.status(), StatusCode::OK);
    assert_eq!(replay.headers()["idempotency-replayed"], "1");
    assert_eq!(replay.text().await.unwrap(), first);
    assert_eq!(checklist(&s.read(&task).await), [("№246", false)]);
}

async fn steps_are_renamed_ticked_reordered_deleted_and_restored(backend: Backend) {
    let s = Student::new(backend).await;
    let task = s.task_at_seven("Алгебра", "").await;
    let ids = s.steps(&task, &["№245", "№246", "№247"]).await;
    let t = at(8, 0);
    let renamed: Task = s
        .ok(
            "/api/steps/edit",
            &[("id", &ids[0]), ("title", " №245 а "), ("at", &t)],
        )
        .await;
    assert_eq!(checklist(&renamed)[0], ("№245 а", false));
    let t = at(8, 1);
    let ticked: Task = s
        .ok(
            "/api/steps/edit",
            &[("id", &ids[1]), ("done", "true"), ("at", &t)],
        )
        .await;
    assert_eq!(
        checklist(&ticked),
        [("№245 а", false), ("№246", true), ("№247", false)]
    );
    let t = at(8, 2);
    let both: Task = s
        .ok(
            "/api/steps/edit",
            &[
                ("id", &ids[2]),
                ("title", "№248"),
                ("done", "true"),
                ("at", &t),
            ],
        )
        .await;
    assert_eq!(checklist(&both)[2], ("№248", true));

    let t = at(8, 3);
    let order = [
        ("task_id", task.as_str()),
        ("ids[0]", ids[2].as_str()),
        ("ids[1]", ids[0].as_str()),
        ("ids[2]", ids[1].as_str()),
        ("at", t.as_str()),
    ];
    let reordered: Task = s.ok("/api/steps/reorder", &order).await;
    assert_eq!(
        checklist(&reordered),
        [("№248", true), ("№245 а", false), ("№246", true)]
    );

    let t = at(8, 4);
    let deleted: Task = s
        .ok(
            "/api/steps/delete",
            &[("id", &ids[0]), ("deleted", "true"), ("at", &t)],
        )
        .await;
    assert_eq!(checklist(&deleted), [("№248", true), ("№246", true)]);
    assert_eq!(checklist(&s.read(&task).await), checklist(&deleted));
    let t = at(8, 5);
    let restored: Task = s
        .ok(
            "/api/steps/delete",
            &[("id", &ids[0]), ("deleted", "false"), ("at", &t)],
        )
        .await;
    assert_eq!(
        checklist(&restored),
        [("№248", true), ("№245 а", false), ("№246", true)]
    );
    assert_eq!(checklist(&s.read(&task).await), checklist(&restored));
}

async fn an_older_change_sent_after_a_newer_one_alters_nothing(backend: Backend) {
    let s = Student::new(backend).await;
    let task = s.task_at_seven("Алгебра", "").await;
    let ids = s.steps(&task, &["№245", "№246"]).await;
    let (newer, older) = (at(9, 0), at(8, 0));
    // Each pair: the later change lands first, the earlier one after it.
    let newer_first = [
        (
            "/api/steps/edit",
            vec![("id", ids[0].as_str()), ("title", "новое")],
            vec![("id", ids[0].as_str()), ("title", "старое")],
        ),
        (
            "/api/steps/edit",
            vec![("id", ids[0].as_str()), ("done", "false")],
            vec![("id", ids[0].as_str()), ("done", "true")],
        ),
        (
            "/api/steps/delete",
            vec![("id", ids[1].as_str()), ("deleted", "false")],
            vec![("id", ids[1].as_str()), ("deleted", "true")],
        ),
        (
            "/api/steps/reorder",
            vec![
                ("task_id", task.as_str()),
                ("ids[0]", ids[0].as_str()),
                ("ids[1]", ids[1].as_str()),
            ],
            vec![
                ("task_id", task.as_str()),
                ("ids[0]", ids[1].as_str()),
                ("ids[1]", ids[0].as_str()),
            ],
        ),
    ];
    for (path, mut first, mut late) in newer_first {
        first.push(("at", &newer));
        s.done(path, &first).await;
        let before = s.read(&task).await;
        late.push(("at", &older));
        let answer: Task = s.ok(path, &late).await;
        assert_eq!(
            answer, before,
            "{path} {late:?} is answered with the task as it is"
        );
        assert_eq!(
            s.read(&task).await,
            before,
            "{path} {late:?} altered nothing"
        );
    }
    assert_eq!(
        checklist(&s.read(&task).await),
        [("новое", false), ("№246", false)]
    );
}

async fn a_tick_of_a_deleted_step_is_refused_and_changes_nothing(backend: Backend) {
    let s = Student::new(backend).await;
    let task = s.task_at_seven("Алгебра", "").await;
    let ids = s.steps(&task, &["№245", "№246"]).await;
    let renamed = at(7, 30);
    s.done(
        "/api/steps/edit",
        &[("id", &ids[0]), ("title", "№245 (а)"), ("at", &renamed)],
    )
    .await;
    let t = at(8, 0);
    s.done(
        "/api/steps/delete",
        &[("id", &ids[0]), ("deleted", "true"), ("at", &t)],
    )
    .await;
    let before = s.read(&task).await;
    let (later, never_made) = (at(9, 0), new_id());
    // A tick sent with a rename older than the step's last one: the
    // rename brings nothing back, so the tick is one of a deleted step.
    let older = at(7, 10);
    let answer = s
        .edit_step(&[
            ("id", &ids[0]),
            ("title", "№245"),
            ("done", "true"),
            ("at", &older),
        ])
        .await;
    assert_eq!(answer.status(), StatusCode::NOT_FOUND);
    assert_eq!(error_code(&answer.text().await.unwrap()), "step_not_found");
    for form in [
        vec![("id", ids[0].as_str()), ("done", "true")],
        vec![("id", never_made.as_str()), ("done", "true")],
        vec![("id", never_made.as_str()), ("title", "из метро")],
    ] {
        let mut form = form;
        form.push(("at", &later));
        let answer = s.edit_step(&form).await;
        assert_eq!(answer.status(), StatusCode::NOT_FOUND, "{form:?}");
        assert_eq!(error_code(&answer.text().await.unwrap()), "step_not_found");
    }
    let unknown = new_id();
    let answer = s
        .send(
            "/api/steps/delete",
            &[("id", &unknown), ("deleted", "true")],
        )
        .await;
    assert_eq!(answer.status(), StatusCode::NOT_FOUND);
    assert_eq!(error_code(&answer.text().await.unwrap()), "step_not_found");
    assert_eq!(s.read(&task).await, before);
}

/// docs/design.md §2: what the person typed is never lost. A step renamed
/// offline that another device deleted meanwhile comes back renamed, even
/// when the rename was made before the deletion.
async fn a_rename_of_a_step_deleted_elsewhere_brings_it_back_with_the_new_words(backend: Backend) {
    let s = Student::new(backend).await;
    let task = s.task_at_seven("Алгебра", "").await;
    let ids = s.steps(&task, &["№245", "№246"]).await;
    s.done(
        "/api/steps/delete",
        &[("id", &ids[0]), ("deleted", "true"), ("at", &at(9, 0))],
    )
    .await;
    let renamed_offline = at(8, 30);
    let answer: Task = s
        .ok(
            "/api/steps/edit",
            &[
                ("id", &ids[0]),
                ("title", "№245 и №247"),
                ("at", &renamed_offline),
            ],
        )
        .await;
    assert_eq!(
        checklist(&answer),
        [("№245 и №247", false), ("№246", false)]
    );
    assert_eq!(checklist(&s.read(&task).await), checklist(&answer));
}

/// A step added offline, or a step renamed, in a task another device
/// deleted meanwhile: the task comes back with it.
async fn a_step_added_or_renamed_in_a_task_deleted_elsewhere_brings_the_task_back(
    backend: Backend,
) {
    let s = Student::new(backend).await;
    let task = s.task_at_seven("Реферат", "").await;
    let ids = s.steps(&task, &["план"]).await;
    let delete = |when: String| {
        let task = task.clone();
        let s = &s;
        async move {
            s.done(
                "/api/tasks/delete",
                &[("id", &task), ("deleted", "true"), ("at", &when)],
            )
            .await;
        }
    };
    delete(at(9, 0)).await;
    let added = s.add_step(&task, &new_id(), "источники", &at(8, 30)).await;
    assert_eq!(added.deleted_at, None, "brought back");
    assert_eq!(checklist(&added), [("план", false), ("источники", false)]);
    assert!(s.tasks().await.iter().any(|t| t.id.to_string() == task));

    delete(at(9, 30)).await;
    let renamed: Task = s
        .ok(
            "/api/steps/edit",
            &[
                ("id", &ids[0]),
                ("title", "план на 2 страницы"),
                ("at", &at(9, 10)),
            ],
        )
        .await;
    assert_eq!(renamed.deleted_at, None);
    assert_eq!(checklist(&renamed)[0], ("план на 2 страницы", false));

    // A tick alone carries nothing typed: refused, the task stays deleted.
    delete(at(10, 0)).await;
    let tick = s
        .edit_step(&[("id", &ids[0]), ("done", "true"), ("at", &at(10, 5))])
        .await;
    assert_eq!(tick.status(), StatusCode::NOT_FOUND);
    assert_eq!(error_code(&tick.text().await.unwrap()), "task_not_found");
    assert!(!s.tasks().await.iter().any(|t| t.id.to_string() == task));
}

async fn the_fifty_first_step_is_refused_and_so_is_a_restore_past_fifty(backend: Backend) {
    let s = Student::new(backend).await;
    let task = s.task_at_seven("Словарные слова", "").await;
    let titles: Vec<String> = (1..=50).map(|n| format!("слово {n}")).collect();
    let titles: Vec<&str> = titles.iter().map(String::as_str).collect();
    let ids = s.steps(&task, &titles[..49]).await;
    // The 50th, deleted, then a 50th made in its place: full.
    let last = new_id();
    s.add_step(&task, &last, "слово 50", &at(8, 0)).await;
    let t = at(8, 1);
    s.done(
        "/api/steps/delete",
        &[("id", &last), ("deleted", "true"), ("at", &t)],
    )
    .await;
    let full = s
        .add_step(&task, &new_id(), "слово 50 снова", &at(8, 2))
        .await;
    assert_eq!(full.steps.len(), 50);

    let answer = s
        .send(
            "/api/steps/create",
            &[("id", &new_id()), ("task_id", &task), ("title", "слово 51")],
        )
        .await;
    assert_eq!(answer.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = answer.text().await.unwrap();
    assert_eq!(error_code(&body), "too_many_steps");
    assert!(body.contains(r#""detail":{"max":50}"#), "{body}");
    let t = at(8, 3);
    let restore = s
        .send(
            "/api/steps/delete",
            &[("id", &last), ("deleted", "false"), ("at", &t)],
        )
        .await;
    assert_eq!(restore.status(), StatusCode::UNPROCESSABLE_ENTITY);
    // The same creation as the 1st again is still that step, full or not.
    let again = s.add_step(&task, &ids[0], "слово 1", &at(7, 1)).await;
    assert_eq!(again.steps.len(), 50);
    assert_eq!(s.read(&task).await.steps.len(), 50);
}

async fn another_accounts_task_or_step_is_refused_and_nothing_changes(backend: Backend) {
    let s = Student::new(backend).await;
    let task = s.task_at_seven("Алгебра", "").await;
    let ids = s.steps(&task, &["№245"]).await;
    let petya = s.app.signed_up_browser("petya").await;
    let his_task = new_id();
    let made = s.app.add_task(&petya, &his_task, "Петина").await;
    assert_eq!(made.status(), StatusCode::OK);
    let masha_before = s.read(&task).await;

    let other_step = new_id();
    let tries: [(&str, Form, &str); 6] = [
        (
            "/api/steps/create",
            vec![("id", &other_step), ("task_id", &task), ("title", "взлом")],
            "task_not_found",
        ),
        (
            "/api/steps/create",
            vec![
                ("id", &ids[0]),
                ("task_id", &his_task),
                ("title", "чужой id"),
            ],
            "id_conflict",
        ),
        (
            "/api/steps/edit",
            vec![("id", &ids[0]), ("title", "взлом"), ("done", "true")],
            "step_not_found",
        ),
        (
            "/api/steps/delete",
            vec![("id", &ids[0]), ("deleted", "true")],
            "step_not_found",
        ),
        (
            "/api/steps/reorder",
            vec![("task_id", &task), ("ids[0]", &ids[0])],
            "task_not_found",
        ),
        (
            // His own task, her step: it is not one of his task's steps.
            "/api/steps/reorder",
            vec![("task_id", &his_task), ("ids[0]", &ids[0])],
            "",
        ),
    ];
    for (path, form, code) in tries {
        let answer = s
            .app
            .post_keyed(&petya, &Uuid::new_v4().to_string(), path, &form)
            .await;
        let status = answer.status();
        let body = answer.text().await.unwrap();
        if code.is_empty() {
            assert_eq!(status, StatusCode::OK, "{path} {form:?}: {body}");
            let his: Task = serde_json::from_str(&body).unwrap();
            assert!(his.steps.is_empty(), "{body}");
        } else {
            assert!(status.is_client_error(), "{path} {form:?}: {status}");
            assert_eq!(error_code(&body), code, "{path} {form:?}");
        }
    }
    assert_eq!(s.read(&task).await, masha_before);
    let his = s.app.tasks(&petya).await;
    assert!(his.iter().all(|task| task.steps.is_empty()), "{his:?}");
}

async fn ticking_the_last_step_leaves_the_task_open(backend: Backend) {
    let s = Student::new(backend).await;
    let task = s.task_at_seven("Алгебра", "").await;
    let ids = s.steps(&task, &["№245", "№246"]).await;
    for (minute, id) in (0..).zip(&ids) {
        let t = at(8, minute);
        s.done(
            "/api/steps/edit",
            &[("id", id), ("done", "true"), ("at", &t)],
        )
        .await;
    }
    let read = s.read(&task).await;
    assert_eq!(checklist(&read), [("№245", true), ("№246", true)]);
    assert_eq!(read.completed_at, None, "the student decides");
    assert_eq!(read.updated_at.to_rfc3339(), "2026-09-01T08:01:00+00:00");
}

async fn bad_input_is_named_and_changes_nothing(backend: Backend) {
    let s = Student::new(backend).await;
    let task = s.task_at_seven("Алгебра", "").await;
    let ids = s.steps(&task, &["№245"]).await;
    let long = "ж".repeat(201);
    let never_made = new_id();
    let before = s.read(&task).await;
    let fresh: Vec<String> = (0..3).map(|_| new_id()).collect();
    let tries: [(&str, Form, StatusCode, &str); 7] = [
        (
            "/api/steps/create",
            vec![("id", &fresh[0]), ("task_id", &task), ("title", "  ")],
            StatusCode::BAD_REQUEST,
            "invalid_title",
        ),
        (
            "/api/steps/create",
            vec![("id", &fresh[1]), ("task_id", &task), ("title", &long)],
            StatusCode::BAD_REQUEST,
            "invalid_title",
        ),
        (
            "/api/steps/create",
            vec![("id", "not-an-id"), ("task_id", &task), ("title", "№1")],
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            "/api/steps/create",
            vec![("id", &fresh[2]), ("task_id", &never_made), ("title", "№1")],
            StatusCode::NOT_FOUND,
            "task_not_found",
        ),
        (
            "/api/steps/edit",
            vec![("id", &ids[0])],
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            "/api/steps/edit",
            vec![("id", &ids[0]), ("done", "maybe")],
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            "/api/steps/edit",
            vec![("id", &ids[0]), ("title", "a\u{7}b")],
            StatusCode::BAD_REQUEST,
            "invalid_title",
        ),
    ];
    for (path, form, status, code) in tries {
        let answer = s.send(path, &form).await;
        assert_eq!(answer.status(), status, "{path} {form:?}");
        assert_eq!(
            error_code(&answer.text().await.unwrap()),
            code,
            "{path} {form:?}"
        );
    }
    assert_eq!(s.read(&task).await, before);
}

async fn a_repeating_tasks_next_occurrence_starts_with_its_steps_undone_once(backend: Backend) {
    let s = Student::new(backend).await;
    let task = s.task_at_seven("Зарядка", "daily").await;
    let ids = s.steps(&task, &["разминка", "планка", "растяжка"]).await;
    let t = at(8, 0);
    s.done(
        "/api/steps/edit",
        &[("id", &ids[0]), ("done", "true"), ("at", &t)],
    )
    .await;
    let t = at(8, 1);
    s.done(
        "/api/steps/delete",
        &[("id", &ids[2]), ("deleted", "true"), ("at", &t)],
    )
    .await;
    let complete = |done: bool, minute: u32| {
        let (s, task) = (&s, task.clone());
        async move {
            let (done, t) = (done.to_string(), at(9, minute));
            s.done(
                "/api/tasks/complete",
                &[("id", &task), ("completed", &done), ("at", &t)],
            )
            .await;
        }
    };
    complete(true, 0).await;
    complete(true, 1).await;
    complete(false, 2).await;
    complete(true, 3).await;
    let tasks = s.tasks().await;
    assert_eq!(tasks.len(), 2, "{tasks:?}");
    let next = tasks.iter().find(|t| t.id.to_string() != task).unwrap();
    assert_eq!(checklist(next), [("разминка", false), ("планка", false)]);
    let copied: Vec<StepId> = ids[..2]
        .iter()
        .map(|id| StepId::copied(next.id, id.parse().unwrap()))
        .collect();
    assert_eq!(next.steps.iter().map(|s| s.id).collect::<Vec<_>>(), copied);
    let done = s.read(&task).await;
    assert!(done.completed_at.is_some());
    assert_eq!(
        checklist(&done)[0],
        ("разминка", true),
        "the done one keeps its own"
    );
}

async fn a_next_occurrence_whose_checklist_was_changed_is_kept_on_uncompletion(backend: Backend) {
    let s = Student::new(backend).await;
    let task = s.task_at_seven("Зарядка", "daily").await;
    s.steps(&task, &["разминка"]).await;
    let t = at(9, 0);
    s.done(
        "/api/tasks/complete",
        &[("id", &task), ("completed", "true"), ("at", &t)],
    )
    .await;
    let next: TaskId = s.tasks().await[1].id;
    let copy = next.to_string();
    let copy_step = s.read(&copy).await.steps[0].id.to_string();
    let t = at(9, 1);
    s.done(
        "/api/steps/edit",
        &[("id", &copy_step), ("done", "true"), ("at", &t)],
    )
    .await;
    for (completed, minute) in [("false", 2), ("true", 3)] {
        let t = at(9, minute);
        s.done(
            "/api/tasks/complete",
            &[("id", &task), ("completed", completed), ("at", &t)],
        )
        .await;
    }
    let kept = s.read(&copy).await;
    assert_eq!(
        checklist(&kept),
        [("разминка", true)],
        "touched, so kept as it is"
    );
}

async fn the_export_holds_every_step_deleted_ones_too(backend: Backend) {
    let s = Student::new(backend).await;
    let task = s.task_at_seven("Алгебра", "").await;
    let ids = s.steps(&task, &["№245", "№246"]).await;
    let t = at(8, 0);
    s.done(
        "/api/steps/delete",
        &[("id", &ids[1]), ("deleted", "true"), ("at", &t)],
    )
    .await;
    let export: AccountExport = s.app.get_json(&s.browser, "/api/account/export").await;
    let steps: Vec<(&str, bool)> = export.tasks[0]
        .steps
        .iter()
        .map(|step| (step.title.as_str(), step.deleted_at.is_some()))
        .collect();
    assert_eq!(steps, [("№245", false), ("№246", true)]);
}
