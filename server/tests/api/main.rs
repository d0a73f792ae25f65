//! The server's tests, one binary: each module is a whole server (or its
//! storage) driven as a client would, on SQLite and on PostgreSQL. One
//! binary links the server once, not once per file (the chaos test stays
//! apart: it runs the real binary under faults).

// A test states what must hold: an unwrap here is an assertion.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[macro_use]
#[path = "../support/mod.rs"]
mod support;

mod account;
mod backup;
mod basics;
mod calendar_feed;
mod connections;
mod database_faults;
mod device_cookies;
mod headers;
mod idempotency;
mod outbox;
mod pages;
mod password;
mod push_api;
mod push_contract;
mod quotas;
mod reminders_api;
mod reminders_sent;
mod search_api;
mod search_contract;
mod security;
mod steps_api;
mod steps_contract;
mod storage_contract;
mod task_mutations;
mod timetable_api;
mod views_api;
mod views_contract;
