//! An account's quotas, checked where a change would make something new
//! (`ssr/quotas.rs`).

use crate::api::edge::Call;
use crate::domain::UserId;
use crate::error::{AppError, Counted};
use crate::ssr::keyed::WorkGuard;

/// Refuses (422 `quota_reached`) a change that would make one more of
/// `what` than the account may hold. Called only for something that does
/// not exist yet: the same change sent again is never refused.
pub async fn room_for(
    call: &Call,
    work: &mut WorkGuard,
    user: UserId,
    what: Counted,
) -> Result<(), AppError> {
    let max = call.state.settings.quotas.of(what);
    let held = work
        .tx()
        .count(user, what)
        .await
        .map_err(|e| call.storage_fault(e))?;
    if held >= max {
        tracing::info!(%user, ?what, max, "quota reached");
        return Err(call.reject(AppError::QuotaReached { what, max }));
    }
    Ok(())
}
