//! The page's side of the outbox (docs/design.md §4–5). The service worker
//! (`public/sw.js`) keeps every mutation the network did not take and
//! replays it later; it tells the page what it holds. This module turns that
//! into what the person sees: which tasks wait, which failed, how many
//! changes are not saved yet.

#[cfg(feature = "hydrate")]
mod after_the_frame;
pub mod clock;
mod kept_elsewhere;
mod kept_page;
mod known;
mod ledger;
mod memory;
mod overlay;
mod read_back;
mod send;
mod snapshot;
mod state;
mod to_worker;

pub use kept_elsewhere::KeptElsewhere;
pub use kept_page::opened_from_kept_copy;
pub use known::Known;
pub use ledger::{Effects, Ledger, Phase};
pub use overlay::{overlay, Layers, Mark, Shown};
pub use send::Answer;
pub use snapshot::{Entry, Snapshot};
pub use state::{provide_outbox, use_outbox, Outbox};
pub use to_worker::ToWorker;
