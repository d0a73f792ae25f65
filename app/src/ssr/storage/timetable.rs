//! The timetable: read whole, and changed entry by entry in a unit of work.

use super::*;
use crate::change::{Entry, KeptEntry, KeptTimetable};

/// Reads of an account's timetable.
#[async_trait]
pub trait TimetableReads: Send + Sync {
    /// Every entry the account has set, with when.
    async fn timetable(&self, user_id: UserId) -> Result<KeptTimetable, StorageError>;
}

/// An account's timetable, inside a unit of work.
#[async_trait]
pub trait TimetableRows: Send {
    /// Every entry the account has set, read inside this unit of work.
    async fn timetable(&mut self, user_id: UserId) -> Result<KeptTimetable, StorageError>;

    /// One entry as kept, locked for this unit of work.
    async fn find_timetable_entry(
        &mut self,
        user_id: UserId,
        entry: Entry,
    ) -> Result<Option<KeptEntry>, StorageError>;

    /// Keeps `kept` as its entry, unless the entry was set later (two
    /// first settings of an entry racing: the later stays).
    async fn set_timetable_entry(
        &mut self,
        user_id: UserId,
        kept: &KeptEntry,
    ) -> Result<(), StorageError>;
}
