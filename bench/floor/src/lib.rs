//! The floor for Today's first load (issue 27, point 7): what a WASM module
//! weighs when it holds only what Today's taps need and no Leptos. The
//! shared change types and their `apply`, the outbox's ledger, the request
//! a change is sent as, and the few DOM calls that draw a tap: patch a
//! row's `aria-pressed` and `data-sync`, add a row from a template the
//! server wrote into the page. `scripts/floor.sh` builds it the way the
//! release WASM is built and prints its size; nothing serves it.

use app::api::wire::IntoChange;
use app::api::SetCompleted;
use app::domain::{Task, TaskId};
use app::outbox::{Answer, Effects, Entry, Ledger, Snapshot};
use chrono::{DateTime, Utc};
use server_fn::ServerFn;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[derive(Default)]
struct Page {
    ledger: Ledger,
    tasks: Vec<Task>,
}

thread_local! {
    static PAGE: RefCell<Page> = RefCell::new(Page::default());
}

fn moment(millis: f64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(millis as i64).unwrap_or_default()
}

/// The tasks the server wrote into the page (JSON), taken as known.
#[wasm_bindgen]
pub fn start(tasks: &str) -> bool {
    match serde_json::from_str::<Vec<Task>>(tasks) {
        Ok(tasks) => PAGE.with_borrow_mut(|page| page.tasks = tasks),
        Err(_) => return false,
    }
    true
}

/// A tap on a task's circle: the change is made once, drawn at once and
/// sent.
#[wasm_bindgen]
pub fn tap(id: &str, completed: bool, now: f64) {
    let Ok(id) = id.parse::<TaskId>() else {
        return;
    };
    let at = moment(now);
    let args = SetCompleted {
        id,
        completed,
        at: Some(at),
    };
    let Some(change) = args.clone().into_change(at).ok() else {
        return;
    };
    let Ok(body) = serde_qs::to_string(&args) else {
        return;
    };
    let entry =
        Entry::new(SetCompleted::PATH, body, at).with_change(at, Some(change.clone().into()));
    let effects = PAGE.with_borrow_mut(|page| {
        if let Some(task) = page.tasks.iter_mut().find(|task| task.id == id) {
            if let Ok(applied) = change.apply(Some(task.clone()), at) {
                *task = applied.task;
            }
        }
        page.ledger.send(entry)
    });
    draw_row(&id.to_string(), completed, "sending");
    carry_out(effects);
}

/// The worker's news (its JSON message).
#[wasm_bindgen]
pub fn news(message: &str, now: f64) {
    if let Some(news) = Snapshot::from_json(message) {
        PAGE.with_borrow_mut(|page| page.ledger.receive(news, now as i64));
    }
}

/// A saved task from elsewhere (JSON), drawn as a new row.
#[wasm_bindgen]
pub fn add_row(task: &str) -> bool {
    let Ok(task) = serde_json::from_str::<Task>(task) else {
        return false;
    };
    let drawn = row_from_template(&task).is_some();
    PAGE.with_borrow_mut(|page| page.tasks.push(task));
    drawn
}

fn carry_out(effects: Effects) {
    for entry in effects.post {
        wasm_bindgen_futures::spawn_local(async move {
            let answer = post(&entry).await;
            let effects = PAGE.with_borrow_mut(|page| {
                page.ledger
                    .answered(&entry.key, answer, js_sys::Date::now() as i64)
            });
            if let Some((_, task)) = &effects.saved {
                draw_row(&task.id.to_string(), task.completed_at.is_some(), "saved");
            }
        });
    }
}

async fn post(entry: &Entry) -> Answer {
    let Some(window) = web_sys::window() else {
        return Answer::NoAnswer;
    };
    let Ok(headers) = web_sys::Headers::new() else {
        return Answer::NoAnswer;
    };
    let _ = headers.set("Content-Type", "application/x-www-form-urlencoded");
    let _ = headers.set(app::protocol::KEY_HEADER, &entry.key);
    let init = web_sys::RequestInit::new();
    init.set_method("POST");
    init.set_headers(&headers);
    init.set_body(&JsValue::from_str(&entry.body));
    init.set_credentials(web_sys::RequestCredentials::SameOrigin);
    let fetched =
        wasm_bindgen_futures::JsFuture::from(window.fetch_with_str_and_init(&entry.url, &init))
            .await;
    let Some(response) = fetched
        .ok()
        .and_then(|r| r.dyn_into::<web_sys::Response>().ok())
    else {
        return Answer::NoAnswer;
    };
    let status = response.status();
    let text = match response.text() {
        Ok(promise) => wasm_bindgen_futures::JsFuture::from(promise)
            .await
            .ok()
            .and_then(|text| text.as_string())
            .unwrap_or_default(),
        Err(_) => String::new(),
    };
    match status {
        200..=299 => Answer::Saved(text),
        _ => Answer::Refused { status, body: text },
    }
}

fn document() -> Option<web_sys::Document> {
    web_sys::window()?.document()
}

/// Patches a row where it stands: its circle's state and its sync mark.
fn draw_row(id: &str, completed: bool, sync: &str) {
    let Some(document) = document() else { return };
    let selector = format!("li[data-task-id=\"{id}\"]");
    let Ok(Some(row)) = document.query_selector(&selector) else {
        return;
    };
    let _ = row.set_attribute("data-sync", sync);
    let _ = row.class_list().toggle_with_force("done", completed);
    if let Ok(Some(circle)) = row.query_selector(".circle") {
        let _ = circle.set_attribute("aria-pressed", if completed { "true" } else { "false" });
    }
}

/// Adds a row: a copy of the row template the server wrote into the page,
/// with the task's id and title.
fn row_from_template(task: &Task) -> Option<()> {
    let document = document()?;
    let template = document
        .get_element_by_id("task-row")?
        .dyn_into::<web_sys::HtmlTemplateElement>()
        .ok()?;
    let row = template
        .content()
        .first_element_child()?
        .clone_node_with_deep(true)
        .ok()?
        .dyn_into::<web_sys::Element>()
        .ok()?;
    row.set_attribute("data-task-id", &task.id.to_string())
        .ok()?;
    row.query_selector(".title")
        .ok()??
        .set_text_content(Some(&task.title.to_string()));
    document
        .query_selector("ul.tasks")
        .ok()??
        .append_child(&row)
        .ok()?;
    Some(())
}
