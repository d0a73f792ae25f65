//! The browser entry point: take over the server-rendered page.

#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    console_error_panic_hook::set_once();
    // Lazy: a page whose code is in its own chunk is hydrated once the
    // chunk has come.
    leptos::mount::hydrate_lazy(app::App);
}
