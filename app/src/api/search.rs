//! Finding tasks by words in their title and notes.

use super::JsonText;
use crate::error::AppError;
use crate::views::ViewPage;
use leptos::prelude::*;
use server_fn::codec::GetUrl;

/// The person's tasks with every word of `q` (see `SearchQuery`), done ones
/// too when `done`, with the person's date and the navigation, as a view's
/// read has them.
#[server(prefix = "/api", endpoint = "tasks/search", input = GetUrl, output = JsonText)]
pub async fn search_tasks(q: String, #[server(default)] done: bool) -> Result<ViewPage, AppError> {
    imp::search_tasks(q, done).await
}

#[cfg(feature = "ssr")]
mod imp {
    use crate::api::edge::Call;
    use crate::domain::SearchQuery;
    use crate::error::AppError;
    use crate::ssr::clock;
    use crate::views::ViewPage;
    use chrono::Utc;

    pub async fn search_tasks(q: String, done: bool) -> Result<ViewPage, AppError> {
        let call = Call::begin()?;
        let query = SearchQuery::parse(&q).map_err(|e| call.reject(AppError::InvalidSearch(e)))?;
        let user = call.require_user().await?.user_id;
        let storage = &call.state.storage;
        let fault = |e| call.storage_fault(e);
        let zone = storage.time_zone(user).await.map_err(fault)?;
        let today = clock::day_in(&zone, Utc::now());
        let tasks = storage
            .search_tasks(user, &query, done)
            .await
            .map_err(fault)?;
        let nav = storage.view_counts(user, today.date).await.map_err(fault)?;
        Ok(ViewPage {
            today,
            time_zone: zone,
            tasks,
            nav,
            read_at: Utc::now().timestamp_millis(),
        })
    }
}
