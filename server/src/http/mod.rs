//! HTTP layers and routes of the server's own (outside the app's).

pub mod calendar_feed;
pub mod client_address;
pub mod connections;
pub mod cross_site;
pub mod error_status;
pub mod healthz;
pub mod idempotency;
pub mod render_deadline;
pub mod request_span;
pub mod security_headers;
pub mod server_clock;
pub mod service_worker;
pub mod session;
pub mod static_files;
pub mod whole_render;
