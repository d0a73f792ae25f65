//! Where the rows of a run are on the page, and how they are drawn while
//! one of them is dragged: the lifted row follows the pointer, and the rows
//! it passes step aside, opening the gap where it will land.
//!
//! Positions are the rows' layout offsets, measured once when the drag
//! begins and compared with the pointer's page coordinate, so scrolling
//! during a drag (a mouse wheel) changes nothing. Only each row's `style`
//! and a `data-drag` mark are touched, never the rows themselves (Leptos
//! owns them), and `settle` takes them all off again.

use crate::domain::TaskId;
use leptos::wasm_bindgen::JsCast;
use leptos::web_sys::{Element, HtmlElement};

/// How long the rows stepping aside take, so the gap opens smoothly.
const STEP_ASIDE: &str = "transition:transform .15s ease";

pub struct Rows {
    list: Element,
    rows: Vec<HtmlElement>,
    /// Each row's top and height, in pixels from the page's layout.
    tops: Vec<i32>,
    heights: Vec<i32>,
    /// The space between two rows.
    gap: i32,
}

impl Rows {
    /// The rows of `run`, in the list the `handle` is in, as they are laid
    /// out now; `None` if one of them is not on the page.
    pub fn measure(handle: &Element, run: &[TaskId]) -> Option<Self> {
        let list = handle.closest("ul").ok()??;
        let rows = run
            .iter()
            .map(|id| {
                let row = list
                    .query_selector(&format!("[data-task-id=\"{id}\"]"))
                    .ok()??;
                row.dyn_into::<HtmlElement>().ok()
            })
            .collect::<Option<Vec<_>>>()?;
        let tops: Vec<i32> = rows.iter().map(HtmlElement::offset_top).collect();
        let heights: Vec<i32> = rows.iter().map(HtmlElement::offset_height).collect();
        let gap = match (tops.as_slice(), heights.first()) {
            ([first, second, ..], Some(height)) => second - first - height,
            _ => 0,
        };
        Some(Self {
            list,
            rows,
            tops,
            heights,
            gap,
        })
    }

    /// Each row's middle, top to bottom.
    pub fn middles(&self) -> Vec<i32> {
        self.tops
            .iter()
            .zip(&self.heights)
            .map(|(top, height)| top + height / 2)
            .collect()
    }

    /// Draws the row at `from` moved by `dy` pixels, and the rows between
    /// it and `to` moved by one place towards where it came from.
    pub fn draw(&self, from: usize, to: usize, dy: i32) {
        let _ = self.list.set_attribute("data-dragging", "");
        // One place: the dragged row's height and the space between rows.
        let place = self.heights.get(from).copied().unwrap_or(0) + self.gap;
        for (at, row) in self.rows.iter().enumerate() {
            let (shift, style) = if at == from {
                let _ = row.set_attribute("data-drag", "lifted");
                (dy, "")
            } else if from < at && at <= to {
                (-place, STEP_ASIDE)
            } else if to <= at && at < from {
                (place, STEP_ASIDE)
            } else {
                (0, STEP_ASIDE)
            };
            let style = format!("transform:translateY({shift}px);{style}");
            let _ = row.set_attribute("style", &style);
        }
    }

    /// Every row back as Leptos drew it.
    pub fn settle(&self) {
        let _ = self.list.remove_attribute("data-dragging");
        for row in &self.rows {
            let _ = row.remove_attribute("style");
            let _ = row.remove_attribute("data-drag");
        }
    }
}
