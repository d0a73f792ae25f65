//! cargo-leptos asks every project for a server binary; the floor has none
//! (scripts/floor.sh builds its browser side only), so this is never built.
fn main() {}
