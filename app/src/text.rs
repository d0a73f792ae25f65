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
pub const SAVE: &str = "Сохранить";
pub const DETAILS: &str = "Подробнее";
pub const TITLE: &str = "Название";
pub const NOTES: &str = "Заметки";
pub const DUE_DATE: &str = "Дата";
pub const DUE_TIME: &str = "Время";
pub const PRIORITY: &str = "Приоритет";
pub const LIST: &str = "Список";
pub const INBOX: &str = "Входящие";
pub const REPEAT: &str = "Повторять";
pub const NO_REPEAT: &str = "Не повторять";
pub const DELETE: &str = "Удалить";
pub const UNDO: &str = "Вернуть";
pub const OVERDUE: &str = "просрочено";
pub const MOVE_UP: &str = "Выше";
pub const MOVE_DOWN: &str = "Ниже";
pub const CLOSE: &str = "Закрыть";
/// Priority levels 1 (most urgent) to 4, as the picker names them.
pub const PRIORITIES: [(u8, &str); 4] = [
    (1, "1 — срочно"),
    (2, "2 — важно"),
    (3, "3 — средне"),
    (4, "4 — обычно"),
];
/// The repetition rules the details form offers, in the rule's own text.
pub const REPEAT_CHOICES: [&str; 10] = [
    "daily",
    "weekly mon",
    "weekly tue",
    "weekly wed",
    "weekly thu",
    "weekly fri",
    "weekly sat",
    "weekly sun",
    "monthly",
    "yearly",
];

pub const TODAY: &str = "Сегодня";
pub const UPCOMING: &str = "Скоро";
pub const LISTS: &str = "Списки";
pub const COMPLETED: &str = "Выполненные";
pub const LATER: &str = "Позже";
pub const NEW_LIST: &str = "Новый список";
pub const CREATE_LIST: &str = "Создать";
pub const RENAME_LIST: &str = "Переименовать список";
pub const DELETE_LIST: &str = "Удалить список";
pub const DELETE_LIST_NOTE: &str = "Задачи списка перейдут во «Входящие».";
pub const NO_LISTS: &str = "Списков пока нет. Создайте первый — например, «Школа» или «Кружки».";
pub const NAVIGATION: &str = "Разделы";
pub const LIST_SETTINGS: &str = "Переименовать или удалить список";

/// A view's name, as the navigation and headings say it.
pub fn view_name(view: &crate::views::View, lists: &[crate::domain::TaskList]) -> String {
    use crate::views::View;
    match view {
        View::Today => TODAY.into(),
        View::Upcoming => UPCOMING.into(),
        View::Inbox => INBOX.into(),
        View::Completed => COMPLETED.into(),
        View::List(id) => lists
            .iter()
            .find(|list| list.id == *id)
            .map_or_else(|| LIST.into(), |list| list.name.as_str().to_owned()),
    }
}

/// What an empty view says: something friendly, and what to do next.
pub fn empty_view(view: &crate::views::View) -> &'static str {
    use crate::views::View;
    match view {
        View::Today => "На сегодня всё сделано. Можно отдохнуть — или добавить задачу на завтра.",
        View::Upcoming => {
            "В ближайшие дни ничего не запланировано. Напишите, например, «Реферат в пятницу»."
        }
        View::Inbox => "Во «Входящих» пусто. Сюда попадают задачи без даты и списка.",
        View::List(_) => "В этом списке пока нет задач.",
        View::Completed => "Здесь появятся выполненные задачи. Отметьте первую кружком слева.",
    }
}

/// Where a task just added went, when it is not in the view shown.
pub fn added_to(title: &str) -> String {
    format!("«{title}» добавлена в раздел")
}

/// A day's heading in Upcoming: «Завтра, пт, 4 декабря».
pub fn day_heading(date: chrono::NaiveDate, today: chrono::NaiveDate) -> String {
    match (date - today).num_days() {
        1 => format!("Завтра · {}", date_words_long(date, today)),
        2 => format!("Послезавтра · {}", date_words_long(date, today)),
        _ => date_words_long(date, today),
    }
}

fn date_words_long(date: chrono::NaiveDate, today: chrono::NaiveDate) -> String {
    let words = calendar_words(date, today);
    let mut chars = words.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The line under the undo bar: which task went away.
pub fn deleted(title: &str) -> String {
    format!("«{title}» удалена")
}

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
    let mut parts = Vec::new();
    if let Some(due) = read.due {
        parts.push(due_words(due, today));
    }
    if let Some(rule) = &read.recurrence {
        parts.push(recurrence(rule));
    }
    if read.priority.level() < 4 {
        parts.push(format!("приоритет {}", read.priority.level()));
    }
    if let Some(list) = &read.list {
        parts.push(format!("#{list}"));
    }
    (!parts.is_empty()).then(|| format!("Понято: {}", parts.join(" · ")))
}

/// When a task is due, as the person says it: «завтра · 18:00»,
/// «пт, 12 мая», «вчера».
pub fn due_words(due: crate::domain::Due, today: chrono::NaiveDate) -> String {
    let day = date_words(due.date, today);
    match due.time {
        Some(time) => format!("{day} · {}", time.format("%H:%M")),
        None => day,
    }
}

/// A date near today by its name, further away by weekday and date (with
/// the year when it is not this one).
pub fn date_words(date: chrono::NaiveDate, today: chrono::NaiveDate) -> String {
    match (date - today).num_days() {
        -1 => "вчера".to_owned(),
        0 => "сегодня".to_owned(),
        1 => "завтра".to_owned(),
        2 => "послезавтра".to_owned(),
        _ => calendar_words(date, today),
    }
}

/// «пт, 12 мая», with the year when it is not today's.
fn calendar_words(date: chrono::NaiveDate, today: chrono::NaiveDate) -> String {
    use chrono::Datelike;
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
    let weekday = WEEKDAYS[date.weekday().num_days_from_monday() as usize];
    let month = MONTHS[date.month0() as usize];
    let year = (date.year() != today.year()).then(|| format!(" {}", date.year()));
    format!(
        "{weekday}, {} {month}{}",
        date.day(),
        year.unwrap_or_default()
    )
}

/// A repetition rule in words: «каждый день», «каждую среду»,
/// «по пн, чт», «каждые 3 дня».
pub fn recurrence(rule: &crate::domain::Recurrence) -> String {
    use crate::domain::Recurrence;
    const EVERY: [&str; 7] = [
        "каждый понедельник",
        "каждый вторник",
        "каждую среду",
        "каждый четверг",
        "каждую пятницу",
        "каждую субботу",
        "каждое воскресенье",
    ];
    const SHORT: [&str; 7] = ["пн", "вт", "ср", "чт", "пт", "сб", "вс"];
    match rule {
        Recurrence::EveryDays(1) => "каждый день".to_owned(),
        Recurrence::EveryDays(n) => {
            let n = usize::from(*n);
            match russian_plural(n) {
                Plural::One => format!("каждый {n} день"),
                Plural::Few => format!("каждые {n} дня"),
                Plural::Many => format!("каждые {n} дней"),
            }
        }
        Recurrence::Weekly(days) => match days.as_slice() {
            [day] => EVERY[day.num_days_from_monday() as usize].to_owned(),
            days => {
                let names: Vec<&str> = days
                    .iter()
                    .map(|d| SHORT[d.num_days_from_monday() as usize])
                    .collect();
                format!("по {}", names.join(", "))
            }
        },
        Recurrence::Monthly => "каждый месяц".to_owned(),
        Recurrence::Yearly => "каждый год".to_owned(),
    }
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
        AppError::InvalidView(_) => "Такого раздела нет.".into(),
        AppError::InvalidTimeZone(_) => "Не удалось понять часовой пояс.".into(),
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
            Some("Понято: пн, 7 сентября · каждый понедельник")
        );
    }

    #[test]
    fn repetition_is_said_the_way_people_say_it() {
        use crate::domain::Recurrence;
        let rule = |text: &str| recurrence(&Recurrence::parse(text).unwrap());
        assert_eq!(rule("daily"), "каждый день");
        assert_eq!(rule("weekly mon"), "каждый понедельник");
        assert_eq!(rule("weekly wed"), "каждую среду");
        assert_eq!(rule("weekly sun"), "каждое воскресенье");
        assert_eq!(rule("weekly mon,thu"), "по пн, чт");
        assert_eq!(rule("every 3 days"), "каждые 3 дня");
        assert_eq!(rule("every 5 days"), "каждые 5 дней");
        assert_eq!(rule("every 21 days"), "каждый 21 день");
        assert_eq!(rule("monthly"), "каждый месяц");
    }

    #[test]
    fn dates_near_today_have_names_and_the_rest_a_weekday() {
        let today = chrono::NaiveDate::from_ymd_opt(2026, 12, 30).unwrap();
        let day = |y, m, d| chrono::NaiveDate::from_ymd_opt(y, m, d).unwrap();
        assert_eq!(date_words(day(2026, 12, 29), today), "вчера");
        assert_eq!(date_words(day(2026, 12, 31), today), "завтра");
        assert_eq!(date_words(day(2027, 1, 1), today), "послезавтра");
        assert_eq!(date_words(day(2027, 1, 4), today), "пн, 4 января 2027");
        assert_eq!(date_words(day(2026, 12, 1), today), "вт, 1 декабря");
    }

    #[test]
    fn the_bar_in_english_says_change_or_changes() {
        assert_eq!(pending_changes_en(1), "1 change waiting for the network");
        assert_eq!(pending_changes_en(2), "2 changes waiting for the network");
        assert_eq!(pending_changes_en(21), "21 changes waiting for the network");
    }
}
