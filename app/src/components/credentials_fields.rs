//! The name and password fields of the sign-in and sign-up forms.

use crate::domain::Username;
use crate::i18n::{t, use_i18n};
use leptos::prelude::*;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PasswordPurpose {
    SignIn,
    SignUp,
}

#[component]
pub fn CredentialsFields(purpose: PasswordPurpose) -> impl IntoView {
    let i18n = use_i18n();
    // Password managers key on these hints to offer or save passwords.
    let password_autocomplete = match purpose {
        PasswordPurpose::SignIn => "current-password",
        PasswordPurpose::SignUp => "new-password",
    };
    view! {
        <label>
            <span>{t!(i18n, username)}</span>
            <input
                name="username"
                autocomplete="username"
                autocapitalize="none"
                maxlength=Username::MAX_CHARS
                required
            />
        </label>
        <label>
            <span>{t!(i18n, password)}</span>
            <input type="password" name="password" autocomplete=password_autocomplete required/>
        </label>
    }
}
