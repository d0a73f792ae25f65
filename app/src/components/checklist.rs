//! A task's checklist, inside its details: the steps of a homework
//! ("№245", "№247"), each ticked on its own, renamed in place, moved up or
//! down, deleted; and a line to add one at the end. Every change goes
//! through the outbox like any other (offline too) and shows at once.
//! Ticking the last step leaves the task open: the student decides.
//!
//! It comes in a WASM chunk of its own (`cargo leptos build --split`),
//! fetched the first time a task's details open: most visits to Today open
//! none, so Today's first load does not carry it. The worker keeps every
//! chunk, so it opens offline too. It has no form that works before the
//! WASM (each change goes through the outbox), so the server draws none.

use crate::api::{CreateStep, EditStep, ReorderSteps, SetStepDeleted};
use crate::domain::{Step, StepId, StepTitle, Task};
use crate::i18n::{t, t_string, use_i18n};
use crate::outbox::use_outbox;
use leptos::prelude::*;

/// The checklist of `task`, from the first time `opened` is true on.
pub fn lazy_checklist(task: Signal<Task>, opened: Signal<bool>) -> impl IntoView {
    move || opened.get().then(|| Suspend::new(checklist_chunk(task)))
}

/// The checklist's own chunk: calling this the first time fetches it.
#[lazy]
fn checklist_chunk(task: Signal<Task>) -> AnyView {
    view! { <Checklist task/> }.into_any()
}

#[component]
fn Checklist(task: Signal<Task>) -> impl IntoView {
    let i18n = use_i18n();
    let outbox = use_outbox();
    let task_id = task.with_untracked(|t| t.id);
    let steps = Memo::new(move |_| {
        task.with(|t| {
            t.steps
                .iter()
                .filter(|step| step.deleted_at.is_none())
                .cloned()
                .collect::<Vec<Step>>()
        })
    });
    let ids = move || steps.with(|all| all.iter().map(|s| s.id).collect::<Vec<_>>());
    let new_step = NodeRef::<leptos::html::Input>::new();
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(input) = new_step.get_untracked() else {
            return;
        };
        let Ok(title) = StepTitle::parse(&input.value()) else {
            return;
        };
        input.set_value("");
        outbox.send(|at| CreateStep {
            id: StepId::new(),
            task_id,
            title: title.as_str().to_owned(),
            at: Some(at),
        });
    };
    let row = move |id: StepId| {
        let step = Memo::new(move |_| steps.with(|all| all.iter().find(|s| s.id == id).cloned()));
        let done = move || step.with(|s| s.as_ref().is_some_and(|s| s.done));
        let title = move || step.with(|s| s.as_ref().map(|s| s.title.as_str().to_owned()));
        let tick = move |_| {
            let done = !done();
            outbox.send(|at| EditStep {
                id,
                title: None,
                done: Some(done),
                at: Some(at),
            });
        };
        let rename = move |ev: leptos::ev::Event| {
            let typed = event_target_value(&ev);
            match StepTitle::parse(&typed) {
                Ok(new) if Some(new.as_str().to_owned()) != title() => outbox.send(|at| EditStep {
                    id,
                    title: Some(new.as_str().to_owned()),
                    done: None,
                    at: Some(at),
                }),
                _ => {}
            }
        };
        let shift = move |by: isize| {
            let mut order = ids();
            let Some(from) = order.iter().position(|other| *other == id) else {
                return;
            };
            let to = from as isize + by;
            if to < 0 || to as usize >= order.len() {
                return;
            }
            order.swap(from, to as usize);
            outbox.send(|at| ReorderSteps {
                task_id,
                ids: order,
                at: Some(at),
            });
        };
        let delete = move |_| {
            outbox.send(|at| SetStepDeleted {
                id,
                deleted: true,
                at: Some(at),
            })
        };
        view! {
            <li class="step" data-step-id=id.to_string() class:done=done>
                <input
                    type="checkbox"
                    prop:checked=done
                    on:change=tick
                    aria-label=move || t_string!(i18n, step_done)
                />
                <input
                    class="step-title"
                    maxlength=StepTitle::MAX_CHARS
                    prop:value=title
                    on:change=rename
                    aria-label=move || t_string!(i18n, step_title)
                />
                <button type="button" class="move" on:click=move |_| shift(-1) aria-label=move || t_string!(i18n, step_up)>"↑"</button>
                <button type="button" class="move" on:click=move |_| shift(1) aria-label=move || t_string!(i18n, step_down)>"↓"</button>
                <button type="button" class="move" on:click=delete aria-label=move || t_string!(i18n, step_delete)>"✕"</button>
            </li>
        }
    };
    view! {
        <section class="checklist">
            <h3>{t!(i18n, steps)}</h3>
            <ul class="steps">
                <For each=ids key=|id| *id children=row/>
            </ul>
            <form class="add-step" on:submit=add>
                <input node_ref=new_step name="step" maxlength=StepTitle::MAX_CHARS placeholder=move || t_string!(i18n, add_step) aria-label=move || t_string!(i18n, add_step)/>
                <button type="submit" class="move">"+"</button>
            </form>
        </section>
    }
}
