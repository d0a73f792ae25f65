-- Search by words in a task's title and notes. `search_text` is both,
-- folded by the app (lower case, ё as е: app::domain::search_text);
-- existing tasks are filled in by the app when it starts (NULL until
-- then). FTS5 indexes it, kept in step by triggers; it has no Russian
-- stemmer, so the app asks for each word's stem as a prefix.
ALTER TABLE tasks ADD COLUMN search_text TEXT;

-- External content: the index holds no copy of the text, only the rowid
-- of its task. A rowid may change when the file is rebuilt (VACUUM INTO,
-- a backup): `tetrad restore` rebuilds the index.
CREATE VIRTUAL TABLE tasks_search USING fts5(
    search_text,
    content = 'tasks',
    content_rowid = 'rowid',
    tokenize = 'unicode61 remove_diacritics 0'
);

CREATE TRIGGER tasks_search_insert AFTER INSERT ON tasks BEGIN
    INSERT INTO tasks_search (rowid, search_text) VALUES (new.rowid, new.search_text);
END;

CREATE TRIGGER tasks_search_delete AFTER DELETE ON tasks BEGIN
    INSERT INTO tasks_search (tasks_search, rowid, search_text)
    VALUES ('delete', old.rowid, old.search_text);
END;

-- Only when the text changed: most updates (a completion, a move) leave it.
CREATE TRIGGER tasks_search_update AFTER UPDATE OF search_text ON tasks
WHEN old.search_text IS NOT new.search_text BEGIN
    INSERT INTO tasks_search (tasks_search, rowid, search_text)
    VALUES ('delete', old.rowid, old.search_text);
    INSERT INTO tasks_search (rowid, search_text) VALUES (new.rowid, new.search_text);
END;
