//! Which tables hold a person's data, and the column saying whose; read
//! against the migrations, so a new table must be placed on one side.

/// The tables holding a person's data, each with its owner column (the
/// column the data would be distributed by, docs/scaling.md).
pub const OWNED: [(&str, &str); 10] = [
    ("users", "id"),
    ("sessions", "user_id"),
    ("tasks", "user_id"),
    ("lists", "user_id"),
    ("steps", "user_id"),
    ("idempotency_keys", "user_id"),
    ("calendar_feeds", "user_id"),
    ("push_subscriptions", "user_id"),
    ("reminder_deliveries", "user_id"),
    ("timetable_entries", "user_id"),
];

/// Tables that hold no person's data, and why.
const NOT_OWNED: [(&str, &str); 2] = [
    (
        "failed_sign_ins",
        "attempts on a name, counted before any account is known",
    ),
    (
        "server_keys",
        "the server's own keys (the device cookies' HMAC key)",
    ),
];

/// The owner column of `table`, if it holds a person's data.
pub fn owner(table: &str) -> Option<&'static str> {
    OWNED
        .iter()
        .find(|(name, _)| *name == table)
        .map(|(_, owner)| *owner)
}

#[test]
fn every_table_of_the_migrations_is_either_owned_or_said_to_hold_no_ones_data() {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../migrations/postgres");
    let mut tables = Vec::new();
    for file in std::fs::read_dir(folder).expect("the migrations") {
        let sql = std::fs::read_to_string(file.expect("a migration").path()).expect("readable");
        for created in sql.split("CREATE TABLE ").skip(1) {
            let (name, rest) = created.split_once(' ').expect("a table's name");
            let columns = rest.split(");").next().unwrap_or_default();
            tables.push((name.to_owned(), columns.contains("user_id")));
        }
    }
    assert!(!tables.is_empty(), "no CREATE TABLE read in {folder}");
    for (table, has_user_id) in tables {
        match (
            owner(&table),
            NOT_OWNED.iter().any(|(name, _)| *name == table),
        ) {
            (Some(column), false) => assert!(
                has_user_id || table == "users",
                "{table} is listed as owned by {column}, but has no user_id"
            ),
            (None, true) => assert!(!has_user_id, "{table} has a user_id: list it in OWNED"),
            _ => panic!("{table}: place it in OWNED or NOT_OWNED (tables.rs)"),
        }
    }
}
