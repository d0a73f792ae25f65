//! `GET /calendar/<token>.ics`: the feed a calendar app subscribes to. It
//! sends no cookie; the token in the link says whose tasks these are. An
//! unknown, revoked or malformed token gets the same 404, so a link that
//! was turned off looks like one that never was.

use crate::calendar;
use app::ssr::feed_token::FeedToken;
use app::ssr::storage::{Storage, StorageError};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use http::header::{CACHE_CONTROL, CONTENT_TYPE, RETRY_AFTER};
use http::StatusCode;
use std::sync::Arc;

/// What can go wrong reading a feed, as its answer says it.
#[derive(Debug, thiserror::Error)]
pub enum FeedError {
    #[error("no such calendar")]
    NotFound,
    #[error("the database is unavailable for now")]
    Unavailable,
    #[error("the calendar could not be read")]
    Internal,
}

impl From<StorageError> for FeedError {
    fn from(error: StorageError) -> Self {
        match error {
            StorageError::Unavailable(_) => {
                tracing::warn!(%error, "database unavailable for a calendar feed");
                Self::Unavailable
            }
            error => {
                tracing::error!(%error, "reading a calendar feed failed");
                Self::Internal
            }
        }
    }
}

impl IntoResponse for FeedError {
    fn into_response(self) -> Response {
        let text = self.to_string();
        match self {
            Self::NotFound => (StatusCode::NOT_FOUND, text).into_response(),
            Self::Unavailable => {
                (StatusCode::SERVICE_UNAVAILABLE, [(RETRY_AFTER, "60")], text).into_response()
            }
            Self::Internal => (StatusCode::INTERNAL_SERVER_ERROR, text).into_response(),
        }
    }
}

#[tracing::instrument(skip_all)]
pub async fn calendar_feed(
    State(storage): State<Arc<dyn Storage>>,
    Path(file): Path<String>,
) -> Result<Response, FeedError> {
    let token = FeedToken::from_file_name(&file).map_err(|_| FeedError::NotFound)?;
    let owner = storage
        .find_calendar_feed(&token.hash())
        .await?
        .ok_or(FeedError::NotFound)?;
    let now = Utc::now();
    let tasks = storage
        .calendar_tasks(
            owner.user_id,
            calendar::done_since(now),
            calendar::MOST_EVENTS,
        )
        .await?;
    let body = calendar::feed(&owner, &tasks, now);
    Ok((
        [
            (CONTENT_TYPE, "text/calendar; charset=utf-8"),
            // One person's tasks: no shared cache keeps them.
            (CACHE_CONTROL, "private, no-cache"),
        ],
        body,
    )
        .into_response())
}
