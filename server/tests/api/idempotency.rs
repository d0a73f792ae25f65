//! docs/design.md §3 through the HTTP API: every mutation carries an idempotency
//! key, is done once, and every repeat gets the stored answer.

use crate::support::{error_code, spawn_app, Backend};
use chrono::Utc;
use reqwest::StatusCode;
use serde_json::Value;
use uuid::Uuid;

on_both_backends!(
    the_same_key_twice_adds_one_task_and_replays_the_identical_answer,
    different_keys_add_different_tasks,
    the_same_key_with_other_arguments_is_refused_and_changes_nothing,
    the_same_key_on_another_endpoint_is_refused,
    twenty_concurrent_requests_with_one_key_execute_once,
    a_failure_before_commit_persists_nothing_and_the_retry_runs_once,
    another_account_reusing_a_key_runs_its_own_request,
    missing_empty_long_or_malformed_keys_are_refused_and_nothing_runs,
    a_form_carrying_its_key_is_safe_to_submit_twice,
    completing_twice_keeps_the_first_completion_time,
    a_completion_time_from_the_future_is_clamped_to_now,
    completing_a_task_of_another_account_is_not_found,
    the_clean_up_job_removes_only_keys_past_their_retention,
    a_refusal_server_fn_sent_as_500_is_kept_with_its_own_status,
);

fn replayed(response: &reqwest::Response) -> bool {
    response
        .headers()
        .get("idempotency-replayed")
        .is_some_and(|v| v == "1")
}

fn new_id() -> String {
    Uuid::now_v7().to_string()
}

async fn the_same_key_twice_adds_one_task_and_replays_the_identical_answer(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    let (key, id) = (Uuid::new_v4().to_string(), new_id());

    let first = app.add_task_with_key(&browser, &key, &id, "Физика").await;
    assert_eq!(first.status(), StatusCode::OK);
    assert!(!replayed(&first));
    let first_type = first.headers().get("content-type").cloned();
    let first_body = first.text().await.unwrap();

    let second = app.add_task_with_key(&browser, &key, &id, "Физика").await;
    assert_eq!(second.status(), StatusCode::OK);
    assert!(replayed(&second));
    assert_eq!(second.headers().get("content-type").cloned(), first_type);
    assert_eq!(second.text().await.unwrap(), first_body);
    assert_eq!(app.tasks(&browser).await.len(), 1);
}

async fn different_keys_add_different_tasks(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    app.add_task(&browser, &new_id(), "Физика").await;
    app.add_task(&browser, &new_id(), "Физика").await;
    assert_eq!(app.tasks(&browser).await.len(), 2);
}

async fn the_same_key_with_other_arguments_is_refused_and_changes_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    let key = Uuid::new_v4().to_string();
    app.add_task_with_key(&browser, &key, &new_id(), "Физика")
        .await;

    let other = app
        .add_task_with_key(&browser, &key, &new_id(), "Химия")
        .await;
    assert_eq!(other.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error_code(&other.text().await.unwrap()), "key_reused");
    let tasks = app.tasks(&browser).await;
    let titles: Vec<&str> = tasks.iter().map(|t| t.title.as_str()).collect();
    assert_eq!(titles, ["Физика"]);
}

async fn the_same_key_on_another_endpoint_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    let (key, id) = (Uuid::new_v4().to_string(), new_id());
    app.add_task_with_key(&browser, &key, &id, "Физика").await;

    let complete = app
        .post_keyed(
            &browser,
            &key,
            "/api/tasks/complete",
            &[("id", &id), ("completed", "true")],
        )
        .await;
    assert_eq!(complete.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(app.tasks(&browser).await[0].completed_at.is_none());
}

/// Of answers to one keyed request sent many times at once: how many did
/// the work, and how many replayed it. One does the work; the others wait
/// for it on the key (docs/design.md §3) and get its answer: none is told
/// to come back later.
fn executed_and_replayed(statuses: &[(StatusCode, bool)]) -> (usize, usize) {
    let ok = |replay: bool| {
        statuses
            .iter()
            .filter(|&&(status, replayed)| status == StatusCode::OK && replayed == replay)
            .count()
    };
    (ok(false), ok(true))
}

async fn twenty_concurrent_requests_with_one_key_execute_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    let (key, id) = (Uuid::new_v4().to_string(), new_id());

    let requests = (0..20).map(|_| {
        let (app, browser, key, id) = (&app, &browser, &key, &id);
        async move {
            let response = app.add_task_with_key(browser, key, id, "Одна задача").await;
            (response.status(), replayed(&response))
        }
    });
    let statuses = futures::future::join_all(requests).await;

    assert_eq!(executed_and_replayed(&statuses), (1, 19), "{statuses:?}");
    assert_eq!(app.tasks(&browser).await.len(), 1);
}

async fn a_failure_before_commit_persists_nothing_and_the_retry_runs_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    let (key, id) = (Uuid::new_v4().to_string(), new_id());

    app.faults.fail_next_commits(1);
    let failed = app.add_task_with_key(&browser, &key, &id, "Физика").await;
    assert!(failed.status().is_server_error());
    assert!(
        app.tasks(&browser).await.is_empty(),
        "the write was rolled back"
    );

    let retry = app.add_task_with_key(&browser, &key, &id, "Физика").await;
    assert_eq!(retry.status(), StatusCode::OK);
    assert!(!replayed(&retry), "the retry really ran");
    assert_eq!(app.tasks(&browser).await.len(), 1);
}

/// server_fn refuses arguments that do not decode with a 500 of its own
/// (the function never runs). The layer reads the error the answer carries,
/// `bad_request`, not the 500: a final answer, kept with its own status and
/// replayed, where reading the status would have rolled it back as a fault.
async fn a_refusal_server_fn_sent_as_500_is_kept_with_its_own_status(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    let (key, id) = (Uuid::new_v4().to_string(), new_id());
    app.add_task(&browser, &id, "Физика").await;
    let form = [("id", id.as_str()), ("completed", "maybe")];

    let first = app
        .post_keyed(&browser, &key, "/api/tasks/complete", &form)
        .await;
    assert_eq!(first.status(), StatusCode::BAD_REQUEST);
    assert!(!replayed(&first));
    let first_body = first.text().await.unwrap();
    assert_eq!(error_code(&first_body), "bad_request");

    let second = app
        .post_keyed(&browser, &key, "/api/tasks/complete", &form)
        .await;
    assert_eq!(second.status(), StatusCode::BAD_REQUEST);
    assert!(replayed(&second), "kept as the key's answer, not a fault");
    assert_eq!(second.text().await.unwrap(), first_body);
    assert!(app.tasks(&browser).await[0].completed_at.is_none());
}

async fn another_account_reusing_a_key_runs_its_own_request(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = app.signed_up_browser("masha").await;
    let petya = app.signed_up_browser("petya").await;
    let key = Uuid::new_v4().to_string();
    let masha_answer = app
        .add_task_with_key(&masha, &key, &new_id(), "Masha's secret")
        .await
        .text()
        .await
        .unwrap();

    let petya_answer = app
        .add_task_with_key(&petya, &key, &new_id(), "Petya's own")
        .await;
    assert_eq!(petya_answer.status(), StatusCode::OK);
    assert!(!replayed(&petya_answer));
    let body = petya_answer.text().await.unwrap();
    assert_ne!(body, masha_answer);
    assert!(!body.contains("secret"));
    assert_eq!(app.tasks(&petya).await[0].title.as_str(), "Petya's own");
    assert_eq!(app.tasks(&masha).await.len(), 1);
}

async fn missing_empty_long_or_malformed_keys_are_refused_and_nothing_runs(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;

    let missing = app
        .post(
            &browser,
            "/api/tasks/add",
            &[("id", &new_id()), ("quick_add", "x")],
        )
        .await;
    assert_eq!(missing.status(), StatusCode::BAD_REQUEST);
    let error = missing.json::<Value>().await.unwrap();
    assert_eq!(error["error"], "invalid_idempotency_key");
    assert_eq!(error["detail"], "Missing");
    assert_eq!(
        error["message"],
        "bad idempotency key: the Idempotency-Key header is missing"
    );

    let too_long = "k".repeat(256);
    for (key, reason) in [
        ("", "Empty"),
        (too_long.as_str(), "TooLong"),
        ("two words", "Malformed"),
    ] {
        let response = app.add_task_with_key(&browser, key, &new_id(), "x").await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{key:?}");
        let error = response.json::<Value>().await.unwrap();
        assert!(
            error["error"] == "invalid_idempotency_key"
                && error["detail"].to_string().contains(reason),
            "{error}"
        );
    }
    assert!(app.tasks(&browser).await.is_empty());
}

async fn a_form_carrying_its_key_is_safe_to_submit_twice(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    let form = [
        ("id", new_id()),
        ("quick_add", "Литература".into()),
        ("idempotency_key", Uuid::new_v4().to_string()),
    ];
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();

    let first = app.post(&browser, "/api/tasks/add", &form).await;
    let second = app.post(&browser, "/api/tasks/add", &form).await;
    assert_eq!(first.status(), StatusCode::OK);
    assert_eq!(second.status(), StatusCode::OK);
    assert!(replayed(&second));
    assert_eq!(app.tasks(&browser).await.len(), 1);
}

async fn completing_twice_keeps_the_first_completion_time(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    let id = new_id();
    // Added in the morning from a phone, completed on the way home.
    let added = [
        ("id", id.as_str()),
        ("quick_add", "Физика"),
        ("at", "2026-09-01T07:00:00Z"),
    ];
    let key = Uuid::new_v4().to_string();
    app.post_keyed(&browser, &key, "/api/tasks/add", &added)
        .await;
    let at = "2026-09-01T08:05:00Z";

    let complete = |at: &'static str| {
        let (app, browser, id) = (&app, &browser, &id);
        async move {
            let key = Uuid::new_v4().to_string();
            let form = [("id", id.as_str()), ("completed", "true"), ("at", at)];
            app.post_keyed(browser, &key, "/api/tasks/complete", &form)
                .await
        }
    };
    assert_eq!(complete(at).await.status(), StatusCode::OK);
    assert_eq!(
        complete("2026-09-01T08:40:00Z").await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.tasks(&browser).await[0].completed_at,
        Some(at.parse().unwrap())
    );

    let undo = [("id", id.as_str()), ("completed", "false")];
    let response = app
        .post_keyed(
            &browser,
            &Uuid::new_v4().to_string(),
            "/api/tasks/complete",
            &undo,
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(app.tasks(&browser).await[0].completed_at.is_none());
}

async fn a_completion_time_from_the_future_is_clamped_to_now(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    let id = new_id();
    app.add_task(&browser, &id, "Физика").await;
    let form = [
        ("id", id.as_str()),
        ("completed", "true"),
        ("at", "2099-01-01T00:00:00Z"),
    ];
    app.post_keyed(
        &browser,
        &Uuid::new_v4().to_string(),
        "/api/tasks/complete",
        &form,
    )
    .await;

    let completed_at = app.tasks(&browser).await[0].completed_at;
    assert!(completed_at.is_some_and(|at| at <= Utc::now()));
}

async fn completing_a_task_of_another_account_is_not_found(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = app.signed_up_browser("masha").await;
    let petya = app.signed_up_browser("petya").await;
    let id = new_id();
    app.add_task(&masha, &id, "Masha's").await;

    let form = [("id", id.as_str()), ("completed", "true")];
    let response = app
        .post_keyed(
            &petya,
            &Uuid::new_v4().to_string(),
            "/api/tasks/complete",
            &form,
        )
        .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert!(app.tasks(&masha).await[0].completed_at.is_none());
}

#[tokio::test]
async fn a_hundred_requests_with_one_key_over_two_instances_on_one_postgres_database_execute_once()
{
    let first = spawn_app(Backend::Postgres).await;
    let second = first.another_instance().await;
    let signup = first
        .sign_up(&first.browser(), "masha", "correct horse battery")
        .await;
    let session = crate::support::session_pair(&signup).expect("a session");
    // One session, sent to both instances as a load balancer would spread it
    // (the browser's `Sec-Fetch-Site`, not an Origin: each instance has its
    // own address).
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("cookie", session.parse().unwrap());
    headers.insert("sec-fetch-site", "same-origin".parse().unwrap());
    let browser = reqwest::Client::builder()
        .default_headers(headers)
        .build()
        .unwrap();
    let (key, id) = (Uuid::new_v4().to_string(), new_id());

    let requests = (0..100).map(|i| {
        let (app, browser, key, id) = (
            if i % 2 == 0 { &first } else { &second },
            &browser,
            &key,
            &id,
        );
        async move {
            let response = app.add_task_with_key(browser, key, id, "Одна задача").await;
            (response.status(), replayed(&response))
        }
    });
    let statuses = futures::future::join_all(requests).await;

    assert_eq!(executed_and_replayed(&statuses), (1, 99), "{statuses:?}");
    assert_eq!(first.tasks(&browser).await.len(), 1);
}

async fn the_clean_up_job_removes_only_keys_past_their_retention(backend: Backend) {
    use server::maintenance::{clean_up, Retention};
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("masha").await;
    let (key, id) = (Uuid::new_v4().to_string(), new_id());
    app.add_task_with_key(&browser, &key, &id, "Физика").await;

    let week = Retention {
        batch: 1,
        ..Retention::default()
    };
    assert_eq!(clean_up(&*app.storage, &week).await, 0);
    assert!(
        replayed(&app.add_task_with_key(&browser, &key, &id, "Физика").await),
        "a fresh key is kept"
    );

    // Let the key age past a retention of one millisecond.
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    let expired = Retention {
        keys: std::time::Duration::from_millis(1),
        batch: 1,
        ..Retention::default()
    };
    assert_eq!(clean_up(&*app.storage, &expired).await, 1);
    let after = app.add_task_with_key(&browser, &key, &id, "Физика").await;
    assert_eq!(after.status(), StatusCode::OK);
    assert!(
        !replayed(&after),
        "the expired key is gone, so the request runs again"
    );
    assert_eq!(
        app.tasks(&browser).await.len(),
        1,
        "and the client id still keeps it one task"
    );
}
