//! What a chaos run did and found, as it prints.

use super::fault_proxy::Fault;
use super::reminding::Outcome;
use super::stored::Comparison;
use super::student::Tally;
use crate::support::Backend;
use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

/// How the network went: not drawn, so a replay may differ a little.
#[derive(Default)]
pub struct Network {
    /// Tries beyond each change's first.
    pub retries: u64,
    /// Changes sent while others of their round were in flight.
    pub crossed: u64,
    /// Plain 500s the server gave itself (not the proxy's).
    pub server_errors: u64,
}

pub struct Report {
    pub backend: Backend,
    pub seed: u64,
    pub operations: usize,
    pub devices: Vec<String>,
    pub tally: Tally,
    pub faults: BTreeMap<Fault, u64>,
    /// The deploy's steps, counted.
    pub deployed: BTreeMap<&'static str, u64>,
    pub network: Network,
    /// Answers other than the model expected (a refusal it did not, a
    /// success it did not, an answer without the server's time).
    pub wrong_answers: Vec<String>,
    /// Lines of the servers' stderr that tell of a panic.
    pub panics: Vec<String>,
    pub tasks: usize,
    pub steps: usize,
    pub comparison: Comparison,
    pub took: Duration,
    /// What reached the phones (the rolling deploy only).
    pub reminders: Option<Outcome>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.tally;
        let n = &self.network;
        writeln!(
            f,
            "chaos {:?}: seed={} operations={} tasks={} steps={} in {:.1} s",
            self.backend,
            self.seed,
            self.operations,
            self.tasks,
            self.steps,
            self.took.as_secs_f64()
        )?;
        writeln!(f, "  devices: {}", self.devices.join(", "))?;
        writeln!(f, "  operations by kind: {:?}", t.kinds)?;
        writeln!(
            f,
            "  drawn: off-clock={} offline-periods={} held={} late={} stuck={} retried={} \
             refused={} brought-back={}",
            t.off_clock,
            t.offline_periods,
            t.held,
            t.late,
            t.stuck,
            t.retried,
            t.refused,
            t.brought_back
        )?;
        writeln!(
            f,
            "  network: crossed={} retries={} server-500s={}",
            n.crossed, n.retries, n.server_errors
        )?;
        writeln!(f, "  faults injected: {:?}", self.faults)?;
        if !self.deployed.is_empty() {
            writeln!(f, "  deploy: {:?}", self.deployed)?;
        }
        if let Some(reminders) = &self.reminders {
            writeln!(f, "  {reminders}")?;
            for problem in reminders.problems().iter().take(3) {
                writeln!(f, "  reminder: {problem}")?;
            }
        }
        let c = &self.comparison;
        write!(
            f,
            "  lost={} duplicated={} wrong-answers={} panics={}",
            c.lost,
            c.duplicated,
            self.wrong_answers.len(),
            self.panics.len()
        )?;
        if let Some(difference) = &c.first_difference {
            write!(f, "\n  first difference: {difference}")?;
        }
        if let Some(answer) = self.wrong_answers.first() {
            write!(f, "\n  first wrong answer: {answer}")?;
        }
        for line in &self.panics {
            write!(f, "\n  server: {line}")?;
        }
        Ok(())
    }
}
