-- The full task: notes, due date and time, priority, list, repetition,
-- order and soft deletion; and the lists a person makes. A task without a
-- list is in the Inbox, which every account has without a row here.

CREATE TABLE lists (
    id         TEXT    PRIMARY KEY NOT NULL,
    user_id    TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX lists_user ON lists (user_id);

ALTER TABLE tasks ADD COLUMN list_id TEXT REFERENCES lists (id);
ALTER TABLE tasks ADD COLUMN notes TEXT NOT NULL DEFAULT '';
ALTER TABLE tasks ADD COLUMN due_date TEXT;     -- YYYY-MM-DD
ALTER TABLE tasks ADD COLUMN due_time TEXT;     -- HH:MM
ALTER TABLE tasks ADD COLUMN priority INTEGER NOT NULL DEFAULT 4;
ALTER TABLE tasks ADD COLUMN recurrence TEXT;   -- e.g. "weekly mon,thu"
ALTER TABLE tasks ADD COLUMN series_id TEXT;
ALTER TABLE tasks ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tasks ADD COLUMN deleted_at INTEGER;
CREATE INDEX tasks_list ON tasks (list_id);
