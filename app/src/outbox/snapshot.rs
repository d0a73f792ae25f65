//! What the service worker tells the page: the requests it holds for the
//! signed-in account, in order, and those the server refused.

use super::read_back::ReadBack;
use crate::change::Change;
use crate::error::AppError;
use crate::text;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Whose queue this is (a page showing another account ignores it).
    #[serde(default)]
    pub account: Option<String>,
    /// Waiting to be sent, oldest first.
    pub pending: Vec<Entry>,
    /// Refused by the server; kept until the person dismisses them.
    pub failures: Vec<Entry>,
    /// Keys of changes just saved whose page was gone before their answer
    /// came (a reload mid-request): the pages open now read again.
    #[serde(default)]
    pub saved: Vec<String>,
    /// Keys of changes the person just discarded or dismissed: gone from
    /// the queue, but not saved.
    #[serde(default)]
    pub dropped: Vec<String>,
    /// Changes the worker saved in the last minutes: a page whose list was
    /// read before them (loaded while they were sent) draws them on top.
    #[serde(default)]
    pub recent: Vec<Entry>,
    /// The server's time when the worker wrote this, by what it learned
    /// from the answers it saw (milliseconds since the epoch); `None`
    /// before it heard from the server.
    #[serde(default, rename = "serverNow")]
    pub server_now: Option<i64>,
    /// The account's session ended elsewhere (a password change, an
    /// expiry): its changes wait until it signs in again on this phone.
    #[serde(default)]
    pub paused: bool,
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
    /// Being sent live right now (kept by the worker in case the page that
    /// sent it is reloaded or closed before the answer).
    #[serde(default)]
    pub sending: bool,
    #[serde(default)]
    pub status: Option<u16>,
    /// The server's answer body, if it refused the request.
    #[serde(default)]
    pub reason: Option<String>,
    /// The server's answer body, for a change just saved (in `recent`).
    #[serde(default)]
    pub answer: Option<String>,
    /// What its request asks for (`read_back.rs`).
    #[serde(skip)]
    pub read: ReadBack,
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
            now.pending
                .iter()
                .chain(&now.failures)
                .any(|other| other.key == entry.key)
                || now.dropped.contains(&entry.key)
        };
        self.pending
            .iter()
            .filter(|entry| !still(entry))
            .cloned()
            .collect()
    }
}

impl Entry {
    /// A request this page is about to send, named by a fresh key.
    pub fn new(url: &str, body: String, at: DateTime<Utc>) -> Self {
        Self {
            key: crate::domain::IdempotencyKey::generate()
                .as_str()
                .to_owned(),
            url: url.to_owned(),
            body,
            time: at.timestamp_millis(),
            stuck: false,
            sending: false,
            status: None,
            reason: None,
            answer: None,
            read: ReadBack::default(),
        }
    }

    /// The task it makes, when it makes one.
    pub fn new_task(&self) -> Option<&crate::domain::Task> {
        match self.change()? {
            Change::Task(crate::change::TaskChange::Create(task)) => Some(task),
            _ => None,
        }
    }

    /// Why the server refused it, in the person's words: the server's own
    /// error when it sent one Tetrad knows, else its status.
    pub fn reason_text(&self, locale: text::Locale) -> String {
        match (
            self.reason.as_deref().map(serde_json::from_str::<AppError>),
            self.status,
        ) {
            (Some(Ok(error)), _) => text::error(locale, &error),
            // Held by the outbox without an answer: it waited too long.
            (None, None) if self.stuck => text::waited_too_long(locale),
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
            sending: false,
            status: Some(status),
            reason: Some(reason.into()),
            answer: None,
            read: ReadBack::default(),
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
    fn a_change_held_for_too_long_says_so() {
        let held = Entry {
            stuck: true,
            status: None,
            reason: None,
            answer: None,
            ..entry(0, "")
        };
        assert_eq!(
            held.reason_text(text::Locale::en),
            text::waited_too_long(text::Locale::en)
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
            answer: None,
            ..entry(0, "")
        };
        let before = Snapshot {
            pending: vec![waiting("a"), waiting("b"), waiting("c")],
            ..Snapshot::default()
        };
        let now = Snapshot {
            pending: vec![waiting("c")],
            failures: vec![entry(404, "")],
            ..Snapshot::default()
        };
        let mut refused = now.clone();
        refused.failures[0].key = "b".into();
        let keys = |entries: Vec<Entry>| entries.into_iter().map(|e| e.key).collect::<Vec<_>>();
        assert_eq!(keys(before.taken_by_now(&refused)), ["a"]);
        assert_eq!(keys(before.taken_by_now(&now)), ["a", "b"]);
        let discarded = Snapshot {
            dropped: vec!["b".into()],
            ..now.clone()
        };
        assert_eq!(
            keys(before.taken_by_now(&discarded)),
            ["a"],
            "discarded is not saved"
        );
    }

    #[test]
    fn a_change_is_dated_by_the_time_it_carries_not_by_when_it_was_kept() {
        let tapped = Entry {
            body: "id=x&at=2026-12-03T08%3A05%3A00.250Z".into(),
            time: 1,
            ..entry(0, "")
        };
        assert_eq!(
            tapped.made_at().to_rfc3339(),
            "2026-12-03T08:05:00.250+00:00"
        );
        let form_before_hydration = Entry {
            body: "id=x".into(),
            time: 1_000,
            ..entry(0, "")
        };
        assert_eq!(form_before_hydration.made_at().timestamp_millis(), 1_000);
    }

    /// What the worker writes (end2end/worker/news.json, held to
    /// `policy.news` by end2end/worker/news.test.mjs) is what the page reads.
    #[test]
    fn the_workers_news_reads_as_the_page_expects() {
        let news = Snapshot::from_json(include_str!("../../../end2end/worker/news.json"))
            .expect("the worker's news reads");
        assert_eq!(
            news.account.as_deref(),
            Some("0193e0a0-0000-7000-8000-0000000000aa")
        );
        assert_eq!(news.server_now, Some(1_764_748_800_250));
        assert!(!news.paused);
        let keys = |entries: &[Entry]| entries.iter().map(|e| e.key.clone()).collect::<Vec<_>>();
        assert_eq!(keys(&news.pending), ["k-waiting", "k-sending", "k-stuck"]);
        let flags: Vec<(bool, bool)> = news.pending.iter().map(|e| (e.sending, e.stuck)).collect();
        assert_eq!(flags, [(false, false), (true, false), (false, true)]);
        assert_eq!(keys(&news.failures), ["k-refused"]);
        assert_eq!(
            news.failures[0].reason_text(text::Locale::en),
            text::error(text::Locale::en, &AppError::TaskNotFound)
        );
        assert_eq!(keys(&news.recent), ["k-saved"]);
        assert_eq!(news.recent[0].answer.as_deref(), Some("{\"id\":\"x\"}"));
        assert_eq!(
            (news.saved.clone(), news.dropped.clone()),
            (
                vec!["k-saved-unseen".to_owned()],
                vec!["k-discarded".to_owned()]
            )
        );
        assert!(!news.is_read(), "the page has read none of them");
        let news = news.read_requests();
        let waiting = &news.pending[0];
        assert_eq!(waiting.made_at().to_rfc3339(), "2025-12-03T07:59:00+00:00");
        assert!(
            matches!(
                waiting.change(),
                Some(Change::Task(crate::change::TaskChange::Complete {
                    completed: true,
                    ..
                }))
            ),
            "{:?}",
            waiting.change()
        );
    }

    #[test]
    fn a_message_from_the_worker_is_read_and_junk_is_not() {
        let text =
            r#"{"pending":[{"key":"a","url":"/api/tasks/add","body":"","time":1}],"failures":[]}"#;
        assert_eq!(Snapshot::from_json(text).map(|s| s.pending.len()), Some(1));
        assert_eq!(Snapshot::from_json("{not json"), None);
    }
}
