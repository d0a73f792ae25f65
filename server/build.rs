//! Builds the server again when a migration is added or changed:
//! `sqlx::migrate!` embeds the migrations at compile time, and cargo does
//! not watch that folder by itself (a server built without a new migration
//! reads columns its database does not have).
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
