//! `/signin`.

use crate::api::SignIn;
use crate::components::{CredentialsFields, ErrorLine, PasswordPurpose};
use crate::i18n::{t, use_i18n};
use leptos::prelude::*;

#[component]
pub fn SignInPage() -> impl IntoView {
    let i18n = use_i18n();
    let action = ServerAction::<SignIn>::new();
    let error = Signal::derive(move || action.value().get().and_then(Result::err));

    view! {
        <main class="narrow auth">
            <h1>{t!(i18n, app_name)}</h1>
            <ActionForm action>
                <CredentialsFields purpose=PasswordPurpose::SignIn/>
                <ErrorLine error/>
                <button type="submit" class="primary">{t!(i18n, sign_in)}</button>
            </ActionForm>
            <p>{t!(i18n, no_account)} " " <a href="/signup">{t!(i18n, sign_up)}</a></p>
        </main>
    }
}
