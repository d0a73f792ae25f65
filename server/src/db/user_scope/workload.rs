//! Every method of the storage contract, called on two accounts' data
//! through a recording driver on a fresh database of either backend.
//! A method added to the contract belongs here too: only what runs is
//! checked.

use super::recording::{Log, Recording, Sent};
use crate::db::postgres::PostgresDriver;
use crate::db::sqlite::SqliteDriver;
use crate::db::storage::SqlStorage;
use app::change::{KeptEntry, TimetableChange};
use app::domain::{
    Due, IdempotencyKey, ListId, ListName, SearchQuery, Stamp, Step, StepId, StepTitle, Task,
    TaskForm, TaskId, TaskList, TimeZoneName, UserId, Username,
};
use app::ssr::idempotency::{KeyRecord, StoredResponse};
use app::ssr::storage::{Storage, StorageError, Work};
use app::views::{Day, View};
use chrono::{DateTime, Duration, Utc};
use sqlx::Connection;
use uuid::Uuid;

#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// What the workload sent, and the ids of the accounts it made.
pub struct Run {
    pub sent: Vec<Sent>,
    pub accounts: Vec<Uuid>,
}

pub async fn run(backend: Backend) -> Run {
    let log = Log::default();
    let accounts = match backend {
        Backend::Sqlite => {
            let dir = crate::temp_dir::TempDir::new();
            let url = format!("sqlite://{}", dir.path().join("scope.db").display());
            let driver = SqliteDriver::connect(&url).await.expect("SQLite");
            exercise(&SqlStorage::new(Recording::new(driver, log.clone()))).await
        }
        Backend::Postgres => {
            let admin = std::env::var("TETRAD_TEST_POSTGRES")
                .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
            let name = format!("tetrad_scope_{}", Uuid::new_v4().simple());
            let mut server = sqlx::PgConnection::connect(&format!("{admin}/postgres"))
                .await
                .expect("PostgreSQL, as the other tests need it");
            let create = format!("CREATE DATABASE {name}");
            sqlx::query(&create)
                .execute(&mut server)
                .await
                .expect("a database");
            let driver = PostgresDriver::connect(&format!("{admin}/{name}"))
                .await
                .expect("the new database");
            let accounts = exercise(&SqlStorage::new(Recording::new(driver, log.clone()))).await;
            let drop = format!("DROP DATABASE {name} WITH (FORCE)");
            sqlx::query(&drop)
                .execute(&mut server)
                .await
                .expect("dropped");
            accounts
        }
    };
    let sent = log.lock().expect("the log").clone();
    Run { sent, accounts }
}

async fn exercise(storage: &dyn Storage) -> Vec<Uuid> {
    let now = Utc::now();
    let (masha, petya) = (UserId::new(), UserId::new());
    storage.ping().await.expect("ping");
    accounts_and_sessions(storage, masha, now).await;
    let name = Username::parse("petya").expect("a name");
    storage
        .create_user(petya, &name, "-", now)
        .await
        .expect("Petya");
    let list = planner(storage, masha, petya, now).await;
    reads(storage, masha, list, now).await;
    calendar_feed(storage, masha, now).await;
    push_subscriptions(storage, masha, now).await;
    keys(storage, masha, now).await;
    let accounts = vec![masha.as_uuid(), petya.as_uuid()];
    storage
        .delete_account(petya, &name)
        .await
        .expect("Petya's account deleted");
    accounts
}

async fn accounts_and_sessions(storage: &dyn Storage, masha: UserId, now: DateTime<Utc>) {
    let name = Username::parse("masha").expect("a name");
    storage
        .create_user(masha, &name, "-", now)
        .await
        .expect("Masha");
    storage.find_credentials(&name).await.expect("found");
    storage
        .record_failed_sign_in(&name, "10.0.0.7", now)
        .await
        .expect("a failure");
    let since = now - Duration::minutes(15);
    storage
        .count_failed_sign_ins(&name, Some("10.0.0.7"), since)
        .await
        .expect("counted");
    storage
        .count_failed_sign_ins(&name, None, since)
        .await
        .expect("counted");
    storage
        .clear_failed_sign_ins(&name, "10.0.0.7")
        .await
        .expect("cleared");
    storage
        .delete_failed_sign_ins_before(since)
        .await
        .expect("purged");
    let token = [7_u8; 32];
    let until = now + Duration::hours(1);
    storage
        .create_session(&token, masha, now, until)
        .await
        .expect("a session");
    storage.find_session(&token, now).await.expect("found");
    let renewed = [8_u8; 32];
    storage
        .change_password(
            masha,
            "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
            &renewed,
            now,
            until,
        )
        .await
        .expect("a new password, the sessions and the calendar link ended, one renewed");
    storage.delete_session(&renewed).await.expect("signed out");
    storage.delete_expired_sessions(now).await.expect("purged");
}

/// One unit of work through every change: a list and two tasks in it (one
/// inserted with a step), each inserted twice and once by another account,
/// a step added to the other the same way, found and changed, the tasks
/// changed, reordered, the untouched one taken back with its step, and the
/// list deleted. Then one that rolls back. Returns the list's id.
async fn planner(
    storage: &dyn Storage,
    masha: UserId,
    petya: UserId,
    now: DateTime<Utc>,
) -> ListId {
    let mut work = storage.begin().await.expect("a unit of work");
    work.time_zone(masha).await.expect("a zone");
    let zone = TimeZoneName::parse("Europe/Moscow").expect("a zone");
    work.set_time_zone(masha, &zone).await.expect("set");
    let list = TaskList::new(
        ListId::new(),
        ListName::parse("School").expect("a name"),
        now,
    );
    assert!(work.insert_list(masha, &list).await.expect("inserted"));
    assert!(!work.insert_list(masha, &list).await.expect("already hers"));
    let taken = work.insert_list(petya, &list).await;
    assert!(matches!(taken, Err(StorageError::Conflict)));
    work.find_list(masha, list.id).await.expect("found");
    work.list_lists(masha).await.expect("listed");
    work.update_list(masha, &list).await.expect("renamed");
    let [mut task, mut other] = [0, 1].map(|_| task_in(list.id, now));
    other.steps.push(step_at(now));
    for task in [&task, &other] {
        assert!(work.insert_task(masha, task).await.expect("inserted"));
    }
    assert!(!work.insert_task(masha, &task).await.expect("already hers"));
    let taken = work.insert_task(petya, &task).await;
    assert!(matches!(taken, Err(StorageError::Conflict)));
    work.find_task(masha, task.id).await.expect("found");
    let mut step = step_at(now);
    assert!(work
        .insert_step(masha, task.id, &step)
        .await
        .expect("added"));
    assert!(!work
        .insert_step(masha, task.id, &step)
        .await
        .expect("already hers"));
    let taken = work.insert_step(petya, task.id, &step).await;
    assert!(matches!(taken, Err(StorageError::Conflict)));
    work.find_step(masha, step.id).await.expect("found");
    step.set_done(true, now);
    work.update_step(masha, &step).await.expect("ticked");
    task.set_completed(true, now);
    work.update_task(masha, &task).await.expect("updated");
    work.set_positions(masha, &[other.id, task.id], now)
        .await
        .expect("ordered");
    work.purge_task(masha, other.id).await.expect("taken back");
    timetable(&mut *work, masha, list.id, now).await;
    work.delete_list(masha, list.id, now)
        .await
        .expect("deleted");
    work.commit().await.expect("committed");
    let work = storage.begin().await.expect("a unit of work");
    work.rollback().await.expect("rolled back");
    list.id
}

/// A lesson set twice and read back, inside the unit of work.
async fn timetable(work: &mut dyn Work, masha: UserId, list: ListId, now: DateTime<Utc>) {
    let lesson = TimetableChange::parse("lesson:mon:1", &list.to_string()).expect("a lesson");
    let kept = KeptEntry {
        change: lesson,
        changed: Stamp::of(now),
    };
    work.set_timetable_entry(masha, &kept).await.expect("set");
    work.set_timetable_entry(masha, &kept).await.expect("again");
    let found = work.find_timetable_entry(masha, kept.change.entry()).await;
    assert_eq!(found.expect("found"), Some(kept));
    work.timetable(masha).await.expect("read");
}

fn task_in(list: ListId, now: DateTime<Utc>) -> Task {
    let form = TaskForm {
        title: "Read a chapter".into(),
        ..TaskForm::default()
    };
    let mut fields = form.parse().expect("a task");
    fields.list_id = Some(list);
    fields.due = Some(Due {
        date: now.date_naive(),
        time: None,
    });
    Task::new(TaskId::new(), fields, now)
}

fn step_at(now: DateTime<Utc>) -> Step {
    let title = StepTitle::parse("№245").expect("a title");
    Step::new(StepId::new(), title, 0, now)
}

/// Every read, every view.
async fn reads(storage: &dyn Storage, masha: UserId, list: ListId, now: DateTime<Utc>) {
    storage.all_tasks(masha).await.expect("every task");
    let tasks = storage.list_tasks(masha).await.expect("listed");
    for task in tasks {
        storage.get_task(masha, task.id).await.expect("found");
    }
    storage.list_lists(masha).await.expect("listed");
    storage.timetable(masha).await.expect("the timetable");
    let today = Day::utc(now);
    for view in [
        View::Today,
        View::Upcoming,
        View::Inbox,
        View::List(list),
        View::Completed,
    ] {
        storage
            .view_tasks(masha, view, today)
            .await
            .expect("a view");
    }
    storage
        .view_counts(masha, today.date)
        .await
        .expect("counts");
    storage.time_zone(masha).await.expect("a zone");
    let query = SearchQuery::parse("алгебра").expect("a search");
    for done in [false, true] {
        storage
            .search_tasks(masha, &query, done)
            .await
            .expect("a search");
    }
    storage.fill_search_text().await.expect("filled");
}

/// A calendar link made, replaced, found by its token, read and turned off.
async fn calendar_feed(storage: &dyn Storage, masha: UserId, now: DateTime<Utc>) {
    for token in [[1_u8; 32], [2_u8; 32]] {
        storage
            .set_calendar_feed(masha, &token, now)
            .await
            .expect("a link");
    }
    storage.calendar_feed_since(masha).await.expect("since");
    storage
        .find_calendar_feed(&[2_u8; 32])
        .await
        .expect("found");
    let since = now - Duration::days(30);
    storage
        .calendar_tasks(masha, since, 10)
        .await
        .expect("its tasks");
    storage.delete_calendar_feed(masha).await.expect("off");
}

/// A device's subscription kept, listed and forgotten.
async fn push_subscriptions(storage: &dyn Storage, masha: UserId, now: DateTime<Utc>) {
    use app::i18n::Locale;
    use app::ssr::push_subscription::PushSubscription;
    let endpoint = "https://fcm.googleapis.com/fcm/send/masha";
    let mut key = vec![4_u8];
    key.extend([7_u8; 64]);
    let phone = PushSubscription::from_stored(endpoint.to_owned(), key, vec![1; 16]);
    storage
        .save_push_subscription(masha, &phone, Locale::ru, None, now)
        .await
        .expect("subscribed");
    storage.push_subscriptions(masha).await.expect("listed");
    let settings = storage.reminder_settings(masha).await.expect("settings");
    storage
        .set_reminder_settings(masha, &settings)
        .await
        .expect("settings kept");
    reminders_on_their_way(storage, masha, now).await;
    storage
        .delete_push_subscription(masha, endpoint)
        .await
        .expect("forgotten");
}

/// The scheduler's reads, and a delivery planned, claimed and finished.
async fn reminders_on_their_way(storage: &dyn Storage, masha: UserId, now: DateTime<Utc>) {
    use app::ssr::storage::DeliveryOutcome;
    storage.reminder_accounts().await.expect("accounts");
    let today = now.date_naive();
    storage
        .reminding_tasks(today, today)
        .await
        .expect("timed tasks");
    storage
        .plan_delivery(
            masha,
            "summary:2026-12-07",
            now + chrono::Duration::hours(1),
            now,
        )
        .await
        .expect("planned");
    let claimed = storage
        .claim_deliveries(now, chrono::Duration::minutes(2), 10)
        .await
        .expect("claimed");
    let delivery = claimed.first().expect("the one planned");
    storage
        .finish_delivery(delivery, DeliveryOutcome::Sent)
        .await
        .expect("finished");
    storage
        .delete_deliveries_before(now - chrono::Duration::days(3))
        .await
        .expect("old ones deleted");
}

/// A key recorded with its work, then read back; the old ones deleted.
async fn keys(storage: &dyn Storage, masha: UserId, now: DateTime<Utc>) {
    let record = KeyRecord {
        user_id: masha,
        key: IdempotencyKey::parse("k1").expect("a key"),
        fingerprint: b"create".to_vec(),
        now,
    };
    let answer = StoredResponse {
        status: 200,
        headers: vec![],
        body: b"{}".to_vec(),
    };
    let mut work = storage.begin().await.expect("a unit of work");
    assert!(work.record_key(&record, &answer).await.expect("recorded"));
    work.commit().await.expect("committed");
    let kept = storage.find_key(masha, &record.key).await.expect("read");
    assert_eq!(kept.map(|row| row.answer), Some(answer));
    let later = now + Duration::minutes(1);
    storage
        .delete_keys_created_before(later, 100)
        .await
        .expect("deleted");
}
