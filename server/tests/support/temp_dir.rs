//! A folder of a test's own, removed with what it holds when the test is
//! done. Written with the standard library alone: the tests share the
//! release build's dependencies, and a crate for this would bring features
//! of its own into them (scripts/test.sh).

use std::path::{Path, PathBuf};

pub struct TempDir {
    path: PathBuf,
}

impl TempDir {
    pub fn new() -> Self {
        let name = format!("tetrad-test-{}", uuid::Uuid::new_v4());
        let path = std::env::temp_dir().join(name);
        std::fs::create_dir(&path).expect("a temporary folder");
        Self { path }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        // A folder left behind is only litter: the test has its answer.
        let _ = std::fs::remove_dir_all(&self.path);
    }
}
