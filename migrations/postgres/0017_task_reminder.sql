-- A task's own reminder (issue 28): '' as the account's settings say, a
-- lead of its own ('0', '15m', '1h', '1d'), or 'off'; a part of the task
-- with its own clock. Existing tasks follow the account, never changed.
ALTER TABLE tasks
    ADD COLUMN reminder            TEXT   NOT NULL DEFAULT '',
    ADD COLUMN reminder_changed_at BIGINT NOT NULL DEFAULT 0;
