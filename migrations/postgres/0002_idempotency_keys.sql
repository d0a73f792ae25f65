-- One row per (user, idempotency key): the claim while the request runs,
-- then the stored answer that every repeat of the request receives.

CREATE TABLE idempotency_keys (
    user_id               UUID        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    idempotency_key       TEXT        NOT NULL,
    fingerprint           BYTEA       NOT NULL,
    claim_token           UUID        NOT NULL,
    locked_until          TIMESTAMPTZ NOT NULL,
    response_status       SMALLINT,
    response_headers      TEXT,
    response_body         BYTEA,
    created_at            TIMESTAMPTZ NOT NULL,
    completed_at          TIMESTAMPTZ,
    PRIMARY KEY (user_id, idempotency_key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
