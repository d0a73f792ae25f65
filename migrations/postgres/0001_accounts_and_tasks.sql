-- Accounts, sessions, sign-in throttling and the first shape of tasks.

CREATE TABLE users (
    id            UUID        PRIMARY KEY,
    username      TEXT        NOT NULL UNIQUE,
    password_hash TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL
);

CREATE TABLE sessions (
    token_hash BYTEA       PRIMARY KEY,
    user_id    UUID        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

CREATE TABLE failed_sign_ins (
    username     TEXT        NOT NULL,
    attempted_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX failed_sign_ins_username ON failed_sign_ins (username, attempted_at);

CREATE TABLE tasks (
    id         UUID        PRIMARY KEY,
    user_id    UUID        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title      TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX tasks_user ON tasks (user_id, created_at);
