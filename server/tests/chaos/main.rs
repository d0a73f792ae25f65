//! Never lost, never doubled — shown under faults (issues 6 and 16). A
//! random workload of every change a student makes (tasks, quick add,
//! edits of any fields, completion, deletion, reorder, lists), in batches
//! whose changes cross on the wire, runs through a fault-injecting proxy
//! against the real server binary, which is also SIGKILLed and restarted
//! mid-request. At the end every row and every field the database holds,
//! times and clocks included, must be what an independent model of the
//! person's intent says (model.rs): the last action wins, whatever the
//! order of arrival.
//!
//! In the test run: 300 operations per backend. As a soak:
//!
//! ```text
//! TETRAD_CHAOS_OPS=10000 cargo test -p server --test chaos -- --nocapture
//! ```
//!
//! `TETRAD_CHAOS_SEED` replays a run (every report prints its seed).

// A test states what must hold: an unwrap here is an assertion.
#![allow(clippy::unwrap_used, clippy::expect_used)]
// The chaos test prints its seed and fault counts.
#![allow(clippy::print_stdout)]

#[macro_use]
#[path = "../support/mod.rs"]
mod support;

mod change;
mod client;
mod deploy;
mod drain;
mod draw;
mod fault_proxy;
mod model;
mod rng;
mod server_process;
mod stored;
mod workload;

use fault_proxy::EVERY_FAULT;
use support::Backend;
use workload::Deployment;

on_both_backends!(a_random_workload_under_every_fault_loses_and_doubles_nothing);

async fn a_random_workload_under_every_fault_loses_and_doubles_nothing(backend: Backend) {
    holds_under_faults(backend, Deployment::One).await;
}

/// Three servers on one PostgreSQL database, deployed one by one (and one
/// crash, and the database ending every session twice) while a student
/// works through them.
#[tokio::test]
async fn a_rolling_deploy_under_every_fault_loses_and_doubles_nothing() {
    holds_under_faults(Backend::Postgres, Deployment::Rolling).await;
}

async fn holds_under_faults(backend: Backend, deployment: Deployment) {
    let operations = env_number("TETRAD_CHAOS_OPS").unwrap_or(300) as usize;
    let seed = env_number("TETRAD_CHAOS_SEED").unwrap_or_else(time_seed);
    let report = workload::run(backend, deployment, seed, operations).await;
    println!("{report}");
    let missing: Vec<_> = EVERY_FAULT
        .iter()
        .filter(|f| !report.faults.contains_key(f))
        .collect();
    assert!(
        missing.is_empty(),
        "faults never injected: {missing:?}\n{report}"
    );
    let c = &report.comparison;
    assert_eq!((c.lost, c.duplicated), (0, 0), "\n{report}");
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok()?.parse().ok()
}

fn time_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}
