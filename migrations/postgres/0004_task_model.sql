-- The full task: notes, due date and time, priority, list, repetition,
-- order and soft deletion; and the lists a person makes. A task without a
-- list is in the Inbox, which every account has without a row here.

CREATE TABLE lists (
    id         UUID        PRIMARY KEY,
    user_id    UUID        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX lists_user ON lists (user_id);

ALTER TABLE tasks
    ADD COLUMN list_id    UUID REFERENCES lists (id),
    ADD COLUMN notes      TEXT     NOT NULL DEFAULT '',
    ADD COLUMN due_date   DATE,
    ADD COLUMN due_time   TIME,
    ADD COLUMN priority   SMALLINT NOT NULL DEFAULT 4,
    ADD COLUMN recurrence TEXT,
    ADD COLUMN series_id  UUID,
    ADD COLUMN position   BIGINT   NOT NULL DEFAULT 0,
    ADD COLUMN deleted_at TIMESTAMPTZ;
CREATE INDEX tasks_list ON tasks (list_id);
