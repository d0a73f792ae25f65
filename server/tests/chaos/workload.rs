//! The chaos run: the student's rounds sent through the fault proxy (each
//! device with its own session, each change under its own key, the same
//! on every try), each answer held to the model, the rows a round touched
//! held to it after the round, and every row at the end.

use super::client;
use super::deploy;
use super::device::{ClockReading, Device};
use super::fault_proxy::FaultProxy;
use super::outbox::{send_stream, Outcome, Sent};
use super::reminding::Reminding;
use super::report::{Network, Report};
use super::server_process::ServerProcess;
use super::stored::Reader;
use super::student::Student;
use crate::support::{Backend, PushService, TestDatabase};
use app::protocol::CLOCK_HEADER;
use chrono::Utc;
use futures::future::join_all;
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// What serves the student.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deployment {
    /// One server, SIGKILLed now and then.
    One,
    /// Three servers on one database, deployed one by one while the
    /// student works (deploy.rs).
    Rolling,
}

pub async fn run(backend: Backend, deployment: Deployment, seed: u64, operations: usize) -> Report {
    let started = Instant::now();
    let database = TestDatabase::new(backend).await;
    let url = database.url.expose();
    let servers = match deployment {
        Deployment::One => vec![ServerProcess::start(url).await],
        Deployment::Rolling => {
            join_all((0..3).map(|_| ServerProcess::start_with(url, &Reminding::SERVER_SETTINGS)))
                .await
        }
    };
    // Reminders fall due while the servers are deployed (reminding.rs).
    let reminding = match deployment {
        Deployment::One => None,
        Deployment::Rolling => {
            Some(Reminding::start(&database.url, PushService::start().await).await)
        }
    };
    let proxy = Arc::new(FaultProxy::start(servers).await);
    let base = format!("http://{}", proxy.addr);
    // The timeline's week ends before the server's today (timeline.rs).
    let mut student = Student::new(seed, operations, Utc::now().date_naive());
    let (phone, name) = client::signed_up(&base, "chaos").await;
    let mut clients = vec![phone];
    for _ in 1..student.devices.len() {
        clients.push(client::signed_in(&base, &name).await);
    }
    for (device, client) in student.devices.iter_mut().zip(&clients) {
        open(device, client, &base).await;
    }
    let progress = Arc::new(AtomicUsize::new(0));
    let deploy = (deployment == Deployment::Rolling).then(|| {
        assert!(
            matches!(backend, Backend::Postgres),
            "a rolling deploy runs on PostgreSQL"
        );
        // The database's name: the last part of its URL.
        let database = url.rsplit('/').next().expect("a database name");
        tokio::spawn(deploy::roll(
            proxy.clone(),
            progress.clone(),
            operations,
            database.to_owned(),
        ))
    });

    let reminding =
        reminding.map(|reminding| tokio::spawn(reminding.during(progress.clone(), operations)));

    let reader = Reader::open(&database, &name).await;
    let mut network = Network::default();
    let mut wrong_answers = Vec::new();
    // Rounds after which a row they touched differed from the model.
    let (mut after_rounds, mut first_after_round) = (0, None);
    while let Some(round) = student.next_round() {
        let in_round: usize = round.streams.iter().map(Vec::len).sum();
        let sent: Vec<Sent> = join_all(round.streams.into_iter().map(|stream| {
            let client = &clients[stream[0].device];
            send_stream(client, &base, stream)
        }))
        .await
        .into_iter()
        .flatten()
        .collect();
        let mut touched = (HashSet::new(), false);
        for one in &sent {
            network.retries += one.tries;
            network.crossed += u64::from(in_round > 1);
            network.server_errors += one.server_errors;
            if let Outcome::Answered { .. } = one.outcome {
                let change = &one.outgoing.change;
                touched.0.extend(change.tasks());
                touched.1 |= change.is_list_change();
                match one.clock {
                    Some(reading) => student.devices[one.outgoing.device].learn(reading),
                    None => wrong_answers.push(format!(
                        "{} was answered without {CLOCK_HEADER}",
                        change.kind()
                    )),
                }
            }
        }
        wrong_answers.extend(student.answered(sent));
        if let Some(problem) = round_problem(&reader, &student, touched).await {
            after_rounds += 1;
            first_after_round.get_or_insert(problem);
        }
        progress.store(student.made, Ordering::Relaxed);
    }
    let deployed = match deploy {
        Some(deploy) => deploy.await.expect("the deploy ran its plan"),
        None => BTreeMap::new(),
    };
    // A reminder claimed by a server killed mid-send goes again once its
    // lease (5 s here) runs out.
    let reminders = match reminding {
        Some(reminding) => {
            let reminding = reminding.await.expect("the reminders were added");
            Some(
                reminding
                    .outcome(&database.url, Duration::from_secs(60))
                    .await,
            )
        }
        None => None,
    };
    let faults = proxy.counts().await;
    let panics = proxy.stop_servers().await;

    let mut comparison = reader
        .compare(backend, &database, &name, &student.model)
        .await;
    // A round that left a row wrong counts as lost, even if a later round
    // set it right.
    comparison.lost += after_rounds;
    if let Some(problem) = first_after_round {
        comparison.first_difference = Some(problem);
    }
    Report {
        backend,
        seed,
        operations: student.made,
        devices: student.devices.iter().map(Device::to_string).collect(),
        faults,
        deployed,
        network,
        wrong_answers,
        panics,
        tasks: student.model.tasks.len(),
        steps: student.model.tasks.values().map(|t| t.steps.len()).sum(),
        tally: student.tally,
        comparison,
        took: started.elapsed(),
        reminders,
    }
}

/// The device opens the app: the page reads the server's clock, and the
/// device learns from the answer's time how far its own is off.
async fn open(device: &mut Device, client: &reqwest::Client, base: &str) {
    for _ in 0..50 {
        let sent = Utc::now().timestamp_millis();
        let answer = client
            .get(format!("{base}/api/clock"))
            .header("connection", "close")
            .send()
            .await
            .expect("the clock answers");
        let server = answer
            .headers()
            .get(CLOCK_HEADER)
            .and_then(|value| value.to_str().ok()?.parse().ok())
            .expect("every answer carries the server's time in milliseconds");
        device.learn(ClockReading {
            server,
            sent,
            received: Utc::now().timestamp_millis(),
        });
        if device.has_learned() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the {} never heard the server's time in time", device.name);
}

/// How a row the round answered differs from the model, if one does. The
/// tasks a stuck change names are left until it is answered (the server
/// may have done its work before the 500), and everything while a list
/// change is stuck.
async fn round_problem(
    reader: &Reader,
    student: &Student,
    (tasks, lists): (HashSet<Uuid>, bool),
) -> Option<String> {
    let unsettled = student.unsettled()?;
    if lists {
        if let Some(problem) = reader.lists_problem(&student.model).await {
            return Some(problem);
        }
    }
    let settled: HashSet<Uuid> = tasks.difference(&unsettled).copied().collect();
    reader.tasks_problem(&student.model, &settled).await
}
