//! Ten thousand reminders due in the same minute (issue 28): three
//! instances of the server binary on one PostgreSQL database, each with
//! its scheduler at the production interval (`TETRAD_REMINDER_SECS`'s
//! default), sending to the tests' push service on 127.0.0.1, which
//! checks each message's signature and decrypts it. Half are evening
//! summaries (5 000 students whose summary is at that minute), half a
//! timed task's reminder at its time. Prints how long after the moment
//! the last arrived (the goal: 60 s), the spread, how the instances shared
//! the work, and how many arrived twice (the goal: none). It prints; a
//! figure over its goal is reported, never a failure.
//!
//!   cargo bench -p server --bench reminders
//!   TETRAD_BENCH_REMINDERS=2000 cargo bench -p server --bench reminders
//!   TETRAD_BENCH_JSON=target/bench/reminders.json cargo bench ...  (also
//!   writes the figures for scripts/bench.sh's report)

// A benchmark states what must hold to be measured: an unwrap is an assertion.
#![allow(clippy::unwrap_used, clippy::expect_used)]
// A benchmark prints its figures.
#![allow(clippy::print_stdout)]

#[path = "../../tests/support/mod.rs"]
mod support;
// The server binary as a child process, as the chaos test runs it.
mod seed;
#[allow(dead_code)]
#[path = "../../tests/chaos/server_process.rs"]
mod server_process;

use chrono::{DateTime, Duration, Utc};
use futures::future::join_all;
use server_process::ServerProcess;
use std::collections::HashMap;
use std::time::Instant;
use support::{setting, Backend, PushService, TestDatabase};

const INSTANCES: usize = 3;

#[tokio::main]
async fn main() {
    let reminders = setting("TETRAD_BENCH_REMINDERS", 10_000) / 2 * 2;
    let students = reminders / 2;
    let database = TestDatabase::new(Backend::Postgres).await;
    let push = PushService::start().await;
    // Room to write the students before the moment comes.
    let moment = seed::moment(Duration::seconds(20 + students as i64 / 100));
    let seeding = Instant::now();
    seed::students(&database.url, &push, students, moment).await;
    let seeded = seeding.elapsed().as_secs_f64();
    println!("{students} students written in {seeded:.1} s; the moment is {moment}");
    assert!(
        Utc::now() < moment,
        "writing the students ran past the moment: ask for fewer"
    );

    let url = database.url.expose();
    let instances = join_all((0..INSTANCES).map(|_| {
        ServerProcess::start_with(
            url,
            &[
                ("TETRAD_PUSH_LOOPBACK", "1"),
                ("RUST_LOG", "error,server::push::scheduler=info"),
            ],
        )
    }))
    .await;

    let deadline = moment + Duration::minutes(5);
    while push.received().len() < reminders && Utc::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    // One more interval: anything sent twice would come in it.
    tokio::time::sleep(std::time::Duration::from_secs(35)).await;

    let figures = Figures::of(&push, moment, reminders, &instances, seeded);
    println!("{figures}");
    if let Ok(path) = std::env::var("TETRAD_BENCH_JSON") {
        std::fs::write(path, figures.json()).unwrap();
    }
}

struct Figures {
    reminders: usize,
    arrived: usize,
    twice: usize,
    /// Seconds after the moment: the median, the 99th percentile, the last.
    p50: f64,
    p99: f64,
    last: f64,
    /// How many each instance sent.
    per_instance: Vec<u64>,
    seeded: f64,
}

impl Figures {
    fn of(
        push: &PushService,
        moment: DateTime<Utc>,
        reminders: usize,
        instances: &[ServerProcess],
        seeded: f64,
    ) -> Self {
        let received = push.received();
        let mut copies: HashMap<(String, String), Vec<Option<String>>> = HashMap::new();
        for message in &received {
            let tag = message.message["tag"].as_str().unwrap_or("").to_owned();
            copies
                .entry((message.device.clone(), tag))
                .or_default()
                .push(message.topic.clone());
        }
        for topics in copies.values() {
            assert!(
                topics.windows(2).all(|pair| pair[0] == pair[1]),
                "a reminder sent again carries its first topic: {topics:?}"
            );
        }
        let mut delays: Vec<f64> = received
            .iter()
            .map(|m| (DateTime::<Utc>::from(m.at) - moment).as_seconds_f64())
            .collect();
        delays.sort_by(f64::total_cmp);
        let at = |q: usize| {
            delays
                .get((delays.len() * q / 100).min(delays.len().saturating_sub(1)))
                .copied()
                .unwrap_or(f64::NAN)
        };
        Self {
            reminders,
            arrived: copies.len(),
            twice: received.len() - copies.len(),
            p50: at(50),
            p99: at(99),
            last: delays.last().copied().unwrap_or(f64::NAN),
            per_instance: instances.iter().map(sent_by).collect(),
            seeded,
        }
    }

    fn json(&self) -> String {
        serde_json::json!({
            "reminders": self.reminders,
            "arrived": self.arrived,
            "twice": self.twice,
            "p50": self.p50,
            "p99": self.p99,
            "last": self.last,
            "perInstance": self.per_instance,
            "instances": INSTANCES,
        })
        .to_string()
    }
}

/// What an instance's ticks say they sent (its log: `sent: N`).
fn sent_by(instance: &ServerProcess) -> u64 {
    instance
        .log_lines()
        .iter()
        .filter_map(|line| {
            let rest = &line[line.find("sent: ")? + "sent: ".len()..];
            rest.split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse::<u64>()
                .ok()
        })
        .sum()
}

impl std::fmt::Display for Figures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{} of {} reminders arrived ({} twice); after their moment: median {:.1} s, \
             p99 {:.1} s, last {:.1} s (goal: 60 s)",
            self.arrived, self.reminders, self.twice, self.p50, self.p99, self.last
        )?;
        write!(
            f,
            "sent by each of {INSTANCES} instances: {:?}; {} students written in {:.1} s",
            self.per_instance,
            self.reminders / 2,
            self.seeded
        )
    }
}
