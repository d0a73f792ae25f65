//! The storage contract: every test runs against SQLite and PostgreSQL,
//! each on a database of its own.

use crate::support::{Backend, TestDatabase};
use app::domain::IdempotencyKey;
use app::domain::{TaskId, TaskTitle, UserId, Username};
use app::ssr::idempotency::{KeptKey, KeyRecord, StoredResponse};
use app::ssr::storage::{Storage, StorageError};
use chrono::{DateTime, TimeZone, Utc};
use server::db::DatabaseUrl;
use std::sync::Arc;
use uuid::Uuid;

on_both_backends!(
    a_fresh_database_answers_a_ping,
    a_new_account_can_be_found_by_its_name,
    an_unknown_name_has_no_credentials,
    a_taken_name_is_a_conflict,
    a_session_leads_to_its_account_until_it_expires,
    a_deleted_session_no_longer_leads_anywhere,
    cleaning_up_removes_only_expired_sessions,
    failed_sign_ins_are_counted_per_name_within_the_window,
    a_successful_sign_in_clears_the_failures_from_its_address_only,
    failed_sign_ins_older_than_the_window_are_purged_and_newer_ones_kept,
    creating_a_task_twice_with_one_id_keeps_one_task,
    a_task_id_owned_by_another_account_is_a_conflict,
    each_account_lists_only_its_own_tasks_oldest_first,
    a_key_recorded_with_its_answer_reads_back_with_it,
    a_key_with_a_row_cannot_be_recorded_again,
    a_recorded_key_whose_work_rolls_back_leaves_nothing,
    a_second_record_of_one_key_waits_for_the_first_and_finds_its_row,
    a_row_an_earlier_version_left_unanswered_is_written_by_the_next_record,
    work_that_is_not_committed_leaves_nothing,
    keys_belong_to_one_account,
    expired_keys_are_deleted_in_batches_and_fresh_ones_kept,
    every_field_of_a_task_survives_the_round_trip,
    a_purged_task_is_gone_for_good_and_only_once,
    positions_set_the_order_of_the_list,
    an_older_order_is_ignored_and_a_newer_one_applied,
    deleting_a_list_moves_its_tasks_to_the_inbox,
    a_list_id_owned_by_another_account_is_a_conflict,
    a_calendar_link_leads_to_its_account_until_a_new_one_replaces_it,
    a_calendar_link_turned_off_leads_nowhere,
    each_account_has_a_calendar_link_of_its_own,
    the_calendar_holds_dated_tasks_not_deleted_open_or_recently_done_latest_first,
);

struct Fixture {
    storage: Arc<dyn Storage>,
    database: TestDatabase,
}

async fn fixture(backend: Backend) -> Fixture {
    let database = TestDatabase::new(backend).await;
    let storage = server::db::connect(&database.url)
        .await
        .expect("connect and migrate");
    Fixture { storage, database }
}

fn at(minute: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 9, 1, 8, minute, 0).unwrap()
}

fn name(text: &str) -> Username {
    Username::parse(text).unwrap()
}

fn title(text: &str) -> TaskTitle {
    TaskTitle::parse(text).unwrap()
}

/// Creates a task in a unit of work of its own.
async fn create_task(
    storage: &dyn Storage,
    user: UserId,
    id: TaskId,
    title: &TaskTitle,
    now: DateTime<Utc>,
) -> Result<app::domain::Task, StorageError> {
    let fields = app::domain::TaskForm {
        title: title.to_string(),
        ..Default::default()
    }
    .parse()
    .unwrap();
    let mut work = storage.begin().await?;
    work.insert_task(user, &app::domain::Task::new(id, fields, now))
        .await?;
    work.commit().await?;
    Ok(storage
        .get_task(user, id)
        .await?
        .expect("the task just created"))
}

async fn account(storage: &dyn Storage, username: &str) -> UserId {
    let id = UserId::new();
    storage
        .create_user(id, &name(username), "$argon2id$fake", at(0))
        .await
        .unwrap();
    id
}

async fn a_fresh_database_answers_a_ping(backend: Backend) {
    let f = fixture(backend).await;
    f.storage.ping().await.unwrap();
}

async fn a_new_account_can_be_found_by_its_name(backend: Backend) {
    let f = fixture(backend).await;
    let id = account(&*f.storage, "masha").await;
    let found = f
        .storage
        .find_credentials(&name("masha"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(found.user_id, id);
    assert_eq!(found.username, name("masha"));
    assert_eq!(found.password_hash, "$argon2id$fake");
}

async fn an_unknown_name_has_no_credentials(backend: Backend) {
    let f = fixture(backend).await;
    assert!(f
        .storage
        .find_credentials(&name("nobody"))
        .await
        .unwrap()
        .is_none());
}

async fn a_taken_name_is_a_conflict(backend: Backend) {
    let f = fixture(backend).await;
    account(&*f.storage, "masha").await;
    let again = f
        .storage
        .create_user(UserId::new(), &name("Masha"), "$argon2id$other", at(1))
        .await;
    assert!(matches!(again, Err(StorageError::Conflict)), "{again:?}");
}

async fn a_session_leads_to_its_account_until_it_expires(backend: Backend) {
    let f = fixture(backend).await;
    let id = account(&*f.storage, "masha").await;
    f.storage
        .create_session(b"token-hash", id, at(0), at(30))
        .await
        .unwrap();

    let user = f
        .storage
        .find_session(b"token-hash", at(29))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(user.user_id, id);
    assert_eq!(user.username, name("masha"));
    assert!(f
        .storage
        .find_session(b"token-hash", at(30))
        .await
        .unwrap()
        .is_none());
    assert!(f
        .storage
        .find_session(b"other-hash", at(1))
        .await
        .unwrap()
        .is_none());
}

async fn a_deleted_session_no_longer_leads_anywhere(backend: Backend) {
    let f = fixture(backend).await;
    let id = account(&*f.storage, "masha").await;
    f.storage
        .create_session(b"token-hash", id, at(0), at(30))
        .await
        .unwrap();
    f.storage.delete_session(b"token-hash").await.unwrap();
    assert!(f
        .storage
        .find_session(b"token-hash", at(1))
        .await
        .unwrap()
        .is_none());
}

async fn cleaning_up_removes_only_expired_sessions(backend: Backend) {
    let f = fixture(backend).await;
    let id = account(&*f.storage, "masha").await;
    f.storage
        .create_session(b"old", id, at(0), at(10))
        .await
        .unwrap();
    f.storage
        .create_session(b"new", id, at(0), at(50))
        .await
        .unwrap();

    assert_eq!(f.storage.delete_expired_sessions(at(20)).await.unwrap(), 1);
    assert!(f
        .storage
        .find_session(b"new", at(20))
        .await
        .unwrap()
        .is_some());
}

async fn failed_sign_ins_are_counted_per_name_within_the_window(backend: Backend) {
    let f = fixture(backend).await;
    for (minute, client) in [(1, "10.0.0.7"), (5, "10.0.0.7"), (9, "10.0.0.8")] {
        f.storage
            .record_failed_sign_in(&name("masha"), client, at(minute))
            .await
            .unwrap();
    }
    f.storage
        .record_failed_sign_in(&name("petya"), "10.0.0.7", at(9))
        .await
        .unwrap();

    let count = |who: &'static str, client: Option<&'static str>, since: u32| {
        let storage = f.storage.clone();
        async move {
            storage
                .count_failed_sign_ins(&name(who), client, at(since))
                .await
                .unwrap()
        }
    };
    assert_eq!(count("masha", None, 0).await, 3, "from anywhere");
    assert_eq!(count("masha", None, 4).await, 2, "within the window");
    assert_eq!(
        count("masha", Some("10.0.0.7"), 0).await,
        2,
        "from one address"
    );
    assert_eq!(count("masha", Some("10.0.0.9"), 0).await, 0);
    assert_eq!(count("petya", None, 0).await, 1);
}

async fn failed_sign_ins_older_than_the_window_are_purged_and_newer_ones_kept(backend: Backend) {
    let f = fixture(backend).await;
    for minute in [1, 5, 9] {
        f.storage
            .record_failed_sign_in(&name("masha"), "10.0.0.7", at(minute))
            .await
            .unwrap();
    }
    assert_eq!(
        f.storage
            .delete_failed_sign_ins_before(at(5))
            .await
            .unwrap(),
        2
    );
    assert_eq!(
        f.storage
            .count_failed_sign_ins(&name("masha"), None, at(0))
            .await
            .unwrap(),
        1
    );
}

async fn a_successful_sign_in_clears_the_failures_from_its_address_only(backend: Backend) {
    let f = fixture(backend).await;
    for client in ["10.0.0.7", "10.0.0.8"] {
        f.storage
            .record_failed_sign_in(&name("masha"), client, at(1))
            .await
            .unwrap();
    }
    f.storage
        .clear_failed_sign_ins(&name("masha"), "10.0.0.7")
        .await
        .unwrap();
    let left = |client| {
        let storage = f.storage.clone();
        async move {
            storage
                .count_failed_sign_ins(&name("masha"), client, at(0))
                .await
                .unwrap()
        }
    };
    assert_eq!(left(Some("10.0.0.7")).await, 0);
    assert_eq!(
        left(None).await,
        1,
        "another address's failures still count"
    );
}

async fn creating_a_task_twice_with_one_id_keeps_one_task(backend: Backend) {
    let f = fixture(backend).await;
    let user = account(&*f.storage, "masha").await;
    let id = TaskId::new();

    let first = create_task(&*f.storage, user, id, &title("Алгебра №245"), at(1))
        .await
        .unwrap();
    let second = create_task(&*f.storage, user, id, &title("Алгебра №245"), at(2))
        .await
        .unwrap();

    assert_eq!(first, second);
    assert_eq!(first.created_at, at(1));
    assert_eq!(f.storage.list_tasks(user).await.unwrap(), vec![first]);
}

async fn a_task_id_owned_by_another_account_is_a_conflict(backend: Backend) {
    let f = fixture(backend).await;
    let masha = account(&*f.storage, "masha").await;
    let petya = account(&*f.storage, "petya").await;
    let id = TaskId::new();
    create_task(&*f.storage, masha, id, &title("Masha's"), at(1))
        .await
        .unwrap();

    let stolen = create_task(&*f.storage, petya, id, &title("Petya's"), at(2)).await;

    assert!(matches!(stolen, Err(StorageError::Conflict)), "{stolen:?}");
    assert!(f.storage.list_tasks(petya).await.unwrap().is_empty());
    assert_eq!(
        f.storage.list_tasks(masha).await.unwrap()[0].title,
        title("Masha's")
    );
}

async fn each_account_lists_only_its_own_tasks_oldest_first(backend: Backend) {
    let f = fixture(backend).await;
    let masha = account(&*f.storage, "masha").await;
    let petya = account(&*f.storage, "petya").await;
    create_task(&*f.storage, masha, TaskId::new(), &title("second"), at(2))
        .await
        .unwrap();
    create_task(
        &*f.storage,
        petya,
        TaskId::new(),
        &title("not Masha's"),
        at(3),
    )
    .await
    .unwrap();
    create_task(&*f.storage, masha, TaskId::new(), &title("first"), at(1))
        .await
        .unwrap();

    let titles: Vec<String> = f
        .storage
        .list_tasks(masha)
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.title.to_string())
        .collect();
    assert_eq!(titles, ["first", "second"]);
}

fn record(user: UserId, key: &str, body: &[u8], minute: u32) -> KeyRecord {
    KeyRecord {
        user_id: user,
        key: IdempotencyKey::parse(key).unwrap(),
        fingerprint: app::ssr::idempotency::fingerprint("POST", "/api/tasks/add", body),
        now: at(minute),
    }
}

fn answer(body: &str) -> StoredResponse {
    StoredResponse {
        status: 200,
        headers: vec![("content-type".into(), "application/json".into())],
        body: body.as_bytes().to_vec(),
    }
}

/// Records `body` as the answer under the key, committing.
async fn recorded(storage: &dyn Storage, record: &KeyRecord, body: &str) {
    let mut work = storage.begin().await.unwrap();
    assert!(work.record_key(record, &answer(body)).await.unwrap());
    work.commit().await.unwrap();
}

async fn kept(storage: &dyn Storage, user: UserId, key: &str) -> Option<KeptKey> {
    let key = IdempotencyKey::parse(key).unwrap();
    storage.find_key(user, &key).await.unwrap()
}

async fn a_key_recorded_with_its_answer_reads_back_with_it(backend: Backend) {
    let f = fixture(backend).await;
    let user = account(&*f.storage, "masha").await;
    let first = record(user, "k1", b"x", 10);
    recorded(&*f.storage, &first, "{\"id\":1}").await;
    assert_eq!(
        kept(&*f.storage, user, "k1").await,
        Some(KeptKey {
            fingerprint: first.fingerprint,
            answer: answer("{\"id\":1}"),
        })
    );
    assert_eq!(kept(&*f.storage, user, "k2").await, None);
}

async fn a_key_with_a_row_cannot_be_recorded_again(backend: Backend) {
    let f = fixture(backend).await;
    let user = account(&*f.storage, "masha").await;
    recorded(&*f.storage, &record(user, "done", b"x", 10), "first").await;
    let mut work = f.storage.begin().await.unwrap();
    assert!(!work
        .record_key(&record(user, "done", b"y", 11), &answer("second"))
        .await
        .unwrap());
    work.rollback().await.unwrap();
    let row = kept(&*f.storage, user, "done").await.unwrap();
    assert_eq!(row.answer, answer("first"));
}

async fn a_recorded_key_whose_work_rolls_back_leaves_nothing(backend: Backend) {
    let f = fixture(backend).await;
    let user = account(&*f.storage, "masha").await;
    let mut work = f.storage.begin().await.unwrap();
    assert!(work
        .record_key(&record(user, "k1", b"x", 10), &answer("lost"))
        .await
        .unwrap());
    work.rollback().await.unwrap();
    assert_eq!(kept(&*f.storage, user, "k1").await, None);
}

/// docs/design.md §3: two requests with one key at once. The second's
/// record waits until the first's unit of work ends, then finds the row.
async fn a_second_record_of_one_key_waits_for_the_first_and_finds_its_row(backend: Backend) {
    let f = fixture(backend).await;
    let user = account(&*f.storage, "masha").await;
    let mut first = f.storage.begin().await.unwrap();
    assert!(first
        .record_key(&record(user, "k1", b"x", 10), &answer("first"))
        .await
        .unwrap());
    let storage = Arc::clone(&f.storage);
    let second = tokio::spawn(async move {
        let mut work = storage.begin().await.unwrap();
        let recorded = work
            .record_key(&record(user, "k1", b"x", 10), &answer("second"))
            .await
            .unwrap();
        work.rollback().await.unwrap();
        recorded
    });
    // Whatever the second has reached by now, it cannot have recorded.
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert!(!second.is_finished(), "the second record did not wait");
    first.commit().await.unwrap();
    assert!(!second.await.unwrap(), "the second record found the row");
    let row = kept(&*f.storage, user, "k1").await.unwrap();
    assert_eq!(row.answer, answer("first"));
}

/// A row an earlier version's claim left without an answer (its request
/// died, or ran on an older instance during a deploy), as that version
/// wrote it.
async fn plant_unanswered_claim(database: &TestDatabase, user: UserId, key: &str) {
    use sqlx::Connection;
    let (user, token) = (user.as_uuid(), Uuid::new_v4());
    match &database.url {
        DatabaseUrl::Sqlite(url) => {
            let mut db = sqlx::SqliteConnection::connect(url).await.unwrap();
            sqlx::query(&format!(
                "INSERT INTO idempotency_keys (user_id, idempotency_key, fingerprint, \
                 claim_token, locked_until, created_at) \
                 VALUES ('{user}', '{key}', X'00', '{token}', 0, 0)"
            ))
            .execute(&mut db)
            .await
            .unwrap();
        }
        DatabaseUrl::Postgres(url) => {
            let mut db = sqlx::PgConnection::connect(url).await.unwrap();
            sqlx::query(&format!(
                "INSERT INTO idempotency_keys (user_id, idempotency_key, fingerprint, \
                 claim_token, locked_until, created_at) \
                 VALUES ('{user}', '{key}', '\\x00', '{token}', now(), now())"
            ))
            .execute(&mut db)
            .await
            .unwrap();
        }
    }
}

async fn a_row_an_earlier_version_left_unanswered_is_written_by_the_next_record(backend: Backend) {
    let f = fixture(backend).await;
    let user = account(&*f.storage, "masha").await;
    plant_unanswered_claim(&f.database, user, "k1").await;
    assert_eq!(
        kept(&*f.storage, user, "k1").await,
        None,
        "no answer to replay"
    );
    recorded(&*f.storage, &record(user, "k1", b"x", 10), "answered").await;
    let row = kept(&*f.storage, user, "k1").await.unwrap();
    assert_eq!(row.answer, answer("answered"));
}

async fn work_that_is_not_committed_leaves_nothing(backend: Backend) {
    let f = fixture(backend).await;
    let user = account(&*f.storage, "masha").await;
    {
        let mut work = f.storage.begin().await.unwrap();
        let fields = app::domain::TaskForm {
            title: "lost".into(),
            ..Default::default()
        }
        .parse()
        .unwrap();
        work.insert_task(user, &app::domain::Task::new(TaskId::new(), fields, at(10)))
            .await
            .unwrap();
        work.record_key(&record(user, "k1", b"x", 10), &answer("{}"))
            .await
            .unwrap();
        // Dropped here without commit: the failure half-way.
    }
    assert!(f.storage.list_tasks(user).await.unwrap().is_empty());
    assert_eq!(kept(&*f.storage, user, "k1").await, None);
}

async fn keys_belong_to_one_account(backend: Backend) {
    let f = fixture(backend).await;
    let masha = account(&*f.storage, "masha").await;
    let petya = account(&*f.storage, "petya").await;
    recorded(&*f.storage, &record(masha, "shared", b"x", 10), "masha's").await;
    assert_eq!(kept(&*f.storage, petya, "shared").await, None);
    recorded(&*f.storage, &record(petya, "shared", b"x", 10), "petya's").await;
    let masha_row = kept(&*f.storage, masha, "shared").await.unwrap();
    assert_eq!(masha_row.answer, answer("masha's"));
}

async fn expired_keys_are_deleted_in_batches_and_fresh_ones_kept(backend: Backend) {
    let f = fixture(backend).await;
    let user = account(&*f.storage, "masha").await;
    for i in 0..5 {
        let old = record(user, &format!("old-{i}"), b"x", 1);
        recorded(&*f.storage, &old, "{}").await;
    }
    recorded(&*f.storage, &record(user, "fresh", b"x", 20), "{}").await;
    for left in [3, 2, 0] {
        let deleted = f.storage.delete_keys_created_before(at(10), 3).await;
        assert_eq!(deleted.unwrap(), left);
    }
    assert!(kept(&*f.storage, user, "fresh").await.is_some());
    assert_eq!(kept(&*f.storage, user, "old-0").await, None);
}

fn full_task(minute: u32) -> app::domain::Task {
    let form = app::domain::TaskForm {
        title: "Физика §12".into(),
        notes: "стр. 45\nупр. 3".into(),
        due_date: "2028-02-29".into(),
        due_time: "18:30".into(),
        priority: "1".into(),
        list_id: String::new(),
        recurrence: "weekly mon,thu".into(),
        reminder: "1h".into(),
    };
    app::domain::Task::new(TaskId::new(), form.parse().unwrap(), at(minute))
}

fn algebra_list() -> app::domain::TaskList {
    app::domain::TaskList::new(
        app::domain::ListId::new(),
        app::domain::ListName::parse("Алгебра").unwrap(),
        at(1),
    )
}

async fn in_work<T>(
    storage: &dyn Storage,
    f: impl for<'w> FnOnce(&'w mut dyn app::ssr::storage::Work) -> futures::future::BoxFuture<'w, T>,
) -> T {
    let mut work = storage.begin().await.unwrap();
    let out = f(&mut *work).await;
    work.commit().await.unwrap();
    out
}

async fn every_field_of_a_task_survives_the_round_trip(backend: Backend) {
    let f = fixture(backend).await;
    let user = account(&*f.storage, "masha").await;
    let mut task = full_task(1);
    task.position = 7;
    task.completed_at = Some(at(2));
    task.deleted_at = Some(at(3));
    task.updated_at = at(4);
    // Each part's clock, each its own.
    let stamp = |minute| app::domain::Stamp::of(at(minute));
    task.changed.completion = stamp(2);
    task.changed.deletion = stamp(3);
    task.changed.position = stamp(4);
    task.changed.title = stamp(5);
    let t = task.clone();
    assert!(
        in_work(&*f.storage, |w| Box::pin(async move {
            w.insert_task(user, &t).await.unwrap()
        }))
        .await
    );
    assert_eq!(
        f.storage.get_task(user, task.id).await.unwrap(),
        Some(task.clone())
    );

    task.title = title("Химия");
    task.due = None;
    task.recurrence = None;
    task.deleted_at = None;
    let t = task.clone();
    in_work(&*f.storage, |w| {
        Box::pin(async move { w.update_task(user, &t).await.unwrap() })
    })
    .await;
    assert_eq!(
        f.storage.get_task(user, task.id).await.unwrap(),
        Some(task.clone())
    );
    assert_eq!(f.storage.list_tasks(user).await.unwrap(), vec![task]);
}

async fn a_purged_task_is_gone_for_good_and_only_once(backend: Backend) {
    let f = fixture(backend).await;
    let user = account(&*f.storage, "masha").await;
    let (gone, kept) = (full_task(1), full_task(1));
    for task in [gone.clone(), kept.clone()] {
        in_work(&*f.storage, |w| {
            Box::pin(async move { w.insert_task(user, &task).await.unwrap() })
        })
        .await;
    }
    let id = gone.id;
    let purge = || {
        in_work(&*f.storage, move |w| {
            Box::pin(async move { w.purge_task(user, id).await.unwrap() })
        })
    };
    assert!(purge().await);
    assert!(!purge().await, "a second purge finds nothing");
    assert_eq!(f.storage.list_tasks(user).await.unwrap(), vec![kept]);
}

async fn positions_set_the_order_of_the_list(backend: Backend) {
    let f = fixture(backend).await;
    let user = account(&*f.storage, "masha").await;
    let ids: Vec<TaskId> = (1..=3).map(|_| TaskId::new()).collect();
    for (i, id) in ids.iter().enumerate() {
        create_task(
            &*f.storage,
            user,
            *id,
            &title(&format!("t{i}")),
            at(i as u32),
        )
        .await
        .unwrap();
    }
    let order = vec![ids[2], ids[0], ids[1]];
    let o = order.clone();
    in_work(&*f.storage, |w| {
        Box::pin(async move { w.set_positions(user, &o, at(9)).await.unwrap() })
    })
    .await;
    let listed: Vec<TaskId> = f
        .storage
        .list_tasks(user)
        .await
        .unwrap()
        .iter()
        .map(|t| t.id)
        .collect();
    assert_eq!(listed, order);
}

async fn an_older_order_is_ignored_and_a_newer_one_applied(backend: Backend) {
    let f = fixture(backend).await;
    let user = account(&*f.storage, "masha").await;
    let ids: Vec<TaskId> = (1..=2).map(|_| TaskId::new()).collect();
    for (i, id) in ids.iter().enumerate() {
        create_task(&*f.storage, user, *id, &title(&format!("t{i}")), at(0))
            .await
            .unwrap();
    }
    let order = |ids: Vec<TaskId>, minute: u32| {
        let storage = f.storage.clone();
        async move {
            in_work(&*storage, |w| {
                Box::pin(async move { w.set_positions(user, &ids, at(minute)).await.unwrap() })
            })
            .await
        }
    };
    let listed = || async { f.storage.list_tasks(user).await.unwrap() };
    order(vec![ids[1], ids[0]], 9).await;
    order(vec![ids[0], ids[1]], 8).await;
    let after_older: Vec<TaskId> = listed().await.iter().map(|t| t.id).collect();
    assert_eq!(
        after_older,
        [ids[1], ids[0]],
        "the older order changed nothing"
    );
    order(vec![ids[0], ids[1]], 10).await;
    let tasks = listed().await;
    assert_eq!(
        tasks.iter().map(|t| t.id).collect::<Vec<_>>(),
        [ids[0], ids[1]]
    );
    assert_eq!(tasks[1].changed.position, app::domain::Stamp::of(at(10)));
}

async fn deleting_a_list_moves_its_tasks_to_the_inbox(backend: Backend) {
    let f = fixture(backend).await;
    let user = account(&*f.storage, "masha").await;
    let list = algebra_list();
    let mut task = full_task(2);
    task.list_id = Some(list.id);
    let (l, t) = (list.clone(), task.clone());
    in_work(&*f.storage, |w| {
        Box::pin(async move {
            assert!(w.insert_list(user, &l).await.unwrap());
            assert!(
                !w.insert_list(user, &l).await.unwrap(),
                "the same id twice is one list"
            );
            w.insert_task(user, &t).await.unwrap();
        })
    })
    .await;
    assert_eq!(
        f.storage.list_lists(user).await.unwrap(),
        vec![list.clone()]
    );

    let id = list.id;
    in_work(&*f.storage, |w| {
        Box::pin(async move { w.delete_list(user, id, at(5)).await.unwrap() })
    })
    .await;
    assert!(f.storage.list_lists(user).await.unwrap().is_empty());
    let moved = f.storage.get_task(user, task.id).await.unwrap().unwrap();
    assert_eq!(moved.list_id, None);
    assert_eq!(moved.title, task.title);
    assert_eq!(
        moved.changed.list,
        app::domain::Stamp::of(at(5)),
        "the move is a change of the list, clocked (a page merging copies keeps it)"
    );
}

async fn a_list_id_owned_by_another_account_is_a_conflict(backend: Backend) {
    let f = fixture(backend).await;
    let masha = account(&*f.storage, "masha").await;
    let petya = account(&*f.storage, "petya").await;
    let list = algebra_list();
    let l = list.clone();
    in_work(&*f.storage, |w| {
        Box::pin(async move { w.insert_list(masha, &l).await.unwrap() })
    })
    .await;
    let mut work = f.storage.begin().await.unwrap();
    assert!(matches!(
        work.insert_list(petya, &list).await,
        Err(StorageError::Conflict)
    ));
    assert!(work.find_list(petya, list.id).await.unwrap().is_none());
}

async fn a_calendar_link_leads_to_its_account_until_a_new_one_replaces_it(backend: Backend) {
    let f = fixture(backend).await;
    let masha = account(&*f.storage, "masha").await;
    let (old, new) = ([1_u8; 32], [2_u8; 32]);
    assert_eq!(f.storage.calendar_feed_since(masha).await.unwrap(), None);

    f.storage
        .set_calendar_feed(masha, &old, at(1))
        .await
        .unwrap();
    let owner = f.storage.find_calendar_feed(&old).await.unwrap().unwrap();
    assert_eq!(owner.user_id, masha);
    assert_eq!(owner.username, name("masha"));
    assert_eq!(owner.time_zone.as_str(), "UTC");
    assert_eq!(
        f.storage.calendar_feed_since(masha).await.unwrap(),
        Some(at(1))
    );

    f.storage
        .set_calendar_feed(masha, &new, at(2))
        .await
        .unwrap();
    assert_eq!(f.storage.find_calendar_feed(&old).await.unwrap(), None);
    assert_eq!(
        f.storage
            .find_calendar_feed(&new)
            .await
            .unwrap()
            .map(|o| o.user_id),
        Some(masha)
    );
    assert_eq!(
        f.storage.calendar_feed_since(masha).await.unwrap(),
        Some(at(2))
    );
}

async fn a_calendar_link_turned_off_leads_nowhere(backend: Backend) {
    let f = fixture(backend).await;
    let masha = account(&*f.storage, "masha").await;
    f.storage
        .set_calendar_feed(masha, &[1; 32], at(1))
        .await
        .unwrap();
    f.storage.delete_calendar_feed(masha).await.unwrap();
    assert_eq!(f.storage.find_calendar_feed(&[1; 32]).await.unwrap(), None);
    assert_eq!(f.storage.calendar_feed_since(masha).await.unwrap(), None);
    // Turning off a link that is off is nothing to do, not an error.
    f.storage.delete_calendar_feed(masha).await.unwrap();
}

async fn each_account_has_a_calendar_link_of_its_own(backend: Backend) {
    let f = fixture(backend).await;
    let masha = account(&*f.storage, "masha").await;
    let petya = account(&*f.storage, "petya").await;
    f.storage
        .set_calendar_feed(masha, &[1; 32], at(1))
        .await
        .unwrap();
    f.storage
        .set_calendar_feed(petya, &[2; 32], at(2))
        .await
        .unwrap();
    f.storage.delete_calendar_feed(petya).await.unwrap();
    assert_eq!(
        f.storage
            .find_calendar_feed(&[1; 32])
            .await
            .unwrap()
            .map(|o| o.user_id),
        Some(masha)
    );
    assert_eq!(
        f.storage.calendar_feed_since(masha).await.unwrap(),
        Some(at(1))
    );
}

async fn the_calendar_holds_dated_tasks_not_deleted_open_or_recently_done_latest_first(
    backend: Backend,
) {
    let f = fixture(backend).await;
    let masha = account(&*f.storage, "masha").await;
    let petya = account(&*f.storage, "petya").await;
    let task = |title: &str, due: &str| {
        let form = app::domain::TaskForm {
            title: title.into(),
            due_date: due.into(),
            ..Default::default()
        };
        app::domain::Task::new(TaskId::new(), form.parse().unwrap(), at(0))
    };
    let open = task("open", "2026-09-02");
    let later = task("later", "2026-09-20");
    let undated = task("undated", "");
    let mut deleted = task("deleted", "2026-09-03");
    deleted.set_deleted(true, at(1));
    let mut done_lately = task("done lately", "2026-09-01");
    done_lately.set_completed(true, at(30));
    let mut done_long_ago = task("done long ago", "2026-08-01");
    done_long_ago.set_completed(true, at(10));
    let hers = [
        &open,
        &later,
        &undated,
        &deleted,
        &done_lately,
        &done_long_ago,
    ]
    .map(Clone::clone);
    let his = task("petya's", "2026-09-05");
    in_work(&*f.storage, |w| {
        Box::pin(async move {
            for task in &hers {
                w.insert_task(masha, task).await.unwrap();
            }
            w.insert_task(petya, &his).await.unwrap();
        })
    })
    .await;

    let titles = |tasks: Vec<app::domain::Task>| -> Vec<String> {
        tasks.iter().map(|t| t.title.to_string()).collect()
    };
    let shown = f.storage.calendar_tasks(masha, at(20), 10).await.unwrap();
    assert_eq!(titles(shown), ["later", "open", "done lately"]);
    let capped = f.storage.calendar_tasks(masha, at(20), 2).await.unwrap();
    assert_eq!(titles(capped), ["later", "open"]);
}
