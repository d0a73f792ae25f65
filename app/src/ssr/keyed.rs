//! What the idempotency layer hands a mutation through the request's
//! extensions: the signed-in account and the open unit of work in which the
//! mutation must make its changes (the same transaction that records the
//! answer under the request's key).

use super::storage::Work;
use crate::domain::UserId;
use std::sync::Arc;
use tokio::sync::{Mutex, OwnedMappedMutexGuard, OwnedMutexGuard};

#[derive(Clone)]
pub struct KeyedWork(Arc<Mutex<Option<Box<dyn Work>>>>);

/// The account this keyed request runs as: its session's, looked up once by
/// the server's session layer and checked by the idempotency layer.
#[derive(Clone, Copy, Debug)]
pub struct KeyedUser(pub UserId);

impl KeyedWork {
    pub fn new(work: Box<dyn Work>) -> Self {
        Self(Arc::new(Mutex::new(Some(work))))
    }

    /// Access for the mutation; `None` once the layer has taken the work back.
    pub async fn lock(&self) -> Option<WorkGuard> {
        let guard = self.0.clone().lock_owned().await;
        OwnedMutexGuard::try_map(guard, Option::as_mut)
            .ok()
            .map(WorkGuard)
    }

    /// Takes the work back to record the answer and commit.
    pub async fn take(&self) -> Option<Box<dyn Work>> {
        self.0.lock().await.take()
    }
}

/// Exclusive access to the unit of work while a mutation runs.
pub struct WorkGuard(OwnedMappedMutexGuard<Option<Box<dyn Work>>, Box<dyn Work>>);

impl WorkGuard {
    pub fn tx(&mut self) -> &mut dyn Work {
        &mut **self.0
    }
}
