//! Backups of the SQLite database: taken while a student writes, each one
//! the database at one instant; restored, the same state.

use crate::support::{Backend, Student, TempDir};
use app::domain::{SearchQuery, Task, UserId, Username};
use app::ssr::storage::Storage;
use server::db::backup::{self, BackupError};
use server::db::{connect, DatabaseUrl};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

fn sqlite_at(file: &Path) -> DatabaseUrl {
    DatabaseUrl::parse(&format!("sqlite://{}", file.display())).unwrap()
}

async fn masha(storage: &dyn Storage) -> UserId {
    let name = Username::parse("masha").unwrap();
    storage
        .find_credentials(&name)
        .await
        .unwrap()
        .expect("masha's account")
        .user_id
}

/// The keys a database file holds (a task added under a key is recorded
/// with it, in one transaction).
async fn keys_in(file: &Path) -> i64 {
    let url = format!("sqlite://{}", file.display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let keys = sqlx::query_scalar("SELECT COUNT(*) FROM idempotency_keys")
        .fetch_one(&pool)
        .await
        .unwrap();
    pool.close().await;
    keys
}

/// A copy's tasks and keys, opened as the server would open it.
async fn contents(file: &Path) -> (Vec<Task>, i64) {
    let copy: Arc<dyn Storage> = connect(&sqlite_at(file)).await.unwrap();
    let tasks = copy.list_tasks(masha(&*copy).await).await.unwrap();
    (tasks, keys_in(file).await)
}

#[tokio::test]
async fn backups_taken_while_a_student_writes_hold_each_task_with_its_key() {
    let s = Student::new(Backend::Sqlite).await;
    let dir = TempDir::new();
    let writing = AtomicBool::new(true);
    let writes = async {
        for i in 0..60 {
            let id = Uuid::now_v7().to_string();
            let title = format!("Задача {i}");
            s.done("/api/tasks/add", &[("id", &id), ("quick_add", &title)])
                .await;
        }
        writing.store(false, Ordering::SeqCst);
    };
    // Backups one after another for as long as the student writes.
    let backups = async {
        let mut files = Vec::new();
        while writing.load(Ordering::SeqCst) {
            let file = dir.path().join(format!("during-{}.db", files.len()));
            backup::backup(s.app.database_url(), &file).await.unwrap();
            files.push(file);
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        files
    };
    let ((), files) = tokio::join!(writes, backups);

    let now = s.tasks().await;
    assert_eq!(now.len(), 60);
    let mut taken_mid_way = 0;
    for file in &files {
        let (tasks, keys) = contents(file).await;
        assert!(
            tasks.iter().all(|task| now.contains(task)),
            "{file:?}: every task whole, as the server has it"
        );
        assert_eq!(
            keys,
            tasks.len() as i64,
            "{file:?}: a task and its key together"
        );
        if (1..60).contains(&tasks.len()) {
            taken_mid_way += 1;
        }
    }
    assert!(taken_mid_way > 0, "no backup was taken while writes ran");
}

#[tokio::test]
async fn a_restored_backup_is_the_state_it_was_taken_from() {
    let s = Student::new(Backend::Sqlite).await;
    for title in ["Алгебра", "Физика §12", "Гитара"] {
        let id = Uuid::now_v7().to_string();
        s.done("/api/tasks/add", &[("id", &id), ("quick_add", title)])
            .await;
    }
    let dir = TempDir::new();
    let file = dir.path().join("tetrad-backup.db");
    backup::backup(s.app.database_url(), &file).await.unwrap();

    let elsewhere = dir.path().join("restored.db");
    backup::restore(&file, &sqlite_at(&elsewhere))
        .await
        .unwrap();
    let (tasks, keys) = contents(&elsewhere).await;
    assert_eq!(tasks, s.tasks().await);
    assert_eq!(keys, 3);
    // Search finds each task by its own words (the copy's index is rebuilt
    // for rowids the copy may have numbered anew).
    let restored = connect(&sqlite_at(&elsewhere)).await.unwrap();
    let user = masha(&*restored).await;
    for task in &tasks {
        let query = SearchQuery::parse(task.title.as_str()).unwrap();
        let found = restored.search_tasks(user, &query, false).await.unwrap();
        assert_eq!(
            found,
            std::slice::from_ref(task),
            "searching {}",
            task.title
        );
    }
}

#[tokio::test]
async fn a_backup_never_overwrites_and_a_file_that_is_not_one_is_refused_untouched() {
    let s = Student::new(Backend::Sqlite).await;
    let dir = TempDir::new();
    let taken = dir.path().join("taken.db");
    std::fs::write(&taken, "my notes").unwrap();
    let refused = backup::backup(s.app.database_url(), &taken).await;
    assert!(
        matches!(refused, Err(BackupError::Exists(_))),
        "{refused:?}"
    );
    assert_eq!(std::fs::read_to_string(&taken).unwrap(), "my notes");

    let target = dir.path().join("live.db");
    std::fs::write(&target, "not to be lost").unwrap();
    let refused = backup::restore(&taken, &sqlite_at(&target)).await;
    assert!(
        matches!(refused, Err(BackupError::NotABackup(..))),
        "{refused:?}"
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "not to be lost");

    let nowhere = sqlite_at(&dir.path().join("nowhere.db"));
    let refused = backup::backup(&nowhere, &dir.path().join("copy.db")).await;
    assert!(
        matches!(refused, Err(BackupError::NoDatabase(_))),
        "{refused:?}"
    );

    let postgres = DatabaseUrl::parse("postgres://postgres@127.0.0.1:5432/tetrad").unwrap();
    let refused = backup::backup(&postgres, &dir.path().join("pg.db")).await;
    assert!(
        matches!(refused, Err(BackupError::NotSqlite)),
        "{refused:?}"
    );
}
