//! What a push carries to the phone: the JSON the worker's
//! `reminderNotification` (public/sw-policy.js) reads. It names the account,
//! so a phone signed in to someone else shows no titles; its `tag` is the
//! occurrence's key, so the same reminder sent twice replaces itself.

use super::{Occurrence, Summary};
use crate::domain::{Task, UserId};
use crate::text::{self, Locale};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushMessage {
    pub account: String,
    pub title: String,
    pub body: String,
    pub tag: String,
    /// The page a tap opens.
    pub url: String,
}

impl PushMessage {
    /// The evening summary of `date`.
    pub fn summary(user: UserId, date: NaiveDate, summary: &Summary, locale: Locale) -> Self {
        Self {
            account: user.to_string(),
            title: text::summary_title(locale),
            body: summary.text(locale),
            tag: Occurrence::Summary(date).key(),
            url: "/upcoming".into(),
        }
    }

    /// A task's reminder, read on `today`: its title, and when it is due.
    /// A tap opens the view that shows it.
    pub fn task(
        user: UserId,
        task: &Task,
        occurrence: Occurrence,
        today: NaiveDate,
        locale: Locale,
    ) -> Self {
        let body = task
            .due
            .map(|due| text::reminder_when(locale, due, today))
            .unwrap_or_default();
        let due_today = task.due.is_some_and(|due| due.date <= today);
        Self {
            account: user.to_string(),
            title: task.title.as_str().to_owned(),
            body,
            tag: occurrence.key(),
            url: if due_today { "/" } else { "/upcoming" }.into(),
        }
    }
}
