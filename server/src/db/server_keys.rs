//! The server's own keys (`server_keys`): made once, by whichever instance
//! asks first, and read by every other.

use super::sql::{required, Columns, Sql, Statement};
use app::ssr::storage::StorageError;

/// The key called `name`, stored as `fresh` if there was none yet.
pub async fn server_key(
    db: &mut impl Sql,
    name: &str,
    fresh: &[u8],
) -> Result<Vec<u8>, StorageError> {
    db.execute(
        Statement::new(
            "INSERT INTO server_keys (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .bind(fresh),
    )
    .await?;
    let row = db
        .fetch_one(Statement::new("SELECT secret FROM server_keys WHERE name = $1").bind(name))
        .await?;
    required(row.bytes("secret")?, "secret")
}
