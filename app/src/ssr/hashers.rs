//! The threads that hash passwords: one per core, started on first use,
//! and turns to use them (issue 26, point 2). Each Argon2id hash holds
//! 19 MiB for tens of milliseconds of CPU. Unbounded on tokio's blocking
//! pool, 300 sign-ins at once took the server from 0.34 GB to 5.9 GB. With
//! turns alone, each hash still ran on whichever blocking thread was free
//! or newly made, and every such thread's allocator kept its 19 MiB: 80
//! hashes, two at a time, left 650 MB. A fixed set of threads keeps at
//! most that many hashes' memory.

use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, LazyLock, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Why a hash was not run.
#[derive(Debug, thiserror::Error)]
pub enum HasherError {
    /// Every thread was hashing for others for as long as a request waits:
    /// the answer is "busy, try again shortly", never an unbounded queue.
    #[error("every hashing turn is taken")]
    Busy,
    /// The hash panicked (its thread lives on for the next).
    #[error("the hash did not finish")]
    Lost,
}

type Job = Box<dyn FnOnce() + Send>;

struct Hashers {
    jobs: Mutex<Sender<Job>>,
    turns: Arc<Semaphore>,
}

static HASHERS: LazyLock<Hashers> = LazyLock::new(|| {
    let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
    let (jobs, waiting) = channel::<Job>();
    let waiting = Arc::new(Mutex::new(waiting));
    for n in 0..cores {
        let waiting = waiting.clone();
        let started = std::thread::Builder::new()
            .name(format!("hasher-{n}"))
            .spawn(move || loop {
                let job = waiting
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .recv();
                let Ok(job) = job else { return };
                let _ = std::panic::catch_unwind(AssertUnwindSafe(job));
            });
        if let Err(error) = started {
            tracing::error!(%error, "a hashing thread could not start");
        }
    }
    Hashers {
        jobs: Mutex::new(jobs),
        turns: Arc::new(Semaphore::new(cores)),
    }
});

/// How long a request waits for a turn before it is answered "busy".
const WAIT_FOR_A_TURN: Duration = Duration::from_secs(2);

/// Runs `work` on a hashing thread once a turn is free (waiting at most
/// `WAIT_FOR_A_TURN`). The turn is held by the work itself, so a request
/// abandoned meanwhile (its client gone) cannot free it early.
pub async fn run<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, HasherError> {
    let turn = turn_among(&HASHERS.turns, WAIT_FOR_A_TURN).await?;
    let (done, result) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let _turn = turn;
        let _ = done.send(work());
    });
    HASHERS
        .jobs
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .send(job)
        .map_err(|_| HasherError::Lost)?;
    result.await.map_err(|_| HasherError::Lost)
}

async fn turn_among(
    turns: &Arc<Semaphore>,
    wait: Duration,
) -> Result<OwnedSemaphorePermit, HasherError> {
    match tokio::time::timeout(wait, turns.clone().acquire_owned()).await {
        Ok(Ok(turn)) => Ok(turn),
        Ok(Err(_)) | Err(_) => Err(HasherError::Busy),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn while_every_turn_is_taken_the_next_is_busy_and_one_freed_is_given_out() {
        let turns = Arc::new(Semaphore::new(2));
        let wait = Duration::from_millis(50);
        let first = turn_among(&turns, wait).await.unwrap();
        let _second = turn_among(&turns, wait).await.unwrap();
        assert!(matches!(
            turn_among(&turns, wait).await,
            Err(HasherError::Busy)
        ));
        drop(first);
        assert!(turn_among(&turns, wait).await.is_ok());
    }

    #[tokio::test]
    async fn work_runs_on_a_few_named_threads_and_a_panic_loses_only_its_own() {
        let names: Vec<String> = futures::future::join_all(
            (0..8).map(|_| run(|| std::thread::current().name().unwrap_or("").to_owned())),
        )
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        let distinct: std::collections::BTreeSet<_> = names.iter().collect();
        assert!(
            distinct.iter().all(|n| n.starts_with("hasher-")),
            "{names:?}"
        );
        assert!(distinct.len() <= cores);
        assert!(matches!(
            run(|| panic!("argon2 broke")).await,
            Err::<(), _>(HasherError::Lost)
        ));
        assert_eq!(run(|| 2 + 2).await.unwrap(), 4, "the thread lives on");
    }
}
