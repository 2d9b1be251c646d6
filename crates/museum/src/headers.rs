//! The security headers on every answer: a Content-Security-Policy that lets the page load
//! only the museum's own scripts and talk only to the museum, no framing by other sites
//! (`frame-ancestors 'none'`, and `X-Frame-Options` for older browsers), no content-type
//! sniffing, no referrer sent elsewhere.
//!
//! Styles allow `'unsafe-inline'`: the exhibits colour beads, lamps and relays with
//! `style` attributes (a colour always comes with a text label). Images allow `data:`
//! (the page's empty favicon) and `blob:` (screenshots of a view).

use axum::http::{header, HeaderName, HeaderValue};
use axum::response::Response;

/// The policy the front end is built to (checked by the browser tests: any violation is a
/// console error, and those fail them).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
     connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
     frame-ancestors 'none'";

/// Adds the headers to `response` (keeping any the handler set).
pub async fn secure(mut response: Response) -> Response {
    let h = response.headers_mut();
    let set = |h: &mut axum::http::HeaderMap, name: HeaderName, value: &'static str| {
        h.entry(name).or_insert(HeaderValue::from_static(value));
    };
    set(h, header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY);
    set(h, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(h, header::X_FRAME_OPTIONS, "DENY");
    set(h, header::REFERRER_POLICY, "no-referrer");
    set(
        h,
        HeaderName::from_static("cross-origin-opener-policy"),
        "same-origin",
    );
    set(
        h,
        HeaderName::from_static("cross-origin-resource-policy"),
        "same-origin",
    );
    response
}

/// Whether a request says its body is JSON (`application/json`, or `application/…+json`),
/// as axum's `Json` asks.
#[must_use]
pub fn is_json(headers: &axum::http::HeaderMap) -> bool {
    let Some(t) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let t = t
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    t == "application/json" || (t.starts_with("application/") && t.ends_with("+json"))
}

/// A request header's value as text for messages and comparisons: UTF-8 as it is (its
/// invisible and control characters are escaped where a message quotes it), any byte
/// that is not UTF-8 written `\xNN` — never dropped, so a refusal quoting a Host or an
/// Origin shows what came.
#[must_use]
pub fn value_text(v: &HeaderValue) -> String {
    match std::str::from_utf8(v.as_bytes()) {
        Ok(s) => s.to_string(),
        Err(_) => v
            .as_bytes()
            .utf8_chunks()
            .flat_map(|chunk| {
                let bad: String = chunk
                    .invalid()
                    .iter()
                    .map(|b| format!("\\x{b:02x}"))
                    .collect();
                [chunk.valid().to_string(), bad]
            })
            .collect(),
    }
}

/// The `Content-Encoding` of a request body other than `identity` (`gzip`), as sent
/// (control characters escaped); the museum reads bodies as they are.
#[must_use]
pub fn encoded(headers: &axum::http::HeaderMap) -> Option<String> {
    let value = headers.get(header::CONTENT_ENCODING)?;
    let text = String::from_utf8_lossy(value.as_bytes());
    let text = text.trim();
    (!text.is_empty() && !text.eq_ignore_ascii_case("identity"))
        .then(|| ludomat_io::text::escape_controls(text).into_owned())
}

#[cfg(test)]
mod value_tests {
    use super::*;

    #[test]
    fn a_value_keeps_every_character() {
        let v = HeaderValue::from_bytes("127.0.0.1:80\u{200b}".as_bytes()).unwrap();
        assert_eq!(value_text(&v), "127.0.0.1:80\u{200b}");
        assert_eq!(
            ludomat_io::text::quoted(&value_text(&v), 60),
            "'127.0.0.1:80\\u{200b}'"
        );
        let v = HeaderValue::from_bytes(b"a\xffb").unwrap();
        assert_eq!(value_text(&v), "a\\xffb");
    }
}
