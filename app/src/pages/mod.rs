//! One page per route.

mod home;
mod not_found;
mod sign_in;
mod sign_up;

pub use home::HomePage;
pub use not_found::NotFound;
pub use sign_in::SignInPage;
pub use sign_up::SignUpPage;
