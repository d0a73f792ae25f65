//! Students who get reminders, written straight through the server's own
//! storage (no sign-up, no password hashing): for the tests and the
//! benchmark that need many of them, or need them while the servers
//! are being deployed.

use super::PushService;
use app::domain::{Task, TaskForm, TaskId, UserId, Username};
use app::reminders::ReminderSettings;
use app::ssr::push_subscription::{EndpointPolicy, PushSubscription};
use app::ssr::storage::{Storage, StorageError};
use app::text::Locale;
use chrono::{DateTime, Duration, Utc};

/// A new account named `name`, in UTC, its reminders as `settings` say.
pub async fn account(
    storage: &dyn Storage,
    name: &str,
    settings: &ReminderSettings,
) -> Result<UserId, StorageError> {
    let id = UserId::new();
    let name = Username::parse(name).expect("a valid name");
    storage.create_user(id, &name, "-", Utc::now()).await?;
    storage.set_reminder_settings(id, settings).await?;
    Ok(id)
}

/// The settings of a student reminded at the time, with quiet hours far
/// from `at`; the evening summary at `at`, or off.
pub fn settings_around(at: DateTime<Utc>, summary: bool) -> ReminderSettings {
    let time = |t: DateTime<Utc>| t.format("%H:%M").to_string();
    ReminderSettings::parse(
        summary,
        &time(at),
        &time(at + Duration::hours(6)),
        &time(at + Duration::hours(7)),
        "0",
    )
    .expect("valid settings")
}

/// A phone of the account, subscribed to the tests' push service as
/// `device`, speaking Russian.
pub async fn phone(
    storage: &dyn Storage,
    push: &PushService,
    user: UserId,
    device: &str,
) -> Result<(), StorageError> {
    let fields = push.mint(device);
    let field = |name: &str| {
        fields
            .iter()
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value.as_str())
            .expect("a subscription field")
    };
    let subscription = PushSubscription::parse(
        field("endpoint"),
        field("p256dh"),
        field("auth"),
        EndpointPolicy::AlsoLoopback,
    )
    .expect("the push service's subscription");
    storage
        .save_push_subscription(user, &subscription, Locale::ru, None, Utc::now())
        .await
}

/// A task due on `date` (`YYYY-MM-DD`), at `time` (`HH:MM`) if not empty,
/// reminding as the account's settings say.
pub fn task(title: &str, date: &str, time: &str) -> Task {
    let form = TaskForm {
        title: title.to_owned(),
        due_date: date.to_owned(),
        due_time: time.to_owned(),
        ..TaskForm::default()
    };
    Task::new(
        TaskId::new(),
        form.parse().expect("valid fields"),
        Utc::now(),
    )
}

/// Keeps the account's `tasks`, in one unit of work (again: no change).
pub async fn keep(storage: &dyn Storage, user: UserId, tasks: &[Task]) -> Result<(), StorageError> {
    let mut work = storage.begin().await?;
    for task in tasks {
        work.insert_task(user, task).await?;
    }
    work.commit().await
}
