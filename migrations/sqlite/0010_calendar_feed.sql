-- One private calendar link per account. Only the SHA-256 of its token is
-- kept (the token is shown once, when the link is made), like sessions;
-- making a new link replaces the row, so the old URL stops at once.
CREATE TABLE calendar_feeds (
    user_id    TEXT    PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash BLOB    NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
) STRICT;
