-- When a list's name last changed, by the person's clock (UTC
-- milliseconds): an older rename arriving later alters nothing, as for
-- tasks (DESIGN.md §2). Existing lists start from their last update.
ALTER TABLE lists ADD COLUMN name_changed_at INTEGER NOT NULL DEFAULT 0;
UPDATE lists SET name_changed_at = updated_at;
