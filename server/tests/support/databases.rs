//! Each test gets a database of its own: a file in a temporary folder for
//! SQLite, a freshly created database on the local server for PostgreSQL.
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
    _dir: Option<tempfile::TempDir>,
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
                let dir = tempfile::tempdir().expect("a temporary folder");
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
    use sqlx::Connection;
    let admin = format!("{}/postgres", postgres_admin_url());
    let mut connection = sqlx::PgConnection::connect(&admin).await.unwrap_or_else(|error| {
        panic!(
            "PostgreSQL is not reachable at {admin}: {error}.\n\
             Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start"
        )
    });
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut connection)
        .await
        .expect("create a test database");
}
