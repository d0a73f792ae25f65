-- Accounts, sessions, sign-in throttling and the first shape of tasks.
-- Times are UTC milliseconds since the Unix epoch; ids are UUID text.

CREATE TABLE users (
    id            TEXT    PRIMARY KEY NOT NULL,
    username      TEXT    NOT NULL UNIQUE,
    password_hash TEXT    NOT NULL,
    created_at    INTEGER NOT NULL
) STRICT;

CREATE TABLE sessions (
    token_hash BLOB    PRIMARY KEY NOT NULL,
    user_id    TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX sessions_expires_at ON sessions (expires_at);

CREATE TABLE failed_sign_ins (
    username     TEXT    NOT NULL,
    attempted_at INTEGER NOT NULL
) STRICT;
CREATE INDEX failed_sign_ins_username ON failed_sign_ins (username, attempted_at);

CREATE TABLE tasks (
    id         TEXT    PRIMARY KEY NOT NULL,
    user_id    TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title      TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX tasks_user ON tasks (user_id, created_at);
