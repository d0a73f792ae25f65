//! The words the service worker shows on its own (a page opened offline
//! that the phone never kept), in both languages, from the same
//! translations as the app. The server writes them into `/sw.js`.

use super::Locale;
use crate::i18n::td_string;
use serde_json::json;

pub fn worker_words() -> serde_json::Value {
    let words = |locale: Locale| {
        json!({
            "title": td_string!(locale, offline_title),
            "text": td_string!(locale, offline_text),
            "notKept": td_string!(locale, offline_not_kept),
            "toToday": td_string!(locale, offline_to_today),
            "appName": td_string!(locale, app_name),
            "reminderElsewhere": td_string!(locale, reminder_elsewhere),
            "reminderDone": td_string!(locale, reminder_done),
            "reminderSnooze": td_string!(locale, reminder_snooze),
        })
    };
    json!({ "ru": words(Locale::ru), "en": words(Locale::en) })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_worker_speaks_russian_and_english() {
        let words = super::worker_words();
        assert_eq!(words["ru"]["title"], "Нет сети");
        assert_eq!(words["en"]["title"], "No network");
        assert!(words["ru"]["reminderElsewhere"]
            .as_str()
            .unwrap()
            .contains("другого аккаунта"));
    }
}
