//! Why a change cannot apply to what is stored: the server answers with it
//! (as an `AppError`), and the overlay draws nothing for it.

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the task is not there (deleted on another device?)")]
    TaskNotFound,
    #[error("the step is not there (deleted on another device?)")]
    StepNotFound,
    #[error("the list is not there (deleted on another device?)")]
    ListNotFound,
    #[error("a checklist holds at most {max} steps")]
    TooManySteps { max: usize },
}
