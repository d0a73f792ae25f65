-- A task's checklist: ordered steps, each with its own done state, made
-- and changed like tasks (client-minted ids, soft deletion, and when each
-- part last changed by the person's clock, in UTC milliseconds, so the last
-- action wins). Each row names its owner, as every row of a person's data
-- does (docs/scaling.md); it goes with its task and with its account.
CREATE TABLE steps (
    id                  TEXT    PRIMARY KEY NOT NULL,
    user_id             TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    task_id             TEXT    NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
    title               TEXT    NOT NULL,
    done                INTEGER NOT NULL CHECK (done IN (0, 1)),
    position            INTEGER NOT NULL,
    created_at          INTEGER NOT NULL,
    updated_at          INTEGER NOT NULL,
    deleted_at          INTEGER,
    title_changed_at    INTEGER NOT NULL,
    done_changed_at     INTEGER NOT NULL,
    position_changed_at INTEGER NOT NULL,
    deletion_changed_at INTEGER NOT NULL
) STRICT;
-- Steps are read by their tasks, and go when a task is deleted for good.
CREATE INDEX steps_task ON steps (task_id);
