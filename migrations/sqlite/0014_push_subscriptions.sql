-- Each device's push subscription (issue 28): where its push service takes
-- messages for it, and the keys they are encrypted for. One row per
-- endpoint: a phone signed in to another account moves its row there.
CREATE TABLE push_subscriptions (
    endpoint   TEXT    PRIMARY KEY NOT NULL,
    user_id    TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    p256dh     BLOB    NOT NULL,
    auth       BLOB    NOT NULL,
    created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX push_subscriptions_by_user ON push_subscriptions (user_id);
