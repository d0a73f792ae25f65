//! What "names its user" means for one statement, read from its SQL text.
//!
//! Every table holding a person's data that the statement reads or changes
//! must be constrained by its owner column (`tables::OWNED`): `owner = $n`
//! with `$n` bound to an account's id, or `owner = other.owner` where that
//! other table is constrained so; either as a condition of a WHERE or ON
//! clause that no top-level OR weakens. An insert must write the owner
//! column. The storage writes SQL keywords in capitals and names in lower
//! case, which is what lets this read it without a parser.

use super::recording::Sent;
use super::tables;
use crate::db::sql::Value;
use uuid::Uuid;

/// Why the statement does not name its user, if it does not.
pub fn unscoped(sent: &Sent, accounts: &[Uuid]) -> Option<String> {
    let tokens = tokens(&sent.sql);
    let read = Read {
        sent,
        accounts,
        tables_named: tokens
            .windows(2)
            .filter(|pair| NAMES_A_TABLE.contains(&pair[0].as_str()) && pair[1] != "(")
            .count(),
        owned: references(&tokens),
        equalities: equalities(&tokens),
    };
    read.owned.iter().find_map(|r| read.problem(r))
}

/// A statement as the rule reads it.
struct Read<'t> {
    sent: &'t Sent,
    accounts: &'t [Uuid],
    tables_named: usize,
    owned: Vec<Reference<'t>>,
    equalities: Vec<(&'t str, &'t str)>,
}

impl Read<'_> {
    fn problem(&self, r: &Reference) -> Option<String> {
        match &r.inserted_columns {
            Some(columns) if columns.contains(&r.owner) => None,
            Some(_) => Some(format!("inserts into `{}` without `{}`", r.name, r.owner)),
            None if self.bound_to_an_account(r) || self.tied_to_another(r) => None,
            None => Some(format!(
                "`{}` is not constrained by its `{}` equal to an account's id",
                r.name, r.owner
            )),
        }
    }

    /// `owner = $n`, `$n` bound to an account's id.
    fn bound_to_an_account(&self, r: &Reference) -> bool {
        self.owner_equals(r)
            .any(|other_side| self.is_account(other_side))
    }

    /// `owner = other.owner`, the other table bound to an account.
    fn tied_to_another(&self, r: &Reference) -> bool {
        self.owner_equals(r).any(|other_side| {
            self.owned.iter().any(|other| {
                other.name != r.name
                    && format!("{}.{}", other.name, other.owner) == other_side
                    && self.bound_to_an_account(other)
            })
        })
    }

    /// What the conditions set the table's owner column equal to.
    fn owner_equals<'a>(&'a self, r: &Reference) -> impl Iterator<Item = &'a str> + 'a {
        let qualified = format!("{}.{}", r.name, r.owner);
        // A bare `user_id` is unambiguous only when one table is named.
        let bare = (self.tables_named == 1).then_some(r.owner);
        self.equalities
            .iter()
            .filter(move |(a, _)| *a == qualified || Some(*a) == bare)
            .map(|(_, b)| *b)
    }

    fn is_account(&self, side: &str) -> bool {
        let bound = side
            .strip_prefix('$')
            .and_then(|n| n.parse::<usize>().ok())
            .and_then(|n| self.sent.args.get(n.checked_sub(1)?));
        matches!(bound, Some(Value::Uuid(Some(id))) if self.accounts.contains(id))
    }
}

const NAMES_A_TABLE: [&str; 4] = ["FROM", "JOIN", "UPDATE", "INTO"];
const ENDS_CLAUSE: [&str; 9] = [
    "WHERE",
    "ON",
    "JOIN",
    "LEFT",
    "GROUP",
    "ORDER",
    "LIMIT",
    "FOR",
    "RETURNING",
];

/// A table holding a person's data, as the statement names it.
struct Reference<'t> {
    /// Its alias, else its name.
    name: &'t str,
    owner: &'static str,
    /// For an insert: the columns it writes.
    inserted_columns: Option<Vec<&'t str>>,
}

fn references(tokens: &[String]) -> Vec<Reference<'_>> {
    let mut found = Vec::new();
    for (i, keyword) in tokens.iter().enumerate() {
        if !NAMES_A_TABLE.contains(&keyword.as_str()) {
            continue;
        }
        let Some(table) = tokens.get(i + 1) else {
            continue;
        };
        let Some(owner) = tables::owner(table) else {
            continue;
        };
        let name = match tokens.get(i + 2) {
            Some(alias) if is_lower_case_name(alias) => alias,
            _ => table,
        };
        let inserted_columns = (keyword == "INTO").then(|| {
            tokens
                .iter()
                .skip(i + 3)
                .take_while(|token| *token != ")")
                .map(String::as_str)
                .collect()
        });
        found.push(Reference {
            name,
            owner,
            inserted_columns,
        });
    }
    found
}

/// Every `a = b` (both ways round) that a WHERE or ON clause requires: its
/// top-level conjuncts, none from a clause with a top-level OR.
fn equalities(tokens: &[String]) -> Vec<(&str, &str)> {
    let mut found = Vec::new();
    for (i, keyword) in tokens.iter().enumerate() {
        let on_conflict = tokens.get(i + 1).is_some_and(|next| next == "CONFLICT");
        if keyword != "WHERE" && (keyword != "ON" || on_conflict) {
            continue;
        }
        for conjunct in conjuncts(&tokens[i + 1..]).unwrap_or_default() {
            if let [a, "=", b] = conjunct[..] {
                found.extend([(a, b), (b, a)]);
            }
        }
    }
    found
}

/// A clause's top-level conjuncts, each as its tokens; `None` when a
/// top-level OR makes none of them required.
fn conjuncts(clause: &[String]) -> Option<Vec<Vec<&str>>> {
    let mut conjuncts = vec![Vec::new()];
    let mut depth = 0_usize;
    for token in clause {
        let top = depth == 0;
        match token.as_str() {
            ")" if top => break,
            end if top && ENDS_CLAUSE.contains(&end) => break,
            "OR" if top => return None,
            "AND" if top => {
                conjuncts.push(Vec::new());
                continue;
            }
            "(" => depth += 1,
            ")" => depth -= 1,
            _ => {}
        }
        conjuncts.last_mut()?.push(token.as_str());
    }
    Some(conjuncts)
}

/// The SQL's words, with brackets, commas and comparison signs apart.
fn tokens(sql: &str) -> Vec<String> {
    let mut spaced = String::with_capacity(sql.len() * 2);
    for c in sql.chars() {
        if "(),=<>!".contains(c) {
            spaced.extend([' ', c, ' ']);
        } else {
            spaced.push(c);
        }
    }
    spaced.split_whitespace().map(str::to_owned).collect()
}

fn is_lower_case_name(token: &str) -> bool {
    !token.is_empty() && token.chars().all(|c| c.is_ascii_lowercase() || c == '_')
}
