//! Reading a view of the planner, and telling the server the person's time
//! zone (so that its "today" is theirs).

use super::JsonText;
use crate::error::AppError;
use crate::views::ViewPage;
use leptos::prelude::*;
use server_fn::codec::GetUrl;

/// One view (`today`, `upcoming`, `inbox`, `completed`, `list:<id>`): its
/// tasks, the person's date, and the counts for the navigation.
#[server(prefix = "/api", endpoint = "tasks/view", input = GetUrl, output = JsonText)]
pub async fn view_tasks(view: String) -> Result<ViewPage, AppError> {
    imp::view_tasks(view).await
}

/// The server's clock, in milliseconds since the epoch: the page corrects
/// its own by it before stamping a change (a phone's clock may be minutes
/// off, and the last action must win by when it really happened).
#[server(prefix = "/api", endpoint = "clock", input = GetUrl, output = JsonText)]
pub async fn server_clock() -> Result<i64, AppError> {
    Ok(chrono::Utc::now().timestamp_millis())
}

/// Sets the time zone the person's dates are in (a name like
/// `Europe/Moscow`, from their browser).
#[server(prefix = "/api", endpoint = "account/time_zone", output = JsonText)]
pub async fn set_time_zone(time_zone: String) -> Result<(), AppError> {
    imp::set_time_zone(SetTimeZone { time_zone }).await
}

#[cfg(feature = "ssr")]
pub(super) mod imp {
    use crate::api::edge::Call;
    use crate::api::wire::IntoChange;
    use crate::domain::TimeZoneError;
    use crate::domain::{Task, UserId};
    use crate::error::AppError;
    use crate::ssr::clock;
    use crate::ssr::storage::StorageError;
    use crate::views::{Day, View, ViewPage};
    use chrono::Utc;

    pub async fn view_tasks(view: String) -> Result<ViewPage, AppError> {
        let call = Call::begin()?;
        let view = View::parse(&view).map_err(|e| call.reject(AppError::InvalidView(e)))?;
        let user = call.require_user().await?.user_id;
        let storage = &call.state.storage;
        read_page(&call, user, |today| storage.view_tasks(user, view, today)).await
    }

    /// A page of tasks as the person's day sees them: `tasks` reads them
    /// for the person's today (in their time zone), and the navigation's
    /// counts come with them.
    pub async fn read_page<'a, F>(
        call: &'a Call,
        user: UserId,
        tasks: impl FnOnce(Day) -> F,
    ) -> Result<ViewPage, AppError>
    where
        F: std::future::Future<Output = Result<Vec<Task>, StorageError>> + 'a,
    {
        let storage = &call.state.storage;
        let fault = |e| call.storage_fault(e);
        let zone = storage.time_zone(user).await.map_err(fault)?;
        let today = clock::day_in(&zone, Utc::now());
        let tasks = tasks(today).await.map_err(fault)?;
        let nav = storage.view_counts(user, today.date).await.map_err(fault)?;
        let reminders = storage.reminder_settings(user).await.map_err(fault)?;
        let timetable = storage.timetable(user).await.map_err(fault)?;
        Ok(ViewPage {
            today,
            time_zone: zone,
            tasks,
            nav,
            read_at: Utc::now().timestamp_millis(),
            reminders,
            timetable,
        })
    }

    pub async fn set_time_zone(args: super::SetTimeZone) -> Result<(), AppError> {
        let call = Call::begin()?;
        let zone = args.into_change(Utc::now()).map_err(|e| call.reject(e))?;
        // A well-formed name the server does not know is no zone either.
        if clock::resolve(&zone).is_none() {
            return Err(call.reject(AppError::InvalidTimeZone(TimeZoneError)));
        }
        let (user, mut work) = call.keyed().await?;
        work.tx()
            .set_time_zone(user, &zone)
            .await
            .map_err(|e| call.storage_fault(e))
    }
}
