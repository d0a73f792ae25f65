//! The server-function client for mutations: every request carries a fresh
//! `Idempotency-Key` and names the account the page shows. The browser never
//! retries on its own; the service worker replays the stored request, header
//! and all, so every retry of a request carries its key. The worker's
//! "kept for later" answer (202 + `X-Tetrad-Queued`) becomes
//! `AppError::Queued`, which the screen shows as waiting, not as failed.

use crate::domain::IdempotencyKey;
use crate::error::AppError;
use futures::{Sink, Stream};
use server_fn::client::browser::BrowserClient;
use server_fn::client::Client;
use server_fn::error::FromServerFnError;
use server_fn::request::browser::BrowserRequest;
use server_fn::response::browser::BrowserResponse;
use server_fn::response::ClientRes;
use server_fn::Bytes;
use std::future::Future;

pub struct KeyedClient;

/// The outbox's mark on an answer it made up itself.
const QUEUED_HEADER: &str = "x-tetrad-queued";

impl<IS, OS> Client<AppError, IS, OS> for KeyedClient
where
    IS: FromServerFnError,
    OS: FromServerFnError,
{
    type Request = BrowserRequest;
    type Response = BrowserResponse;

    fn send(
        request: Self::Request,
    ) -> impl Future<Output = Result<Self::Response, AppError>> + Send {
        let headers = request.headers();
        headers.append("Idempotency-Key", IdempotencyKey::generate().as_str());
        if let Some(account) = crate::outbox::account_header() {
            headers.append("X-Tetrad-Account", &account);
        }
        let sent = <BrowserClient as Client<AppError, IS, OS>>::send(request);
        async move {
            let response = sent.await?;
            let status = ClientRes::<AppError>::status(&response);
            if status == 202 && response.generate_headers().contains_key(QUEUED_HEADER) {
                return Err(AppError::Queued);
            }
            Ok(response)
        }
    }

    fn open_websocket(
        path: &str,
    ) -> impl Future<
        Output = Result<
            (
                impl Stream<Item = Result<Bytes, Bytes>> + Send + 'static,
                impl Sink<Bytes> + Send + 'static,
            ),
            AppError,
        >,
    > + Send {
        <BrowserClient as Client<AppError, IS, OS>>::open_websocket(path)
    }

    fn spawn(future: impl Future<Output = ()> + Send + 'static) {
        <BrowserClient as Client<AppError, IS, OS>>::spawn(future)
    }
}
