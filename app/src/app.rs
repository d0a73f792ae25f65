//! The document shell and the routes.

use crate::i18n::{t_string, use_i18n, I18nContextProvider};
use crate::pages::{
    provide_known_account, ListPage, ListsPage, NotFound, PastePage, PlannerPage, SearchPage,
    SettingsPage, SignInPage, SignUpPage, TimetablePage,
};
use crate::views::View;
use leptos::prelude::*;
use leptos_i18n::Locale as _;
use leptos_meta::{provide_meta_context, Html, Meta, Stylesheet, Title};
use leptos_router::components::{Route, Router, Routes};
use leptos_router::{lazy_route, path, Lazy, LazyRoute, SsrMode};

/// The HTML document around the app, rendered on the server only.
#[cfg(feature = "ssr")]
pub fn shell(options: LeptosOptions) -> impl IntoView {
    use leptos_meta::MetaTags;
    crate::ssr::page_policy::record();
    view! {
        <!DOCTYPE html>
        <html>
            <head>
                <meta charset="utf-8"/>
                <meta name="viewport" content="width=device-width, initial-scale=1"/>
                <meta name="theme-color" content="#3b5bdb"/>
                <link rel="manifest" href="/manifest.webmanifest"/>
                <link rel="icon" type="image/png" sizes="192x192" href="/icons/icon-192.png"/>
                <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/>
                <meta name="apple-mobile-web-app-capable" content="yes"/>
                <meta name="mobile-web-app-capable" content="yes"/>
                <meta name="apple-mobile-web-app-title" content="Тетрадь"/>
                <AutoReload options=options.clone()/>
                <HydrationScripts options/>
                <MetaTags/>
            </head>
            <body>
                <App/>
            </body>
        </html>
    }
}

#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    // One outbox for the life of the page: its worker connection and
    // timers outlive any one view.
    crate::outbox::provide_outbox();
    provide_known_account();
    mark_hydrated();
    // Made before the provider, which then uses it (ssr/language.rs).
    #[cfg(feature = "ssr")]
    crate::ssr::language::provide_language();

    view! {
        // The language: the person's choice (a cookie), else the browser's
        // (Accept-Language), else Russian. `Pages` sets `<html lang>`.
        <I18nContextProvider set_lang_attr_on_html=false set_dir_attr_on_html=false>
            <Pages/>
        </I18nContextProvider>
    }
}

/// The title, the description and the routes, in the person's language.
#[component]
fn Pages() -> impl IntoView {
    let i18n = use_i18n();
    // On the server the head is written after the body, outside the
    // request's reactive arena: a value read then may be another request's,
    // or none (that panicked the render). So the server takes the head's
    // words now, as plain text; in the browser they follow the language
    // switch.
    #[cfg(feature = "ssr")]
    let (title, description, lang) = (
        t_string!(i18n, app_name).to_owned(),
        t_string!(i18n, app_description).to_owned(),
        i18n.get_locale_untracked().as_str(),
    );
    #[cfg(not(feature = "ssr"))]
    let (title, description, lang) = (
        move || t_string!(i18n, app_name),
        move || t_string!(i18n, app_description),
        move || i18n.get_locale().as_str(),
    );
    view! {
        <Stylesheet id="leptos" href="/pkg/tetrad.css"/>
        <Html attr:lang=lang/>
        <Title text=title/>
        <Meta name="description" content=description/>
        <Router>
            <Routes fallback=NotFound>
                // Rendered whole on the server (not streamed), so the page is
                // complete and its forms work before the WASM has loaded.
                <Route path=path!("/") view=|| view! { <PlannerPage view=View::Today/> } ssr=SsrMode::Async/>
                <Route path=path!("/upcoming") view=|| view! { <PlannerPage view=View::Upcoming/> } ssr=SsrMode::Async/>
                <Route path=path!("/inbox") view=|| view! { <PlannerPage view=View::Inbox/> } ssr=SsrMode::Async/>
                <Route path=path!("/completed") view=|| view! { <PlannerPage view=View::Completed/> } ssr=SsrMode::Async/>
                <Route path=path!("/lists") view={Lazy::<ListsRoute>::new()} ssr=SsrMode::Async/>
                <Route path=path!("/lists/:id") view=ListPage ssr=SsrMode::Async/>
                <Route path=path!("/search") view={Lazy::<SearchRoute>::new()} ssr=SsrMode::Async/>
                <Route path=path!("/settings") view={Lazy::<SettingsRoute>::new()} ssr=SsrMode::Async/>
                <Route path=path!("/paste") view={Lazy::<PasteRoute>::new()} ssr=SsrMode::Async/>
                <Route path=path!("/timetable") view={Lazy::<TimetableRoute>::new()} ssr=SsrMode::Async/>
                <Route path=path!("/signin") view={Lazy::<SignInRoute>::new()}/>
                <Route path=path!("/signup") view={Lazy::<SignUpRoute>::new()}/>
            </Routes>
        </Router>
    }
}

// The pages a student opens less often than the planner come in their own
// WASM chunks (`cargo leptos build --split`): Today's first load does not
// carry them. The browser fetches a chunk the first time its page is
// needed; the worker keeps every chunk, so they open offline too.

/// A route whose page is `$page`, in a WASM chunk of its own.
macro_rules! lazy_page {
    ($route:ident, $page:ident) => {
        struct $route;

        #[lazy_route]
        impl LazyRoute for $route {
            fn data() -> Self {
                Self
            }

            fn view(_this: Self) -> AnyView {
                view! { <$page/> }.into_any()
            }
        }
    };
}

lazy_page!(ListsRoute, ListsPage);
lazy_page!(SearchRoute, SearchPage);
lazy_page!(SettingsRoute, SettingsPage);
lazy_page!(TimetableRoute, TimetablePage);
lazy_page!(PasteRoute, PastePage);
lazy_page!(SignInRoute, SignInPage);
lazy_page!(SignUpRoute, SignUpPage);

/// Marks the document once the WASM has taken over the server-rendered page,
/// so tests (and curious people) can tell a hydrated page from a static one.
fn mark_hydrated() {
    Effect::new(|| {
        #[cfg(feature = "hydrate")]
        if let Some(body) = document().body() {
            let _ = body.set_attribute("data-hydrated", "true");
        }
    });
}
