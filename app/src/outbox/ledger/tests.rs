//! Tests of `ledger.rs`: each transition as a pure function.

use super::*;
use crate::change::{Change, TaskChange};
use crate::domain::{TaskForm, TaskId};
use chrono::{DateTime, Utc};

const T0: i64 = 1_764_748_800_000; // 2025-12-03T08:00:00Z

fn at(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms).unwrap()
}

/// A change the page makes, knowing what it is (the page never reads its
/// own request back).
fn change(change: TaskChange) -> Entry {
    Entry::new("/api/tasks/some-change", String::new(), at(T0))
        .with_change(at(T0), Some(Change::Task(change)))
}

fn completion(id: TaskId) -> Entry {
    change(TaskChange::Complete {
        id,
        completed: true,
    })
}

fn restore(id: TaskId) -> Entry {
    change(TaskChange::Delete { id, deleted: false })
}

fn saved_task(id: TaskId) -> Answer {
    let fields = TaskForm {
        title: "алгебра №245".into(),
        ..TaskForm::default()
    };
    let task = Task::new(id, fields.parse().unwrap(), at(T0));
    Answer::Saved(serde_json::to_string(&task).unwrap())
}

fn keys(entries: &[Entry]) -> Vec<&str> {
    entries.iter().map(|e| e.key.as_str()).collect()
}

/// A ledger that sent one completion and got `answer` for it.
fn answered_with(answer: Answer) -> (Ledger, Entry) {
    let mut ledger = Ledger::default();
    let tap = completion(TaskId::new());
    let _ = ledger.send(tap.clone());
    let _ = ledger.answered(&tap.key, answer, T0);
    (ledger, tap)
}

fn news(pending: Vec<Entry>) -> Snapshot {
    Snapshot {
        pending,
        ..Snapshot::default()
    }
}

#[test]
fn a_change_is_posted_at_once_and_on_its_way_until_answered() {
    let mut ledger = Ledger::default();
    let tap = completion(TaskId::new());
    let effects = ledger.send(tap.clone());
    assert_eq!(keys(&effects.post), [tap.key.as_str()]);
    assert!(ledger.is_sending(&tap.key));
    assert_eq!(keys(&ledger.in_flight()), [tap.key.as_str()]);
    assert_eq!(ledger.draining_count(), 1);
}

#[test]
fn a_change_to_a_task_being_restored_waits_for_that_answer_then_goes() {
    let mut ledger = Ledger::default();
    let id = TaskId::new();
    let restoring = restore(id);
    let _ = ledger.send(restoring.clone());
    let done = completion(id);
    let effects = ledger.send(done.clone());
    assert!(effects.post.is_empty(), "held behind the restore");
    assert_eq!(ledger.in_flight().len(), 2, "both drawn as on their way");

    let effects = ledger.answered(&restoring.key, saved_task(id), T0);
    assert_eq!(keys(&effects.post), [done.key.as_str()]);
    assert!(ledger.is_sending(&done.key));
}

#[test]
fn a_saved_task_is_handed_to_the_page_and_drawn_until_the_calm_read() {
    let mut ledger = Ledger::default();
    let id = TaskId::new();
    let tap = completion(id);
    let _ = ledger.send(tap.clone());
    let reads = ledger.reads();

    let effects = ledger.answered(&tap.key, saved_task(id), T0);
    assert_eq!(effects.saved.map(|(_, task)| task.id), Some(id));
    assert!(effects.calm, "read again a moment later, not now");
    assert_eq!(ledger.reads(), reads, "no read at once: the row stays put");
    assert_eq!(keys(&ledger.settling()), [tap.key.as_str()]);
    assert!(ledger.in_flight().is_empty());

    // A read asked for before the answer does not have it.
    ledger.list_read(reads);
    assert_eq!(ledger.settling().len(), 1);
    // The calm read does.
    ledger.reread();
    ledger.list_read(ledger.reads());
    assert!(ledger.settling().is_empty());
}

#[test]
fn a_saved_change_that_is_no_task_asks_for_a_read_at_once() {
    let mut ledger = Ledger::default();
    let order = change(TaskChange::Complete {
        id: TaskId::new(),
        completed: false,
    });
    let _ = ledger.send(order.clone());
    let effects = ledger.answered(&order.key, Answer::Saved("null".into()), T0);
    assert!(!effects.calm && effects.saved.is_none());
    assert_eq!(ledger.reads(), 1);
    ledger.list_read(1);
    assert!(ledger.settling().is_empty());
}

#[test]
fn a_change_the_worker_keeps_waits_once_then_the_news_takes_over() {
    let (mut ledger, tap) = answered_with(Answer::Queued);
    assert_eq!(
        keys(&ledger.waiting().cloned().collect::<Vec<_>>()),
        [tap.key.as_str()]
    );

    ledger.receive(news(vec![tap.clone()]), T0 + 100);
    assert_eq!(
        ledger.waiting().count(),
        1,
        "counted once: the news's copy, not the page's"
    );
    assert!(!ledger.has_handed());
}

#[test]
fn a_kept_change_missing_from_the_news_for_a_while_was_sent_meanwhile() {
    let (mut ledger, tap) = answered_with(Answer::Queued);

    ledger.receive(news(vec![]), T0 + HANDED_GRACE_MS - 1);
    assert_eq!(ledger.waiting().count(), 1, "its news may still come");

    ledger.receive(news(vec![]), T0 + HANDED_GRACE_MS);
    assert_eq!(ledger.waiting().count(), 0);
    assert_eq!(
        keys(&ledger.settling()),
        [tap.key.as_str()],
        "drawn as saved"
    );
    assert_eq!(ledger.reads(), 1, "and the truth read again");
}

#[test]
fn with_no_news_at_all_a_kept_change_is_taken_as_sent_after_a_while() {
    let (mut ledger, tap) = answered_with(Answer::Queued);
    ledger.age(T0 + 1);
    assert!(ledger.has_handed());
    ledger.age(T0 + HANDED_GRACE_MS);
    assert!(!ledger.has_handed());
    assert_eq!(keys(&ledger.settling()), [tap.key.as_str()]);
}

#[test]
fn a_change_already_in_the_workers_news_is_not_kept_twice() {
    let mut ledger = Ledger::default();
    let tap = completion(TaskId::new());
    let _ = ledger.send(tap.clone());
    ledger.receive(news(vec![tap.clone()]), T0);
    let _ = ledger.answered(&tap.key, Answer::Queued, T0);
    assert_eq!(ledger.waiting().count(), 1);
    assert!(!ledger.has_handed());
}

#[test]
fn a_refusal_is_shown_and_a_server_error_may_be_retried_with_its_key() {
    let mut ledger = Ledger::default();
    let refused = completion(TaskId::new());
    let failed = completion(TaskId::new());
    let _ = ledger.send(refused.clone());
    let _ = ledger.send(failed.clone());
    let refusal = Answer::Refused {
        status: 404,
        body: "{}".into(),
    };
    let _ = ledger.answered(&refused.key, refusal, T0);
    let error = Answer::Refused {
        status: 503,
        body: String::new(),
    };
    let _ = ledger.answered(&failed.key, error, T0);
    assert_eq!(keys(&ledger.failures()), [refused.key.as_str()]);
    assert_eq!(keys(&ledger.stuck()), [failed.key.as_str()]);
    assert_eq!(ledger.reads(), 2, "each refusal reads the truth again");

    let effects = ledger.retry(&failed.key);
    assert_eq!(keys(&effects.post), [failed.key.as_str()], "same key");
    assert!(!effects.post[0].stuck);
    assert!(ledger.stuck().is_empty());
    assert!(ledger.is_sending(&failed.key));
}

#[test]
fn a_change_never_answered_is_stuck_and_says_the_network_failed() {
    let (ledger, tap) = answered_with(Answer::NoAnswer);
    let stuck = ledger.stuck();
    assert_eq!(keys(&stuck), [tap.key.as_str()]);
    let reason: crate::error::AppError =
        serde_json::from_str(stuck[0].reason.as_deref().unwrap()).unwrap();
    assert!(matches!(reason, crate::error::AppError::Transport(_)));
    assert_eq!(ledger.draining_count(), 0, "it waits for the person");
}

#[test]
fn the_page_dismisses_its_own_refusals_and_asks_the_worker_for_the_others() {
    let refusal = Answer::Refused {
        status: 422,
        body: "{}".into(),
    };
    let (mut ledger, tap) = answered_with(refusal);
    assert_eq!(ledger.dismiss(&tap.key), Effects::default());
    assert!(ledger.failures().is_empty());

    assert_eq!(
        ledger.dismiss("the-workers").tell,
        Some(ToWorker::Dismiss {
            key: "the-workers".into()
        })
    );
    let reads = ledger.reads();
    assert_eq!(
        ledger.discard("the-workers").tell,
        Some(ToWorker::Discard {
            key: "the-workers".into()
        })
    );
    assert_eq!(
        ledger.reads(),
        reads + 1,
        "a discarded change stops showing"
    );
}

#[test]
fn what_the_worker_stops_keeping_without_refusing_was_saved_and_stays_drawn() {
    let mut ledger = Ledger::default();
    let (a, b) = (completion(TaskId::new()), completion(TaskId::new()));
    ledger.receive(news(vec![a.clone(), b.clone()]), T0);
    assert_eq!(ledger.waiting().count(), 2);

    let mut refused = b.clone();
    refused.status = Some(404);
    let later = Snapshot {
        failures: vec![refused],
        ..Snapshot::default()
    };
    ledger.receive(later, T0 + 1);
    assert_eq!(keys(&ledger.settling()), [a.key.as_str()]);
    assert_eq!(keys(&ledger.failures()), [b.key.as_str()]);
}

#[test]
fn a_change_saved_by_the_worker_while_the_page_loaded_is_drawn_once() {
    let mut ledger = Ledger::default();
    let saved = completion(TaskId::new());
    let recent = Snapshot {
        recent: vec![saved.clone()],
        ..Snapshot::default()
    };
    ledger.receive(recent.clone(), T0);
    assert_eq!(keys(&ledger.settling()), [saved.key.as_str()]);
    let reads = ledger.reads();
    ledger.receive(recent, T0 + 1);
    assert_eq!(ledger.settling().len(), 1, "drawn once");
    assert_eq!(ledger.reads(), reads, "no second read asked for");
}

#[test]
fn a_change_this_page_sent_is_not_drawn_again_from_the_workers_news() {
    let mut ledger = Ledger::default();
    let mine = completion(TaskId::new());
    let _ = ledger.send(mine.clone());
    let _ = ledger.answered(&mine.key, saved_task(TaskId::new()), T0);
    ledger.list_read(ledger.reads() + 1);
    let recent = Snapshot {
        recent: vec![mine],
        ..Snapshot::default()
    };
    ledger.receive(recent, T0);
    assert!(ledger.settling().is_empty());
}

#[test]
fn a_change_saved_from_another_page_asks_for_a_read() {
    let mut ledger = Ledger::default();
    let elsewhere = Snapshot {
        saved: vec!["another-tab".into()],
        ..Snapshot::default()
    };
    ledger.receive(elsewhere, T0);
    assert_eq!(ledger.reads(), 1);
}

#[test]
fn another_account_leaves_nothing_on_its_way_and_reads_keep_counting() {
    let mut ledger = Ledger::default();
    let tap = completion(TaskId::new());
    let _ = ledger.send(tap.clone());
    ledger.reread();
    ledger.clear();
    assert!(ledger.in_flight().is_empty());
    assert!(!ledger.is_sending(&tap.key), "its answer is not drawn");
    assert_eq!(ledger.draining_count(), 0, "the refresh is not held");
    assert_eq!(ledger.reads(), 1, "a read asked for before still counts");
}

#[test]
fn a_change_the_worker_is_sending_is_unsaved_though_not_waiting() {
    let mut ledger = Ledger::default();
    // Sent live by a page reloaded since: the worker has it on its way.
    let mut replayed = completion(TaskId::new());
    replayed.sending = true;
    ledger.receive(news(vec![replayed.clone()]), T0);
    assert_eq!(ledger.waiting().count(), 0, "on its way, not waiting");
    assert_eq!(ledger.unsaved_count(), 1, "still not saved");

    // Its try failed: it waits again, and is still the one unsaved change.
    replayed.sending = false;
    ledger.receive(news(vec![replayed]), T0);
    assert_eq!(ledger.waiting().count(), 1);
    assert_eq!(ledger.unsaved_count(), 1);
}
