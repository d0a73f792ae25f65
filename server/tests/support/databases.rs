//! Each test gets a database of its own: a file in a temporary folder for
//! SQLite, a database on the local server for PostgreSQL, copied from a
//! template already migrated (made once per set of migrations, and shared
//! by every test and run since), so a test does not migrate its own.
//!
//! PostgreSQL tests never skip: if the server is not reachable they fail,
//! saying how to start it.

use server::db::DatabaseUrl;
use uuid::Uuid;

#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub struct TestDatabase {
    pub url: DatabaseUrl,
    // Kept alive so the SQLite file outlives the test body.
    _dir: Option<super::temp_dir::TempDir>,
    postgres_name: Option<String>,
}

impl Drop for TestDatabase {
    /// Drops the test's PostgreSQL database, so runs do not pile them up.
    fn drop(&mut self) {
        let Some(name) = self.postgres_name.take() else {
            return;
        };
        // Drop cannot be async; a short-lived thread with its own runtime can.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async {
                use sqlx::Connection;
                let admin = format!("{}/postgres", postgres_admin_url());
                if let Ok(mut connection) = sqlx::PgConnection::connect(&admin).await {
                    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                        .execute(&mut connection)
                        .await;
                }
            })
        });
        let _ = dropped.join();
    }
}

/// The PostgreSQL server the tests use (`TETRAD_TEST_POSTGRES`, by default
/// the local one with trust authentication).
pub fn postgres_admin_url() -> String {
    std::env::var("TETRAD_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into())
}

impl TestDatabase {
    pub async fn new(backend: Backend) -> Self {
        match backend {
            Backend::Sqlite => {
                let dir = super::temp_dir::TempDir::new();
                let url = format!("sqlite://{}", dir.path().join("tetrad.db").display());
                Self {
                    url: DatabaseUrl::parse(&url).unwrap(),
                    _dir: Some(dir),
                    postgres_name: None,
                }
            }
            Backend::Postgres => {
                let name = format!("tetrad_test_{}", Uuid::new_v4().simple());
                create_postgres_database(&name).await;
                let url = format!("{}/{name}", postgres_admin_url());
                Self {
                    url: DatabaseUrl::parse(&url).unwrap(),
                    _dir: None,
                    postgres_name: Some(name),
                }
            }
        }
    }
}

async fn create_postgres_database(name: &str) {
    let template = TEMPLATE.get_or_init(migrated_template).await;
    let mut connection = admin_connection().await;
    sqlx::query(&format!("CREATE DATABASE {name} TEMPLATE {template}"))
        .execute(&mut connection)
        .await
        .expect("create a test database from the migrated template");
}

/// The migrated template of this test binary's run.
static TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();

/// The name of the template for the migrations as they are now (a hash of
/// their files), made and migrated if no run made it before. It is built
/// under a name of its own and renamed when complete, so a run that finds
/// it finds it whole; two runs building at once keep the first.
async fn migrated_template() -> String {
    use sha2::{Digest, Sha256};
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../migrations/postgres");
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .expect("the migrations")
        .map(|entry| entry.expect("a migration").path())
        .collect();
    files.sort();
    let mut hash = Sha256::new();
    for file in files {
        hash.update(std::fs::read(file).expect("a readable migration"));
    }
    let digest: String = hash.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let template = format!("tetrad_template_{digest}");

    let mut connection = admin_connection().await;
    if exists(&mut connection, &template).await {
        return template;
    }
    let building = format!("tetrad_building_{}", Uuid::new_v4().simple());
    sqlx::query(&format!("CREATE DATABASE {building}"))
        .execute(&mut connection)
        .await
        .expect("create the template");
    let url = DatabaseUrl::parse(&format!("{}/{building}", postgres_admin_url())).unwrap();
    drop(
        server::db::connect(&url)
            .await
            .expect("the template migrates"),
    );
    // The server's pool may still hold connections: a template must have none.
    sqlx::query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1")
        .bind(&building)
        .execute(&mut connection)
        .await
        .expect("the template's connections closed");
    let renamed = sqlx::query(&format!("ALTER DATABASE {building} RENAME TO {template}"))
        .execute(&mut connection)
        .await;
    if renamed.is_err() {
        // Another run finished its template first: use that one.
        let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {building} WITH (FORCE)"))
            .execute(&mut connection)
            .await;
    }
    template
}

async fn exists(connection: &mut sqlx::PgConnection, database: &str) -> bool {
    sqlx::query("SELECT 1 FROM pg_database WHERE datname = $1")
        .bind(database)
        .fetch_optional(connection)
        .await
        .expect("pg_database read")
        .is_some()
}

async fn admin_connection() -> sqlx::PgConnection {
    use sqlx::Connection;
    let admin = format!("{}/postgres", postgres_admin_url());
    sqlx::PgConnection::connect(&admin).await.unwrap_or_else(|error| {
        panic!(
            "PostgreSQL is not reachable at {admin}: {error}.\n\
             Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start"
        )
    })
}
