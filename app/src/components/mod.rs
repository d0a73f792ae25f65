//! Reusable pieces of the pages.

mod account_data;
mod bottom_nav;
mod calendar_feed;
mod checklist;
mod credentials_fields;
mod drag_handle;
mod error_line;
mod language_switch;
mod list_tools;
mod minted;
mod outbox_bar;
mod password_change;
mod planner;
mod planning;
mod quick_add;
#[cfg(feature = "hydrate")]
mod row_geometry;
mod search;
mod sign_out_button;
mod task_details;
mod task_item;
mod task_list;
mod top_bar;
mod undo_bar;

pub use account_data::AccountData;
pub use bottom_nav::BottomNav;
pub use calendar_feed::CalendarFeed;
pub use checklist::lazy_checklist;
pub use credentials_fields::{CredentialsFields, PasswordPurpose};
pub use drag_handle::DragHandle;
pub use error_line::{error_paragraph, ErrorLine};
pub use language_switch::LanguageSwitch;
pub use list_tools::ListTools;
pub use minted::{form_fields, MintedId, MintedKey};
pub use outbox_bar::OutboxBar;
pub use password_change::PasswordChange;
pub use planner::Planner;
pub use planning::{FirstRead, Planning};
pub use quick_add::QuickAdd;
pub use search::SearchBox;
pub use sign_out_button::SignOutButton;
pub use task_details::TaskDetails;
pub use task_list::TaskList;
pub use top_bar::TopBar;
pub use undo_bar::UndoBar;
