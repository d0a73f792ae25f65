//! Every word the interface shows, in one place. Russian is the default
//! language of Tetrad; the translation layer with English arrives with the
//! planner views, and it replaces this module's functions one for one.

use crate::domain::{PasswordError, TaskFieldError, TaskTitleError, UsernameError};
use crate::error::AppError;

pub const APP_NAME: &str = "Тетрадь";
pub const SIGN_IN: &str = "Войти";
pub const SIGN_UP: &str = "Создать аккаунт";
pub const SIGN_OUT: &str = "Выйти";
pub const USERNAME: &str = "Имя или e-mail";
pub const PASSWORD: &str = "Пароль";
pub const NO_ACCOUNT: &str = "Нет аккаунта?";
pub const HAVE_ACCOUNT: &str = "Уже есть аккаунт?";
pub const QUICK_ADD_LABEL: &str = "Новая задача";
pub const QUICK_ADD_PLACEHOLDER: &str = "Что нужно сделать?";
pub const ADD: &str = "Добавить";
pub const NO_TASKS: &str = "Задач пока нет. Добавьте первую — например, «Алгебра, №245».";
pub const LOADING: &str = "Загрузка…";
pub const SENDING: &str = "отправляется…";
pub const TASKS: &str = "Задачи";
pub const MARK_DONE: &str = "Отметить выполненной";
pub const MARK_NOT_DONE: &str = "Вернуть в невыполненные";
pub const QUEUED: &str = "сохранится, когда появится сеть";
pub const NOT_SAVED: &str = "не сохранено";
pub const DISMISS: &str = "Понятно";
pub const RETRY: &str = "Повторить";
pub const DISCARD: &str = "Отменить изменение";
pub const RENAME: &str = "Переименовать";
pub const SAVE: &str = "Сохранить";

/// The outbox bar: how many changes wait for the network.
pub fn pending_changes(n: usize) -> String {
    let (noun, verb) = match russian_plural(n) {
        Plural::One => ("изменение", "ждёт"),
        Plural::Few => ("изменения", "ждут"),
        Plural::Many => ("изменений", "ждут"),
    };
    format!("{n} {noun} {verb} сети")
}

/// The same in English (the language switch arrives with the translation
/// layer; the rule is here, tested, so the bar can use it then).
pub fn pending_changes_en(n: usize) -> String {
    match n {
        1 => "1 change waiting for the network".into(),
        n => format!("{n} changes waiting for the network"),
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Plural {
    One,
    Few,
    Many,
}

/// Russian's three forms: 1, 21, 101 → one; 2–4, 22–24 → few; the rest
/// (0, 5–20, 11–14 in every hundred) → many.
fn russian_plural(n: usize) -> Plural {
    match (n % 10, n % 100) {
        (1, tens) if tens != 11 => Plural::One,
        (2..=4, tens) if !(12..=14).contains(&tens) => Plural::Few,
        _ => Plural::Many,
    }
}

/// What quick add understood, shown under the line before it is sent;
/// `None` when it found nothing but a title.
pub fn quick_add_preview(
    read: &crate::quick_add::QuickAdd,
    today: chrono::NaiveDate,
) -> Option<String> {
    use crate::domain::Recurrence;
    use chrono::Datelike;
    let mut parts = Vec::new();
    if let Some(due) = read.due {
        let days = (due.date - today).num_days();
        parts.push(match days {
            0 => "сегодня".to_owned(),
            1 => "завтра".to_owned(),
            2 => "послезавтра".to_owned(),
            _ => {
                const WEEKDAYS: [&str; 7] = ["пн", "вт", "ср", "чт", "пт", "сб", "вс"];
                const MONTHS: [&str; 12] = [
                    "января",
                    "февраля",
                    "марта",
                    "апреля",
                    "мая",
                    "июня",
                    "июля",
                    "августа",
                    "сентября",
                    "октября",
                    "ноября",
                    "декабря",
                ];
                let weekday = WEEKDAYS[due.date.weekday().num_days_from_monday() as usize];
                let month = MONTHS[due.date.month0() as usize];
                let year =
                    (due.date.year() != today.year()).then(|| format!(" {}", due.date.year()));
                format!(
                    "{weekday}, {} {month}{}",
                    due.date.day(),
                    year.unwrap_or_default()
                )
            }
        });
        if let Some(time) = due.time {
            parts.push(time.format("%H:%M").to_string());
        }
    }
    if let Some(rule) = &read.recurrence {
        parts.push(match rule {
            Recurrence::EveryDays(1) => "каждый день".to_owned(),
            Recurrence::EveryDays(n) => format!("каждые {n} дн."),
            Recurrence::Weekly(days) => {
                const ON: [&str; 7] = [
                    "по понедельникам",
                    "по вторникам",
                    "по средам",
                    "по четвергам",
                    "по пятницам",
                    "по субботам",
                    "по воскресеньям",
                ];
                let names: Vec<&str> = days
                    .iter()
                    .map(|d| ON[d.num_days_from_monday() as usize])
                    .collect();
                names.join(", ")
            }
            Recurrence::Monthly => "каждый месяц".to_owned(),
            Recurrence::Yearly => "каждый год".to_owned(),
        });
    }
    if read.priority.level() < 4 {
        parts.push(format!("приоритет {}", read.priority.level()));
    }
    if let Some(list) = &read.list {
        parts.push(format!("#{list}"));
    }
    (!parts.is_empty()).then(|| format!("Понято: {}", parts.join(" · ")))
}

/// A refused change whose answer Tetrad could not read.
pub fn refused_with_status(status: u16) -> String {
    format!("Сервер отклонил изменение (код {status}).")
}

/// What a failure in the outbox list says: which task, then why.
pub fn failed_change(title: Option<&str>, reason: &str) -> String {
    match title {
        Some(title) => format!("«{title}» не сохранено: {reason}"),
        None => format!("Изменение не сохранено: {reason}"),
    }
}

/// The characters left for a title, as shown under the quick-add field.
pub fn chars_left(left: i64) -> String {
    if left >= 0 {
        format!("Осталось символов: {left}")
    } else {
        format!("Слишком длинно на {}", -left)
    }
}

pub fn signed_in_as(name: &str) -> String {
    format!("Вы вошли как {name}")
}

/// What the person reads when something went wrong.
pub fn error(error: &AppError) -> String {
    match error {
        AppError::Unauthorized => "Войдите, чтобы продолжить.".into(),
        AppError::WrongCredentials => "Неверное имя или пароль.".into(),
        AppError::UsernameTaken => "Это имя уже занято. Выберите другое.".into(),
        AppError::TooManyAttempts { retry_after_secs } => format!(
            "Слишком много попыток входа. Попробуйте снова через {} мин.",
            retry_after_secs.div_ceil(60)
        ),
        AppError::InvalidUsername(e) => username_error(e),
        AppError::InvalidPassword(e) => password_error(e),
        AppError::InvalidTitle(e) => title_error(e),
        AppError::InvalidIdempotencyKey(_) => {
            "Запрос повреждён (нет ключа повтора). Обновите страницу.".into()
        }
        AppError::KeyReused => "Этот запрос уже использовался для другого изменения.".into(),
        AppError::KeyInProgress { .. } => "Изменение ещё сохраняется. Подождите немного.".into(),
        AppError::CrossSite => "Запрос пришёл с чужого сайта и отклонён.".into(),
        AppError::InvalidTask(e) => task_field_error(e),
        AppError::InvalidListName(_) => "Название списка: от 1 до 100 символов.".into(),
        AppError::TooMany { max } => format!("Слишком много за раз: не больше {max}."),
        AppError::ListNotFound => {
            "Список не найден: возможно, его удалили на другом устройстве.".into()
        }
        AppError::TaskNotFound => {
            "Задача не найдена: возможно, её удалили на другом устройстве.".into()
        }
        AppError::IdConflict => "Не удалось сохранить: такой идентификатор уже занят.".into(),
        AppError::AccountChanged => {
            "Вы вошли под другим аккаунтом в другой вкладке. Обновите страницу.".into()
        }
        AppError::Queued => "Сохранится, когда появится сеть.".into(),
        AppError::Internal => "На сервере что-то сломалось. Попробуйте ещё раз.".into(),
        AppError::Transport(_) => {
            "Нет ответа от сервера. Проверьте сеть и попробуйте ещё раз.".into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_uses_the_right_russian_form_for_every_count() {
        assert_eq!(pending_changes(1), "1 изменение ждёт сети");
        assert_eq!(pending_changes(3), "3 изменения ждут сети");
        assert_eq!(pending_changes(5), "5 изменений ждут сети");
        assert_eq!(pending_changes(11), "11 изменений ждут сети");
        assert_eq!(pending_changes(12), "12 изменений ждут сети");
        assert_eq!(pending_changes(21), "21 изменение ждёт сети");
        assert_eq!(pending_changes(22), "22 изменения ждут сети");
        assert_eq!(pending_changes(111), "111 изменений ждут сети");
        assert_eq!(pending_changes(104), "104 изменения ждут сети");
    }

    #[test]
    fn the_preview_says_what_quick_add_understood() {
        let today = chrono::NaiveDate::from_ymd_opt(2026, 9, 2).unwrap();
        let read = |line: &str| quick_add_preview(&crate::quick_add::parse(line, today), today);
        assert_eq!(read("Алгебра"), None);
        assert_eq!(
            read("Алгебра завтра в 18:00 !!").as_deref(),
            Some("Понято: завтра · 18:00 · приоритет 2")
        );
        assert_eq!(
            read("Зачёт 12 мая #Школа").as_deref(),
            Some("Понято: ср, 12 мая 2027 · #Школа")
        );
        assert_eq!(
            read("Музыка каждый понедельник").as_deref(),
            Some("Понято: пн, 7 сентября · по понедельникам")
        );
    }

    #[test]
    fn the_bar_in_english_says_change_or_changes() {
        assert_eq!(pending_changes_en(1), "1 change waiting for the network");
        assert_eq!(pending_changes_en(2), "2 changes waiting for the network");
        assert_eq!(pending_changes_en(21), "21 changes waiting for the network");
    }
}

fn username_error(e: &UsernameError) -> String {
    match e {
        UsernameError::TooShort { min } => format!("Имя должно быть не короче {min} символов."),
        UsernameError::TooLong { max } => format!("Имя должно быть не длиннее {max} символов."),
        UsernameError::BadCharacter => "В имени можно использовать буквы, цифры и . _ - @ +".into(),
    }
}

fn password_error(e: &PasswordError) -> String {
    match e {
        PasswordError::TooShort { min } => {
            format!("Пароль слишком короткий: нужно не меньше {min} символов.")
        }
        PasswordError::TooLong { max } => {
            format!("Пароль слишком длинный: не больше {max} символов.")
        }
    }
}

fn title_error(e: &TaskTitleError) -> String {
    match e {
        TaskTitleError::Empty => "Напишите, что нужно сделать.".into(),
        TaskTitleError::TooLong { max } => format!("Слишком длинно: не больше {max} символов."),
        TaskTitleError::ControlCharacter => "В названии есть недопустимые символы.".into(),
    }
}

fn task_field_error(e: &TaskFieldError) -> String {
    match e {
        TaskFieldError::Title(e) => title_error(e),
        TaskFieldError::Notes(_) => {
            "Заметка слишком длинная или содержит недопустимые символы.".into()
        }
        TaskFieldError::Due(_) => "Не удалось понять дату или время.".into(),
        TaskFieldError::Priority(_) => "Приоритет — число от 1 до 4.".into(),
        TaskFieldError::List => "Такого списка нет.".into(),
        TaskFieldError::Recurrence(_) => "Не удалось понять правило повторения.".into(),
    }
}
