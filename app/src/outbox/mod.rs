//! The page's side of the outbox (DESIGN.md §4–5). The service worker
//! (`public/sw.js`) keeps every mutation the network did not take and
//! replays it later; it tells the page what it holds. This module turns that
//! into what the person sees: which tasks wait, which failed, how many
//! changes are not saved yet.

mod change;
mod overlay;
mod snapshot;
mod state;

pub use change::Change;
pub use overlay::{overlay, Mark, Shown};
pub use snapshot::{Entry, Snapshot};
pub use state::{account_header, provide_outbox, use_outbox, Outbox};
