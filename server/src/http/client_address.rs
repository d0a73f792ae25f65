//! The address a request comes from, put on it for the app
//! (`ClientAddress`): the peer's, or, when the peer is a proxy the server
//! is told to trust (`TETRAD_TRUSTED_PROXIES`), the one that proxy names in
//! `X-Forwarded-For`. A header from anyone else is ignored: otherwise a
//! guesser could name a new address with every try.

use app::ssr::client::ClientAddress;
use axum::extract::{ConnectInfo, Request, State};
use axum::middleware::Next;
use axum::response::Response;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The proxies whose `X-Forwarded-For` is believed.
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies(pub Arc<Vec<IpAddr>>);

pub async fn client_address(
    State(trusted): State<TrustedProxies>,
    mut request: Request,
    next: Next,
) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip());
    if let Some(peer) = peer {
        let forwarded = request
            .headers()
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .collect::<Vec<_>>()
            .join(",");
        let client = resolve(peer, &forwarded, &trusted.0);
        request.extensions_mut().insert(ClientAddress(client));
    }
    next.run(request).await
}

/// Each proxy appends the address it saw, so the list is read from the
/// right: past the trusted proxies, the first address is the client's.
fn resolve(peer: IpAddr, forwarded_for: &str, trusted: &[IpAddr]) -> IpAddr {
    let mut client = peer;
    for hop in forwarded_for.rsplit(',').map(str::trim) {
        if !trusted.contains(&client) {
            break;
        }
        match hop.parse() {
            Ok(address) => client = address,
            // A hop that is no address: the last one read is all we know.
            Err(_) => break,
        }
    }
    client
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_peer_that_is_no_trusted_proxy_is_the_client_whatever_it_says() {
        let trusted = [ip("10.0.0.1")];
        assert_eq!(
            resolve(ip("203.0.113.9"), "198.51.100.7", &trusted),
            ip("203.0.113.9")
        );
    }

    #[test]
    fn behind_trusted_proxies_the_client_is_the_first_address_past_them() {
        let trusted = [ip("10.0.0.1"), ip("10.0.0.2")];
        let header = "1.2.3.4, 198.51.100.7, 10.0.0.2";
        assert_eq!(
            resolve(ip("10.0.0.1"), header, &trusted),
            ip("198.51.100.7")
        );
    }

    #[test]
    fn a_trusted_proxy_with_no_header_or_a_bad_one_is_the_client() {
        let trusted = [ip("10.0.0.1")];
        assert_eq!(resolve(ip("10.0.0.1"), "", &trusted), ip("10.0.0.1"));
        assert_eq!(
            resolve(ip("10.0.0.1"), "not an address", &trusted),
            ip("10.0.0.1")
        );
    }
}
