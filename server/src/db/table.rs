//! Each table's columns, described once. The statements that read or write
//! a whole row are made from the description, and a row's values are bound
//! in its order (`rows::bind_task_fields`, `steps::bind_step_fields`), so
//! a column added to a table is added in one place here.

use std::fmt;

pub struct Table {
    pub name: &'static str,
    /// The row it belongs to, written once with it (a step's task).
    pub parent: Option<&'static str>,
    /// Read back and written, in the order their values are bound.
    pub fields: &'static [&'static str],
    /// Written with the row, never read back (what it is searched by).
    pub derived: &'static [&'static str],
}

/// The columns a whole row is read from: `SELECT {columns} FROM …`.
pub struct ColumnList(&'static Table);

impl Table {
    pub const fn columns(&'static self) -> ColumnList {
        ColumnList(self)
    }

    /// Inserts one of the user's rows unless its id exists: `$1` its id,
    /// `$2` its owner, then its parent, its fields and what is derived.
    pub fn insert(&self) -> String {
        let columns: Vec<&str> = ["id", "user_id"]
            .into_iter()
            .chain(self.parent)
            .chain(self.written())
            .collect();
        let values: Vec<String> = (1..=columns.len()).map(|n| format!("${n}")).collect();
        format!(
            "INSERT INTO {} ({}) VALUES ({}) ON CONFLICT (id) DO NOTHING",
            self.name,
            columns.join(", "),
            values.join(", ")
        )
    }

    /// Writes every field of one of the user's rows: `$1` its id, `$2` its
    /// owner, then its fields and what is derived (its parent stays).
    pub fn update(&self) -> String {
        let set: Vec<String> = self
            .written()
            .enumerate()
            .map(|(n, column)| format!("{column} = ${}", n + 3))
            .collect();
        format!(
            "UPDATE {} SET {} WHERE id = $1 AND user_id = $2",
            self.name,
            set.join(", ")
        )
    }

    fn written(&self) -> impl Iterator<Item = &'static str> {
        self.fields.iter().chain(self.derived).copied()
    }
}

impl fmt::Display for ColumnList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("id")?;
        for column in self.0.parent.iter().chain(self.0.fields) {
            write!(f, ", {column}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static STEPS: Table = Table {
        name: "steps",
        parent: Some("task_id"),
        fields: &["title", "done"],
        derived: &["search_text"],
    };

    #[test]
    fn a_row_is_read_by_its_id_parent_and_fields_not_by_what_is_derived() {
        assert_eq!(STEPS.columns().to_string(), "id, task_id, title, done");
    }

    #[test]
    fn an_insert_binds_the_id_owner_parent_fields_then_what_is_derived() {
        assert_eq!(
            STEPS.insert(),
            "INSERT INTO steps (id, user_id, task_id, title, done, search_text) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING"
        );
    }

    #[test]
    fn an_update_keeps_the_parent_and_writes_the_rest_of_the_user_s_row() {
        assert_eq!(
            STEPS.update(),
            "UPDATE steps SET title = $3, done = $4, search_text = $5 \
             WHERE id = $1 AND user_id = $2"
        );
    }
}
