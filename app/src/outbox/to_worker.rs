//! What a page tells the service worker, written in one place, by the
//! names `app::protocol::to_worker` gives the worker too.

use crate::domain::UserId;
use crate::protocol::to_worker as names;
use serde_json::json;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToWorker {
    /// Which account the page shows (requests name it, so none is
    /// replayed as another's) and the pages to keep for it, the page's
    /// own address first.
    Hello {
        account: UserId,
        lists: Vec<String>,
        path: String,
    },
    /// The language changed: the pages kept in the old one are kept again.
    Language {
        account: UserId,
        lists: Vec<String>,
        path: String,
    },
    /// Send what waits; `force`: now, whatever the back-off.
    Replay {
        force: bool,
    },
    Dismiss {
        key: String,
    },
    Retry {
        key: String,
    },
    Discard {
        key: String,
    },
}

impl ToWorker {
    /// The message as the worker reads it.
    pub fn to_json(&self) -> String {
        let about_pages = |kind, account: &UserId, lists, path| json!({ "type": kind, "account": account.to_string(), "lists": lists, "path": path });
        let message = match self {
            Self::Hello {
                account,
                lists,
                path,
            } => about_pages(names::HELLO, account, lists, path),
            Self::Language {
                account,
                lists,
                path,
            } => about_pages(names::LANGUAGE, account, lists, path),
            Self::Replay { force } => json!({ "type": names::REPLAY, "force": force }),
            Self::Dismiss { key } => json!({ "type": names::DISMISS, "key": key }),
            Self::Retry { key } => json!({ "type": names::RETRY, "key": key }),
            Self::Discard { key } => json!({ "type": names::DISCARD, "key": key }),
        };
        message.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_message_names_its_kind_as_the_worker_reads_it() {
        let account = UserId::new();
        let hello = ToWorker::Hello {
            account,
            lists: vec!["l1".into()],
            path: "/inbox".into(),
        };
        let read: serde_json::Value = serde_json::from_str(&hello.to_json()).unwrap();
        assert_eq!(read["type"], "hello");
        assert_eq!(read["account"], account.to_string());
        assert_eq!(read["lists"], json!(["l1"]));
        assert_eq!(read["path"], "/inbox");
        let retry: serde_json::Value =
            serde_json::from_str(&ToWorker::Retry { key: "k1".into() }.to_json()).unwrap();
        assert_eq!(
            (&retry["type"], &retry["key"]),
            (&json!("retry"), &json!("k1"))
        );
        let replay: serde_json::Value =
            serde_json::from_str(&ToWorker::Replay { force: true }.to_json()).unwrap();
        assert_eq!(
            (&replay["type"], &replay["force"]),
            (&json!("replay"), &json!(true))
        );
    }
}
