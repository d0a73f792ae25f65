//! The storage contract: every test runs against SQLite and PostgreSQL,
//! each on a database of its own.

mod support;

use app::domain::{TaskId, TaskTitle, UserId, Username};
use app::ssr::storage::{Storage, StorageError};
use chrono::{DateTime, TimeZone, Utc};
use std::sync::Arc;
use support::{Backend, TestDatabase};

macro_rules! on_both_backends {
    ($($test:ident),* $(,)?) => {
        mod sqlite {
            $(#[tokio::test] async fn $test() { super::$test(super::Backend::Sqlite).await })*
        }
        mod postgres {
            $(#[tokio::test] async fn $test() { super::$test(super::Backend::Postgres).await })*
        }
    };
}

on_both_backends!(
    a_fresh_database_answers_a_ping,
    a_new_account_can_be_found_by_its_name,
    an_unknown_name_has_no_credentials,
    a_taken_name_is_a_conflict,
    a_session_leads_to_its_account_until_it_expires,
    a_deleted_session_no_longer_leads_anywhere,
    cleaning_up_removes_only_expired_sessions,
    failed_sign_ins_are_counted_per_name_within_the_window,
    a_successful_sign_in_clears_the_failures,
    creating_a_task_twice_with_one_id_keeps_one_task,
    a_task_id_owned_by_another_account_is_a_conflict,
    each_account_lists_only_its_own_tasks_oldest_first,
);

struct Fixture {
    storage: Arc<dyn Storage>,
    _database: TestDatabase,
}

async fn fixture(backend: Backend) -> Fixture {
    let database = TestDatabase::new(backend).await;
    let storage = server::db::connect(&database.url).await.expect("connect and migrate");
    Fixture { storage, _database: database }
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

async fn account(storage: &dyn Storage, username: &str) -> UserId {
    let id = UserId::new();
    storage.create_user(id, &name(username), "$argon2id$fake", at(0)).await.unwrap();
    id
}

async fn a_fresh_database_answers_a_ping(backend: Backend) {
    let f = fixture(backend).await;
    f.storage.ping().await.unwrap();
}

async fn a_new_account_can_be_found_by_its_name(backend: Backend) {
    let f = fixture(backend).await;
    let id = account(&*f.storage, "masha").await;
    let found = f.storage.find_credentials(&name("masha")).await.unwrap().unwrap();
    assert_eq!(found.user_id, id);
    assert_eq!(found.username, name("masha"));
    assert_eq!(found.password_hash, "$argon2id$fake");
}

async fn an_unknown_name_has_no_credentials(backend: Backend) {
    let f = fixture(backend).await;
    assert!(f.storage.find_credentials(&name("nobody")).await.unwrap().is_none());
}

async fn a_taken_name_is_a_conflict(backend: Backend) {
    let f = fixture(backend).await;
    account(&*f.storage, "masha").await;
    let again = f.storage.create_user(UserId::new(), &name("Masha"), "$argon2id$other", at(1)).await;
    assert!(matches!(again, Err(StorageError::Conflict)), "{again:?}");
}

async fn a_session_leads_to_its_account_until_it_expires(backend: Backend) {
    let f = fixture(backend).await;
    let id = account(&*f.storage, "masha").await;
    f.storage.create_session(b"token-hash", id, at(0), at(30)).await.unwrap();

    let user = f.storage.find_session(b"token-hash", at(29)).await.unwrap().unwrap();
    assert_eq!(user.user_id, id);
    assert_eq!(user.username, name("masha"));
    assert!(f.storage.find_session(b"token-hash", at(30)).await.unwrap().is_none());
    assert!(f.storage.find_session(b"other-hash", at(1)).await.unwrap().is_none());
}

async fn a_deleted_session_no_longer_leads_anywhere(backend: Backend) {
    let f = fixture(backend).await;
    let id = account(&*f.storage, "masha").await;
    f.storage.create_session(b"token-hash", id, at(0), at(30)).await.unwrap();
    f.storage.delete_session(b"token-hash").await.unwrap();
    assert!(f.storage.find_session(b"token-hash", at(1)).await.unwrap().is_none());
}

async fn cleaning_up_removes_only_expired_sessions(backend: Backend) {
    let f = fixture(backend).await;
    let id = account(&*f.storage, "masha").await;
    f.storage.create_session(b"old", id, at(0), at(10)).await.unwrap();
    f.storage.create_session(b"new", id, at(0), at(50)).await.unwrap();

    assert_eq!(f.storage.delete_expired_sessions(at(20)).await.unwrap(), 1);
    assert!(f.storage.find_session(b"new", at(20)).await.unwrap().is_some());
}

async fn failed_sign_ins_are_counted_per_name_within_the_window(backend: Backend) {
    let f = fixture(backend).await;
    for minute in [1, 5, 9] {
        f.storage.record_failed_sign_in(&name("masha"), at(minute)).await.unwrap();
    }
    f.storage.record_failed_sign_in(&name("petya"), at(9)).await.unwrap();

    assert_eq!(f.storage.count_failed_sign_ins(&name("masha"), at(0)).await.unwrap(), 3);
    assert_eq!(f.storage.count_failed_sign_ins(&name("masha"), at(4)).await.unwrap(), 2);
    assert_eq!(f.storage.count_failed_sign_ins(&name("petya"), at(0)).await.unwrap(), 1);
}

async fn a_successful_sign_in_clears_the_failures(backend: Backend) {
    let f = fixture(backend).await;
    f.storage.record_failed_sign_in(&name("masha"), at(1)).await.unwrap();
    f.storage.clear_failed_sign_ins(&name("masha")).await.unwrap();
    assert_eq!(f.storage.count_failed_sign_ins(&name("masha"), at(0)).await.unwrap(), 0);
}

async fn creating_a_task_twice_with_one_id_keeps_one_task(backend: Backend) {
    let f = fixture(backend).await;
    let user = account(&*f.storage, "masha").await;
    let id = TaskId::new();

    let first = f.storage.create_task(user, id, &title("Алгебра №245"), at(1)).await.unwrap();
    let second = f.storage.create_task(user, id, &title("Алгебра №245"), at(2)).await.unwrap();

    assert_eq!(first, second);
    assert_eq!(first.created_at, at(1));
    assert_eq!(f.storage.list_tasks(user).await.unwrap(), vec![first]);
}

async fn a_task_id_owned_by_another_account_is_a_conflict(backend: Backend) {
    let f = fixture(backend).await;
    let masha = account(&*f.storage, "masha").await;
    let petya = account(&*f.storage, "petya").await;
    let id = TaskId::new();
    f.storage.create_task(masha, id, &title("Masha's"), at(1)).await.unwrap();

    let stolen = f.storage.create_task(petya, id, &title("Petya's"), at(2)).await;

    assert!(matches!(stolen, Err(StorageError::Conflict)), "{stolen:?}");
    assert!(f.storage.list_tasks(petya).await.unwrap().is_empty());
    assert_eq!(f.storage.list_tasks(masha).await.unwrap()[0].title, title("Masha's"));
}

async fn each_account_lists_only_its_own_tasks_oldest_first(backend: Backend) {
    let f = fixture(backend).await;
    let masha = account(&*f.storage, "masha").await;
    let petya = account(&*f.storage, "petya").await;
    f.storage.create_task(masha, TaskId::new(), &title("second"), at(2)).await.unwrap();
    f.storage.create_task(petya, TaskId::new(), &title("not Masha's"), at(3)).await.unwrap();
    f.storage.create_task(masha, TaskId::new(), &title("first"), at(1)).await.unwrap();

    let titles: Vec<String> =
        f.storage.list_tasks(masha).await.unwrap().into_iter().map(|t| t.title.to_string()).collect();
    assert_eq!(titles, ["first", "second"]);
}
