//! Tests of `state.rs`.

use super::*;
use crate::api::SetCompleted;
use crate::domain::TaskId;

/// A page's outbox for a signed-in account (alive while the owner is).
fn signed_in() -> (Owner, Outbox, UserId) {
    let owner = Owner::new();
    owner.set();
    let outbox = provide_outbox();
    let account = UserId::new();
    outbox.account.set(Some(account));
    (owner, outbox, account)
}

fn completion() -> Entry {
    let body = format!("id={}&completed=true", TaskId::new());
    Entry::new("/api/tasks/complete", body, clock::now())
}

fn news(account: UserId, recent: Vec<Entry>) -> Snapshot {
    Snapshot {
        account: Some(account.to_string()),
        recent,
        ..Snapshot::default()
    }
}

fn drawn(outbox: &Outbox) -> Vec<String> {
    outbox
        .settling
        .with_untracked(|s| s.iter().map(|(_, e)| e.key.clone()).collect())
}

#[test]
fn a_change_the_worker_saved_while_the_page_loaded_is_drawn_until_the_next_read() {
    let (_owner, outbox, account) = signed_in();
    let saved = completion();
    outbox.receive(news(account, vec![saved.clone()]));
    assert_eq!(drawn(&outbox), vec![saved.key.clone()]);
    // The next read has it: it is no longer drawn on top.
    outbox.list_read(outbox.settled.get_untracked());
    assert!(drawn(&outbox).is_empty());
}

#[test]
fn a_saved_change_is_drawn_once_however_often_the_worker_repeats_it() {
    let (_owner, outbox, account) = signed_in();
    let saved = completion();
    outbox.receive(news(account, vec![saved.clone()]));
    let reads = outbox.settled.get_untracked();
    outbox.receive(news(account, vec![saved]));
    assert_eq!(drawn(&outbox).len(), 1);
    assert_eq!(
        outbox.settled.get_untracked(),
        reads,
        "no second read asked for"
    );
}

#[test]
fn a_change_this_page_sent_is_not_drawn_again_from_the_workers_news() {
    let (_owner, outbox, account) = signed_in();
    let mine = completion();
    outbox.sent.update_value(|sent| sent.push(mine.key.clone()));
    outbox.receive(news(account, vec![mine]));
    assert!(drawn(&outbox).is_empty());
}

#[test]
fn another_accounts_saved_changes_are_not_drawn() {
    let (_owner, outbox, _) = signed_in();
    outbox.receive(news(UserId::new(), vec![completion()]));
    assert!(drawn(&outbox).is_empty());
}

#[test]
fn signing_out_while_a_change_is_on_its_way_leaves_nothing_sending() {
    let (_owner, outbox, _account) = signed_in();
    let id = TaskId::new();
    outbox.send(|at| SetCompleted {
        id,
        completed: true,
        at: Some(at),
    });
    assert_eq!(outbox.in_flight().len(), 1, "on its way");
    assert_eq!(outbox.draining_count(), 1);

    outbox.forget_account();
    assert!(outbox.in_flight().is_empty(), "nothing drawn as sending");
    assert_eq!(outbox.draining_count(), 0, "the refresh is not held");
}
