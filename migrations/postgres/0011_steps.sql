-- A task's checklist: ordered steps, each with its own done state, made
-- and changed like tasks (client-minted ids, soft deletion, and when each
-- part last changed by the person's clock, in UTC milliseconds, so the last
-- action wins). Each row names its owner, as every row of a person's data
-- does (docs/scaling.md); it goes with its task and with its account.
CREATE TABLE steps (
    id                  UUID        PRIMARY KEY,
    user_id             UUID        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    task_id             UUID        NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
    title               TEXT        NOT NULL,
    done                BOOLEAN     NOT NULL,
    position            BIGINT      NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL,
    updated_at          TIMESTAMPTZ NOT NULL,
    deleted_at          TIMESTAMPTZ,
    title_changed_at    BIGINT      NOT NULL,
    done_changed_at     BIGINT      NOT NULL,
    position_changed_at BIGINT      NOT NULL,
    deletion_changed_at BIGINT      NOT NULL
);
-- Steps are read by their tasks, and go when a task is deleted for good.
CREATE INDEX steps_task ON steps (task_id);
