//! One page per route.

mod lists_page;
mod not_found;
mod paste_page;
mod planner_page;
mod require_account;
mod search_page;
mod settings_page;
mod sign_in;
mod sign_up;
mod timetable_page;

pub use lists_page::ListsPage;
pub use not_found::NotFound;
pub use paste_page::PastePage;
pub use planner_page::{ListPage, PlannerPage};
pub use require_account::{forget_known_account, provide_known_account};
use require_account::{require_account, require_account_reading};
pub use search_page::SearchPage;
pub use settings_page::SettingsPage;
pub use sign_in::SignInPage;
pub use sign_up::SignUpPage;
pub use timetable_page::TimetablePage;
