//! The real `tetrad` binary as a child process, so a fault can be a real
//! SIGKILL in the middle of a request, and a restart on the same database.
//! What it writes to stderr (errors only) goes to a file of its own, read
//! at the end for panics: a panic answers nothing, which the client takes
//! for a network fault and retries, so only its log tells.

use std::fs::OpenOptions;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::{Duration, Instant};
use tokio::process::{Child, Command};

pub struct ServerProcess {
    child: Option<Child>,
    pub addr: SocketAddr,
    database_url: String,
    /// Settings beyond the database and the address (`TETRAD_…`).
    settings: Vec<(String, String)>,
    /// Its stderr, every run of it one after another, in a folder of its own.
    log: PathBuf,
    _log_dir: crate::support::TempDir,
}

impl ServerProcess {
    /// Starts the server on a free loopback port and waits until it answers.
    pub async fn start(database_url: &str) -> Self {
        Self::start_with(database_url, &[]).await
    }

    /// Starts the server with some settings of its environment.
    pub async fn start_with(database_url: &str, settings: &[(&str, &str)]) -> Self {
        let addr = free_port();
        let log_dir = crate::support::TempDir::new();
        let mut server = Self {
            child: None,
            addr,
            database_url: database_url.to_owned(),
            settings: settings
                .iter()
                .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
                .collect(),
            log: log_dir.path().join("stderr.log"),
            _log_dir: log_dir,
        };
        server.spawn().await;
        server
    }

    /// Starts the server (again) on its database and port.
    pub async fn spawn(&mut self) {
        let child = Command::new(env!("CARGO_BIN_EXE_tetrad"))
            // Errors only, unless a test's settings ask for more.
            .env("RUST_LOG", "error")
            .envs(self.settings.iter().map(|(name, value)| (name, value)))
            .env("DATABASE_URL", &self.database_url)
            .env("TETRAD_ADDR", self.addr.to_string())
            .stdout(Stdio::null())
            .stderr(
                OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(&self.log)
                    .expect("the log file"),
            )
            .kill_on_drop(true)
            .spawn()
            .expect("the tetrad binary starts");
        self.child = Some(child);
        self.wait_until_ready().await;
    }

    async fn wait_until_ready(&self) {
        let started = Instant::now();
        let url = format!("http://{}/healthz", self.addr);
        let client = reqwest::Client::new();
        loop {
            if let Ok(response) = client.get(&url).send().await {
                if response.status().is_success() {
                    return;
                }
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "the server did not come up at {url}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// SIGKILL: no graceful shutdown, no chance to finish what it was doing.
    pub async fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill().await;
        }
    }

    /// SIGTERM, as a deploy stops an instance; waits for the process to
    /// exit and gives its exit status.
    pub async fn terminate(&mut self) -> std::process::ExitStatus {
        let mut child = self.child.take().expect("a running server");
        let pid = child.id().expect("the server's pid");
        let sent = Command::new("kill")
            .args(["-TERM", &pid.to_string()])
            .status()
            .await
            .expect("kill runs");
        assert!(sent.success(), "SIGTERM sent");
        tokio::time::timeout(Duration::from_secs(60), child.wait())
            .await
            .expect("the server exits after SIGTERM")
            .expect("its exit status")
    }

    /// The running server's process id (its memory is read from /proc).
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref()?.id()
    }

    /// The lines of its stderr that tell of a panic, in any of its runs,
    /// each with its message: the line after where it panicked.
    pub fn panics(&self) -> Vec<String> {
        let lines = self.log_lines();
        lines
            .iter()
            .enumerate()
            .filter(|(_, line)| line.contains("panicked"))
            .map(|(at, line)| match lines.get(at + 1) {
                Some(message) => format!("{line} {message}"),
                None => line.clone(),
            })
            .collect()
    }

    /// Every line it wrote to stderr, in any of its runs.
    pub fn log_lines(&self) -> Vec<String> {
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        log.lines().map(str::to_owned).collect()
    }

    /// Kills the server and starts it again on the same database and port.
    pub async fn kill_and_restart(&mut self) {
        self.kill().await;
        self.spawn().await;
    }
}

/// A port nobody listens on right now (the listener is dropped at once;
/// the server binds it again with SO_REUSEADDR).
fn free_port() -> SocketAddr {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free loopback port")
}
