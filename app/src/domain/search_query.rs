//! What a person searches for: words, matched against a task's title and
//! notes without regard to case or to `ё`/`е`.
//!
//! The same folding runs on the server (into the `search_text` a task is
//! stored with) and in the browser (over the tasks the page knows, when
//! offline), so both find the same spellings. Word forms come from the
//! database where it can (PostgreSQL's Russian and English stemmers); the
//! browser and SQLite match each word's light stem (`stem`) as a prefix.

use super::Task;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct SearchQuery {
    text: String,
    words: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum SearchQueryError {
    #[error("the search has no words")]
    Empty,
    #[error("the search is longer than {max} characters")]
    TooLong { max: usize },
    #[error("the search has more than {max} words")]
    TooManyWords { max: usize },
}

impl SearchQuery {
    pub const MAX_CHARS: usize = 100;
    pub const MAX_WORDS: usize = 8;

    pub fn parse(raw: &str) -> Result<Self, SearchQueryError> {
        let text = raw.trim();
        if text.chars().count() > Self::MAX_CHARS {
            return Err(SearchQueryError::TooLong {
                max: Self::MAX_CHARS,
            });
        }
        let words = words(&fold(text));
        if words.is_empty() {
            return Err(SearchQueryError::Empty);
        }
        if words.len() > Self::MAX_WORDS {
            return Err(SearchQueryError::TooManyWords {
                max: Self::MAX_WORDS,
            });
        }
        Ok(Self {
            text: text.to_owned(),
            words,
        })
    }

    /// As the person typed it.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Folded words, in order: letters and digits only, so each is safe
    /// inside a full-text query's quotes.
    pub fn words(&self) -> &[String] {
        &self.words
    }

    /// Whether every word is found, by its stem, at the start of a word of
    /// the task's title or notes.
    pub fn matches(&self, task: &Task) -> bool {
        let text = search_text(task.title.as_str(), task.notes.as_str());
        let theirs = words(&text);
        self.words
            .iter()
            .all(|word| theirs.iter().any(|w| w.starts_with(stem(word))))
    }

    /// PostgreSQL: each word as a prefix after the configuration's
    /// stemming (`'задачи':*` reads as `'задач':*`), all of them required.
    pub fn to_tsquery(&self) -> String {
        self.words
            .iter()
            .map(|word| format!("'{word}':*"))
            .collect::<Vec<_>>()
            .join(" & ")
    }

    /// SQLite FTS5: each word's stem as a prefix, all of them required.
    pub fn to_fts5(&self) -> String {
        self.words
            .iter()
            .map(|word| format!("\"{}\"*", stem(word)))
            .collect::<Vec<_>>()
            .join(" AND ")
    }
}

/// What a task is found by: its title and notes, folded.
pub fn search_text(title: &str, notes: &str) -> String {
    fold(&format!("{title}\n{notes}"))
}

/// Lower case, and `ё` as `е` (Russian writes both for one letter).
fn fold(text: &str) -> String {
    text.to_lowercase().replace('ё', "е")
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_owned)
        .collect()
}

/// A word without its last vowels (at most two, keeping three letters), so
/// "задача" and "задачи" meet at "задач", "tasks" and "task" at "task".
/// Cruder than a stemmer, and wrong in places ("class" finds "clay"); it
/// only widens what is found.
fn stem(word: &str) -> &str {
    const ENDINGS: &str = "аеиоуыэюяйьaeiouys";
    let mut end = word.len();
    for _ in 0..2 {
        let Some(last) = word[..end].chars().next_back() else {
            break;
        };
        if !ENDINGS.contains(last) || word[..end].chars().count() <= 3 {
            break;
        }
        end -= last.len_utf8();
    }
    &word[..end]
}

impl TryFrom<String> for SearchQuery {
    type Error = SearchQueryError;
    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<SearchQuery> for String {
    fn from(query: SearchQuery) -> Self {
        query.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{TaskFields, TaskForm, TaskId};
    use chrono::Utc;

    fn task(title: &str, notes: &str) -> Task {
        let fields: TaskFields = TaskForm {
            title: title.into(),
            notes: notes.into(),
            ..TaskForm::default()
        }
        .parse()
        .unwrap();
        Task::new(TaskId::new(), fields, Utc::now())
    }

    fn finds(query: &str, title: &str, notes: &str) -> bool {
        SearchQuery::parse(query)
            .unwrap()
            .matches(&task(title, notes))
    }

    #[test]
    fn a_search_is_its_words_folded() {
        let query = SearchQuery::parse("  Ёлка, №245!  ").unwrap();
        assert_eq!(query.words(), ["елка", "245"]);
        assert_eq!(query.as_str(), "Ёлка, №245!");
    }

    #[test]
    fn a_search_without_words_or_too_long_is_refused() {
        assert_eq!(SearchQuery::parse(" ,.! "), Err(SearchQueryError::Empty));
        assert_eq!(
            SearchQuery::parse(&"а".repeat(101)),
            Err(SearchQueryError::TooLong { max: 100 })
        );
        assert_eq!(
            SearchQuery::parse("a b c d e f g h i"),
            Err(SearchQueryError::TooManyWords { max: 8 })
        );
    }

    #[test]
    fn case_and_yo_do_not_matter() {
        assert!(finds("ЕЛКА", "Ёлка на праздник", ""));
        assert!(finds("ёлка", "елка", ""));
        assert!(finds("physics", "Physics lab", ""));
    }

    #[test]
    fn word_forms_meet_at_their_stem() {
        assert!(finds("задача", "Решить задачи", ""));
        assert!(finds("задачи", "Одна задача", ""));
        assert!(finds("tasks", "One task", ""));
        assert!(finds("алг", "Алгебра", ""));
    }

    #[test]
    fn every_word_must_be_found_in_the_title_or_the_notes() {
        assert!(finds("алгебра 245", "Алгебра", "№245, 247"));
        assert!(!finds("алгебра 246", "Алгебра", "№245, 247"));
        assert!(!finds("физика", "Алгебра", "параграф 5"));
    }

    #[test]
    fn a_word_is_found_only_at_the_start_of_a_word() {
        assert!(!finds("гебра", "Алгебра", ""));
    }

    #[test]
    fn the_database_queries_hold_only_letters_and_digits_in_quotes() {
        let query = SearchQuery::parse("it's \"задачи\" OR 5*").unwrap();
        assert_eq!(
            query.to_tsquery(),
            "'it':* & 's':* & 'задачи':* & 'or':* & '5':*"
        );
        assert_eq!(
            query.to_fts5(),
            "\"it\"* AND \"s\"* AND \"задач\"* AND \"or\"* AND \"5\"*"
        );
    }

    #[test]
    fn a_stem_keeps_three_letters() {
        assert_eq!(stem("задача"), "задач");
        assert_eq!(stem("мои"), "мои");
        assert_eq!(stem("поле"), "пол");
        assert_eq!(stem("ключей"), "ключ");
    }
}
