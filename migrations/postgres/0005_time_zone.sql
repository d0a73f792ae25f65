-- The person's time zone (from their browser): "today" is theirs.
ALTER TABLE users ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';
-- The views read open tasks by due date.
CREATE INDEX tasks_open_due ON tasks (user_id, due_date) WHERE deleted_at IS NULL AND completed_at IS NULL;
