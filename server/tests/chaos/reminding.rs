//! Reminders due while the rolling deploy runs (issue 28): two students,
//! each with two phones subscribed to the tests' push service, get a task
//! that reminds at once at six points of the run, so reminders fall due
//! while servers are replaced, crash (SIGKILL, by the deploy's plan and
//! by the proxy's faults) and lose their database sessions. Each server
//! looks every second. At the end each reminder must have reached each
//! phone at least once, be recorded once as sent, and any copy must carry
//! the first's `Topic` (a phone replaces it rather than showing two).

use crate::support::{reminding, PushService};
use app::domain::{TaskId, UserId};
use app::ssr::storage::{Storage, StorageError};
use chrono::Utc;
use server::db::DatabaseUrl;
use sqlx::Connection;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Percent of the run at which a task due at once is added.
const DUE_AT: [usize; 6] = [5, 15, 28, 44, 58, 74];
const PHONES: [&str; 2] = ["phone", "tablet"];

pub struct Reminding {
    storage: Arc<dyn Storage>,
    push: PushService,
    students: Vec<UserId>,
    /// Each phone and the task it must be reminded of.
    expected: Vec<(String, TaskId)>,
}

/// What reached the phones.
#[derive(Debug, Default)]
pub struct Outcome {
    pub expected: usize,
    pub missing: Vec<String>,
    /// Messages that came a second time (same phone, same reminder).
    pub again: usize,
    /// Copies whose `Topic` differed from the first's.
    pub other_topic: Vec<String>,
    /// Expected reminders whose row is not one row, `sent`.
    pub not_recorded_once: Vec<String>,
    pub slowest: Duration,
}

impl Reminding {
    /// The servers' settings for it: the tests' push service is on
    /// loopback, each server looks every second, and a reminder claimed
    /// by a server killed mid-send (or whose outcome the database lost)
    /// is sent again after 5 s rather than two minutes.
    pub const SERVER_SETTINGS: [(&str, &str); 3] = [
        ("TETRAD_PUSH_LOOPBACK", "1"),
        ("TETRAD_REMINDER_SECS", "1"),
        ("TETRAD_REMINDER_LEASE_SECS", "5"),
    ];

    pub async fn start(url: &DatabaseUrl, push: PushService) -> Self {
        let storage = server::db::connect(url).await.expect("the database");
        let settings = reminding::settings_around(Utc::now(), false);
        let mut students = Vec::new();
        for n in 0..2 {
            let id = reminding::account(&*storage, &format!("reminded{n}"), &settings)
                .await
                .expect("a student");
            for phone in PHONES {
                reminding::phone(&*storage, &push, id, &format!("{phone}{n}"))
                    .await
                    .expect("a phone");
            }
            students.push(id);
        }
        Self {
            storage,
            push,
            students,
            expected: Vec::new(),
        }
    }

    /// Adds the tasks as the run goes past each point of `DUE_AT`.
    pub async fn during(mut self, progress: Arc<AtomicUsize>, operations: usize) -> Self {
        for percent in DUE_AT {
            while progress.load(Ordering::Relaxed) * 100 < operations * percent {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            self.due_now(percent).await;
        }
        self
    }

    /// Each student gets a task due this minute: due at once.
    async fn due_now(&mut self, percent: usize) {
        let now = Utc::now();
        for (n, student) in self.students.iter().enumerate() {
            let task = reminding::task(
                &format!("Контрольная ({percent}%)"),
                &now.date_naive().to_string(),
                &now.format("%H:%M").to_string(),
            );
            // The database may be ending this connection right now.
            let kept =
                retried(|| reminding::keep(&*self.storage, *student, std::slice::from_ref(&task)))
                    .await;
            kept.expect("the task is kept");
            for phone in PHONES {
                self.expected.push((format!("{phone}{n}"), task.id));
            }
        }
    }

    /// Waits until every phone has every reminder (at most `wait`), then
    /// holds what came, and the rows, to the promise.
    pub async fn outcome(&self, database: &DatabaseUrl, wait: Duration) -> Outcome {
        let started = std::time::Instant::now();
        while !self.missing().is_empty() && started.elapsed() < wait {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let slowest = started.elapsed();
        // Anything sent twice would come within a few ticks.
        tokio::time::sleep(Duration::from_secs(3)).await;
        let mut outcome = Outcome {
            expected: self.expected.len(),
            missing: self.missing(),
            slowest,
            ..Outcome::default()
        };
        let mut topics: BTreeMap<(String, String), Option<String>> = BTreeMap::new();
        for message in self.push.received() {
            let tag = message.message["tag"].as_str().unwrap_or("").to_owned();
            let key = (message.device.clone(), tag);
            match topics.get(&key) {
                None => {
                    topics.insert(key, message.topic);
                }
                Some(first) => {
                    outcome.again += 1;
                    if *first != message.topic {
                        outcome.other_topic.push(format!("{key:?}"));
                    }
                }
            }
        }
        let rows = delivery_rows(database).await;
        for (phone, task) in &self.expected {
            let recorded: Vec<_> = rows
                .iter()
                .filter(|(endpoint, occurrence, _)| {
                    endpoint.ends_with(&format!("/{phone}"))
                        && occurrence.starts_with(&format!("task:{task}:"))
                })
                .collect();
            if recorded.len() != 1 || recorded[0].2 != "sent" {
                outcome
                    .not_recorded_once
                    .push(format!("{phone} {task}: {recorded:?}"));
            }
        }
        outcome
    }

    fn missing(&self) -> Vec<String> {
        let got: BTreeSet<(String, String)> = self
            .push
            .received()
            .into_iter()
            .map(|m| (m.device, m.message["tag"].as_str().unwrap_or("").to_owned()))
            .collect();
        self.expected
            .iter()
            .filter(|(phone, task)| {
                !got.iter()
                    .any(|(d, tag)| d == phone && tag.starts_with(&format!("task:{task}:")))
            })
            .map(|(phone, task)| format!("{phone} {task}"))
            .collect()
    }
}

async fn retried<F, Fut>(mut attempt: F) -> Result<(), StorageError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<(), StorageError>>,
{
    let mut last = Ok(());
    for _ in 0..5 {
        last = attempt().await;
        if last.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    last
}

/// Every delivery row: endpoint, occurrence, state.
async fn delivery_rows(database: &DatabaseUrl) -> Vec<(String, String, String)> {
    let mut connection = sqlx::PgConnection::connect(database.expose())
        .await
        .expect("the database");
    sqlx::query_as("SELECT endpoint, occurrence, state FROM reminder_deliveries")
        .fetch_all(&mut connection)
        .await
        .expect("the delivery rows")
}

impl Outcome {
    /// What broke the promise: a reminder that never came, a copy under
    /// another topic, a reminder not recorded once as sent.
    pub fn problems(&self) -> Vec<String> {
        let missing = self.missing.iter().map(|m| format!("never came: {m}"));
        let topic = self
            .other_topic
            .iter()
            .map(|m| format!("another topic: {m}"));
        let rows = self
            .not_recorded_once
            .iter()
            .map(|m| format!("not one row, sent: {m}"));
        missing.chain(topic).chain(rows).collect()
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "reminders: {} expected, {} missing, {} came again (same topic: {}), \
             {} not recorded once as sent; the last within {:.1} s of the run's end",
            self.expected,
            self.missing.len(),
            self.again,
            self.other_topic.is_empty(),
            self.not_recorded_once.len(),
            self.slowest.as_secs_f64()
        )
    }
}
