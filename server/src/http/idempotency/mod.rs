//! The idempotency layer (docs/design.md §3) around every mutating server function.
//!
//! For a POST under `/api/` (sign-in, sign-up and sign-out excepted;
//! `policy.rs`):
//! 1. the session names the account (401 without one) — keys are per
//!    account; the session layer (`http/session.rs`) looked it up;
//! 2. the key comes from the form's `idempotency_key` field (forms that work
//!    without JavaScript) or else the `Idempotency-Key` header (400 if
//!    missing or malformed; `key.rs`);
//! 3. the mutation runs in a unit of work, and its key is recorded with its
//!    answer in the same transaction before it commits: one statement more
//!    than the mutation itself. A server fault, a failed commit or a crash
//!    commits nothing, so the retry really runs; what counts as a fault is
//!    read from the answer's decoded error, not its status (`outcome.rs`);
//! 4. if the key already has a row, the record fails and the work is rolled
//!    back; the row decides the answer: its stored answer with
//!    `Idempotency-Replayed: 1`, or 422 for a different request under the
//!    same key. A repeat sent while the first is still running waits for
//!    it (the database's lock on the key) and gets the replay (`layer.rs`).
//!    A row is only ever written whole: nothing is "in progress".

mod key;
mod layer;
mod outcome;
mod policy;
mod refusal;
mod request;
mod stored;
#[cfg(feature = "bench-no-keys")]
mod unkeyed;

pub use layer::{keyed_mutations, Idempotency};
pub use policy::needs_key;
#[cfg(feature = "bench-no-keys")]
pub use unkeyed::unkeyed_mutations;
