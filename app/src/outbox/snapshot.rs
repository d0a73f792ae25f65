//! What the service worker tells the page: the requests it holds for the
//! signed-in account, in order, and those the server refused.

use super::Change;
use crate::error::AppError;
use crate::text;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Waiting to be sent, oldest first.
    pub pending: Vec<Entry>,
    /// Refused by the server; kept until the person dismisses them.
    pub failures: Vec<Entry>,
}

/// One request as the worker stored it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Its idempotency key: what the page names it by.
    pub key: String,
    pub url: String,
    pub body: String,
    /// When the person made the change (milliseconds since the epoch).
    pub time: i64,
    /// Answered with a server error several times: waits for the person to
    /// retry or discard it, and holds the entries behind it.
    #[serde(default)]
    pub stuck: bool,
    #[serde(default)]
    pub status: Option<u16>,
    /// The server's answer body, if it refused the request.
    #[serde(default)]
    pub reason: Option<String>,
}

impl Snapshot {
    /// Reads the worker's message; anything malformed reads as nothing.
    pub fn from_json(text: &str) -> Option<Self> {
        serde_json::from_str(text).ok()
    }

    /// The entries this snapshot waited for that `now` neither waits for
    /// nor lists as refused: the server took them.
    pub fn taken_by_now(&self, now: &Snapshot) -> Vec<Entry> {
        let still = |entry: &Entry| {
            now.pending.iter().chain(&now.failures).any(|other| other.key == entry.key)
        };
        self.pending.iter().filter(|entry| !still(entry)).cloned().collect()
    }
}

impl Entry {
    pub fn made_at(&self) -> DateTime<Utc> {
        DateTime::from_timestamp_millis(self.time).unwrap_or_else(Utc::now)
    }

    pub fn change(&self) -> Change {
        Change::from_request(&self.url, &self.body, self.made_at())
    }

    /// Why the server refused it, in the person's words: the server's own
    /// error when it sent one Tetrad knows, else its status.
    pub fn reason_text(&self, locale: text::Locale) -> String {
        match self.reason.as_deref().map(serde_json::from_str::<AppError>) {
            Some(Ok(error)) => text::error(locale, &error),
            _ => text::refused_with_status(locale, self.status.unwrap_or(0)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(status: u16, reason: &str) -> Entry {
        Entry {
            key: "k".into(),
            url: "/api/tasks/complete".into(),
            body: String::new(),
            time: 0,
            stuck: false,
            status: Some(status),
            reason: Some(reason.into()),
        }
    }

    #[test]
    fn the_reason_is_the_servers_error_in_words() {
        let body = serde_json::to_string(&AppError::TaskNotFound).unwrap();
        assert_eq!(
            entry(404, &body).reason_text(text::Locale::en),
            text::error(text::Locale::en, &AppError::TaskNotFound)
        );
    }

    #[test]
    fn an_unknown_answer_is_described_by_its_status() {
        assert_eq!(
            entry(418, "<html>teapot</html>").reason_text(text::Locale::en),
            text::refused_with_status(text::Locale::en, 418)
        );
    }

    #[test]
    fn entries_the_worker_no_longer_keeps_and_did_not_refuse_were_taken() {
        let waiting = |key: &str| Entry {
            key: key.into(),
            stuck: false,
            status: None,
            reason: None,
            ..entry(0, "")
        };
        let before = Snapshot {
            pending: vec![waiting("a"), waiting("b"), waiting("c")],
            failures: vec![],
        };
        let now = Snapshot {
            pending: vec![waiting("c")],
            failures: vec![entry(404, "")],
        };
        let mut refused = now.clone();
        refused.failures[0].key = "b".into();
        let keys = |entries: Vec<Entry>| entries.into_iter().map(|e| e.key).collect::<Vec<_>>();
        assert_eq!(keys(before.taken_by_now(&refused)), ["a"]);
        assert_eq!(keys(before.taken_by_now(&now)), ["a", "b"]);
    }

    #[test]
    fn a_message_from_the_worker_is_read_and_junk_is_not() {
        let text =
            r#"{"pending":[{"key":"a","url":"/api/tasks/add","body":"","time":1}],"failures":[]}"#;
        assert_eq!(Snapshot::from_json(text).map(|s| s.pending.len()), Some(1));
        assert_eq!(Snapshot::from_json("{not json"), None);
    }
}
