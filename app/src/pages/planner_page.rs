//! The planner's views (`/`, `/upcoming`, `/inbox`, `/completed`,
//! `/lists/<id>`) for the signed-in student; everyone else is sent to sign
//! in.

use super::require_account;
use crate::components::Planner;
use crate::views::View;
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

#[component]
pub fn PlannerPage(view: View) -> impl IntoView {
    require_account(view, move |account, first| {
        view! { <Planner account view first/> }.into_any()
    })
}

/// `/lists/<id>`: a list's view; an id that is not one is a 404.
#[component]
pub fn ListPage() -> impl IntoView {
    let params = use_params_map();
    let id = params.with_untracked(|p| p.get("id").and_then(|id| id.parse().ok()));
    match id {
        Some(id) => view! { <PlannerPage view=View::List(id)/> }.into_any(),
        None => view! { <super::NotFound/> }.into_any(),
    }
}
