//! A fault-injecting proxy between the workload and the servers, on
//! loopback. It speaks just enough HTTP/1.1 for one request per connection
//! (the workload sends `Connection: close`), which is what lets it fail the
//! way networks do: close the socket without an answer.
//!
//! With several servers it is also their load balancer: round robin, and a
//! server that refuses the connection (stopped, restarting) is passed over
//! for the next, since the request never reached it.
//!
//! The workload decides each try's fault (from the seed, per change: see
//! plan.rs) and names it in a private header, which the proxy takes off
//! before anything reaches a server. So the faults replay with the seed
//! whatever order the requests arrive in. A request without it passes
//! untouched.

use super::server_process::ServerProcess;
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::process::ExitStatus;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Mutex;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fault {
    /// Never reaches the server; the client's connection is closed.
    DropRequest,
    /// The server does the work; its answer is thrown away.
    DropAnswer,
    /// A gateway's 502 without forwarding (a deploy).
    BadGateway,
    /// A 503 without forwarding (overload).
    Unavailable,
    /// Forwarded after a pause (up to 300 ms).
    Delay,
    /// Delivered twice at once; the client gets one of the answers.
    Twice,
    /// The server it went to is SIGKILLed while the request is in flight
    /// (a few milliseconds in), then restarted on the same database.
    Kill,
    /// A plain 500 without forwarding (a broken server behind a proxy):
    /// the phone counts it (public/sw-policy.js `afterReplay`).
    ServerError,
    /// The server does the work; the proxy answers 500 instead of its
    /// answer (it broke on the way back).
    ServerErrorAfterWork,
}

pub const EVERY_FAULT: [Fault; 9] = [
    Fault::DropRequest,
    Fault::DropAnswer,
    Fault::BadGateway,
    Fault::Unavailable,
    Fault::Delay,
    Fault::Twice,
    Fault::Kill,
    Fault::ServerError,
    Fault::ServerErrorAfterWork,
];

/// The private header that names a try's fault: `<fault> <pause in ms>`.
pub const FAULT_HEADER: &str = "x-chaos-fault";

impl Fault {
    /// The header's value for this fault with a pause of `pause` ms (a
    /// delay's, or how long into the request a kill comes).
    pub fn header(self, pause: u64) -> String {
        format!("{self:?} {pause}")
    }

    fn from_header(value: &str) -> Option<(Fault, u64)> {
        let (name, pause) = value.trim().split_once(' ')?;
        let fault = EVERY_FAULT.into_iter().find(|f| format!("{f:?}") == name)?;
        Some((fault, pause.parse().ok()?))
    }
}

pub struct FaultProxy {
    pub addr: SocketAddr,
    state: Arc<State>,
}

struct State {
    servers: Vec<Mutex<ServerProcess>>,
    /// Each server keeps its address across restarts.
    addrs: Vec<SocketAddr>,
    turn: AtomicUsize,
    counts: Mutex<BTreeMap<Fault, u64>>,
}

impl FaultProxy {
    pub async fn start(servers: Vec<ServerProcess>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a proxy port");
        let addr = listener.local_addr().expect("the proxy's address");
        let state = Arc::new(State {
            addrs: servers.iter().map(|server| server.addr).collect(),
            servers: servers.into_iter().map(Mutex::new).collect(),
            turn: AtomicUsize::new(0),
            counts: Mutex::new(BTreeMap::new()),
        });
        let shared = state.clone();
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                tokio::spawn(handle(shared.clone(), client));
            }
        });
        Self { addr, state }
    }

    /// How many of each fault were injected so far.
    pub async fn counts(&self) -> BTreeMap<Fault, u64> {
        self.state.counts.lock().await.clone()
    }

    /// Stops the servers; gives the lines of any panic they printed.
    pub async fn stop_servers(&self) -> Vec<String> {
        let mut panics = Vec::new();
        for server in &self.state.servers {
            let mut server = server.lock().await;
            server.kill().await;
            panics.extend(server.panics());
        }
        panics
    }

    /// Replaces server `index` as a deploy does: SIGTERM, wait for it to
    /// drain and exit, start it again. Gives the old one's exit status.
    pub async fn redeploy(&self, index: usize) -> ExitStatus {
        let mut server = self.state.servers[index].lock().await;
        let exit = server.terminate().await;
        server.spawn().await;
        exit
    }

    /// Server `index` crashes (SIGKILL) and is started again.
    pub async fn crash(&self, index: usize) {
        self.state.servers[index]
            .lock()
            .await
            .kill_and_restart()
            .await;
    }
}

async fn handle(state: Arc<State>, mut client: TcpStream) {
    let Some(mut request) = read_request(&mut client).await else {
        return;
    };
    let fault = take_fault(&mut request);
    if let Some((fault, _)) = fault {
        *state.counts.lock().await.entry(fault).or_default() += 1;
    }
    let answer = match fault.map(|(fault, pause)| (fault, Duration::from_millis(pause))) {
        None => forward(&state, &request).await,
        Some((Fault::DropRequest, _)) => None,
        Some((Fault::DropAnswer, _)) => {
            let _ = forward(&state, &request).await;
            None
        }
        Some((Fault::BadGateway, _)) => Some(status_only(502, "Bad Gateway")),
        Some((Fault::Unavailable, _)) => Some(status_only(503, "Service Unavailable")),
        Some((Fault::Delay, pause)) => {
            tokio::time::sleep(pause).await;
            forward(&state, &request).await
        }
        Some((Fault::Twice, _)) => {
            let (first, second) =
                tokio::join!(forward(&state, &request), forward(&state, &request));
            second.or(first)
        }
        Some((Fault::Kill, pause)) => kill_during(&state, &request, pause).await,
        Some((Fault::ServerError, _)) => Some(status_only(500, "Internal Server Error")),
        Some((Fault::ServerErrorAfterWork, _)) => {
            let _ = forward(&state, &request).await;
            Some(status_only(500, "Internal Server Error"))
        }
    };
    if let Some(answer) = answer {
        let _ = client.write_all(&answer).await;
    }
    // Dropping the socket closes it: with no answer written, the client
    // sees the connection end, as when a network fails.
}

/// Forwards the request and SIGKILLs its server `pause` in, then
/// restarts it.
async fn kill_during(state: &Arc<State>, request: &[u8], pause: Duration) -> Option<Vec<u8>> {
    let index = state.turn.fetch_add(1, Ordering::Relaxed) % state.addrs.len();
    let mut server = state.servers[index].lock().await;
    let upstream = state.addrs[index];
    let sent = tokio::spawn({
        let request = request.to_vec();
        async move { send(upstream, &request).await }
    });
    tokio::time::sleep(pause).await;
    server.kill_and_restart().await;
    // Whatever came back before the kill is a real answer; usually nothing.
    sent.await.ok().flatten()
}

/// To the next server in turn that takes the connection; a 502 when none
/// does, or when the one that took it gave no answer (as a load balancer).
async fn forward(state: &State, request: &[u8]) -> Option<Vec<u8>> {
    let first = state.turn.fetch_add(1, Ordering::Relaxed);
    for next in 0..state.addrs.len() {
        let upstream = state.addrs[(first + next) % state.addrs.len()];
        if let Ok(server) = TcpStream::connect(upstream).await {
            return Some(
                exchange(server, request)
                    .await
                    .unwrap_or_else(|| status_only(502, "Bad Gateway")),
            );
        }
    }
    Some(status_only(502, "Bad Gateway"))
}

/// One request on its own connection; the whole answer, read to the end.
async fn send(upstream: SocketAddr, request: &[u8]) -> Option<Vec<u8>> {
    exchange(TcpStream::connect(upstream).await.ok()?, request).await
}

async fn exchange(mut server: TcpStream, request: &[u8]) -> Option<Vec<u8>> {
    server.write_all(request).await.ok()?;
    let mut answer = Vec::new();
    server.read_to_end(&mut answer).await.ok()?;
    (!answer.is_empty()).then_some(answer)
}

fn status_only(code: u16, reason: &str) -> Vec<u8> {
    format!("HTTP/1.1 {code} {reason}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
        .into_bytes()
}

/// Takes the fault header off the request (it never reaches a server) and
/// gives the fault it names.
fn take_fault(request: &mut Vec<u8>) -> Option<(Fault, u64)> {
    let end = find(request, b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&request[..end]).into_owned();
    let prefix = format!("{FAULT_HEADER}:");
    let mut fault = None;
    let kept: Vec<&str> = head
        .split("\r\n")
        .filter(|line| {
            let ours = line.to_ascii_lowercase().starts_with(&prefix);
            if ours {
                fault = Fault::from_header(&line[prefix.len()..]);
            }
            !ours
        })
        .collect();
    let mut rebuilt = kept.join("\r\n").into_bytes();
    rebuilt.extend_from_slice(&request[end..]);
    *request = rebuilt;
    fault
}

/// Reads the head and a `Content-Length` body: the whole request.
async fn read_request(client: &mut TcpStream) -> Option<Vec<u8>> {
    let mut request = Vec::new();
    let mut buffer = [0u8; 8192];
    loop {
        let read = client.read(&mut buffer).await.ok()?;
        if read == 0 {
            return None;
        }
        request.extend_from_slice(&buffer[..read]);
        if let Some(end) = find(&request, b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&request[..end]).to_ascii_lowercase();
            let length: usize = head
                .lines()
                .find_map(|line| line.strip_prefix("content-length:"))
                .and_then(|value| value.trim().parse().ok())
                .unwrap_or(0);
            if request.len() >= end + 4 + length {
                return Some(request);
            }
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}
