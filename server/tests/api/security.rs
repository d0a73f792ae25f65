//! Security and bad input (issue 6): another account's things stay out of
//! reach on every endpoint, markup stays text, and malformed or junk input
//! gets a clear 4xx — never a 5xx.

use crate::support::{spawn_app, Backend, TestApp};
use reqwest::StatusCode;
use serde_json::Value;
use uuid::Uuid;

on_both_backends!(
    another_account_can_neither_see_nor_change_a_task_or_list_by_its_id,
    a_title_with_a_script_tag_is_shown_as_text,
    malformed_ids_dates_priorities_and_rules_get_a_clear_400,
    junk_sent_to_every_endpoint_never_gets_a_server_error,
    every_mutation_and_read_without_a_session_is_unauthorized,
);

fn new_id() -> String {
    Uuid::now_v7().to_string()
}

async fn keyed(
    app: &TestApp,
    client: &reqwest::Client,
    path: &str,
    form: &[(&str, &str)],
) -> reqwest::Response {
    app.post_keyed(client, &Uuid::new_v4().to_string(), path, form)
        .await
}

/// The error a refused request carries, as JSON.
async fn error_of(response: reqwest::Response) -> Value {
    let body = response.text().await.unwrap();
    serde_json::from_str(&body).unwrap_or_else(|_| panic!("an error as JSON, got {body:?}"))
}

async fn another_account_can_neither_see_nor_change_a_task_or_list_by_its_id(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = app.signed_up_browser("masha").await;
    let petya = app.signed_up_browser("petya").await;
    let (task, list, other) = (new_id(), new_id(), new_id());
    let made = keyed(
        &app,
        &masha,
        "/api/lists/create",
        &[("id", &list), ("name", "Школа")],
    )
    .await;
    assert!(made.status().is_success());
    let made = keyed(
        &app,
        &masha,
        "/api/tasks/create",
        &[("id", &task), ("title", "Алгебра"), ("list_id", &list)],
    )
    .await;
    assert!(made.status().is_success());

    // Petya knows (guessed) both ids and tries everything.
    let tries: [(&str, Vec<(&str, &str)>); 8] = [
        (
            "/api/tasks/complete",
            vec![("id", &task), ("completed", "true")],
        ),
        ("/api/tasks/edit", vec![("id", &task), ("title", "взлом")]),
        (
            "/api/tasks/delete",
            vec![("id", &task), ("deleted", "true")],
        ),
        (
            "/api/tasks/delete",
            vec![("id", &task), ("deleted", "false")],
        ),
        (
            "/api/tasks/create",
            vec![("id", &task), ("title", "чужой id")],
        ),
        ("/api/lists/rename", vec![("id", &list), ("name", "взлом")]),
        ("/api/lists/delete", vec![("id", &list)]),
        ("/api/tasks/reorder", vec![("ids[0]", &task)]),
    ];
    for (path, form) in tries {
        let status = keyed(&app, &petya, path, &form).await.status();
        assert!(
            // Deleting a list that is not yours, or reordering tasks that
            // are not, changes nothing; both may say so with a success.
            status.is_client_error()
                || (matches!(path, "/api/tasks/reorder" | "/api/lists/delete")
                    && status.is_success()),
            "{path} {form:?} answered {status}"
        );
    }
    let peek = petya
        .get(app.url(&format!("/api/tasks/view?view=list:{list}")))
        .send()
        .await
        .unwrap();
    assert!(peek.status().is_client_error() || !peek.text().await.unwrap().contains("Алгебра"));
    assert!(app.tasks(&petya).await.is_empty());
    // A task sent into her list lands in his own Inbox, as one sent into a
    // list deleted meanwhile does: her list is not touched, and the answer
    // tells him nothing of it.
    let into_hers = keyed(
        &app,
        &petya,
        "/api/tasks/create",
        &[
            ("id", &other),
            ("title", "в чужой список"),
            ("list_id", &list),
        ],
    )
    .await;
    assert_eq!(into_hers.status(), StatusCode::OK);
    let his = app.tasks(&petya).await;
    assert_eq!(his.len(), 1);
    assert_eq!(his[0].list_id, None, "in his Inbox");
    let lists = app.text(&petya, "/api/lists/list").await;
    assert!(!lists.contains("Школа"), "{lists}");

    // Masha's task and list are as she left them.
    let tasks = app.tasks(&masha).await;
    assert_eq!(tasks.len(), 1);
    assert_eq!(tasks[0].title.as_str(), "Алгебра");
    assert!(tasks[0].completed_at.is_none());
    assert_eq!(tasks[0].list_id.map(|id| id.to_string()), Some(list));
    let lists = app.text(&masha, "/api/lists/list").await;
    assert!(lists.contains("Школа"), "{lists}");
}

async fn a_title_with_a_script_tag_is_shown_as_text(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = app.signed_up_browser("masha").await;
    let title = "<script>alert('x')</script><img src=x onerror=alert(1)>";
    let made = keyed(
        &app,
        &masha,
        "/api/tasks/create",
        &[("id", &new_id()), ("title", title)],
    )
    .await;
    assert!(made.status().is_success());

    let page = app.text(&masha, "/inbox").await;
    assert!(
        page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;")
            || page.contains("&lt;script&gt;alert('x')&lt;/script&gt;"),
        "the title is not escaped"
    );
    assert!(
        !page.contains("<script>alert"),
        "a script from a title reached the page"
    );
    assert!(
        !page.contains("<img src=x"),
        "markup from a title reached the page"
    );
}

async fn malformed_ids_dates_priorities_and_rules_get_a_clear_400(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = app.signed_up_browser("masha").await;
    let id = new_id();
    let cases: [(&str, Vec<(&str, &str)>); 7] = [
        (
            "/api/tasks/create",
            vec![("id", "not-a-uuid"), ("title", "Алгебра")],
        ),
        (
            "/api/tasks/create",
            vec![
                ("id", &id),
                ("title", "Алгебра"),
                ("due_date", "2026-02-30"),
            ],
        ),
        (
            "/api/tasks/create",
            vec![
                ("id", &id),
                ("title", "Алгебра"),
                ("due_date", "2026-02-01"),
                ("due_time", "25:61"),
            ],
        ),
        (
            "/api/tasks/create",
            vec![("id", &id), ("title", "Алгебра"), ("priority", "7")],
        ),
        (
            "/api/tasks/create",
            vec![
                ("id", &id),
                ("title", "Алгебра"),
                ("recurrence", "every blue moon"),
            ],
        ),
        (
            "/api/tasks/complete",
            vec![("id", "42"), ("completed", "true")],
        ),
        (
            "/api/tasks/complete",
            vec![("id", &id), ("completed", "maybe")],
        ),
    ];
    for (path, form) in cases {
        let response = keyed(&app, &masha, path, &form).await;
        assert_eq!(
            response.status(),
            StatusCode::BAD_REQUEST,
            "{path} {form:?}"
        );
        let error = error_of(response).await;
        assert!(
            error != Value::Null && error != "Internal",
            "{path} {form:?}: {error}"
        );
    }
    assert!(app.tasks(&masha).await.is_empty(), "nothing was created");
}

async fn junk_sent_to_every_endpoint_never_gets_a_server_error(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = app.signed_up_browser("masha").await;
    let long = "я".repeat(10_000);
    let endpoints = [
        "/api/auth/signup",
        "/api/auth/signin",
        "/api/auth/signout",
        "/api/tasks/add",
        "/api/tasks/create",
        "/api/tasks/edit",
        "/api/tasks/complete",
        "/api/tasks/delete",
        "/api/tasks/reorder",
        "/api/lists/create",
        "/api/lists/rename",
        "/api/lists/delete",
        "/api/account/time_zone",
    ];
    let bodies: [(&str, Vec<u8>); 6] = [
        ("application/x-www-form-urlencoded", Vec::new()),
        ("application/x-www-form-urlencoded", b"id=&title=&ids[0]=x&ids[zz]=1&completed=".to_vec()),
        ("application/x-www-form-urlencoded", format!("id={}&title={long}&name={long}&quick_add={long}&username={long}&password={long}&time_zone={long}", new_id()).into_bytes()),
        ("application/x-www-form-urlencoded", vec![0xff, 0xfe, b'=', 0x80, b'&', b'%', b'Z']),
        ("application/json", br#"{"id": [1, 2], "title": null}"#.to_vec()),
        ("text/plain", b"\0\0\0".to_vec()),
    ];
    for path in endpoints {
        for (kind, body) in &bodies {
            for key in [Some(Uuid::new_v4().to_string()), Some("!!".into()), None] {
                let mut request = masha
                    .post(app.url(path))
                    .header("content-type", *kind)
                    .body(body.clone());
                if let Some(key) = key {
                    request = request.header("idempotency-key", key);
                }
                let status = request.send().await.unwrap().status();
                assert!(
                    !status.is_server_error(),
                    "{path} with {kind} {body:?}: {status}"
                );
            }
        }
    }
    for query in [
        "view=",
        "view=list:",
        "view=list:zzz",
        "view=%ff",
        "nothing=1",
    ] {
        let status = masha
            .get(app.url(&format!("/api/tasks/view?{query}")))
            .send()
            .await
            .unwrap()
            .status();
        assert!(!status.is_server_error(), "view ?{query}: {status}");
    }
    for path in [
        "/lists/not-an-id",
        "/lists/00000000-0000-0000-0000-000000000000",
        "/%ff",
        "/settings?x=%00",
    ] {
        let status = masha.get(app.url(path)).send().await.unwrap().status();
        assert!(!status.is_server_error(), "{path}: {status}");
    }
}

async fn every_mutation_and_read_without_a_session_is_unauthorized(backend: Backend) {
    let app = spawn_app(backend).await;
    let stranger = app.browser();
    let (id, other) = (new_id(), new_id());
    let requests: [(&str, Vec<(&str, &str)>); 11] = [
        (
            "/api/tasks/add",
            vec![("id", &id), ("quick_add", "Алгебра")],
        ),
        ("/api/tasks/create", vec![("id", &id), ("title", "Алгебра")]),
        ("/api/tasks/edit", vec![("id", &id), ("title", "Алгебра")]),
        (
            "/api/tasks/complete",
            vec![("id", &id), ("completed", "true")],
        ),
        ("/api/tasks/delete", vec![("id", &id), ("deleted", "true")]),
        (
            "/api/tasks/reorder",
            vec![("ids[0]", &id), ("ids[1]", &other)],
        ),
        ("/api/lists/create", vec![("id", &other), ("name", "Школа")]),
        ("/api/lists/rename", vec![("id", &other), ("name", "Школа")]),
        ("/api/lists/delete", vec![("id", &other)]),
        (
            "/api/account/time_zone",
            vec![("time_zone", "Europe/Moscow")],
        ),
        ("/api/tasks/view", vec![]),
    ];
    for (path, form) in requests {
        let response = if path == "/api/tasks/view" {
            stranger
                .get(app.url("/api/tasks/view?view=today"))
                .send()
                .await
                .unwrap()
        } else {
            keyed(&app, &stranger, path, &form).await
        };
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{path}");
    }
}
