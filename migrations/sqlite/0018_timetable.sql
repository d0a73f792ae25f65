-- The timetable (issue 29), entry by entry: each lesson slot, the bells,
-- the rotation, each stretch of holidays, as the texts
-- `app::change::timetable_text` reads. `changed_at` is when the person set
-- it (UTC milliseconds): an older change arriving later alters nothing.
-- A lesson cleared or holidays taken out keep their row, with an empty
-- value, so that an older change cannot bring them back.
CREATE TABLE timetable_entries (
    user_id    TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    entry      TEXT    NOT NULL,
    value      TEXT    NOT NULL,
    changed_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, entry)
) STRICT;
