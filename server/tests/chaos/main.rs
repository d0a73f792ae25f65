//! Never lost, never doubled — shown under faults (issues 6 and 16). A
//! random workload of every change a student makes (tasks, quick add,
//! edits of any fields, completion, deletion, reorder, lists, checklist
//! steps) on three devices, two with clocks hours off, in batches whose
//! changes cross on the wire, some made offline and arriving hours late,
//! runs through a fault-injecting proxy against the real server binary,
//! which is also SIGKILLed and restarted mid-request; a broken server's
//! 500s leave a change stuck until the person retries it. Every answer
//! must be what an independent model of the person's intent says
//! (model.rs), and at the end every row and every field the database
//! holds, times and clocks included, too: the last action wins, whatever
//! the order of arrival.
//!
//! In the test run: 300 operations per backend. As a soak:
//!
//! ```text
//! TETRAD_CHAOS_OPS=10000 cargo test -p server --test chaos -- --nocapture
//! ```
//!
//! `TETRAD_CHAOS_SEED` replays a run: every run prints its seed first.

// A test states what must hold: an unwrap here is an assertion.
#![allow(clippy::unwrap_used, clippy::expect_used)]
// The chaos test prints its seed and fault counts.
#![allow(clippy::print_stdout)]

#[macro_use]
#[path = "../support/mod.rs"]
mod support;

mod abandoned;
mod change;
mod checklist;
mod client;
mod crossing;
mod deploy;
mod device;
mod difference;
mod drain;
mod draw;
mod draw_steps;
mod fault_proxy;
mod flood;
mod model;
mod outbox;
mod plan;
mod reminding;
mod replay;
mod report;
mod rng;
mod server_process;
mod stored;
mod student;
mod timeline;
mod traces;
mod typed;
mod workload;

use fault_proxy::EVERY_FAULT;
use student::Tally;
use support::Backend;
use workload::Deployment;

on_both_backends!(
    a_random_workload_under_every_fault_loses_and_doubles_nothing,
    a_flood_of_sign_ins_and_sign_ups_leaves_a_working_student_answered_and_memory_bounded,
);

async fn a_random_workload_under_every_fault_loses_and_doubles_nothing(backend: Backend) {
    holds_under_faults(backend, Deployment::One).await;
}

/// Three servers on one PostgreSQL database, deployed one by one (and one
/// crash, and the database ending every session twice) while a student
/// works through them, and reminders fall due for two others
/// (reminding.rs).
#[tokio::test]
async fn a_rolling_deploy_under_every_fault_loses_and_doubles_nothing() {
    holds_under_faults(Backend::Postgres, Deployment::Rolling).await;
}

/// Issue 26: 300 sign-ins and 100 sign-ups with random names at once
/// while a signed-in student adds tasks (flood.rs).
async fn a_flood_of_sign_ins_and_sign_ups_leaves_a_working_student_answered_and_memory_bounded(
    backend: Backend,
) {
    let flood = flood::run(backend).await;
    println!("{backend:?}: {flood}");
    assert_eq!(
        flood.unanswered, 0,
        "every request of the flood is answered\n{flood}"
    );
    let unexpected: Vec<_> = flood
        .answers
        .keys()
        .filter(|status| ![401, 429, 503].contains(*status) && **status != 200)
        .collect();
    assert!(
        unexpected.is_empty(),
        "answers beyond 200/401/429/503: {unexpected:?}\n{flood}"
    );
    assert!(
        flood.answers.contains_key(&503),
        "the hashing bound answered part of the flood \"busy\"\n{flood}"
    );
    assert_eq!(
        flood.her_answered,
        flood::HER_CHANGES,
        "her changes are answered\n{flood}"
    );
    let expected: Vec<String> = (0..flood::HER_CHANGES)
        .map(|n| format!("Домашнее задание {n}"))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!(flood.her_tasks, expected, "each of her tasks once");
    let (before, peak, _) = flood.memory;
    // Unbounded, the flood took 5.5 GB more; bounded, at most a hash's
    // blocks (19 MiB) per hashing thread, one per core, and the
    // connections' buffers.
    let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get) as u64;
    let bound = 19 * cores + 64;
    assert!(
        peak - before < bound,
        "memory grew by {} MiB (bound {bound} MiB)\n{flood}",
        peak - before
    );
    assert!(
        flood.panics.is_empty(),
        "the server panicked: {:?}",
        flood.panics
    );
}

/// Drawn twice from one seed, without servers, a run is the same: nothing
/// drawn hangs on the wall clock or on the order of arrival. And 300
/// operations meet every event the test run asserts.
#[test]
fn a_seed_replays_the_same_run() {
    let (first, tally) = replay::drawn(7, 300);
    let (again, _) = replay::drawn(7, 300);
    assert!(first == again, "a seed drew two runs");
    assert_eq!(missing_events(&tally), Vec::<&str>::new());
}

async fn holds_under_faults(backend: Backend, deployment: Deployment) {
    let operations = env_number("TETRAD_CHAOS_OPS").unwrap_or(300) as usize;
    let seed = env_number("TETRAD_CHAOS_SEED").unwrap_or_else(time_seed);
    println!(
        "chaos {backend:?} {deployment:?}: seed={seed} operations={operations} \
         (TETRAD_CHAOS_SEED={seed} replays it)"
    );
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
    let events = missing_events(&report.tally);
    assert!(events.is_empty(), "never happened: {events:?}\n{report}");
    let c = &report.comparison;
    assert_eq!((c.lost, c.duplicated), (0, 0), "\n{report}");
    assert!(report.wrong_answers.is_empty(), "\n{report}");
    assert!(report.panics.is_empty(), "a server panicked\n{report}");
    if let Some(reminders) = &report.reminders {
        assert!(reminders.problems().is_empty(), "\n{report}");
    }
}

/// The events every run must meet, besides every fault, that it did not.
fn missing_events(tally: &Tally) -> Vec<&'static str> {
    let steps = [
        "/api/steps/create",
        "/api/steps/edit",
        "/api/steps/reorder",
        "/api/steps/delete",
    ];
    [
        ("a change from a device whose clock is off", tally.off_clock),
        ("a change arriving an hour or more late", tally.late),
        ("a change stuck after four 500s", tally.stuck),
        ("a stuck change retried and saved", tally.retried),
    ]
    .into_iter()
    .chain(steps.map(|path| (path, tally.endpoints.get(path).copied().unwrap_or(0))))
    .filter(|(_, count)| *count == 0)
    .map(|(event, _)| event)
    .collect()
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
