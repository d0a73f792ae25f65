//! The rule on statements written by hand: it passes what the storage
//! writes and refuses each way a condition can be missing or hollow.

use super::recording::Sent;
use super::rule::unscoped;
use crate::db::sql::Value;
use uuid::Uuid;

const MASHA: Uuid = Uuid::from_u128(1);

/// Whether `sql`, with `args`, names Masha's account.
fn names_masha(sql: &str, args: Vec<Value>) -> bool {
    let sent = Sent {
        sql: sql.to_owned(),
        args,
    };
    unscoped(&sent, &[MASHA]).is_none()
}

fn masha() -> Value {
    Value::Uuid(Some(MASHA))
}

fn another_id() -> Value {
    Value::Uuid(Some(Uuid::from_u128(2)))
}

#[test]
fn a_read_by_id_and_owner_names_its_user_and_a_read_by_id_alone_does_not() {
    let by_owner = "SELECT title FROM tasks WHERE id = $1 AND user_id = $2 FOR UPDATE";
    assert!(names_masha(by_owner, vec![another_id(), masha()]));
    let by_id = "SELECT title FROM tasks WHERE id = $1";
    assert!(!names_masha(by_id, vec![another_id()]));
}

#[test]
fn the_owner_must_be_bound_to_an_account_not_to_any_value() {
    let sql = "UPDATE lists SET name = $1 WHERE id = $2 AND user_id = $3";
    assert!(!names_masha(
        sql,
        vec![Value::Text(None), masha(), another_id()]
    ));
}

#[test]
fn an_or_beside_the_owner_condition_makes_it_no_condition() {
    let sql = "DELETE FROM tasks WHERE user_id = $1 OR id = $2";
    assert!(!names_masha(sql, vec![masha(), another_id()]));
    let nested = "SELECT id FROM tasks WHERE user_id = $1 AND (due_date <= $2 OR id = $3)";
    assert!(names_masha(
        nested,
        vec![masha(), Value::Date(None), another_id()]
    ));
}

#[test]
fn a_joined_table_must_be_tied_to_the_owner_of_one_that_is_constrained() {
    let tied = "SELECT l.id FROM lists l LEFT JOIN tasks t ON t.list_id = l.id \
                AND t.user_id = l.user_id WHERE l.user_id = $1";
    assert!(names_masha(tied, vec![masha()]));
    let loose = "SELECT l.id FROM lists l LEFT JOIN tasks t ON t.list_id = l.id \
                 WHERE l.user_id = $1";
    assert!(!names_masha(loose, vec![masha()]));
}

#[test]
fn an_insert_must_write_the_owner_column() {
    let with_owner = "INSERT INTO lists (id, user_id, name) VALUES ($1, $2, $3)";
    assert!(names_masha(
        with_owner,
        vec![another_id(), masha(), Value::Text(None)]
    ));
    let without = "INSERT INTO lists (id, name) VALUES ($1, $2)";
    assert!(!names_masha(without, vec![another_id(), Value::Text(None)]));
}

#[test]
fn a_bare_owner_column_counts_only_when_one_table_is_named() {
    let two = "UPDATE tasks SET position = o.position FROM unnest($1::uuid[]) \
               WHERE tasks.id = o.id AND user_id = $2";
    assert!(!names_masha(two, vec![Value::Uuids(vec![]), masha()]));
}
