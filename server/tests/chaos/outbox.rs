//! A device's outbox, as the service worker keeps it: each change under
//! one key, the same on every try, tried until a definite answer. A
//! network error or a "not now" (408, 409, 429, 502, 503, 504) is tried
//! again; a plain 500 counts, and after four (public/sw-policy.js
//! `afterReplay`, `STUCK_AFTER`) the change is stuck: it waits, and the
//! changes behind it wait, until the person taps retry.

use super::change::Change;
use super::device::ClockReading;
use super::fault_proxy::FAULT_HEADER;
use super::plan::{Plan, STUCK_AFTER};
use app::protocol::CLOCK_HEADER;
use chrono::Utc;
use std::time::Duration;

/// A change on its way, with all it keeps between tries.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub change: Change,
    pub key: String,
    /// Which of the student's devices made it.
    pub device: usize,
    pub plan: Plan,
    /// It waited while its device was offline.
    pub held: bool,
    /// It waits for the person to retry it.
    pub stuck: bool,
    /// Times the person retried it after it was stuck.
    pub retried: u32,
}

/// Changes sent one at a time, in order: a device's outbox replaying.
pub type Stream = Vec<Outgoing>;

#[derive(Debug)]
pub enum Outcome {
    /// A definite answer: a success or a refusal.
    Answered {
        status: u16,
        body: String,
    },
    Stuck,
    /// Not sent: it was behind a stuck change.
    Behind,
}

/// What became of one change in a batch.
pub struct Sent {
    pub outgoing: Outgoing,
    pub outcome: Outcome,
    pub tries: u64,
    /// The server's time on the definite answer (the server puts it on
    /// every answer it gives; the proxy's own answers carry none).
    pub clock: Option<ClockReading>,
    /// Plain 500s the server itself gave (the proxy's carry no time).
    pub server_errors: u64,
}

/// Sends a stream's changes one after another, after its first one's
/// pause; the ones behind a stuck change stay unsent.
pub async fn send_stream(client: &reqwest::Client, base: &str, mut stream: Stream) -> Vec<Sent> {
    if let Some(first) = stream.first_mut() {
        tokio::time::sleep(Duration::from_millis(first.plan.pause())).await;
    }
    let mut sent = Vec::new();
    let mut stuck = false;
    for outgoing in stream {
        if stuck {
            sent.push(Sent {
                outgoing,
                outcome: Outcome::Behind,
                tries: 0,
                clock: None,
                server_errors: 0,
            });
            continue;
        }
        let one = send(client, base, outgoing).await;
        stuck = matches!(one.outcome, Outcome::Stuck);
        sent.push(one);
    }
    sent
}

/// Tries one change until a definite answer, or until it is stuck.
async fn send(client: &reqwest::Client, base: &str, mut outgoing: Outgoing) -> Sent {
    let url = format!("{base}{}", outgoing.change.path());
    let form = outgoing.change.form();
    let (mut counted, mut server_errors) = (0, 0);
    for tries in 0..200u64 {
        let mut request = client
            .post(&url)
            .header("idempotency-key", &outgoing.key)
            .header("connection", "close")
            .form(&form);
        if let Some((fault, pause)) = outgoing.plan.next_fault() {
            request = request.header(FAULT_HEADER, fault.header(pause));
        }
        let sent_at = now_millis();
        let answer = match request.send().await {
            // The body read to the end: an answer cut off is no answer.
            Ok(response) => {
                let status = response.status().as_u16();
                let server = response
                    .headers()
                    .get(CLOCK_HEADER)
                    .and_then(|value| value.to_str().ok()?.parse::<i64>().ok());
                let body = response.bytes().await.ok();
                body.map(|body| (status, server, body))
            }
            Err(_) => None,
        };
        let Some((status, server, body)) = answer else {
            backoff(tries).await;
            continue;
        };
        let clock = server.map(|server| ClockReading {
            server,
            sent: sent_at,
            received: now_millis(),
        });
        let outcome = match status {
            408 | 409 | 429 | 502..=504 => None,
            500.. => {
                counted += 1;
                server_errors += u64::from(server.is_some());
                (counted >= STUCK_AFTER).then_some(Outcome::Stuck)
            }
            _ => Some(Outcome::Answered {
                status,
                body: String::from_utf8_lossy(&body).into_owned(),
            }),
        };
        if let Some(outcome) = outcome {
            return Sent {
                outgoing,
                outcome,
                tries,
                clock,
                server_errors,
            };
        }
        backoff(tries).await;
    }
    panic!(
        "{} got no definite answer in 200 tries",
        outgoing.change.kind()
    );
}

async fn backoff(tries: u64) {
    tokio::time::sleep(Duration::from_millis(5 + tries.min(20) * 5)).await;
}

fn now_millis() -> i64 {
    Utc::now().timestamp_millis()
}
