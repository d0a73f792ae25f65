-- One row per (user, idempotency key): the claim while the request runs,
-- then the stored answer that every repeat of the request receives.

CREATE TABLE idempotency_keys (
    user_id               TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    idempotency_key       TEXT    NOT NULL,
    fingerprint           BLOB    NOT NULL,
    claim_token           TEXT    NOT NULL,
    locked_until          INTEGER NOT NULL,
    response_status       INTEGER,
    response_headers      TEXT,
    response_body         BLOB,
    created_at            INTEGER NOT NULL,
    completed_at          INTEGER,
    PRIMARY KEY (user_id, idempotency_key)
) STRICT;
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
