//! The private calendar link, from Settings: make one (or a new one, which
//! replaces the old: the old URL answers 404 at once), turn it off, and
//! read whether one is on. They need the network: under `/api/auth/` the
//! worker never queues them, and the page says so offline.
//!
//! The link's token is in the answer to making it, and nowhere else: the
//! database keeps its hash only, as for sessions.

use super::JsonText;
use crate::error::AppError;
use chrono::NaiveDate;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use server_fn::codec::GetUrl;

/// A link just made: its path (`/calendar/<token>.ics`; the page puts its
/// own origin before it) and the day it was made, where the person is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewCalendarLink {
    pub path: String,
    #[serde(with = "crate::domain::wire_time::date")]
    pub since: NaiveDate,
}

#[server(prefix = "/api", endpoint = "auth/calendar/link", output = JsonText)]
pub async fn make_calendar_link() -> Result<NewCalendarLink, AppError> {
    imp::make_calendar_link().await
}

#[server(prefix = "/api", endpoint = "auth/calendar/off", output = JsonText)]
pub async fn turn_off_calendar_link() -> Result<(), AppError> {
    imp::turn_off_calendar_link().await
}

/// The day the account's link was made, where the person is; `None` when
/// it is off.
#[server(prefix = "/api", endpoint = "auth/calendar", input = GetUrl, output = JsonText)]
pub async fn calendar_link_since() -> Result<Option<LinkDay>, AppError> {
    imp::calendar_link_since().await
}

/// That day, on the wire as a bare date (`"2026-12-05"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkDay(#[serde(with = "crate::domain::wire_time::date")] pub NaiveDate);

#[cfg(feature = "ssr")]
mod imp {
    use super::{LinkDay, NewCalendarLink};
    use crate::api::edge::Call;
    use crate::domain::to_millis;
    use crate::domain::UserId;
    use crate::error::AppError;
    use crate::ssr::clock;
    use crate::ssr::feed_token::FeedToken;
    use chrono::{DateTime, NaiveDate, Utc};

    pub async fn make_calendar_link() -> Result<NewCalendarLink, AppError> {
        let call = Call::begin()?;
        let user = call.require_user().await?.user_id;
        let token = FeedToken::generate();
        let now = to_millis(Utc::now());
        call.state
            .storage
            .set_calendar_feed(user, &token.hash(), now)
            .await
            .map_err(|e| call.storage_fault(e))?;
        let since = day_of(&call, user, now).await?;
        // The worker reads every answer under /api/auth/ for whose account
        // is signed in: this one is still the same.
        call.name_account(user);
        tracing::info!(user_id = %user, "calendar link made");
        Ok(NewCalendarLink {
            path: token.path(),
            since,
        })
    }

    pub async fn turn_off_calendar_link() -> Result<(), AppError> {
        let call = Call::begin()?;
        let user = call.require_user().await?.user_id;
        call.state
            .storage
            .delete_calendar_feed(user)
            .await
            .map_err(|e| call.storage_fault(e))?;
        call.name_account(user);
        tracing::info!(user_id = %user, "calendar link turned off");
        Ok(())
    }

    pub async fn calendar_link_since() -> Result<Option<LinkDay>, AppError> {
        let call = Call::begin()?;
        let user = call.require_user().await?.user_id;
        let since = call
            .state
            .storage
            .calendar_feed_since(user)
            .await
            .map_err(|e| call.storage_fault(e))?;
        match since {
            Some(since) => Ok(Some(LinkDay(day_of(&call, user, since).await?))),
            None => Ok(None),
        }
    }

    /// The date of `at` where the person is.
    async fn day_of(call: &Call, user: UserId, at: DateTime<Utc>) -> Result<NaiveDate, AppError> {
        let zone = call
            .state
            .storage
            .time_zone(user)
            .await
            .map_err(|e| call.storage_fault(e))?;
        Ok(clock::today_in(&zone, at))
    }
}
