//! The handle a task is dragged by to another place in its run
//! (views/runs.rs), with a mouse or a finger: Pointer Events, so both take
//! one path. The handle captures the pointer, so the moves and the drop
//! come to it even when the finger leaves it. Only the handle has
//! `touch-action: none` (style/main.css): a finger anywhere else on the
//! row scrolls the page as ever.
//!
//! The drop sends the run's new order as one change through the outbox
//! (shown at once, kept while offline); dropped where it started, nothing
//! is sent. The handle is hidden from screen readers and takes no focus:
//! the details' Up and Down do the same by keyboard.

use crate::domain::TaskId;
use leptos::prelude::*;

#[component]
pub fn DragHandle(id: TaskId) -> impl IntoView {
    // The drag's state holds the page's elements, which stay on the thread
    // that made them; the server renders on any of its threads and has no
    // pointer to follow. So the server draws the bare handle, and the
    // browser the same handle with its drag.
    #[cfg(feature = "hydrate")]
    {
        browser::draggable(id)
    }
    #[cfg(not(feature = "hydrate"))]
    {
        use crate::i18n::{tu_string, use_i18n};
        let _ = id;
        let i18n = use_i18n();
        view! { <span class="handle" aria-hidden="true" title=tu_string!(i18n, drag_to_move)></span> }
    }
}

#[cfg(feature = "hydrate")]
mod browser {
    use crate::components::planning::{use_planning, Planning};
    use crate::components::row_geometry::Rows;
    use crate::domain::TaskId;
    use crate::i18n::{tu_string, use_i18n};
    use crate::views::{landing, moved};
    use leptos::ev::PointerEvent;
    use leptos::prelude::*;
    use leptos::wasm_bindgen::JsCast;
    use leptos::web_sys::Element;

    /// A drag under way, from the pointer going down on the handle until it
    /// goes up (a drop) or the browser takes it back (a cancel).
    struct Drag {
        pointer: i32,
        /// Where the pointer went down, from the top of the page.
        start: i32,
        /// The run as it was when the drag began: what the person sees moving.
        run: Vec<TaskId>,
        rows: Rows,
        middles: Vec<i32>,
        from: usize,
        to: usize,
    }

    /// The handle, with the drag's state and its pointer handlers.
    pub fn draggable(id: TaskId) -> impl IntoView {
        let i18n = use_i18n();
        let planning = use_planning();
        let drag = StoredValue::new_local(None::<Drag>);
        let down = move |ev: PointerEvent| {
            // A second finger does not take over the drag under way.
            if drag.with_value(Option::is_none) {
                drag.set_value(lift(&ev, id, planning));
            }
        };
        let drop = move |ev: PointerEvent| {
            if let Some(done) = end(&ev, drag) {
                if let Some(ids) = moved(&done.run, id, done.to) {
                    planning.reorder(ids);
                }
            }
        };
        let cancel = move |ev: PointerEvent| {
            end(&ev, drag);
        };
        view! {
            <span
                class="handle"
                aria-hidden="true"
                title=tu_string!(i18n, drag_to_move)
                on:pointerdown=down
                on:pointermove=move |ev| drag.update_value(|drag| follow(&ev, drag))
                on:pointerup=drop
                on:pointercancel=cancel
                on:lostpointercapture=cancel
            ></span>
        }
    }

    /// Starts a drag of task `id` if this pointer may start one: the primary
    /// pointer (the first finger, the left button), on a task with a run.
    fn lift(ev: &PointerEvent, id: TaskId, planning: Planning) -> Option<Drag> {
        if !ev.is_primary() || ev.button() != 0 {
            return None;
        }
        let handle = ev.current_target()?.dyn_into::<Element>().ok()?;
        let run = planning.run_of(id);
        let from = run.iter().position(|other| *other == id)?;
        let rows = Rows::measure(&handle, &run)?;
        // No text selected, no page moved by this pointer while it drags.
        ev.prevent_default();
        let _ = handle.set_pointer_capture(ev.pointer_id());
        rows.draw(from, from, 0);
        Some(Drag {
            pointer: ev.pointer_id(),
            start: ev.page_y(),
            run,
            middles: rows.middles(),
            rows,
            from,
            to: from,
        })
    }

    /// The lifted row follows the pointer; the others open its landing place.
    fn follow(ev: &PointerEvent, drag: &mut Option<Drag>) {
        let Some(drag) = drag.as_mut().filter(|drag| drag.pointer == ev.pointer_id()) else {
            return;
        };
        let dy = ev.page_y() - drag.start;
        let middle = drag.middles.get(drag.from).copied().unwrap_or_default() + dy;
        drag.to = landing(&drag.middles, drag.from, middle);
        drag.rows.draw(drag.from, drag.to, dy);
    }

    /// Ends this pointer's drag, if it has one: the rows are drawn as Leptos
    /// drew them again, and the drag is returned to say where it landed.
    fn end(ev: &PointerEvent, drag: StoredValue<Option<Drag>, LocalStorage>) -> Option<Drag> {
        let done = drag
            .try_update_value(|drag| drag.take_if(|drag| drag.pointer == ev.pointer_id()))
            .flatten()?;
        done.rows.settle();
        Some(done)
    }
}
