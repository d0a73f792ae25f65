-- Reminders on their way (issue 28). Each device says which language its
-- reminders speak (the page's, when it subscribed), and lasts as long as
-- the sign-in it was made under: signing out of the phone, the session
-- ending, the account deleted, each takes it.
ALTER TABLE push_subscriptions ADD COLUMN language TEXT NOT NULL DEFAULT 'ru';
ALTER TABLE push_subscriptions ADD COLUMN session_hash BLOB
    REFERENCES sessions (token_hash) ON DELETE CASCADE;
CREATE INDEX push_subscriptions_by_session ON push_subscriptions (session_hash);

-- One row per device and reminder, written before anything is sent: a
-- reminder planned twice (two instances, two ticks) is still one row, so
-- one push. `claim` and `lease_until` mark the instance sending it; a
-- lease that ran out (a crash) lets another send it again, with the same
-- Topic, so the phone replaces rather than adds.
CREATE TABLE reminder_deliveries (
    endpoint    TEXT    NOT NULL REFERENCES push_subscriptions (endpoint) ON DELETE CASCADE,
    occurrence  TEXT    NOT NULL,
    user_id     TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    state       TEXT    NOT NULL DEFAULT 'waiting',  -- waiting, sent, dropped, failed
    not_before  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    claim       TEXT,
    lease_until INTEGER,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (endpoint, occurrence)
) STRICT;
CREATE INDEX reminder_deliveries_waiting ON reminder_deliveries (not_before) WHERE state = 'waiting';
CREATE INDEX reminder_deliveries_created ON reminder_deliveries (created_at);
CREATE INDEX reminder_deliveries_claim ON reminder_deliveries (claim);

-- The scheduler's look at the tasks with a time, due around now.
CREATE INDEX tasks_timed_open ON tasks (due_date)
    WHERE due_time IS NOT NULL AND completed_at IS NULL AND deleted_at IS NULL;
