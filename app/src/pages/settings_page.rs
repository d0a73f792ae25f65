//! `/settings`: the interface's language, the account and its reminders.

use super::require_account;
use crate::components::{
    AccountData, BottomNav, CalendarFeed, DeviceReminders, LanguageSwitch, OutboxBar,
    PasswordChange, Planning, ReminderSettingsForm, SignOutButton, TopBar,
};
use crate::i18n::{tu_string, use_i18n};
use crate::text;
use crate::views::View;
use leptos::prelude::*;

#[component]
pub fn SettingsPage() -> impl IntoView {
    // The navigation's counts come with a view's read, as on /lists.
    require_account(View::Completed, |account, first| {
        let i18n = use_i18n();
        let planning = Planning::provide_for(View::Completed, account.id);
        planning.start(first);
        // Opened from the phone's kept copy (the network slow to answer),
        // the reminder settings are read again: the copy may be older than
        // the last save.
        planning.reread_on(|| 0);
        // Drawn anew when the language changes (the switch is here): the
        // bars, like every component outside this page, read their words
        // once (components/language_switch.rs).
        let page = move || {
            let who = text::signed_in_as(i18n.get_locale(), &account.username);
            view! {
            <TopBar title=Signal::stored(tu_string!(i18n, settings).to_owned())/>
            <main class="narrow settings">
                <section>
                    <h2>{tu_string!(i18n, language)}</h2>
                    <LanguageSwitch/>
                </section>
                <section>
                    <h2>{tu_string!(i18n, account)}</h2>
                    <p class="who">{who}</p>
                    <SignOutButton/>
                </section>
                <section>
                    <h2>{tu_string!(i18n, password)}</h2>
                    <PasswordChange/>
                </section>
                <section class="reminders">
                    <h2>{tu_string!(i18n, reminders)}</h2>
                    <h3>{tu_string!(i18n, device_reminders)}</h3>
                    <DeviceReminders/>
                    <ReminderSettingsForm/>
                </section>
                <section class="calendar-feed">
                    <h2>{tu_string!(i18n, calendar)}</h2>
                    <CalendarFeed/>
                </section>
                // Last: deleting the account is at the bottom of its section.
                <section>
                    <h2>{tu_string!(i18n, your_data)}</h2>
                    <AccountData/>
                </section>
            </main>
            <div class="bars">
                <OutboxBar/>
                <BottomNav elsewhere=true/>
            </div>
            }
        };
        page.into_any()
    })
}
