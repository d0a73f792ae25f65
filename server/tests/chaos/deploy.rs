//! A rolling deploy while a student works: the servers behind the proxy are
//! replaced one by one with SIGTERM (each drains, exits cleanly and starts
//! again), one crashes (SIGKILL), and PostgreSQL ends every session of the
//! app's database twice. Each step waits until the workload is that far in.

use super::fault_proxy::FaultProxy;
use crate::support::databases::postgres_admin_url;
use sqlx::Connection;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

#[derive(Clone, Copy, Debug)]
enum Step {
    Redeploy(usize),
    Crash(usize),
    EndSessions,
}

/// Percent of the run, and what happens then.
const PLAN: [(usize, Step); 6] = [
    (10, Step::Redeploy(0)),
    (20, Step::Redeploy(1)),
    (30, Step::Redeploy(2)),
    (45, Step::EndSessions),
    (60, Step::Crash(1)),
    (75, Step::EndSessions),
];

/// Runs the plan as `sent` grows towards `operations`; gives how many of
/// each step ran, and how many database sessions were ended.
pub async fn roll(
    proxy: Arc<FaultProxy>,
    sent: Arc<AtomicUsize>,
    operations: usize,
    database: String,
) -> BTreeMap<&'static str, u64> {
    let mut done = BTreeMap::new();
    for (percent, step) in PLAN {
        while sent.load(Ordering::Relaxed) * 100 < operations * percent {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        match step {
            Step::Redeploy(index) => {
                let exit = proxy.redeploy(index).await;
                assert!(
                    exit.success(),
                    "server {index} exits cleanly on SIGTERM: {exit:?}"
                );
                *done.entry("sigterm").or_default() += 1;
            }
            Step::Crash(index) => {
                proxy.crash(index).await;
                *done.entry("sigkill").or_default() += 1;
            }
            Step::EndSessions => {
                *done.entry("sessions ended").or_default() += end_sessions(&database).await;
                *done.entry("database restarts").or_default() += 1;
            }
        }
    }
    done
}

/// What a PostgreSQL restart or failover does to the app: every one of its
/// connections ends.
async fn end_sessions(database: &str) -> u64 {
    let admin = format!("{}/postgres", postgres_admin_url());
    let mut connection = sqlx::PgConnection::connect(&admin)
        .await
        .expect("the admin connection");
    // In the select list, so only the rows the filter kept are ended.
    let ended: i64 = sqlx::query_scalar(
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity \
         WHERE datname = $1 AND pid <> pg_backend_pid()",
    )
    .bind(database)
    .fetch_one(&mut connection)
    .await
    .expect("sessions ended");
    ended as u64
}
