//! The reminder scheduler, on every instance. Each tick it plans what is
//! due (a delivery row per device and reminder, inserted before anything
//! is sent: planned twice, still one row), then claims the rows due in
//! bounded batches (PostgreSQL skips rows another instance is claiming;
//! SQLite has one writer) and sends each. Before sending it reads the task
//! again: nothing goes out for a task done, deleted or moved meanwhile.
//! A crash mid-send leaves the row claimed until its lease runs out; it is
//! then sent again with the same `Topic` and `tag`, so the phone replaces
//! the first rather than showing two.

use super::sender::{Answer, Push, Sender};
use app::domain::{Task, UserId};
use app::reminders::{due_at, still_due, Occurrence, PushMessage, Summary};
use app::ssr::clock;
use app::ssr::storage::{ClaimedDelivery, DeliveryOutcome, Storage, StorageError};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use chrono::{DateTime, Days, Duration, Utc};
use futures::stream::{self, StreamExt};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// How many deliveries one claim takes.
const BATCH: u32 = 50;
/// How many messages one instance has on their way at once: a push
/// service answers in tens of milliseconds, and ten thousand reminders in
/// one minute (the evening summary) must not wait for each other.
const SENDING: usize = 16;

pub struct Scheduler {
    storage: Arc<dyn Storage>,
    sender: Sender,
    /// How long a claimed delivery is this instance's to send: a whole
    /// batch against a push service that answers at its timeout (10 s)
    /// takes 40 s (`TETRAD_REMINDER_LEASE_SECS`, two minutes by default).
    lease: Duration,
    /// The reminders this instance has planned, until they expire: a
    /// reminder is due for up to three hours, and planning it again every
    /// tick would write a row's worth of nothing each time (ten thousand
    /// statements a tick after the evening summary). A device subscribed
    /// after its account's reminder was planned gets the next one.
    planned: Mutex<HashMap<(UserId, String), DateTime<Utc>>>,
    /// Set when the instance stops: no more claims, the one on its way
    /// is finished.
    stopping: AtomicBool,
    /// Wakes the ticks' loop to stop.
    stop: tokio::sync::Notify,
}

/// What one tick did, for the log and the tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tick {
    pub planned: u64,
    pub sent: u32,
    pub dropped: u32,
    pub retried: u32,
    pub failed: u32,
}

impl Tick {
    fn count(&mut self, outcome: DeliveryOutcome) {
        match outcome {
            DeliveryOutcome::Sent => self.sent += 1,
            DeliveryOutcome::Dropped => self.dropped += 1,
            DeliveryOutcome::Failed => self.failed += 1,
            DeliveryOutcome::RetryAt(_) => self.retried += 1,
        }
    }
}

/// The scheduler's ticks on their way, until the instance stops.
pub struct Ticking {
    scheduler: Arc<Scheduler>,
    handle: tokio::task::JoinHandle<()>,
}

impl Ticking {
    /// Lets the claim on its way finish (its deliveries recorded, so no
    /// other instance waits out their lease after a deploy), for at most
    /// `deadline`, then stops.
    pub async fn stop(mut self, deadline: std::time::Duration) {
        self.scheduler.stopping.store(true, Ordering::Relaxed);
        // A permit kept if the loop is not waiting right now.
        self.scheduler.stop.notify_one();
        if tokio::time::timeout(deadline, &mut self.handle)
            .await
            .is_err()
        {
            tracing::warn!("the reminders on their way did not finish in time");
            self.handle.abort();
        }
    }
}

impl Scheduler {
    pub fn new(storage: Arc<dyn Storage>, sender: Sender, lease: std::time::Duration) -> Self {
        Self {
            storage,
            sender,
            lease: Duration::from_std(lease).unwrap_or(Duration::minutes(2)),
            planned: Mutex::default(),
            stopping: AtomicBool::new(false),
            stop: tokio::sync::Notify::new(),
        }
    }

    /// Plans and sends what is due at `now`: claim after claim until
    /// nothing due is left, other instances claiming beside it.
    pub async fn tick(&self, now: DateTime<Utc>) -> Tick {
        let started = Instant::now();
        let mut tick = Tick::default();
        match self.plan(now).await {
            Ok(planned) => tick.planned = planned,
            Err(error) => tracing::warn!(%error, "planning reminders failed"),
        }
        while !self.stopping.load(Ordering::Relaxed) {
            // A long tick claims on the clock as it runs, so each lease
            // starts when its claim is taken.
            let at = now + Duration::from_std(started.elapsed()).unwrap_or_default();
            let claimed = match self.storage.claim_deliveries(at, self.lease, BATCH).await {
                Ok(claimed) => claimed,
                Err(error) => {
                    tracing::warn!(%error, "claiming reminders failed");
                    break;
                }
            };
            if claimed.is_empty() {
                break;
            }
            let outcomes: Vec<DeliveryOutcome> = stream::iter(claimed)
                .map(|delivery| async move { self.deliver(&delivery, at).await })
                .buffer_unordered(SENDING)
                .collect()
                .await;
            for outcome in outcomes {
                tick.count(outcome);
            }
        }
        tick
    }

    /// Runs a tick every `every`, until the instance stops.
    pub fn spawn(self: Arc<Self>, every: std::time::Duration) -> Ticking {
        let scheduler = self.clone();
        let handle = tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    _ = ticks.tick() => {}
                    () = self.stop.notified() => break,
                }
                if self.stopping.load(Ordering::Relaxed) {
                    break;
                }
                let tick = self.tick(Utc::now()).await;
                if tick != Tick::default() {
                    tracing::info!(?tick, "reminders");
                }
            }
        });
        Ticking { scheduler, handle }
    }

    /// A delivery row for each device of each reminder due at `now`.
    async fn plan(&self, now: DateTime<Utc>) -> Result<u64, StorageError> {
        let accounts = self.storage.reminder_accounts().await?;
        if accounts.is_empty() {
            return Ok(0);
        }
        // Local dates around now anywhere (zones span ±14 h), and a day's
        // lead, and quiet hours that hold a reminder until morning.
        let today = now.date_naive();
        let (from, to) = (today - Days::new(2), today + Days::new(2));
        let mut tasks: HashMap<UserId, Vec<Task>> = HashMap::new();
        for (owner, task) in self.storage.reminding_tasks(from, to).await? {
            tasks.entry(owner).or_default().push(task);
        }
        let mut due = Vec::new();
        for account in accounts {
            let local_now = local(&account.time_zone, now);
            let theirs = tasks.get(&account.user_id).map_or(&[][..], Vec::as_slice);
            for reminder in due_at(&account.settings, theirs, local_now) {
                due.push((
                    (account.user_id, reminder.occurrence.key()),
                    now + reminder.time_left(),
                ));
            }
        }
        let fresh: Vec<_> = {
            let mut planned = self.planned.lock().unwrap_or_else(|e| e.into_inner());
            planned.retain(|_, expires_at| *expires_at > now);
            due.into_iter()
                .filter(|(key, _)| !planned.contains_key(key))
                .collect()
        };
        let mut planned = 0;
        for ((user_id, key), expires_at) in fresh {
            planned += self
                .storage
                .plan_delivery(user_id, &key, expires_at, now)
                .await?;
            self.planned
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert((user_id, key), expires_at);
        }
        Ok(planned)
    }

    /// Sends one delivery and records its outcome.
    async fn deliver(&self, delivery: &ClaimedDelivery, now: DateTime<Utc>) -> DeliveryOutcome {
        let outcome = match self.send(delivery, now).await {
            Ok(outcome) => outcome,
            Err(error) => {
                tracing::warn!(%error, user_id = %delivery.user_id, "a reminder could not be read");
                DeliveryOutcome::RetryAt(now + backoff(delivery.attempts))
            }
        };
        let outcome = match outcome {
            DeliveryOutcome::RetryAt(at) if at >= delivery.expires_at => DeliveryOutcome::Failed,
            outcome => outcome,
        };
        if let Err(error) = self.storage.finish_delivery(delivery, outcome).await {
            // The lease runs out and it is sent again, under the same topic.
            tracing::warn!(%error, user_id = %delivery.user_id, "a reminder's outcome was not kept");
        }
        outcome
    }

    /// Reads the reminder again and sends it, unless there is nothing to
    /// say any more.
    async fn send(
        &self,
        delivery: &ClaimedDelivery,
        now: DateTime<Utc>,
    ) -> Result<DeliveryOutcome, StorageError> {
        let Some(occurrence) = Occurrence::parse(&delivery.occurrence) else {
            return Ok(DeliveryOutcome::Failed);
        };
        let Some(message) = self.message(delivery, occurrence, now).await? else {
            return Ok(DeliveryOutcome::Dropped);
        };
        let payload = serde_json::to_vec(&message).unwrap_or_default();
        let answer = self
            .sender
            .send(Push {
                device: &delivery.device,
                payload: &payload,
                topic: &topic(&delivery.occurrence),
                ttl: delivery.expires_at - now,
                urgency: match occurrence {
                    Occurrence::Summary(_) => "normal",
                    Occurrence::Task { .. } => "high",
                },
            })
            .await;
        tracing::info!(user_id = %delivery.user_id, occurrence = %delivery.occurrence, ?answer, "reminder sent");
        Ok(match answer {
            Answer::Accepted => DeliveryOutcome::Sent,
            Answer::Gone => {
                let endpoint = delivery.device.endpoint();
                self.storage
                    .delete_push_subscription(delivery.user_id, endpoint)
                    .await?;
                DeliveryOutcome::Dropped
            }
            Answer::Busy { retry_after } => DeliveryOutcome::RetryAt(
                now + retry_after.unwrap_or_else(|| backoff(delivery.attempts)),
            ),
            Answer::Refused(_) => DeliveryOutcome::Failed,
        })
    }

    /// What the reminder says now: none for a summary with nothing in it,
    /// or a task no longer due then.
    async fn message(
        &self,
        delivery: &ClaimedDelivery,
        occurrence: Occurrence,
        now: DateTime<Utc>,
    ) -> Result<Option<PushMessage>, StorageError> {
        let user = delivery.user_id;
        let zone = self.storage.time_zone(user).await?;
        let today = clock::today_in(&zone, now);
        Ok(match occurrence {
            Occurrence::Summary(date) => {
                let tasks = self.storage.all_tasks(user).await?;
                Summary::of(&tasks, date)
                    .map(|summary| PushMessage::summary(user, date, &summary, delivery.language))
            }
            Occurrence::Task { id, at } => {
                let settings = self.storage.reminder_settings(user).await?;
                let task = self.storage.get_task(user, id).await?;
                task.filter(|task| still_due(&settings, Some(task), at))
                    .map(|task| {
                        PushMessage::task(user, &task, occurrence, today, delivery.language)
                    })
            }
        })
    }
}

/// Local time in the account's zone (UTC for a zone the server does not know).
fn local(zone: &app::domain::TimeZoneName, now: DateTime<Utc>) -> chrono::NaiveDateTime {
    match clock::resolve(zone) {
        Some(tz) => now.with_timezone(&tz).naive_local(),
        None => now.naive_utc(),
    }
}

/// The push `Topic` of an occurrence: at most 32 base64url characters.
fn topic(occurrence: &str) -> String {
    let mut topic = URL_SAFE_NO_PAD.encode(Sha256::digest(occurrence.as_bytes()));
    topic.truncate(32);
    topic
}

/// The wait before trying a busy push service again: 30 s, doubling, at
/// most 15 min.
fn backoff(attempts: u32) -> Duration {
    Duration::seconds(30 << attempts.min(5)).min(Duration::minutes(15))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_topic_is_short_url_safe_and_the_same_for_the_same_reminder() {
        let one = topic("task:0192f0c4-5b6a-7c8d-9e0f-1a2b3c4d5e6f:2026-12-07T18:30");
        assert_eq!(one.len(), 32);
        assert!(one
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
        assert_eq!(
            one,
            topic("task:0192f0c4-5b6a-7c8d-9e0f-1a2b3c4d5e6f:2026-12-07T18:30")
        );
        assert_ne!(one, topic("summary:2026-12-07"));
    }

    #[test]
    fn the_wait_doubles_up_to_a_quarter_of_an_hour() {
        assert_eq!(backoff(0), Duration::seconds(30));
        assert_eq!(backoff(1), Duration::seconds(60));
        assert_eq!(backoff(4), Duration::seconds(480));
        assert_eq!(backoff(5), Duration::minutes(15));
        assert_eq!(backoff(40), Duration::minutes(15));
    }
}
