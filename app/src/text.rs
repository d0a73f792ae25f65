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
