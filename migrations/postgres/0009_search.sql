-- Search by words in a task's title and notes. `search_text` is both,
-- folded by the app (lower case, ё as е: app::domain::search_text), so
-- what is found does not hang on the database's locale; existing tasks are
-- filled in by the app when it starts (NULL until then). The `russian`
-- configuration stems Cyrillic words with the Russian Snowball stemmer and
-- Latin ones with the English one, so one index serves both languages.
ALTER TABLE tasks ADD COLUMN search_text TEXT;
CREATE INDEX tasks_search ON tasks USING GIN (to_tsvector('russian', search_text));
