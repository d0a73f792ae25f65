//! An account's quotas (issue 26, point 4): what it may hold is refused
//! past its limit with a clear error the outbox shows as a refusal (422),
//! the same change sent again never is, and too many changes a minute are
//! only "not now" (429 with `Retry-After`), done nowhere.

use crate::support::spawn::spawn_app_with;
use crate::support::{error_code, Backend, TestApp};
use app::ssr::quotas::Quotas;
use reqwest::StatusCode;
use serde_json::Value;
use uuid::Uuid;

on_both_backends!(
    past_its_tasks_an_account_is_refused_and_the_same_task_sent_again_is_not,
    past_its_lists_an_account_is_refused,
    past_its_steps_over_all_tasks_an_account_is_refused,
    past_its_stored_answers_a_new_change_is_refused_and_an_old_one_still_answered,
    past_its_changes_a_minute_a_change_waits_and_nothing_is_done,
);

async fn with_quotas(backend: Backend, quotas: Quotas) -> (TestApp, reqwest::Client) {
    let app = spawn_app_with(backend, |config| config.settings.quotas = quotas).await;
    let browser = app.signed_up_browser("masha").await;
    (app, browser)
}

fn small() -> Quotas {
    Quotas {
        tasks: 3,
        lists: 2,
        steps: 2,
        holidays: 1,
        stored_answers: 1_000,
        changes_per_minute: 1_000,
    }
}

async fn send(
    app: &TestApp,
    browser: &reqwest::Client,
    path: &str,
    form: &[(&str, &str)],
) -> reqwest::Response {
    app.post_keyed(browser, &Uuid::new_v4().to_string(), path, form)
        .await
}

/// The refusal's code and detail, after checking its status.
async fn quota_refusal(answer: reqwest::Response) -> Value {
    assert_eq!(answer.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = answer.text().await.unwrap();
    assert_eq!(error_code(&body), "quota_reached");
    serde_json::from_str::<Value>(&body).unwrap()["detail"].clone()
}

async fn add(app: &TestApp, browser: &reqwest::Client, id: &str, title: &str) -> reqwest::Response {
    send(
        app,
        browser,
        "/api/tasks/add",
        &[("id", id), ("quick_add", title)],
    )
    .await
}

async fn past_its_tasks_an_account_is_refused_and_the_same_task_sent_again_is_not(
    backend: Backend,
) {
    let (app, browser) = with_quotas(backend, small()).await;
    let ids: Vec<String> = (0..3).map(|_| Uuid::now_v7().to_string()).collect();
    for (n, id) in ids.iter().enumerate() {
        let added = add(&app, &browser, id, &format!("Задача {n}")).await;
        assert_eq!(added.status(), StatusCode::OK);
    }
    let fourth = add(&app, &browser, &Uuid::now_v7().to_string(), "Четвёртая").await;
    assert_eq!(
        quota_refusal(fourth).await,
        serde_json::json!({"what": "tasks", "max": 3})
    );
    assert_eq!(app.tasks(&browser).await.len(), 3, "nothing was added");

    let again = add(&app, &browser, &ids[0], "Задача 0").await;
    assert_eq!(
        again.status(),
        StatusCode::OK,
        "the same task sent again under a new key"
    );

    let deleted = send(
        &app,
        &browser,
        "/api/tasks/delete",
        &[("id", &ids[1]), ("deleted", "true")],
    )
    .await;
    assert_eq!(deleted.status(), StatusCode::OK);
    let room = add(
        &app,
        &browser,
        &Uuid::now_v7().to_string(),
        "На место удалённой",
    )
    .await;
    assert_eq!(room.status(), StatusCode::OK, "a deleted task makes room");
}

async fn past_its_lists_an_account_is_refused(backend: Backend) {
    let (app, browser) = with_quotas(backend, small()).await;
    let list = |name: &'static str| {
        let id = Uuid::now_v7().to_string();
        let (app, browser) = (&app, &browser);
        async move {
            send(
                app,
                browser,
                "/api/lists/create",
                &[("id", &id), ("name", name)],
            )
            .await
        }
    };
    assert_eq!(list("Алгебра").await.status(), StatusCode::OK);
    assert_eq!(list("Физика").await.status(), StatusCode::OK);
    assert_eq!(
        quota_refusal(list("Химия").await).await,
        serde_json::json!({"what": "lists", "max": 2})
    );
}

async fn past_its_steps_over_all_tasks_an_account_is_refused(backend: Backend) {
    let (app, browser) = with_quotas(backend, small()).await;
    let first = Uuid::now_v7().to_string();
    let second = Uuid::now_v7().to_string();
    add(&app, &browser, &first, "Алгебра").await;
    add(&app, &browser, &second, "Физика").await;
    let step = |task: &str, title: &'static str| {
        let (id, task) = (Uuid::now_v7().to_string(), task.to_owned());
        let (app, browser) = (&app, &browser);
        async move {
            send(
                app,
                browser,
                "/api/steps/create",
                &[("id", &id), ("task_id", &task), ("title", title)],
            )
            .await
        }
    };
    assert_eq!(step(&first, "№1").await.status(), StatusCode::OK);
    assert_eq!(step(&second, "№2").await.status(), StatusCode::OK);
    assert_eq!(
        quota_refusal(step(&second, "№3").await).await,
        serde_json::json!({"what": "steps", "max": 2})
    );
}

async fn past_its_stored_answers_a_new_change_is_refused_and_an_old_one_still_answered(
    backend: Backend,
) {
    let quotas = Quotas {
        stored_answers: 4,
        ..small()
    };
    let (app, browser) = with_quotas(backend, quotas).await;
    let first_key = Uuid::new_v4().to_string();
    let first_id = Uuid::now_v7().to_string();
    let form = [("id", first_id.as_str()), ("quick_add", "Алгебра")];
    let first = app
        .post_keyed(&browser, &first_key, "/api/tasks/add", &form)
        .await;
    assert_eq!(first.status(), StatusCode::OK);
    for _ in 0..3 {
        let id = Uuid::now_v7().to_string();
        let renamed = send(
            &app,
            &browser,
            "/api/tasks/edit",
            &[("id", &first_id), ("title", &id)],
        )
        .await;
        assert_eq!(renamed.status(), StatusCode::OK);
    }
    let fifth = send(
        &app,
        &browser,
        "/api/tasks/edit",
        &[("id", &first_id), ("title", "Пятое")],
    )
    .await;
    assert_eq!(
        quota_refusal(fifth).await,
        serde_json::json!({"what": "stored_answers", "max": 4})
    );
    let tasks = app.tasks(&browser).await;
    assert_ne!(
        tasks[0].title.as_str(),
        "Пятое",
        "the refused change was not done"
    );

    let replayed = app
        .post_keyed(&browser, &first_key, "/api/tasks/add", &form)
        .await;
    assert_eq!(replayed.status(), StatusCode::OK);
    assert!(replayed.headers().contains_key("idempotency-replayed"));
}

async fn past_its_changes_a_minute_a_change_waits_and_nothing_is_done(backend: Backend) {
    let quotas = Quotas {
        changes_per_minute: 3,
        ..small()
    };
    let (app, browser) = with_quotas(backend, quotas).await;
    for n in 0..2 {
        let added = add(
            &app,
            &browser,
            &Uuid::now_v7().to_string(),
            &format!("Задача {n}"),
        )
        .await;
        assert_eq!(added.status(), StatusCode::OK);
    }
    let lists = send(
        &app,
        &browser,
        "/api/lists/create",
        &[("id", &Uuid::now_v7().to_string()), ("name", "Физика")],
    )
    .await;
    assert_eq!(lists.status(), StatusCode::OK);
    let waits = add(&app, &browser, &Uuid::now_v7().to_string(), "Четвёртая").await;
    assert_eq!(waits.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry_after: u64 = waits.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry_after), "Retry-After {retry_after}");
    assert_eq!(error_code(&waits.text().await.unwrap()), "too_many_changes");
    assert_eq!(app.tasks(&browser).await.len(), 2, "nothing was done");
}
