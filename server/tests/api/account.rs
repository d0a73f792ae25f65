//! The account in the person's hands: an export holds everything in it,
//! and deleting it (password required) leaves no row of it behind, on
//! both backends.

use crate::support::{error_code, spawn_app, Backend, TestApp};
use app::api::{Account, AccountExport, EXPORT_FORMAT};
use reqwest::StatusCode;
use server::db::DatabaseUrl;
use sqlx::{Connection, Row};
use uuid::Uuid;

on_both_backends!(
    an_export_holds_every_list_and_task_of_the_account_and_nothing_else,
    an_export_is_only_for_the_signed_in,
    deleting_the_account_needs_its_password_and_a_wrong_one_changes_nothing,
    a_deleted_account_leaves_no_row_and_every_device_is_signed_out,
);

const PASSWORD: &str = "correct horse battery";

/// Masha with a list, a task in it with a step, the list's lesson on
/// Mondays, one done and one deleted,
/// a calendar link, a phone taking reminders with one on its way, and a
/// failed sign-in against her name.
async fn masha_with_everything(app: &TestApp) -> reqwest::Client {
    let masha = app.signed_up_browser("masha").await;
    let list = Uuid::now_v7().to_string();
    keyed(
        app,
        &masha,
        "/api/lists/create",
        &[("id", &list), ("name", "Алгебра")],
    )
    .await;
    let in_list = Uuid::now_v7().to_string();
    let form = [
        ("id", in_list.as_str()),
        ("title", "№245"),
        ("list_id", list.as_str()),
    ];
    keyed(app, &masha, "/api/tasks/create", &form).await;
    let step = Uuid::now_v7().to_string();
    let form = [
        ("id", step.as_str()),
        ("task_id", in_list.as_str()),
        ("title", "упр. 3"),
    ];
    keyed(app, &masha, "/api/steps/create", &form).await;
    let lesson = [("entry", "lesson:mon:1"), ("value", list.as_str())];
    keyed(app, &masha, "/api/timetable/set", &lesson).await;
    let done = add(app, &masha, "Сочинение").await;
    keyed(
        app,
        &masha,
        "/api/tasks/complete",
        &[("id", &done), ("completed", "true")],
    )
    .await;
    let deleted = add(app, &masha, "Черновик").await;
    keyed(
        app,
        &masha,
        "/api/tasks/delete",
        &[("id", &deleted), ("deleted", "true")],
    )
    .await;
    let link = app.post(&masha, "/api/auth/calendar/link", &[]).await;
    assert_eq!(link.status(), StatusCode::OK);
    let phone = crate::push_api::a_phones_subscription("masha");
    let phone = crate::push_api::form(&phone);
    let reminders = app.post(&masha, "/api/auth/push/subscribe", &phone).await;
    assert_eq!(reminders.status(), StatusCode::OK);
    // Tonight's summary planned for her phone, as the scheduler plans it
    // (sending it would need Google's push service).
    let now = chrono::Utc::now();
    let id = crate::push_api::user(app, &masha).await;
    let summary = app::reminders::Occurrence::Summary(now.date_naive()).key();
    let planned = app.storage.plan_delivery(id, &summary, now, now).await;
    assert_eq!(planned.unwrap(), 1);
    let wrong = app
        .sign_in(&app.browser(), "masha", "not her password")
        .await;
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    masha
}

async fn keyed(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) {
    let response = app
        .post_keyed(client, &Uuid::new_v4().to_string(), path, form)
        .await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
}

async fn add(app: &TestApp, client: &reqwest::Client, title: &str) -> String {
    let id = Uuid::now_v7().to_string();
    keyed(
        app,
        client,
        "/api/tasks/add",
        &[("id", &id), ("quick_add", title)],
    )
    .await;
    id
}

async fn export(app: &TestApp, client: &reqwest::Client) -> reqwest::Response {
    client
        .get(app.url("/api/account/export"))
        .send()
        .await
        .unwrap()
}

async fn an_export_holds_every_list_and_task_of_the_account_and_nothing_else(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = masha_with_everything(&app).await;
    let petya = app.signed_up_browser("petya").await;
    add(&app, &petya, "Петина задача").await;

    let response = export(&app, &masha).await;
    assert_eq!(response.status(), StatusCode::OK);
    let disposition = response.headers()["content-disposition"].to_str().unwrap();
    assert!(
        disposition.starts_with("attachment; filename=\"tetrad-")
            && disposition.ends_with(".json\""),
        "{disposition}"
    );
    let file: AccountExport = response.json().await.unwrap();
    assert_eq!(file.format, EXPORT_FORMAT);
    assert_eq!(file.username.as_str(), "masha");
    let lists: Vec<&str> = file.lists.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(lists, ["Алгебра"]);
    let tasks: Vec<(&str, bool, bool, bool)> = file
        .tasks
        .iter()
        .map(|t| {
            let in_list = t.list_id == Some(file.lists[0].id);
            (
                t.title.as_str(),
                in_list,
                t.completed_at.is_some(),
                t.deleted_at.is_some(),
            )
        })
        .collect();
    assert_eq!(
        tasks,
        [
            ("№245", true, false, false),
            ("Сочинение", false, true, false),
            ("Черновик", false, false, true),
        ]
    );
    assert_eq!(file.tasks[0].steps[0].title.as_str(), "упр. 3");
    let timetable = file.timetable.timetable();
    assert_eq!(timetable.lessons[0].subject, Some(file.lists[0].id));
    // What the file holds reads back as what the server keeps.
    let kept: app::change::KeptTimetable = app.get_json(&masha, "/api/timetable").await;
    assert_eq!(file.timetable, kept);
}

async fn an_export_is_only_for_the_signed_in(backend: Backend) {
    let app = spawn_app(backend).await;
    assert_eq!(
        export(&app, &app.browser()).await.status(),
        StatusCode::UNAUTHORIZED
    );
}

async fn delete(app: &TestApp, client: &reqwest::Client, password: &str) -> reqwest::Response {
    app.post(
        client,
        "/api/auth/delete_account",
        &[("password", password)],
    )
    .await
}

async fn deleting_the_account_needs_its_password_and_a_wrong_one_changes_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = masha_with_everything(&app).await;
    let id = account_id(&app, &masha).await;
    let before = rows_of(app.database_url(), id, "masha").await;

    let wrong = delete(&app, &masha, "not her password").await;
    assert_eq!(wrong.status(), StatusCode::FORBIDDEN);
    assert_eq!(error_code(&wrong.text().await.unwrap()), "wrong_password");
    // Nothing went, and the wrong password counts as a failed sign-in.
    let after = rows_of(app.database_url(), id, "masha").await;
    let failed =
        |rows: &[(String, i64)]| rows.iter().find(|(t, _)| t == "failed_sign_ins").unwrap().1;
    assert_eq!(failed(&after), failed(&before) + 1);
    let others = |rows: Vec<(String, i64)>| -> Vec<(String, i64)> {
        rows.into_iter()
            .filter(|(t, _)| t != "failed_sign_ins")
            .collect()
    };
    assert_eq!(others(after), others(before));
    assert_eq!(app.list_tasks(&masha).await.status(), StatusCode::OK);
}

async fn a_deleted_account_leaves_no_row_and_every_device_is_signed_out(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = masha_with_everything(&app).await;
    let laptop = app.browser();
    assert_eq!(
        app.sign_in(&laptop, "masha", PASSWORD).await.status(),
        StatusCode::OK
    );
    // That sign-in forgot the failures from this address: one more.
    let wrong = app
        .sign_in(&app.browser(), "masha", "not her password")
        .await;
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    let petya = app.signed_up_browser("petya").await;
    add(&app, &petya, "Петина задача").await;
    let (id, petya_id) = (
        account_id(&app, &masha).await,
        account_id(&app, &petya).await,
    );
    let petyas = rows_of(app.database_url(), petya_id, "petya").await;
    assert!(rows_of(app.database_url(), id, "masha")
        .await
        .iter()
        .all(|(_, n)| *n > 0));

    assert_eq!(
        delete(&app, &masha, PASSWORD).await.status(),
        StatusCode::OK
    );

    let left: Vec<(String, i64)> = rows_of(app.database_url(), id, "masha")
        .await
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .collect();
    assert!(
        left.is_empty(),
        "rows left of the deleted account: {left:?}"
    );
    assert_eq!(rows_of(app.database_url(), petya_id, "petya").await, petyas);
    for device in [&masha, &laptop] {
        assert_eq!(
            app.list_tasks(device).await.status(),
            StatusCode::UNAUTHORIZED
        );
    }
    let again = app.sign_in(&app.browser(), "masha", PASSWORD).await;
    assert_eq!(again.status(), StatusCode::UNAUTHORIZED);
    // The name is free at once.
    let anew = app.sign_up(&app.browser(), "masha", PASSWORD).await;
    assert_eq!(anew.status(), StatusCode::OK);
}

async fn account_id(app: &TestApp, client: &reqwest::Client) -> Uuid {
    let account: Option<Account> = app.get_json(client, "/api/auth/account").await;
    account.expect("signed in").id.as_uuid()
}

/// How many rows each table holds of the account: every table with a
/// `user_id` column (read from the database itself, so a table added later
/// is counted too), `users` by its id, and the failed sign-ins by name.
async fn rows_of(url: &DatabaseUrl, id: Uuid, name: &str) -> Vec<(String, i64)> {
    // The same steps on either driver's connection; only the catalogue
    // and the cast to compare ids as text differ.
    macro_rules! count {
        ($connection:ty, $url:expr, $tables:expr, $cast:expr) => {{
            let mut db = <$connection>::connect($url).await.unwrap();
            let tables: Vec<String> = sqlx::query_scalar($tables)
                .fetch_all(&mut db)
                .await
                .unwrap();
            let mut counts = Vec::new();
            for (table, column) in owned(tables) {
                let sql = format!(
                    "SELECT COUNT(*) AS n FROM {table} WHERE {column}{} = $1",
                    $cast
                );
                let value = if column == "username" {
                    name.to_owned()
                } else {
                    id.to_string()
                };
                let row = sqlx::query(&sql)
                    .bind(value)
                    .fetch_one(&mut db)
                    .await
                    .unwrap();
                counts.push((table, row.get::<i64, _>("n")));
            }
            counts
        }};
    }
    match url {
        DatabaseUrl::Sqlite(url) => count!(
            sqlx::SqliteConnection,
            url,
            "SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) c \
             WHERE m.type = 'table' AND c.name = 'user_id' ORDER BY m.name",
            ""
        ),
        DatabaseUrl::Postgres(url) => count!(
            sqlx::PgConnection,
            url,
            "SELECT table_name::text FROM information_schema.columns \
             WHERE table_schema = 'public' AND column_name = 'user_id' ORDER BY table_name",
            "::text"
        ),
    }
}

/// The tables with a `user_id`, and the two that name the account otherwise.
fn owned(with_user_id: Vec<String>) -> Vec<(String, &'static str)> {
    let mut tables: Vec<(String, &str)> =
        with_user_id.into_iter().map(|t| (t, "user_id")).collect();
    tables.push(("users".into(), "id"));
    tables.push(("failed_sign_ins".into(), "username"));
    tables
}
