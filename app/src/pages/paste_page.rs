//! `/paste`: homework pasted or shared to Tetrad, read into tasks.

use super::require_account;
use crate::components::{BottomNav, OutboxBar, PasteView, Planning, TopBar};
use crate::i18n::{t_string, use_i18n};
use crate::views::View;
use leptos::prelude::*;

#[component]
pub fn PastePage() -> impl IntoView {
    // The lists and the timetable (for the subjects' next lessons) come
    // with Today's read.
    require_account(View::Today, |account, first| {
        let i18n = use_i18n();
        let planning = Planning::provide_for(View::Today, account.id);
        planning.start(first);
        planning.reread_on(|| 0);
        view! {
            <TopBar title=Signal::derive(move || t_string!(i18n, paste).to_owned())/>
            <main class="narrow">
                <PasteView/>
            </main>
            <div class="bars">
                <OutboxBar/>
                <BottomNav/>
            </div>
        }
        .into_any()
    })
}
