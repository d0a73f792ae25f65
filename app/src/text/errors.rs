//! What the person reads when something went wrong: every error the app
//! knows, in words, never an internal cause.

use super::Locale;
use crate::change::TimetableError;
use crate::domain::{
    PasswordError, SearchQueryError, TaskFieldError, TaskTitleError, UsernameError,
};
use crate::error::{AppError, Counted};
use crate::i18n::td_string;
use crate::reminders::ReminderSettingsError;

pub fn error(locale: Locale, error: &AppError) -> String {
    let l = locale;
    match error {
        AppError::Unauthorized => td_string!(l, error_unauthorized).into(),
        AppError::WrongCredentials => td_string!(l, error_wrong_credentials).into(),
        AppError::WrongPassword => td_string!(l, error_wrong_password).into(),
        AppError::UsernameTaken => td_string!(l, error_username_taken).into(),
        AppError::TooManyAttempts { retry_after_secs } => {
            let minutes = retry_after_secs.div_ceil(60);
            td_string!(l, error_too_many_attempts, minutes).to_string()
        }
        AppError::TooManySignUps { retry_after_secs } => {
            let minutes = retry_after_secs.div_ceil(60);
            td_string!(l, error_too_many_sign_ups, minutes).to_string()
        }
        AppError::InvalidUsername(e) => username_error(l, e),
        AppError::InvalidPassword(e) => password_error(l, e),
        AppError::InvalidTitle(e) => title_error(l, e),
        AppError::InvalidIdempotencyKey(_) => td_string!(l, error_key).into(),
        AppError::KeyReused => td_string!(l, error_key_reused).into(),
        AppError::CrossSite => td_string!(l, error_cross_site).into(),
        AppError::InvalidTask(e) => task_field_error(l, e),
        AppError::InvalidListName(_) => td_string!(l, error_list_name).into(),
        AppError::TooMany { max } => td_string!(l, error_too_many, max).to_string(),
        AppError::ListNotFound => td_string!(l, error_list_not_found).into(),
        AppError::TaskNotFound => td_string!(l, error_task_not_found).into(),
        AppError::StepNotFound => td_string!(l, error_step_not_found).into(),
        AppError::TooManySteps { max } => td_string!(l, error_too_many_steps, max).to_string(),
        AppError::QuotaReached { what, max } => quota_error(l, *what, *max),
        AppError::TooManyChanges { .. } => td_string!(l, error_too_many_changes).into(),
        AppError::InvalidView(_) => td_string!(l, error_view).into(),
        AppError::InvalidSearch(e) => search_error(l, e),
        AppError::InvalidTimeZone(_) => td_string!(l, error_time_zone).into(),
        AppError::InvalidReminders(e) => reminders_error(l, e),
        AppError::InvalidTimetable(e) => timetable_error(l, e),
        AppError::IdConflict => td_string!(l, error_id_conflict).into(),
        AppError::AccountChanged => td_string!(l, error_account_changed).into(),
        AppError::Queued => td_string!(l, error_queued).into(),
        AppError::Internal => td_string!(l, error_internal).into(),
        AppError::Unavailable { .. } => td_string!(l, error_unavailable).into(),
        AppError::Transport(_) => td_string!(l, error_transport).into(),
        AppError::BadRequest => td_string!(l, error_bad_request).into(),
    }
}

fn reminders_error(l: Locale, error: &ReminderSettingsError) -> String {
    match error {
        ReminderSettingsError::BadTime => td_string!(l, error_reminder_time).into(),
        ReminderSettingsError::SummaryInQuietHours => {
            td_string!(l, error_summary_in_quiet_hours).into()
        }
        ReminderSettingsError::EmptyQuietHours => td_string!(l, error_quiet_hours_empty).into(),
        ReminderSettingsError::BadLead => td_string!(l, error_reminder_lead).into(),
    }
}

fn timetable_error(l: Locale, error: &TimetableError) -> String {
    match *error {
        TimetableError::Entry
        | TimetableError::LessonNumber
        | TimetableError::Subject
        | TimetableError::Look => td_string!(l, error_timetable_entry).into(),
        TimetableError::RoomTooLong { max } => td_string!(l, error_room_long, max).to_string(),
        TimetableError::RoomNotOneLine => td_string!(l, error_room_line).into(),
        TimetableError::Time => td_string!(l, error_bell_time).into(),
        TimetableError::BellsCount => td_string!(l, error_bells_count).into(),
        TimetableError::BellEndsBeforeStart { lesson } => {
            td_string!(l, error_bell_ends_before_start, lesson).to_string()
        }
        TimetableError::BellsOverlap { lesson } => {
            td_string!(l, error_bells_overlap, lesson).to_string()
        }
        TimetableError::Date => td_string!(l, error_holiday_date).into(),
        TimetableError::HolidayEndsBeforeStart => td_string!(l, error_holiday_order).into(),
        TimetableError::HolidayTooLong => td_string!(l, error_holiday_long).into(),
    }
}

fn quota_error(l: Locale, what: Counted, max: u64) -> String {
    match what {
        Counted::Tasks => td_string!(l, error_quota_tasks, max).to_string(),
        Counted::Lists => td_string!(l, error_quota_lists, max).to_string(),
        Counted::Steps => td_string!(l, error_quota_steps, max).to_string(),
        Counted::StoredAnswers => td_string!(l, error_quota_answers, max).to_string(),
        Counted::Holidays => td_string!(l, error_quota_holidays, max).to_string(),
    }
}

fn search_error(l: Locale, e: &SearchQueryError) -> String {
    match e {
        SearchQueryError::Empty => td_string!(l, error_search_empty).into(),
        SearchQueryError::TooLong { max } => td_string!(l, error_search_long, max).to_string(),
        SearchQueryError::TooManyWords { max } => {
            td_string!(l, error_search_words, max).to_string()
        }
    }
}

fn username_error(l: Locale, e: &UsernameError) -> String {
    match e {
        UsernameError::TooShort { min } => td_string!(l, error_username_too_short, min).to_string(),
        UsernameError::TooLong { max } => td_string!(l, error_username_too_long, max).to_string(),
        UsernameError::BadCharacter => td_string!(l, error_username_character).into(),
    }
}

fn password_error(l: Locale, e: &PasswordError) -> String {
    match e {
        PasswordError::TooShort { min } => td_string!(l, error_password_too_short, min).to_string(),
        PasswordError::TooLong { max } => td_string!(l, error_password_too_long, max).to_string(),
        PasswordError::Common => td_string!(l, error_password_common).to_string(),
    }
}

fn title_error(l: Locale, e: &TaskTitleError) -> String {
    match e {
        TaskTitleError::Empty => td_string!(l, error_title_empty).into(),
        TaskTitleError::TooLong { max } => td_string!(l, error_title_too_long, max).to_string(),
        TaskTitleError::ControlCharacter => td_string!(l, error_title_character).into(),
    }
}

fn task_field_error(l: Locale, e: &TaskFieldError) -> String {
    match e {
        TaskFieldError::Title(e) => title_error(l, e),
        TaskFieldError::Notes(_) => td_string!(l, error_notes).into(),
        TaskFieldError::Due(_) => td_string!(l, error_due).into(),
        TaskFieldError::Priority(_) => td_string!(l, error_priority).into(),
        TaskFieldError::List => td_string!(l, error_list).into(),
        TaskFieldError::Recurrence(_) => td_string!(l, error_recurrence).into(),
        TaskFieldError::Reminder(_) => td_string!(l, error_task_reminder).into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_carry_their_numbers_in_both_languages() {
        let wait = AppError::TooManyAttempts {
            retry_after_secs: 61,
        };
        assert_eq!(
            error(Locale::ru, &wait),
            "Слишком много попыток входа. Попробуйте снова через 2 мин."
        );
        assert_eq!(
            error(Locale::en, &wait),
            "Too many sign-in attempts. Try again in 2 min."
        );
    }

    #[test]
    fn an_internal_failure_says_nothing_of_its_cause() {
        assert_eq!(
            error(Locale::en, &AppError::Internal),
            "Something broke on the server. Try again."
        );
    }
}
