//! The timetable (issue 29): read whole, changed entry by entry. Each
//! change is keyed and dated like a task's, so it waits in the outbox
//! offline and the last action wins per entry.

use super::JsonText;
use crate::change::{KeptEntry, KeptTimetable};
use crate::error::AppError;
use chrono::{DateTime, Utc};
use leptos::prelude::*;
use server_fn::codec::GetUrl;

#[server(prefix = "/api", endpoint = "timetable", input = GetUrl, output = JsonText)]
pub async fn read_timetable() -> Result<KeptTimetable, AppError> {
    imp::read_timetable().await
}

/// Sets one entry of the timetable (`change::timetable_text` says how
/// they read), unless it was set later; the answer is the entry as kept.
#[server(prefix = "/api", endpoint = "timetable/set", output = JsonText)]
pub async fn set_timetable(
    entry: String,
    value: String,
    #[server(default)] at: Option<DateTime<Utc>>,
) -> Result<KeptEntry, AppError> {
    imp::set_timetable(SetTimetable { entry, value, at }).await
}

#[cfg(feature = "ssr")]
mod imp {
    use super::SetTimetable;
    use crate::api::edge::{person_time, Call};
    use crate::api::quota;
    use crate::api::wire::IntoChange;
    use crate::change::{KeptEntry, KeptTimetable, TimetableChange};
    use crate::domain::Stamp;
    use crate::error::{AppError, Counted};

    pub async fn read_timetable() -> Result<KeptTimetable, AppError> {
        let call = Call::begin()?;
        let user = call.require_user().await?;
        call.state
            .storage
            .timetable(user.user_id)
            .await
            .map_err(|e| call.storage_fault(e))
    }

    /// Reads the change, and applies it by its rule to the entry as
    /// stored, inside the request's unit of work; a new stretch of
    /// holidays must fit the account's quota.
    pub async fn set_timetable(args: SetTimetable) -> Result<KeptEntry, AppError> {
        let call = Call::begin()?;
        let at = Stamp::of(person_time(args.at));
        let change = args.into_change(at.to_utc()).map_err(|e| call.reject(e))?;
        let (user, mut work) = call.keyed().await?;
        let fault = |e| call.storage_fault(e);
        let stored = work
            .tx()
            .find_timetable_entry(user, change.entry())
            .await
            .map_err(fault)?;
        if let Some(later) = stored
            .as_ref()
            .filter(|kept| !change.replaces(Some(kept.changed), at))
        {
            // Set later: what is kept stays, and is the answer.
            return Ok(later.clone());
        }
        let adds_holiday = |kept: &Option<KeptEntry>| {
            let live = |change: &TimetableChange| {
                matches!(
                    change,
                    TimetableChange::Holiday {
                        holiday: Some(_),
                        ..
                    }
                )
            };
            live(&change) && !kept.as_ref().is_some_and(|kept| live(&kept.change))
        };
        if adds_holiday(&stored) {
            quota::room_for(&call, &mut work, user, Counted::Holidays).await?;
        }
        let kept = KeptEntry {
            change,
            changed: at,
        };
        work.tx()
            .set_timetable_entry(user, &kept)
            .await
            .map_err(fault)?;
        Ok(kept)
    }
}
