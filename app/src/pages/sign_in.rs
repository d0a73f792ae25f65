//! `/signin`.

use crate::api::SignIn;
use crate::components::{CredentialsFields, ErrorLine, PasswordPurpose};
use crate::text;
use leptos::prelude::*;

#[component]
pub fn SignInPage() -> impl IntoView {
    let action = ServerAction::<SignIn>::new();
    let error = Signal::derive(move || action.value().get().and_then(Result::err));

    view! {
        <main class="narrow auth">
            <h1>{text::APP_NAME}</h1>
            <ActionForm action>
                <CredentialsFields purpose=PasswordPurpose::SignIn/>
                <ErrorLine error/>
                <button type="submit" class="primary">{text::SIGN_IN}</button>
            </ActionForm>
            <p>{text::NO_ACCOUNT} " " <a href="/signup">{text::SIGN_UP}</a></p>
        </main>
    }
}
