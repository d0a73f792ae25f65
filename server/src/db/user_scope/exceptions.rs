//! The statements on a person's data that do not name the person, each
//! with its reason: the person is what they find, or they serve every
//! account at once. Each must still be run by the workload (the test says
//! so when one is no longer needed).

pub struct Exception {
    /// A part of the statement's SQL that singles it out.
    pub sql: &'static str,
    pub why: &'static str,
}

pub const EXCEPTIONS: [Exception; 17] = [
    Exception {
        sql: "FROM users WHERE username = $1",
        why: "signing in finds the account by the name typed: no id is known yet",
    },
    Exception {
        sql: "WHERE sessions.token_hash = $1",
        why: "a request's account is what its session token (the primary key, a secret only \
              its holder has) leads to",
    },
    Exception {
        sql: "WHERE calendar_feeds.token_hash = $1",
        why: "a calendar app sends no cookie: the account is what the link's token (unique, a \
              secret only its holder has) leads to, as for a session",
    },
    Exception {
        sql: "DELETE FROM sessions WHERE token_hash = $1",
        why: "signing out ends the session the request presented, found by its token",
    },
    Exception {
        sql: "DELETE FROM sessions WHERE expires_at <= $1",
        why: "the clean-up job ends the expired sessions of every account",
    },
    Exception {
        sql: "FROM idempotency_keys WHERE created_at < $1 LIMIT $2",
        why: "the clean-up job deletes the old keys of every account (DELETE_OLD_KEYS)",
    },
    Exception {
        sql: "SELECT user_id FROM tasks WHERE id = $1",
        why: "after an insert found its id taken: whose task it is, only to refuse another \
              account's id (tasks::ensure_owner); nothing else is read",
    },
    Exception {
        sql: "SELECT user_id FROM lists WHERE id = $1",
        why: "the same for a list's id",
    },
    Exception {
        sql: "SELECT user_id FROM steps WHERE id = $1",
        why: "the same for a step's id",
    },
    Exception {
        sql: "FROM tasks WHERE search_text IS NULL LIMIT $1",
        why: "at start-up, the tasks of every account stored before search existed are given \
              their search text (each then written by its id and owner)",
    },
    Exception {
        sql: "WHERE endpoint = $1 AND user_id <> $2",
        why: "a phone signed in to another account: what was on its way to the account it \
              was, found by the device, stays with that account (is dropped)",
    },
    Exception {
        sql: "WHERE id IN (SELECT user_id FROM push_subscriptions)",
        why: "the reminder scheduler reads the settings of every account with a device",
    },
    Exception {
        sql: "AND user_id IN (SELECT user_id FROM push_subscriptions)",
        why: "the reminder scheduler reads the timed tasks due around now of every account \
              with a device (each then planned by its owner)",
    },
    Exception {
        sql: "SELECT 1 AS due FROM reminder_deliveries WHERE state = 'waiting'",
        why: "the reminder scheduler asks whether anything of any account is due before it \
              claims",
    },
    Exception {
        sql: "UPDATE reminder_deliveries SET claim = $2",
        why: "the reminder scheduler claims the deliveries due of every account",
    },
    Exception {
        sql: "WHERE d.claim = $1",
        why: "the reminder scheduler reads back what it claimed, by its claim's id",
    },
    Exception {
        sql: "DELETE FROM reminder_deliveries WHERE created_at < $1",
        why: "the clean-up job deletes the old deliveries of every account",
    },
];

/// The exception that excuses `sql`, if one does.
pub fn excusing(sql: &str) -> Option<&'static Exception> {
    EXCEPTIONS
        .iter()
        .find(|exception| sql.contains(exception.sql))
}
