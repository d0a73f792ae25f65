//! The server-function client for mutations: every request carries a fresh
//! `Idempotency-Key`. The browser never retries on its own; the service
//! worker replays the stored request, header and all, so every retry of a
//! request carries its key.

use crate::domain::IdempotencyKey;
use futures::{Sink, Stream};
use server_fn::client::browser::BrowserClient;
use server_fn::client::Client;
use server_fn::error::FromServerFnError;
use server_fn::request::browser::BrowserRequest;
use server_fn::response::browser::BrowserResponse;
use server_fn::Bytes;
use std::future::Future;

pub struct KeyedClient;

impl<E, IS, OS> Client<E, IS, OS> for KeyedClient
where
    E: FromServerFnError,
    IS: FromServerFnError,
    OS: FromServerFnError,
{
    type Request = BrowserRequest;
    type Response = BrowserResponse;

    fn send(request: Self::Request) -> impl Future<Output = Result<Self::Response, E>> + Send {
        request
            .headers()
            .append("Idempotency-Key", IdempotencyKey::generate().as_str());
        <BrowserClient as Client<E, IS, OS>>::send(request)
    }

    fn open_websocket(
        path: &str,
    ) -> impl Future<
        Output = Result<
            (
                impl Stream<Item = Result<Bytes, Bytes>> + Send + 'static,
                impl Sink<Bytes> + Send + 'static,
            ),
            E,
        >,
    > + Send {
        <BrowserClient as Client<E, IS, OS>>::open_websocket(path)
    }

    fn spawn(future: impl Future<Output = ()> + Send + 'static) {
        <BrowserClient as Client<E, IS, OS>>::spawn(future)
    }
}
