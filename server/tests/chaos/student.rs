//! The student: what they do, batch by batch, on which device and when,
//! and what they expect of each answer. Everything here is drawn from the
//! seed and the answers, never from the wall clock or the order in which
//! requests happen to arrive, so a seed replays the same run (the
//! replay test in main.rs draws one twice without servers).

use super::change::{Change, What};
use super::crossing::Crossing;
use super::device::Device;
use super::draw::{self, Drawn};
use super::model::{Intended, Model};
use super::outbox::{Outcome, Outgoing, Sent, Stream};
use super::plan::Plan;
use super::rng::Rng;
use super::timeline::{hours, Timeline};
use super::typed::Serial;
use chrono::NaiveDate;
use std::collections::{BTreeMap, HashSet};
use uuid::Uuid;

/// Percent of batches in which a device goes offline, when none is.
const OFFLINE_PERCENT: u64 = 20;

/// What is sent at once: each stream one change after another.
#[derive(Debug)]
pub struct Round {
    pub streams: Vec<Stream>,
}

/// What the student did, counted as it was drawn (the same in a replay).
#[derive(Debug, Default)]
pub struct Tally {
    pub kinds: BTreeMap<&'static str, u64>,
    pub endpoints: BTreeMap<&'static str, u64>,
    /// Changes made on a device whose clock is an hour or more off.
    pub off_clock: u64,
    pub offline_periods: u64,
    /// Changes made offline, and those of them that arrived an hour or
    /// more after they were made.
    pub held: u64,
    pub late: u64,
    /// Times a change got stuck, and stuck changes retried and answered.
    pub stuck: u64,
    pub retried: u64,
    /// Refusals, each one the model expected.
    pub refused: u64,
    /// Tasks and steps deleted on one device that a change made on
    /// another brought back (what was typed is kept).
    pub brought_back: u64,
}

pub struct Student {
    rng: Rng,
    serial: Serial,
    pub model: Model,
    timeline: Timeline,
    pub devices: Vec<Device>,
    /// Changes made so far, and how many to make.
    pub made: usize,
    operations: usize,
    pub tally: Tally,
}

impl Student {
    /// A student who will make `operations` changes in the week before
    /// `today`.
    pub fn new(seed: u64, operations: usize, today: NaiveDate) -> Self {
        let mut rng = Rng::new(seed ^ 0x5EED);
        Self {
            devices: Device::three(&mut rng),
            rng,
            serial: Serial::default(),
            model: Model::default(),
            timeline: Timeline::new(today, operations),
            made: 0,
            operations,
            tally: Tally::default(),
        }
    }

    /// What to send next: the stuck changes the person retries, or the
    /// next batch; at the end, whatever still waits. `None` when all is
    /// sent.
    pub fn next_round(&mut self) -> Option<Round> {
        if self.devices.iter().any(has_stuck) {
            return Some(self.retries());
        }
        if self.made < self.operations {
            return Some(self.batch());
        }
        let streams: Vec<Stream> = self
            .devices
            .iter_mut()
            .filter_map(|device| {
                device.offline_until = None;
                device.take_waiting()
            })
            .collect();
        (!streams.is_empty()).then_some(Round { streams })
    }

    /// A minute or two later the person taps retry on every stuck change;
    /// each device's outbox goes again, in order. Before the next batch,
    /// and with nothing new: a stuck change may be done already (the
    /// server did the work, its answer broke on the way back), so it lands
    /// in its own batch or at the retry, and the retry crosses only the
    /// changes of its own batch, which it was drawn against.
    fn retries(&mut self) -> Round {
        self.timeline.short_pause(&mut self.rng);
        let streams = self
            .devices
            .iter_mut()
            .filter(|device| has_stuck(device))
            .filter_map(|device| {
                for outgoing in device.waiting.iter_mut().filter(|o| o.stuck) {
                    outgoing.stuck = false;
                    outgoing.retried += 1;
                    outgoing.plan.retried();
                }
                device.take_waiting()
            })
            .collect();
        Round { streams }
    }

    fn batch(&mut self) -> Round {
        self.timeline.pause(&mut self.rng);
        let now = self.timeline.now();
        let mut crossing = Crossing::default();
        let mut streams: Vec<Stream> = Vec::new();
        // A device back online sends what it made offline, in order; what
        // it makes now goes behind.
        let back = self
            .devices
            .iter()
            .position(|d| d.offline_until.is_some_and(|until| until <= now));
        if let Some(back) = back {
            let device = &mut self.devices[back];
            device.offline_until = None;
            let stream = device.take_waiting().unwrap_or_default();
            for outgoing in &stream {
                crossing.note(&self.model, &outgoing.change.what);
            }
            streams.push(stream);
        } else if self.devices.iter().all(|d| !d.is_offline()) && self.rng.chance(OFFLINE_PERCENT) {
            let device = self.rng.below(self.devices.len() as u64) as usize;
            let away = hours(1) + self.rng.below(hours(5) as u64) as i64;
            self.devices[device].offline_until = Some(now + away);
            self.tally.offline_periods += 1;
        }
        let contested: Vec<&Intended> = self
            .devices
            .iter()
            .flat_map(|device| device.waiting.iter())
            .flat_map(|outgoing| outgoing.change.tasks())
            .filter_map(|id| self.model.tasks.get(&id))
            .filter(|task| task.deleted.is_none())
            .collect();
        let online: Vec<bool> = self.devices.iter().map(|d| !d.is_offline()).collect();
        let drawn = draw::batch(
            &self.model,
            &mut self.rng,
            &mut self.serial,
            now,
            (&mut crossing, &online),
            &contested,
        );
        for Drawn { what, device } in drawn {
            let made = self.timeline.next_change(&mut self.rng);
            let outgoing = self.outgoing(what, made, device);
            match back {
                _ if self.devices[device].is_offline() => {
                    self.tally.held += 1;
                    self.devices[device].waiting.push_back(outgoing);
                }
                Some(back) if back == device => streams[0].push(outgoing),
                _ => streams.push(vec![outgoing]),
            }
        }
        streams.retain(|stream| !stream.is_empty());
        Round { streams }
    }

    /// A change made at `made` (the true time) on `device`, under a key of
    /// its own.
    fn outgoing(&mut self, what: What, made: i64, device: usize) -> Outgoing {
        self.made += 1;
        let on = &self.devices[device];
        // Dated as the device dates it: by the true time, since it learned
        // the server's clock (device.rs), so the order of the times is the
        // order of the person's actions and the latest wins.
        let change = Change {
            what,
            at: on.date(made),
        };
        assert_eq!(change.at, made, "the {} dates by the true time", on.name);
        *self.tally.kinds.entry(change.kind()).or_default() += 1;
        *self.tally.endpoints.entry(change.path()).or_default() += 1;
        self.tally.off_clock += u64::from(on.clock_is_off());
        Outgoing {
            key: self.rng.uuid_v4().to_string(),
            plan: Plan::new(&mut self.rng),
            held: on.is_offline(),
            change,
            device,
            stuck: false,
            retried: 0,
        }
    }

    /// Takes in a round's answers: applies the changes the server answered
    /// to the model in the order the person made them, keeps the stuck
    /// ones and those behind them for a retry. Gives how each answer
    /// differs from what the model expected, if it does.
    pub fn answered(&mut self, sent: Vec<Sent>) -> Vec<String> {
        let now = self.timeline.now();
        let mut answered: Vec<(Outgoing, u16, String)> = Vec::new();
        for one in sent {
            let mut outgoing = one.outgoing;
            match one.outcome {
                Outcome::Answered { status, body } => answered.push((outgoing, status, body)),
                Outcome::Stuck | Outcome::Behind => {
                    if matches!(one.outcome, Outcome::Stuck) {
                        outgoing.stuck = true;
                        self.tally.stuck += 1;
                    }
                    let waiting = &mut self.devices[outgoing.device].waiting;
                    waiting.push_back(outgoing);
                    waiting.make_contiguous().sort_by_key(|o| o.change.at);
                }
            }
        }
        answered.sort_by_key(|(outgoing, ..)| outgoing.change.at);
        let mut differences = Vec::new();
        for (outgoing, status, body) in answered {
            let change = &outgoing.change;
            let deleted_before = self.deleted(change);
            let expected = self.model.apply(change);
            self.tally.brought_back += deleted_before
                .iter()
                .filter(|id| !self.deleted(change).contains(id))
                .count() as u64;
            let right = match expected {
                Ok(()) => (200..300).contains(&status),
                Err(refusal) => status == 404 && body.contains(refusal.code()),
            };
            if !right {
                differences.push(format!(
                    "{} ({change:?}) was answered {status} {body}; expected {expected:?}",
                    change.kind()
                ));
            }
            self.tally.refused += u64::from(expected.is_err());
            self.tally.late += u64::from(outgoing.held && now - change.at >= hours(1));
            self.tally.retried += u64::from(outgoing.retried > 0);
        }
        differences
    }

    /// The tasks and steps `change` names that are deleted, unless it
    /// restores them.
    fn deleted(&self, change: &Change) -> Vec<Uuid> {
        if let What::Delete(_, false) | What::DeleteStep { deleted: false, .. } = change.what {
            return Vec::new();
        }
        let mut deleted: Vec<Uuid> = change
            .tasks()
            .into_iter()
            .filter(|id| {
                self.model
                    .tasks
                    .get(id)
                    .is_some_and(|t| t.deleted.is_some())
            })
            .collect();
        if let What::EditStep { id, task, .. } = change.what {
            let step = self.model.tasks.get(&task).and_then(|t| t.steps.get(&id));
            deleted.extend(step.filter(|step| !step.is_live()).map(|_| id));
        }
        deleted
    }

    /// Tasks a stuck change may have changed already (the server may have
    /// done its work before the 500): they are not held to the model until
    /// it is answered. `None` for all: a stuck list change.
    pub fn unsettled(&self) -> Option<HashSet<Uuid>> {
        let stuck: Vec<&Outgoing> = self
            .devices
            .iter()
            .flat_map(|device| device.waiting.iter().filter(|o| o.stuck))
            .collect();
        if stuck.iter().any(|o| o.change.is_list_change()) {
            return None;
        }
        Some(stuck.iter().flat_map(|o| o.change.tasks()).collect())
    }
}

fn has_stuck(device: &Device) -> bool {
    device.waiting.iter().any(|o| o.stuck)
}
