//! Who is asking, as far as the server can tell: the address the request
//! came from (or, behind a proxy the server trusts, the one that proxy
//! names). Sign-ins are throttled per name and address, so a classmate's
//! wrong guesses lock out their own phone, not the owner's.

use std::fmt;
use std::net::IpAddr;

/// Put on each request by the server (`server/src/http/client_address.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddress(pub IpAddr);

impl fmt::Display for ClientAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
