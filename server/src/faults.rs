//! Fault injection for tests: failures the idempotency guarantee must
//! survive, triggered on purpose. Nothing sets these in production.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

#[derive(Clone, Default)]
pub struct Faults {
    commit_failures: Arc<AtomicU32>,
}

impl Faults {
    /// The next `n` keyed mutations fail after their writes, before commit.
    pub fn fail_next_commits(&self, n: u32) {
        self.commit_failures.store(n, Ordering::SeqCst);
    }

    pub(crate) fn take_commit_failure(&self) -> bool {
        self.commit_failures
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok()
    }
}
