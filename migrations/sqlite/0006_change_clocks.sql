-- When each part of a task last changed, by the person's clock (UTC
-- milliseconds): a change older than its field's last one alters nothing,
-- so the last action wins whatever order changes arrive in (DESIGN.md §2).
-- Existing tasks start from their last update.
ALTER TABLE tasks ADD COLUMN title_changed_at      INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tasks ADD COLUMN notes_changed_at      INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tasks ADD COLUMN due_changed_at        INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tasks ADD COLUMN priority_changed_at   INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tasks ADD COLUMN list_changed_at       INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tasks ADD COLUMN recurrence_changed_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tasks ADD COLUMN completion_changed_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tasks ADD COLUMN deletion_changed_at   INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tasks ADD COLUMN position_changed_at   INTEGER NOT NULL DEFAULT 0;
UPDATE tasks SET
    title_changed_at = updated_at, notes_changed_at = updated_at,
    due_changed_at = updated_at, priority_changed_at = updated_at,
    list_changed_at = updated_at, recurrence_changed_at = updated_at,
    completion_changed_at = updated_at, deletion_changed_at = updated_at,
    position_changed_at = updated_at;
