//! Tests of `state.rs`: the ledger's own rules are tested in
//! `ledger/tests.rs`; these, what the page adds around them.

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
    let entry = Entry::new("/api/tasks/complete", body, clock::now());
    entry.read_request();
    entry
}

fn news(account: UserId, recent: Vec<Entry>) -> Snapshot {
    Snapshot {
        account: Some(account.to_string()),
        recent,
        ..Snapshot::default()
    }
}

fn drawn(outbox: &Outbox) -> Vec<String> {
    let settling = outbox.ledger.with_untracked(Ledger::settling);
    settling.into_iter().map(|e| e.key).collect()
}

#[test]
fn the_accounts_saved_changes_are_drawn_and_another_accounts_are_not() {
    let (_owner, outbox, account) = signed_in();
    outbox.receive(news(UserId::new(), vec![completion()]));
    assert!(drawn(&outbox).is_empty());
    let saved = completion();
    outbox.receive(news(account, vec![saved.clone()]));
    assert_eq!(drawn(&outbox), vec![saved.key]);
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

#[test]
fn a_timetable_change_on_its_way_is_drawn_over_what_the_page_knows_and_an_older_read_does_not_undo_it(
) {
    use crate::api::SetTimetable;
    use crate::change::{KeptEntry, KeptTimetable, TimetableChange};
    use crate::domain::Stamp;
    let (_owner, outbox, _account) = signed_in();
    let algebra = crate::domain::ListId::new().to_string();
    let read = KeptTimetable::new(vec![KeptEntry {
        change: TimetableChange::parse("lesson:mon:1", "").unwrap(),
        changed: Stamp::from_millis(1),
    }]);
    outbox.known.update(|known| known.take_timetable(&read));
    outbox.send(|at| SetTimetable {
        entry: "lesson:mon:1".into(),
        value: algebra.clone(),
        at: Some(at),
    });
    let drawn = |outbox: &Outbox| outbox.timetable().entries()[0].change.value_text();
    assert_eq!(drawn(&outbox), algebra);
    // A read from before the change, arriving after it, changes nothing.
    outbox.known.update(|known| known.take_timetable(&read));
    assert_eq!(drawn(&outbox), algebra);
}
