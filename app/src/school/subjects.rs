//! A subject named as students and diaries write it: in full («Русский
//! язык»), shortened («рус. яз», «лит-ра», «алг») or in another case of
//! letters, matched to one of the student's subjects (their lists).

use super::Colour;
use crate::domain::{ListId, TaskList};

/// One of the student's subjects: a list, by its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subject {
    pub id: ListId,
    pub name: String,
}

impl Subject {
    /// The student's lists, as the subjects a name may mean.
    pub fn all_of(lists: &[TaskList]) -> Vec<Self> {
        lists
            .iter()
            .map(|list| Self {
                id: list.id,
                name: list.name.as_str().to_owned(),
            })
            .collect()
    }
}

/// The subjects a student starting a timetable can pick without typing,
/// each with a colour and an emoji to start from (each becomes a list,
/// with that look, when picked; nothing is made before).
pub const COMMON_SUBJECTS: [(&str, Colour, &str); 18] = [
    ("Алгебра", Colour::Blue, "📐"),
    ("Геометрия", Colour::Violet, "📏"),
    ("Математика", Colour::Blue, "➗"),
    ("Русский язык", Colour::Red, "✍️"),
    ("Литература", Colour::Orange, "📖"),
    ("Английский язык", Colour::Teal, "🇬🇧"),
    ("Физика", Colour::Yellow, "⚡"),
    ("Химия", Colour::Green, "🧪"),
    ("Биология", Colour::Green, "🌱"),
    ("История", Colour::Orange, "🏛️"),
    ("Обществознание", Colour::Pink, "⚖️"),
    ("География", Colour::Teal, "🌍"),
    ("Информатика", Colour::Grey, "💻"),
    ("Физкультура", Colour::Red, "🏃"),
    ("Музыка", Colour::Pink, "🎵"),
    ("ИЗО", Colour::Yellow, "🎨"),
    ("Технология", Colour::Grey, "🛠️"),
    ("ОБЖ", Colour::Grey, "⛑️"),
];

/// Common shortenings in Russian diaries and chats, and what they stand
/// for (after `normal`: lower case, «ё» as «е», dots as spaces).
const SHORTENED: [(&str, &str); 32] = [
    ("алг", "алгебра"),
    ("алгеб", "алгебра"),
    ("геом", "геометрия"),
    ("мат", "математика"),
    ("матем", "математика"),
    ("рус", "русский язык"),
    ("русский", "русский язык"),
    ("рус яз", "русский язык"),
    ("русск яз", "русский язык"),
    ("лит", "литература"),
    ("лит-ра", "литература"),
    ("литра", "литература"),
    ("чтение", "литературное чтение"),
    ("лит чтение", "литературное чтение"),
    ("англ", "английский язык"),
    ("английский", "английский язык"),
    ("англ яз", "английский язык"),
    ("ин яз", "иностранный язык"),
    ("нем", "немецкий язык"),
    ("немецкий", "немецкий язык"),
    ("физ", "физика"),
    ("физ-ра", "физкультура"),
    ("физра", "физкультура"),
    ("физическая культура", "физкультура"),
    ("ист", "история"),
    ("общ", "обществознание"),
    ("общество", "обществознание"),
    ("био", "биология"),
    ("хим", "химия"),
    ("инф", "информатика"),
    ("информ", "информатика"),
    ("геогр", "география"),
];

/// The student's subject `written` names, if exactly one fits: its name in
/// full, a common shortening of it, or the start of it (at least four
/// letters, «алгеб» for «Алгебра»).
pub fn subject_named<'a>(written: &str, subjects: &'a [Subject]) -> Option<&'a Subject> {
    let written = normal(written);
    if written.is_empty() {
        return None;
    }
    let full = SHORTENED
        .iter()
        .find(|(short, _)| *short == written)
        .map_or(written.as_str(), |(_, full)| full);
    let named = |name: &str| normal(name) == full;
    if let Some(subject) = subjects.iter().find(|s| named(&s.name)) {
        return Some(subject);
    }
    if written.chars().count() < 4 {
        return None;
    }
    let mut starting = subjects
        .iter()
        .filter(|s| normal(&s.name).starts_with(&written));
    match (starting.next(), starting.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

/// The same, for a subject written in another case, as a phrase puts it
/// («к следующей алгебре», «по русскому»): also tried without its ending.
pub fn subject_declined<'a>(written: &str, subjects: &'a [Subject]) -> Option<&'a Subject> {
    const ENDINGS: [&str; 12] = [
        "ому", "ему", "ой", "ей", "ии", "е", "и", "у", "ю", "ы", "а", "я",
    ];
    let written = normal(written);
    subject_named(&written, subjects).or_else(|| {
        ENDINGS
            .iter()
            .filter_map(|ending| written.strip_suffix(ending))
            .find_map(|stem| subject_named(stem, subjects))
    })
}

/// Lower case, «ё» as «е», dots as spaces, spaces collapsed.
fn normal(text: &str) -> String {
    text.to_lowercase()
        .replace('ё', "е")
        .replace('.', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_common_subject_s_emoji_is_one_a_student_could_type() {
        for (name, _, emoji) in COMMON_SUBJECTS {
            assert!(
                super::super::Emoji::parse(emoji).is_some(),
                "{name}: {emoji}"
            );
        }
    }

    fn subjects() -> Vec<Subject> {
        [
            "Алгебра",
            "Геометрия",
            "Русский язык",
            "Литература",
            "Английский язык",
            "Физика",
            "Физкультура",
            "История",
        ]
        .into_iter()
        .map(|name| Subject {
            id: ListId::new(),
            name: name.to_owned(),
        })
        .collect()
    }

    fn named(written: &str) -> Option<String> {
        let all = subjects();
        subject_named(written, &all).map(|s| s.name.clone())
    }

    #[test]
    fn a_subject_is_found_by_its_name_in_any_case_and_by_its_shortenings() {
        for (written, name) in [
            ("Алгебра", "Алгебра"),
            ("АЛГЕБРА", "Алгебра"),
            ("алг", "Алгебра"),
            ("алг.", "Алгебра"),
            ("геом", "Геометрия"),
            ("Рус. яз", "Русский язык"),
            ("рус.яз.", "Русский язык"),
            ("русский", "Русский язык"),
            ("лит-ра", "Литература"),
            ("Лит.", "Литература"),
            ("англ", "Английский язык"),
            ("физ", "Физика"),
            ("физ-ра", "Физкультура"),
            ("Физра", "Физкультура"),
            ("ист", "История"),
            ("истор", "История"),
        ] {
            assert_eq!(named(written).as_deref(), Some(name), "{written}");
        }
    }

    #[test]
    fn an_unknown_or_ambiguous_name_is_no_subject() {
        // «хим» stands for a subject this student does not have; «ист» is
        // too short to be the start of a name unless it is a shortening.
        for written in ["", "хим", "ру", "на завтра", "№245"] {
            assert_eq!(named(written), None, "{written}");
        }
        let two = [
            Subject {
                id: ListId::new(),
                name: "Литература".into(),
            },
            Subject {
                id: ListId::new(),
                name: "Литературное чтение".into(),
            },
        ];
        assert_eq!(subject_named("литер", &two), None);
        assert_eq!(
            subject_named("Литература", &two).map(|s| s.id),
            Some(two[0].id)
        );
    }
}
