-- When each part of a task last changed, by the person's clock (UTC
-- milliseconds): a change older than its field's last one alters nothing,
-- so the last action wins whatever order changes arrive in (DESIGN.md §2).
-- Existing tasks start from their last update.
ALTER TABLE tasks
    ADD COLUMN title_changed_at      BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN notes_changed_at      BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN due_changed_at        BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN priority_changed_at   BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN list_changed_at       BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN recurrence_changed_at BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN completion_changed_at BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN deletion_changed_at   BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN position_changed_at   BIGINT NOT NULL DEFAULT 0;
UPDATE tasks SET
    title_changed_at = m, notes_changed_at = m, due_changed_at = m,
    priority_changed_at = m, list_changed_at = m, recurrence_changed_at = m,
    completion_changed_at = m, deletion_changed_at = m, position_changed_at = m
FROM (SELECT id AS mid, (EXTRACT(EPOCH FROM updated_at) * 1000)::BIGINT AS m FROM tasks) AS t
WHERE tasks.id = t.mid;
