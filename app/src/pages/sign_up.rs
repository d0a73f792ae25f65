//! `/signup`.

use crate::api::SignUp;
use crate::components::{CredentialsFields, ErrorLine, PasswordPurpose};
use crate::i18n::{t, use_i18n};
use leptos::prelude::*;

#[component]
pub fn SignUpPage() -> impl IntoView {
    let i18n = use_i18n();
    let action = ServerAction::<SignUp>::new();
    let error = Signal::derive(move || action.value().get().and_then(Result::err));

    view! {
        <main class="narrow auth">
            <h1>{t!(i18n, sign_up)}</h1>
            <ActionForm action>
                <CredentialsFields purpose=PasswordPurpose::SignUp/>
                <ErrorLine error/>
                <button type="submit" class="primary">{t!(i18n, sign_up)}</button>
            </ActionForm>
            <p>{t!(i18n, have_account)} " " <a href="/signin">{t!(i18n, sign_in)}</a></p>
        </main>
    }
}
