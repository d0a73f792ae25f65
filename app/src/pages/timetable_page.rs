//! `/timetable`: the week's lessons, the bells and the holidays, edited
//! offline like everything else.

use super::require_account;
use crate::components::{
    BellsEditor, BottomNav, HolidaysEditor, LessonsEditor, OutboxBar, Planning, SubjectsEditor,
    TopBar,
};
use crate::i18n::{t, t_string, use_i18n};
use crate::views::View;
use leptos::prelude::*;

#[component]
pub fn TimetablePage() -> impl IntoView {
    // The timetable and the lists come with any view's read; Today's is
    // the one this page is reached from.
    require_account(View::Today, |account, first| {
        let i18n = use_i18n();
        let planning = Planning::provide_for(View::Today, account.id);
        planning.start(first);
        planning.reread_on(|| 0);
        // Every control here saves itself through the outbox, which only
        // the hydrated page has: until then they are disabled, or a pick
        // made before the page's WASM chunk arrived would show as made and
        // be lost (an end-to-end test picked a lesson that early, and its
        // lesson never reached the server).
        let ready = RwSignal::new(false);
        Effect::new(move || ready.set(true));
        view! {
            <TopBar title=Signal::derive(move || t_string!(i18n, timetable).to_owned())/>
            <main class="narrow timetable">
                <p class="hint">{t!(i18n, timetable_about)}</p>
                <fieldset class="editors" disabled=move || !ready.get()>
                    <LessonsEditor/>
                    <SubjectsEditor/>
                    <BellsEditor/>
                    <HolidaysEditor/>
                </fieldset>
            </main>
            <div class="bars">
                <OutboxBar/>
                <BottomNav/>
            </div>
        }
        .into_any()
    })
}
