//! A seed replays the same run: the student drawn without servers,
//! answered as the model says (a broken server's change stuck on its
//! first send). What is drawn depends on the seed and the answers only;
//! this pins it.

use super::device::ClockReading;
use super::model::Model;
use super::outbox::{Outcome, Outgoing, Sent};
use super::student::{Round, Student, Tally};
use chrono::NaiveDate;

/// Everything the student sends and expects in a run of `operations`
/// from `seed`, as text, and what it counted.
pub fn drawn(seed: u64, operations: usize) -> (Vec<String>, Tally) {
    let today = NaiveDate::from_ymd_opt(2026, 9, 1).expect("a day");
    let mut student = Student::new(seed, operations, today);
    for device in &mut student.devices {
        // The server's clock is this machine's.
        device.learn(ClockReading {
            server: 0,
            sent: 0,
            received: 0,
        });
    }
    let mut server = Model::default();
    let mut log = Vec::new();
    while let Some(round) = student.next_round() {
        log.push(format!("{round:?}"));
        let differences = student.answered(answered_by(&mut server, round));
        assert_eq!(differences, Vec::<String>::new(), "answers as the model's");
    }
    (log, student.tally)
}

/// The round's answers from a server that is the model: in the order the
/// changes were made; a change behind a broken server stuck, and the ones
/// behind it in its stream unsent.
fn answered_by(server: &mut Model, round: Round) -> Vec<Sent> {
    let mut answered: Vec<Outgoing> = Vec::new();
    let mut sent = Vec::new();
    for stream in round.streams {
        let mut stuck = false;
        for outgoing in stream {
            let outcome = match (stuck, outgoing.plan.is_broken()) {
                (true, _) => Outcome::Behind,
                (false, true) => {
                    stuck = true;
                    Outcome::Stuck
                }
                (false, false) => {
                    answered.push(outgoing);
                    continue;
                }
            };
            sent.push(sent_with(outgoing, outcome));
        }
    }
    answered.sort_by_key(|outgoing| outgoing.change.at);
    for outgoing in answered {
        let (status, body) = match server.apply(&outgoing.change) {
            Ok(()) => (200, String::new()),
            Err(refusal) => (404, refusal.code().to_owned()),
        };
        sent.push(sent_with(outgoing, Outcome::Answered { status, body }));
    }
    sent
}

fn sent_with(outgoing: Outgoing, outcome: Outcome) -> Sent {
    Sent {
        outgoing,
        outcome,
        tries: 0,
        clock: None,
        server_errors: 0,
    }
}
