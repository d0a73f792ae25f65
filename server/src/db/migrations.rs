//! Each backend's migrations, embedded in the binary (build.rs lists the
//! folders) and handed to sqlx's migrator, which applies the missing ones
//! in order, under its lock, and refuses a database whose applied
//! migrations were edited since (their checksums differ).

use futures::future::BoxFuture;
use sqlx::error::BoxDynError;
use sqlx::migrate::{MigrateError, Migration, MigrationSource, MigrationType, Migrator};
use std::borrow::Cow;

/// One backend's migrations: (version, description, SQL), by version.
#[derive(Debug)]
pub struct Embedded(&'static [(i64, &'static str, &'static str)]);

pub const SQLITE: Embedded = Embedded(include!(concat!(env!("OUT_DIR"), "/migrations_sqlite.rs")));
pub const POSTGRES: Embedded = Embedded(include!(concat!(
    env!("OUT_DIR"),
    "/migrations_postgres.rs"
)));

impl Embedded {
    /// Applies what the database lacks.
    pub async fn run<'c, A>(self, connection: A) -> Result<(), MigrateError>
    where
        A: sqlx::Acquire<'c>,
        <A::Connection as std::ops::Deref>::Target: sqlx::migrate::Migrate,
    {
        Migrator::new(self).await?.run(connection).await
    }
}

impl MigrationSource<'static> for Embedded {
    fn resolve(self) -> BoxFuture<'static, Result<Vec<Migration>, BoxDynError>> {
        Box::pin(async move {
            Ok(self
                .0
                .iter()
                .map(|&(version, description, sql)| {
                    Migration::new(
                        version,
                        Cow::Borrowed(description),
                        MigrationType::Simple,
                        Cow::Borrowed(sql),
                        // As sqlx reads a migration that must run outside
                        // a transaction (none of ours, so far).
                        sql.starts_with("-- no-transaction"),
                    )
                })
                .collect())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// What a migration is to sqlx's checks: a database refuses a binary
    /// whose migration of the same version has another checksum.
    fn as_applied(migrator: &Migrator) -> Vec<(i64, String, Vec<u8>, bool)> {
        migrator
            .iter()
            .map(|m| {
                (
                    m.version,
                    m.description.to_string(),
                    m.checksum.to_vec(),
                    m.no_tx,
                )
            })
            .collect()
    }

    #[tokio::test]
    async fn the_embedded_migrations_are_the_folders_as_sqlx_reads_them_so_databases_migrated_before_still_open(
    ) {
        for (embedded, backend) in [(SQLITE, "sqlite"), (POSTGRES, "postgres")] {
            let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../migrations")
                .join(backend);
            let read_by_sqlx = Migrator::new(folder).await.unwrap();
            let embedded = Migrator::new(embedded).await.unwrap();
            assert_eq!(
                as_applied(&embedded),
                as_applied(&read_by_sqlx),
                "{backend}"
            );
            assert!(
                embedded.iter().count() >= 18,
                "{backend}: every migration embedded"
            );
        }
    }
}
