//! The faults one change meets, try by try, drawn from a generator of its
//! own (forked from the workload's when the change is made). How many
//! tries a change takes depends on timing (a kill may or may not let an
//! answer out first, a key may still be in progress); with a generator per
//! change that never shifts what is drawn for the others.

use super::fault_proxy::{Fault, EVERY_FAULT};
use super::rng::Rng;

/// Percent of tries that meet a fault.
const FAULT_PERCENT: u64 = 35;
/// Percent of changes that meet a broken server: plain 500s until the
/// phone gives up on them (four, public/sw-policy.js `STUCK_AFTER`).
const BROKEN_PERCENT: u64 = 4;
/// Plain 500s after which a change waits for the person.
pub const STUCK_AFTER: u32 = 4;

#[derive(Clone, Debug)]
pub struct Plan {
    rng: Rng,
    /// Behind a broken server until the person retries.
    broken: bool,
}

impl Plan {
    pub fn new(rng: &mut Rng) -> Self {
        let mut rng = rng.fork();
        let broken = rng.chance(BROKEN_PERCENT);
        Self { rng, broken }
    }

    /// How long it waits before it leaves (ms): so a later change often
    /// arrives first.
    pub fn pause(&mut self) -> u64 {
        self.rng.below(50)
    }

    /// The next try's fault and its pause in ms, if it meets one.
    pub fn next_fault(&mut self) -> Option<(Fault, u64)> {
        if self.broken {
            let fault = if self.rng.chance(50) {
                Fault::ServerError
            } else {
                Fault::ServerErrorAfterWork
            };
            return Some((fault, 0));
        }
        if !self.rng.chance(FAULT_PERCENT) {
            return None;
        }
        // Kills are rarer: each one costs a restart.
        if self.rng.chance(10) {
            return Some((Fault::Kill, self.rng.below(8)));
        }
        let others: Vec<Fault> = EVERY_FAULT
            .into_iter()
            .filter(|f| *f != Fault::Kill)
            .collect();
        let fault = *self.rng.pick(&others).expect("faults");
        let pause = if fault == Fault::Delay {
            self.rng.below(300)
        } else {
            0
        };
        Some((fault, pause))
    }

    pub fn is_broken(&self) -> bool {
        self.broken
    }

    /// The person tapped retry: the server is well again.
    pub fn retried(&mut self) {
        self.broken = false;
    }
}
