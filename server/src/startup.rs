//! Start-up: connect the database, assemble the routes and layers, bind.

use crate::config::Config;
use crate::db::{self, ConnectError};
use crate::faults::Faults;
use crate::http::calendar_feed::calendar_feed;
use crate::http::client_address::client_address;
use crate::http::connections::{self, Limits};
use crate::http::cross_site::{refuse_cross_site, Origin, SiteOrigins};
use crate::http::error_status::error_status;
use crate::http::healthz::{healthz, Draining};
use crate::http::idempotency::{keyed_mutations, Idempotency};
use crate::http::render_deadline::render_deadline;
use crate::http::request_span::request_span;
use crate::http::security_headers::{security_headers, OverHttps};
use crate::http::server_clock::server_clock;
use crate::http::service_worker::ServiceWorker;
use crate::http::session::{resolve_session, Sessions};
use crate::http::static_files;
use crate::maintenance;
use crate::push::{Scheduler, Sender, SenderError, Ticking, VapidKey};
use app::ssr::device::DeviceKey;
use app::ssr::storage::Storage;
use app::ssr::storage::StorageError;
use app::ssr::windows::Windows;
use app::ssr::AppState;
use app::{shell, App};
use axum::http::StatusCode;
use axum::routing::get;
use axum::Router;
use leptos::config::LeptosOptions;
use leptos::prelude::provide_context;
use leptos_axum::{
    file_and_error_handler_with_context, generate_route_list, AxumRouteListing, LeptosRoutes,
};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::{Arc, LazyLock};
use std::time::Duration;
use tokio::net::TcpListener;
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::{RequestBodyTimeoutLayer, TimeoutLayer};
use tower_http::trace::TraceLayer;

/// The largest request body accepted. Mutations are small forms; anything
/// bigger is refused with 413 before it is read.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// How long a stopping instance gives the reminders it claimed: a push
/// service's timeout (10 s), and their outcomes written.
const REMINDERS_STOP: Duration = Duration::from_secs(15);

#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error(transparent)]
    Database(#[from] ConnectError),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot read the Leptos configuration: {0}")]
    Leptos(String),
    #[error("cannot read or make the server's reminder key: {0}")]
    VapidKey(String),
    #[error(transparent)]
    PushClient(#[from] SenderError),
    #[error("cannot read or make the server's device key: {0}")]
    DeviceKey(StorageError),
}

/// A server bound to its address, ready to run.
pub struct Application {
    listener: TcpListener,
    local_addr: SocketAddr,
    router: Router,
    storage: Arc<dyn Storage>,
    faults: Faults,
    draining: Draining,
    drain_deadline: Duration,
    limits: Limits,
    maintenance: tokio::task::JoinHandle<()>,
    reminders: Arc<Scheduler>,
    reminder_ticks: Option<Ticking>,
}

impl Application {
    pub async fn build(config: Config) -> Result<Self, StartupError> {
        Self::assemble(config, Mutations::Keyed).await
    }

    /// A server whose mutations run without keys: the key-layer benchmark's
    /// baseline (http/idempotency/unkeyed.rs), never served.
    #[cfg(feature = "bench-no-keys")]
    pub async fn build_without_keys(config: Config) -> Result<Self, StartupError> {
        Self::assemble(config, Mutations::Unkeyed).await
    }

    async fn assemble(config: Config, mutations: Mutations) -> Result<Self, StartupError> {
        let storage = db::connect(&config.database_url).await?;
        let devices = storage
            .server_key("devices", &DeviceKey::generate())
            .await
            .map(DeviceKey::new)
            .map_err(StartupError::DeviceKey)?;
        let vapid_key = match &config.reminders.vapid_key {
            Some(key) => key.clone(),
            None => storage
                .server_key("vapid", &VapidKey::generate())
                .await
                .map_err(|e| StartupError::VapidKey(e.to_string()))
                .and_then(|bytes| {
                    VapidKey::from_bytes(&bytes).map_err(|e| StartupError::VapidKey(e.to_string()))
                })?,
        };
        let sender = Sender::new(vapid_key, config.reminders.contact.clone())?;
        let listener = TcpListener::bind(config.listen_addr)
            .await
            .map_err(|source| StartupError::Bind {
                addr: config.listen_addr,
                source,
            })?;
        let mut leptos_options = leptos::config::get_configuration(None)
            .map_err(|e| StartupError::Leptos(e.to_string()))?
            .leptos_options;
        let local_addr = listener.local_addr().map_err(|source| StartupError::Bind {
            addr: config.listen_addr,
            source,
        })?;
        leptos_options.site_addr = local_addr;
        let faults = Faults::default();
        let draining = Draining::default();
        static_files::spawn_precompression(pkg_dir(&leptos_options));
        let router = router(
            &config,
            storage.clone(),
            devices,
            sender.key().public_key(),
            faults.clone(),
            draining.clone(),
            leptos_options,
            mutations,
        );
        let maintenance = maintenance::spawn(storage.clone(), config.retention.clone());
        let reminders = Arc::new(Scheduler::new(
            storage.clone(),
            sender,
            config.reminders.lease,
        ));
        let reminder_ticks = config
            .reminders
            .every
            .map(|every| reminders.clone().spawn(every));
        Ok(Self {
            listener,
            local_addr,
            router,
            storage,
            faults,
            draining,
            drain_deadline: config.drain_deadline,
            limits: config.limits,
            maintenance,
            reminders,
            reminder_ticks,
        })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    pub fn storage(&self) -> Arc<dyn Storage> {
        self.storage.clone()
    }

    /// The reminder scheduler (tests drive its ticks with a clock of
    /// their own).
    pub fn reminders(&self) -> Arc<Scheduler> {
        self.reminders.clone()
    }

    /// Fault injection, for tests.
    pub fn faults(&self) -> Faults {
        self.faults.clone()
    }

    /// Whether the server is draining (`/healthz` answers 503 once it is).
    pub fn draining(&self) -> Draining {
        self.draining.clone()
    }

    /// Serves until `shutdown` completes, then drains: no new connections,
    /// `/healthz` 503, the requests in flight finished, for at most the
    /// drain deadline. A request still running then is cut off when the
    /// process exits; it commits nothing (its transaction never commits),
    /// and its key makes the retry safe.
    pub async fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let draining = self.draining.clone();
        let drain_started = Arc::new(tokio::sync::Notify::new());
        let signal = {
            let drain_started = drain_started.clone();
            async move {
                shutdown.await;
                draining.start();
                tracing::info!("draining: finishing the requests in flight");
                drain_started.notify_one();
            }
        };
        let served = connections::serve(self.listener, self.router, self.limits, signal);
        let deadline = self.drain_deadline;
        tokio::select! {
            () = served => {}
            () = async move {
                drain_started.notified().await;
                tokio::time::sleep(deadline).await;
            } => {
                tracing::warn!(?deadline, "drain deadline passed: cutting off the requests still in flight");
            }
        };
        self.maintenance.abort();
        // The reminders on their way are sent and recorded, not left
        // claimed for another instance to wait out (a rolling deploy).
        if let Some(ticks) = self.reminder_ticks {
            ticks.stop(REMINDERS_STOP).await;
        }
        Ok(())
    }
}

/// Where the built JavaScript, WASM and CSS are.
fn pkg_dir(options: &LeptosOptions) -> std::path::PathBuf {
    std::path::Path::new(&*options.site_root).join(&*options.site_pkg_dir)
}

/// How mutations run: under their keys, always in service; the key-layer
/// benchmark's baseline runs them without (`bench-no-keys`, a feature only
/// that benchmark turns on).
#[derive(Clone, Copy)]
enum Mutations {
    Keyed,
    #[cfg(feature = "bench-no-keys")]
    Unkeyed,
}

impl Mutations {
    fn layer(
        self,
        routes: Router<LeptosOptions>,
        idempotency: Idempotency,
    ) -> Router<LeptosOptions> {
        use axum::middleware::from_fn_with_state;
        match self {
            Self::Keyed => routes.layer(from_fn_with_state(idempotency, keyed_mutations)),
            #[cfg(feature = "bench-no-keys")]
            Self::Unkeyed => routes.layer(from_fn_with_state(
                idempotency,
                crate::http::idempotency::unkeyed_mutations,
            )),
        }
    }
}

fn router(
    config: &Config,
    storage: Arc<dyn Storage>,
    devices: DeviceKey,
    push_key: &str,
    faults: Faults,
    draining: Draining,
    leptos_options: LeptosOptions,
    mutations: Mutations,
) -> Router {
    app::api::register_server_functions();
    let state = AppState {
        storage: storage.clone(),
        settings: config.settings.clone(),
        sign_ups: Windows::default(),
        devices,
        push_key: push_key.into(),
    };
    let context = move || provide_context(state.clone());
    let site = SiteOrigins {
        https: config.settings.secure_cookies,
        trusted: Arc::new(
            config
                .public_origin
                .iter()
                .filter_map(|o| Origin::parse(o))
                .collect(),
        ),
    };
    let routes = route_list();
    let idempotency = Idempotency {
        storage: storage.clone(),
        faults,
        quotas: config.settings.quotas,
        changes: Windows::default(),
    };

    let worker = ServiceWorker::for_site(&leptos_options);
    let pkg_dir = pkg_dir(&leptos_options);
    let sessions = Sessions {
        storage: storage.clone(),
        settings: config.settings.clone(),
    };
    // The calendar feed has a state of its own (the storage), so it is
    // made whole here and merged in.
    let feeds = Router::new()
        .route("/calendar/{file}", get(calendar_feed))
        .with_state(storage.clone());
    let routes = Router::new()
        .route(
            "/healthz",
            get(move || healthz(storage.clone(), draining.clone())),
        )
        .route("/sw.js", get(move || async move { worker.response() }))
        .merge(feeds)
        .nest_service(
            &format!("/{}", leptos_options.site_pkg_dir),
            static_files::service(&pkg_dir),
        )
        .leptos_routes_with_context(&leptos_options, routes, context.clone(), {
            let options = leptos_options.clone();
            move || shell(options.clone())
        })
        .fallback(file_and_error_handler_with_context(context, shell))
        // Reads (GETs) only, the fallback's pages among them.
        .layer(axum::middleware::from_fn(render_deadline));
    mutations
        .layer(routes, idempotency)
        // A mutation's session, looked up once for the idempotency layer
        // (http/session.rs).
        .layer(axum::middleware::from_fn_with_state(
            sessions,
            resolve_session,
        ))
        // server_fn's own refusals (arguments that do not decode) get
        // their error's status, 400, instead of 500.
        .layer(axum::middleware::from_fn(error_status))
        .layer(axum::middleware::from_fn_with_state(
            site,
            refuse_cross_site,
        ))
        .layer(RequestBodyLimitLayer::new(MAX_BODY_BYTES))
        // Where each request came from (sign-in throttling).
        .layer(axum::middleware::from_fn_with_state(
            config.trusted_proxies.clone(),
            client_address,
        ))
        // Pages, answers and static files not yet precompressed; level 5
        // costs little time per request and gets most of the gain.
        .layer(CompressionLayer::new().quality(CompressionLevel::Precise(5)))
        // Deadlines on every request and on reading its body: a client that
        // trickles a body, or a request stuck on something, ends with 408
        // (which the worker retries) instead of holding the connection.
        .layer(RequestBodyTimeoutLayer::new(config.limits.request))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            config.limits.request,
        ))
        // The server's time on every answer, for the worker's clock.
        .layer(axum::middleware::from_fn(server_clock))
        .layer(axum::middleware::from_fn_with_state(
            OverHttps(config.settings.secure_cookies),
            security_headers,
        ))
        // Each request in a span naming its key and account.
        .layer(TraceLayer::new_for_http().make_span_with(request_span))
        .with_state(leptos_options)
}

/// The app's routes, listed once per process. Listing them runs the app
/// with every resource's load suppressed by a flag that is process-wide
/// (leptos_server's `SuppressResourceLoad`, leptos-rs/leptos#4773): a page
/// whose data began to load while another server of the same process was
/// listing its routes waited forever. Listed before the first server here
/// answers, no render can meet the flag, however many servers a process
/// starts (the tests start hundreds beside each other).
fn route_list() -> Vec<AxumRouteListing> {
    static ROUTES: LazyLock<Vec<AxumRouteListing>> = LazyLock::new(|| generate_route_list(App));
    ROUTES.clone()
}
