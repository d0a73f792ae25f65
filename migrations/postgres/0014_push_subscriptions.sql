-- Each device's push subscription (issue 28): where its push service takes
-- messages for it, and the keys they are encrypted for. One row per
-- endpoint: a phone signed in to another account moves its row there.
CREATE TABLE push_subscriptions (
    endpoint   TEXT        PRIMARY KEY,
    user_id    UUID        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    p256dh     BYTEA       NOT NULL,
    auth       BYTEA       NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX push_subscriptions_by_user ON push_subscriptions (user_id);
