-- A task's own reminder (issue 28): '' as the account's settings say, a
-- lead of its own ('0', '15m', '1h', '1d'), a moment of its own
-- ('2026-10-13T19:30'), or 'off'; a part of the task with its own clock.
-- Existing tasks follow the account, never changed.
ALTER TABLE tasks
    ADD COLUMN reminder            TEXT   NOT NULL DEFAULT '',
    ADD COLUMN reminder_changed_at BIGINT NOT NULL DEFAULT 0;
-- The scheduler's look at the tasks reminding at a moment of their own.
CREATE INDEX tasks_reminder_moment ON tasks (reminder)
    WHERE completed_at IS NULL AND deleted_at IS NULL;
