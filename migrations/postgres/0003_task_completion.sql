-- When the person completed the task (their clock, bounded by the server's).
ALTER TABLE tasks ADD COLUMN completed_at TIMESTAMPTZ;
