//! Reading the cookies an answer sets, as a browser would keep them.

/// The whole `Set-Cookie` value of the plain-named session cookie an answer
/// sets (`tetrad_session=…; HttpOnly; …`), if it sets one.
pub fn session_cookie(response: &reqwest::Response) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("tetrad_session="))
        .map(str::to_owned)
}

/// Just `tetrad_session=<token>`, as a browser sends it back.
pub fn session_pair(response: &reqwest::Response) -> Option<String> {
    session_cookie(response).and_then(|cookie| cookie.split(';').next().map(str::to_owned))
}
