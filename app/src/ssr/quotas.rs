//! What one account may hold and send (issue 26, point 4), so that one
//! account, or a script signed in as it, cannot fill the disk: live tasks,
//! lists and checklist steps, answers kept under idempotency keys (one per
//! change, kept a week), and keyed changes a minute. A task's notes and a
//! checklist's length are bounded where they are parsed (`Notes`,
//! `Step::MAX_PER_TASK`).
//!
//! A full account is a refusal (422, `quota_reached`), shown on the change
//! like any other; too many changes in a minute is "not now" (429 with
//! `Retry-After`): the worker keeps the change and sends it after, so an
//! outbox drained after a week offline loses nothing.

use crate::error::Counted;

/// The limits, each per account.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quotas {
    /// Tasks not deleted (done ones count: they are kept).
    pub tasks: u64,
    pub lists: u64,
    /// Checklist steps not deleted, over all the account's tasks.
    pub steps: u64,
    /// Stretches of holidays in the timetable (taken-out ones aside).
    pub holidays: u64,
    /// Answers kept under idempotency keys (for `TETRAD_KEY_RETENTION_HOURS`).
    pub stored_answers: u64,
    /// Keyed changes a minute (each server instance counts its own).
    pub changes_per_minute: u64,
}

impl Default for Quotas {
    fn default() -> Self {
        Self {
            // Ten years of a busy student's homework.
            tasks: 10_000,
            lists: 200,
            steps: 20_000,
            // Four school breaks a year and their odd days off, for years.
            holidays: 50,
            // Three thousand changes a day for a week: a script, not a person.
            stored_answers: 20_000,
            // Ten a second for a minute: a drained outbox, never thumbs.
            changes_per_minute: 600,
        }
    }
}

impl Quotas {
    /// The limit on `what`.
    pub fn of(&self, what: Counted) -> u64 {
        match what {
            Counted::Tasks => self.tasks,
            Counted::Lists => self.lists,
            Counted::Steps => self.steps,
            Counted::StoredAnswers => self.stored_answers,
            Counted::Holidays => self.holidays,
        }
    }
}
