//! Reusable pieces of the pages.

mod credentials_fields;
mod error_line;
mod outbox_bar;
mod planner;
mod quick_add;
mod rename_form;
mod sign_out_button;
mod task_item;
mod task_list;

pub use credentials_fields::{CredentialsFields, PasswordPurpose};
pub use error_line::ErrorLine;
pub use outbox_bar::OutboxBar;
pub use planner::Planner;
pub use quick_add::QuickAdd;
pub use rename_form::RenameForm;
pub use sign_out_button::SignOutButton;
pub use task_item::TaskItem;
pub use task_list::TaskList;
