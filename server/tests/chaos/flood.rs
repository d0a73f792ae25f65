//! A flood of sign-ins and sign-ups with random names (issue 26, point 2)
//! against the real server binary, while a signed-in student keeps
//! working. Unbounded, 300 sign-ins at once took the server from 0.34 GB
//! to 5.9 GB (each Argon2id hash holds 19 MiB) and its health check to
//! 1.7 s. Bounded, her changes are answered, each once, the flood gets
//! clear answers (401, 429 or 503 with `Retry-After`, never a 500 or a cut
//! connection), and the server's memory stays within a few hashes' worth.

use super::server_process::ServerProcess;
use crate::support::databases::TestDatabase;
use crate::support::Backend;
use futures::future::join_all;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use uuid::Uuid;

const SIGN_INS: usize = 300;
const SIGN_UPS: usize = 100;
pub const HER_CHANGES: usize = 20;

pub struct Flood {
    /// How the flood's requests were answered: status → count.
    pub answers: BTreeMap<u16, usize>,
    /// Requests of the flood that got no answer at all.
    pub unanswered: usize,
    /// The server's resident memory before, at its peak, and after (MiB).
    pub memory: (u64, u64, u64),
    /// Her changes: how many were answered 200, and the slowest answer.
    pub her_answered: usize,
    pub her_slowest: Duration,
    /// Her tasks as the server lists them afterwards.
    pub her_tasks: Vec<String>,
    pub took: Duration,
    /// What the server printed of panics.
    pub panics: Vec<String>,
}

impl fmt::Display for Flood {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (before, peak, after) = self.memory;
        writeln!(
            f,
            "flood of {SIGN_INS} sign-ins and {SIGN_UPS} sign-ups in {:.1?}: answers {:?}, unanswered {}",
            self.took, self.answers, self.unanswered
        )?;
        writeln!(
            f,
            "server memory: {before} MiB before, {peak} MiB at the peak, {after} MiB after"
        )?;
        write!(
            f,
            "her {HER_CHANGES} changes meanwhile: {} answered, the slowest in {:.0?}",
            self.her_answered, self.her_slowest
        )
    }
}

pub async fn run(backend: Backend) -> Flood {
    let database = TestDatabase::new(backend).await;
    let server = ServerProcess::start(database.url.expose()).await;
    let base = format!("http://{}", server.addr);
    let pid = server.pid().expect("the server runs");
    let (student, _) = crate::client::signed_up(&base, "flood").await;

    let before = resident_mib(pid);
    let peak = Arc::new(AtomicU64::new(before));
    let flooding = Arc::new(AtomicBool::new(true));
    let sampler = tokio::spawn({
        let (peak, flooding) = (peak.clone(), flooding.clone());
        async move {
            while flooding.load(Ordering::Relaxed) {
                peak.fetch_max(resident_mib(pid), Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
    });

    let started = Instant::now();
    let stranger = reqwest::Client::builder()
        .default_headers(crate::client::from_the_site(&base))
        .timeout(Duration::from_secs(60))
        .build()
        .expect("a client");
    let flood = (0..SIGN_INS)
        .map(|_| "signin")
        .chain((0..SIGN_UPS).map(|_| "signup"))
        .map(|how| {
            let request = stranger.post(format!("{base}/api/auth/{how}")).form(&[
                ("username", format!("n{}", Uuid::new_v4().simple())),
                ("password", format!("p{}", Uuid::new_v4().simple())),
            ]);
            async move { request.send().await.ok().map(|r| r.status().as_u16()) }
        });
    let (answers, (her_answered, her_slowest)) =
        tokio::join!(join_all(flood), her_changes(&student, &base));
    let took = started.elapsed();
    flooding.store(false, Ordering::Relaxed);
    sampler.await.expect("the sampler ran");
    let after = resident_mib(pid);

    let mut counted = BTreeMap::new();
    for status in answers.iter().flatten() {
        *counted.entry(*status).or_default() += 1;
    }
    let her_tasks = her_titles(&student, &base).await;
    let panics = server.panics();
    Flood {
        answers: counted,
        unanswered: answers.iter().filter(|a| a.is_none()).count(),
        memory: (before, peak.load(Ordering::Relaxed), after),
        her_answered,
        her_slowest,
        her_tasks,
        took,
        panics,
    }
}

/// Her work during the flood: new tasks, one after another, each under its
/// own key; how many were answered 200, and the slowest answer.
async fn her_changes(student: &reqwest::Client, base: &str) -> (usize, Duration) {
    let mut answered = 0;
    let mut slowest = Duration::ZERO;
    for n in 0..HER_CHANGES {
        let sent = Instant::now();
        let answer = student
            .post(format!("{base}/api/tasks/create"))
            .header("idempotency-key", Uuid::new_v4().to_string())
            .form(&[
                ("id", Uuid::now_v7().to_string()),
                ("title", format!("Домашнее задание {n}")),
            ])
            .send()
            .await;
        slowest = slowest.max(sent.elapsed());
        if answer.is_ok_and(|a| a.status().is_success()) {
            answered += 1;
        }
    }
    (answered, slowest)
}

async fn her_titles(student: &reqwest::Client, base: &str) -> Vec<String> {
    let tasks: Vec<serde_json::Value> = student
        .get(format!("{base}/api/tasks/list"))
        .send()
        .await
        .expect("her list")
        .json()
        .await
        .expect("as JSON");
    let mut titles: Vec<String> = tasks
        .iter()
        .filter_map(|t| t["title"].as_str().map(str::to_owned))
        .collect();
    titles.sort();
    titles
}

/// The process's resident memory now, in MiB (Linux: /proc).
fn resident_mib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb / 1024)
}
