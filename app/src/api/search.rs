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
    use crate::api::views::imp::read_page;
    use crate::domain::SearchQuery;
    use crate::error::AppError;
    use crate::views::ViewPage;

    pub async fn search_tasks(q: String, done: bool) -> Result<ViewPage, AppError> {
        let call = Call::begin()?;
        let query = SearchQuery::parse(&q).map_err(|e| call.reject(AppError::InvalidSearch(e)))?;
        let user = call.require_user().await?.user_id;
        let storage = &call.state.storage;
        read_page(&call, user, |_| storage.search_tasks(user, &query, done)).await
    }
}
