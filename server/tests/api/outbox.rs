//! What the browser's outbox relies on from the server: the service worker
//! script, the account named on pages, and the refusal of a request that
//! names another account than the session's (so a change queued by one
//! person is never applied as another).

use crate::support::{error_code, spawn_app, Backend, TestApp};
use app::api::Account;
use reqwest::StatusCode;
use uuid::Uuid;

on_both_backends!(
    the_service_worker_is_served_uncached_with_the_build_written_in,
    the_list_page_names_the_account_it_was_made_for,
    a_sign_up_or_sign_in_names_the_account_it_opened_and_a_refused_one_names_none,
    a_change_naming_another_account_is_refused_and_does_nothing,
    a_change_naming_its_own_account_is_done,
);

async fn account_id(app: &TestApp, browser: &reqwest::Client) -> String {
    let account: Option<Account> = app.get_json(browser, "/api/auth/account").await;
    account.expect("signed in").id.to_string()
}

async fn add_naming(
    app: &TestApp,
    browser: &reqwest::Client,
    account: &str,
    title: &str,
) -> reqwest::Response {
    let id = Uuid::now_v7().to_string();
    browser
        .post(app.url("/api/tasks/add"))
        .header("idempotency-key", Uuid::new_v4().to_string())
        .header("x-tetrad-account", account)
        .form(&[("id", id.as_str()), ("quick_add", title)])
        .send()
        .await
        .unwrap()
}

async fn the_service_worker_is_served_uncached_with_the_build_written_in(backend: Backend) {
    let app = spawn_app(backend).await;
    let response = app.browser().get(app.url("/sw.js")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let header = |name: &str| response.headers()[name].to_str().unwrap().to_owned();
    assert_eq!(header("cache-control"), "no-cache");
    assert!(header("content-type").starts_with("text/javascript"));
    let script = response.text().await.unwrap();
    assert!(!script.contains("__TETRAD_BUILD__") && !script.contains("__TETRAD_PKG__"));
    assert!(script.contains("tetrad-static-"));
}

async fn the_list_page_names_the_account_it_was_made_for(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("dasha").await;
    let id = account_id(&app, &browser).await;
    let page = browser
        .get(app.url("/"))
        .timeout(std::time::Duration::from_secs(10))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(page.headers()["x-tetrad-account"].to_str().unwrap(), id);

    let stranger = app.browser().get(app.url("/")).send().await.unwrap();
    assert!(stranger.headers().get("x-tetrad-account").is_none());
}

async fn a_sign_up_or_sign_in_names_the_account_it_opened_and_a_refused_one_names_none(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let named = |response: &reqwest::Response| {
        let header = response.headers().get("x-tetrad-account");
        header.map(|value| value.to_str().unwrap().to_owned())
    };
    let phone = app.browser();
    let signed_up = app.sign_up(&phone, "vera", "correct horse battery").await;
    assert!(signed_up.status().is_success());
    let id = account_id(&app, &phone).await;
    assert_eq!(named(&signed_up), Some(id.clone()));

    let laptop = app.browser();
    let refused = app.sign_in(&laptop, "vera", "wrong horse battery").await;
    assert!(!refused.status().is_success());
    assert_eq!(named(&refused), None);
    let signed_in = app.sign_in(&laptop, "vera", "correct horse battery").await;
    assert!(signed_in.status().is_success());
    assert_eq!(named(&signed_in), Some(id));
}

async fn a_change_naming_another_account_is_refused_and_does_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let first = app.signed_up_browser("first").await;
    let first_id = account_id(&app, &first).await;
    let second = app.signed_up_browser("second").await;

    let refused = add_naming(&app, &second, &first_id, "Чужое").await;
    assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        error_code(&refused.text().await.unwrap()),
        "account_changed"
    );
    assert!(app.tasks(&second).await.is_empty());
    assert!(app.tasks(&first).await.is_empty());
}

async fn a_change_naming_its_own_account_is_done(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("own").await;
    let id = account_id(&app, &browser).await;
    let response = add_naming(&app, &browser, &id, "Своё").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.tasks(&browser).await.len(), 1);
}
