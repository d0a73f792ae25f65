//! Every statement on a person's data names the person: the property that
//! lets the data be split across databases by `user_id` with no
//! transaction crossing two of them (docs/scaling.md).
//!
//! Every method of the storage contract runs on both backends through a
//! driver that records each statement (`workload`); each statement is then
//! read by the rule (`rule`), unless it is one of the few that cannot name
//! a person, each listed with its reason (`exceptions`).

mod exceptions;
mod recording;
mod rule;
mod rule_examples;
mod tables;
mod workload;

use exceptions::{excusing, EXCEPTIONS};
use workload::Backend;

#[tokio::test]
async fn on_sqlite_every_statement_on_a_persons_data_names_the_person() {
    every_statement_on_a_persons_data_names_the_person(Backend::Sqlite).await;
}

#[tokio::test]
async fn on_postgres_every_statement_on_a_persons_data_names_the_person() {
    every_statement_on_a_persons_data_names_the_person(Backend::Postgres).await;
}

async fn every_statement_on_a_persons_data_names_the_person(backend: Backend) {
    let run = workload::run(backend).await;
    let mut unscoped: Vec<String> = run
        .sent
        .iter()
        .filter(|sent| excusing(&sent.sql).is_none())
        .filter_map(|sent| {
            Some(format!(
                "{}:\n  {}",
                rule::unscoped(sent, &run.accounts)?,
                sent.sql
            ))
        })
        .collect();
    unscoped.sort();
    unscoped.dedup();
    assert!(
        unscoped.is_empty(),
        "{backend:?}: statements on a person's data that do not name the person:\n{}",
        unscoped.join("\n")
    );
    for exception in &EXCEPTIONS {
        assert!(
            run.sent.iter().any(|sent| sent.sql.contains(exception.sql)),
            "{backend:?}: no statement needs this exception any more, remove it: {} ({})",
            exception.sql,
            exception.why
        );
    }
}
