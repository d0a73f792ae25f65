//! The periodic clean-up job: expired idempotency keys, expired sessions,
//! failed sign-ins older than the throttling window, and reminders sent
//! long ago.
//! It runs on every instance (deleting is idempotent) every `interval`,
//! in bounded batches so that no single statement locks a large table.

use app::ssr::storage::Storage;
use chrono::Utc;
use std::sync::Arc;
use std::time::Duration;

#[derive(Clone, Debug)]
pub struct Retention {
    /// How long an idempotency key (and its stored answer) is kept: at least
    /// as long as a phone's outbox keeps a request (7 days).
    pub keys: Duration,
    pub interval: Duration,
    pub batch: u32,
    /// Failed sign-ins older than this no longer count (the throttling
    /// window), so they go.
    pub sign_in_window: Duration,
}

impl Default for Retention {
    fn default() -> Self {
        Self {
            keys: Duration::from_secs(7 * 24 * 3600),
            interval: Duration::from_secs(600),
            batch: 1000,
            sign_in_window: Duration::from_secs(15 * 60),
        }
    }
}

/// The pause between two full batches of keys, so other work gets at the
/// database.
pub const BATCH_PAUSE: Duration = Duration::from_millis(50);

/// Deletes what has expired; returns the number of keys deleted.
pub async fn clean_up(storage: &dyn Storage, retention: &Retention) -> u64 {
    let now = Utc::now();
    let before =
        now - chrono::Duration::from_std(retention.keys).unwrap_or(chrono::Duration::days(7));
    let mut deleted = 0;
    loop {
        match storage
            .delete_keys_created_before(before, retention.batch)
            .await
        {
            Ok(n) => {
                deleted += n;
                if n < u64::from(retention.batch) {
                    break;
                }
                tokio::time::sleep(BATCH_PAUSE).await;
            }
            Err(error) => {
                tracing::warn!(%error, "deleting expired idempotency keys failed");
                break;
            }
        }
    }
    if let Err(error) = storage.delete_expired_sessions(now).await {
        tracing::warn!(%error, "deleting expired sessions failed");
    }
    let window = chrono::Duration::from_std(retention.sign_in_window)
        .unwrap_or(chrono::Duration::minutes(15));
    if let Err(error) = storage.delete_failed_sign_ins_before(now - window).await {
        tracing::warn!(%error, "deleting old failed sign-ins failed");
    }
    // A delivery row keeps a reminder from being sent twice while it may
    // still be due: a day and a half at most (a day's lead, quiet hours).
    if let Err(error) = storage
        .delete_deliveries_before(now - chrono::Duration::days(3))
        .await
    {
        tracing::warn!(%error, "deleting old reminder deliveries failed");
    }
    deleted
}

/// Runs `clean_up` every `retention.interval`, for as long as the server
/// runs. The first run is one interval after start-up, not at it: nothing
/// expires in a hurry, and an instance started beside a test that drives
/// the reminder scheduler on a clock of its own must not delete, by the
/// real time, the rows that test's clock has just written.
pub fn spawn(storage: Arc<dyn Storage>, retention: Retention) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let first = tokio::time::Instant::now() + retention.interval;
        let mut ticks = tokio::time::interval_at(first, retention.interval);
        loop {
            ticks.tick().await;
            let deleted = clean_up(&*storage, &retention).await;
            if deleted > 0 {
                tracing::info!(deleted, "expired idempotency keys deleted");
            }
        }
    })
}
