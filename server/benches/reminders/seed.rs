//! The benchmark's students, written through the server's own storage:
//! each with one phone subscribed to the tests' push service, the evening
//! summary at the benchmark's moment, a task due the next day (so the
//! summary has something to say) and a task due at the moment itself (so
//! it reminds then too): two reminders a student, due in the same minute.

use crate::support::{reminding, PushService};
use app::ssr::storage::Storage;
use chrono::{DateTime, Days, Duration, Timelike, Utc};
use futures::stream::{self, StreamExt};
use server::db::DatabaseUrl;

/// The first whole minute at least `ahead` from now (UTC, the students'
/// zone).
pub fn moment(ahead: Duration) -> DateTime<Utc> {
    (Utc::now() + ahead + Duration::minutes(1))
        .with_second(0)
        .and_then(|t| t.with_nanosecond(0))
        .expect("a whole minute")
}

pub async fn students(url: &DatabaseUrl, push: &PushService, count: usize, at: DateTime<Utc>) {
    let storage = server::db::connect(url).await.expect("the database");
    stream::iter(0..count)
        .for_each_concurrent(16, |n| student(&*storage, push, n, at))
        .await;
}

async fn student(storage: &dyn Storage, push: &PushService, n: usize, at: DateTime<Utc>) {
    let settings = reminding::settings_around(at, true);
    let id = reminding::account(storage, &format!("bench{n}"), &settings)
        .await
        .unwrap();
    let tomorrow = (at.date_naive() + Days::new(1)).to_string();
    let tasks = [
        reminding::task(&format!("Алгебра №{n}"), &tomorrow, ""),
        reminding::task(
            &format!("Пробник {n}"),
            &at.date_naive().to_string(),
            &at.format("%H:%M").to_string(),
        ),
    ];
    reminding::keep(storage, id, &tasks).await.unwrap();
    reminding::phone(storage, push, id, &format!("phone{n}"))
        .await
        .unwrap();
}
