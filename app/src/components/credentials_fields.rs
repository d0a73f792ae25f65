//! The name and password fields of the sign-in and sign-up forms.

use crate::domain::Username;
use crate::text;
use leptos::prelude::*;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PasswordPurpose {
    SignIn,
    SignUp,
}

#[component]
pub fn CredentialsFields(purpose: PasswordPurpose) -> impl IntoView {
    // Password managers key on these hints to offer or save passwords.
    let password_autocomplete = match purpose {
        PasswordPurpose::SignIn => "current-password",
        PasswordPurpose::SignUp => "new-password",
    };
    view! {
        <label>
            <span>{text::USERNAME}</span>
            <input
                name="username"
                autocomplete="username"
                autocapitalize="none"
                maxlength=Username::MAX_CHARS
                required
            />
        </label>
        <label>
            <span>{text::PASSWORD}</span>
            <input type="password" name="password" autocomplete=password_autocomplete required/>
        </label>
    }
}
