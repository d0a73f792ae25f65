//! `/signup`.

use crate::api::SignUp;
use crate::components::{CredentialsFields, ErrorLine, PasswordPurpose};
use crate::text;
use leptos::prelude::*;

#[component]
pub fn SignUpPage() -> impl IntoView {
    let action = ServerAction::<SignUp>::new();
    let error = Signal::derive(move || action.value().get().and_then(Result::err));

    view! {
        <main class="narrow auth">
            <h1>{text::SIGN_UP}</h1>
            <ActionForm action>
                <CredentialsFields purpose=PasswordPurpose::SignUp/>
                <ErrorLine error/>
                <button type="submit" class="primary">{text::SIGN_UP}</button>
            </ActionForm>
            <p>{text::HAVE_ACCOUNT} " " <a href="/signin">{text::SIGN_IN}</a></p>
        </main>
    }
}
