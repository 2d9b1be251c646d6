//! The guard every request passes first, always on:
//!
//! 1. **Host**: only Hosts naming the address the museum is bound to are served —
//!    `127.0.0.1`, `localhost` and `[::1]` with the port by default, the bound address
//!    itself when bound elsewhere, any IP address with the port when bound to all
//!    interfaces, and the names given with `--allowed-host`. Anything else is a 421: a
//!    page under a foreign name that resolves to this machine (DNS rebinding) can then
//!    neither read the museum nor act in it.
//! 2. **Origin**: a write (any method but GET and HEAD) whose `Origin` is present and not
//!    the museum's own is a 403, so another site's page cannot act in the museum through
//!    the visitor's browser (a form or a `text/plain` POST needs no CORS preflight).
//! 3. **Client**: the client's address ([`crate::client`]); a client over its requests per
//!    second gets 429 with `Retry-After`.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::client::{client_of, Client, Peer};
use crate::refusal::Refusal;
use crate::{ApiError, Museum};

/// Which `Host` values (and `Origin`s) name this museum.
#[derive(Debug, Clone)]
pub struct HostPolicy {
    port: u16,
    /// Names served with the bound port.
    names: Vec<String>,
    /// Bound to all interfaces: any IP address with the port.
    any_ip: bool,
    /// `--allowed-host` names, each with its port if one was given.
    extra: Vec<(String, Option<u16>)>,
}

/// `host` (lower case, IPv6 in brackets) and the port of an authority `host[:port]`.
fn split_authority(authority: &str) -> Option<(String, Option<u16>)> {
    let a = authority.trim().to_ascii_lowercase();
    let (host, port) = if a.starts_with('[') {
        let end = a.find(']')?;
        let (h, rest) = a.split_at(end + 1);
        match rest {
            "" => (h.to_string(), None),
            r => (h.to_string(), Some(r.strip_prefix(':')?)),
        }
    } else {
        match a.split_once(':') {
            None => (a.clone(), None),
            Some((h, p)) => (h.to_string(), Some(p)),
        }
    };
    let valid =
        |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '[' | ']' | ':');
    if host.is_empty() || !host.chars().all(valid) {
        return None;
    }
    let port = match port {
        None => None,
        // digits as a port is written: no leading zero (`08080` is no spelling of 8080)
        Some(p)
            if !p.is_empty()
                && p.bytes().all(|b| b.is_ascii_digit())
                && (p == "0" || !p.starts_with('0')) =>
        {
            Some(p.parse().ok()?)
        }
        Some(_) => return None,
    };
    Some((host, port))
}

fn is_ip_literal(host: &str) -> bool {
    host.parse::<std::net::Ipv4Addr>().is_ok()
        || host
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .is_some_and(|h| h.parse::<std::net::Ipv6Addr>().is_ok())
}

fn ip_literal(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    }
}

/// `ludomat serve`'s `--bind`, `--allowed-host`, `--exhibit` and slots read before
/// anything starts: the address to listen on. Every refusal quotes the value as the
/// terminal's do (`--games '0' is not a whole number from 1 to 1,000,000`).
///
/// # Errors
/// A usage error's words: `--bind '999.1.1.1' is not an IP address; give e.g. 127.0.0.1
/// or 0.0.0.0`, an allowed host that is not a host name or address, an exhibit that is
/// none, `--interactive-slots` not below `--work-slots`.
pub fn serve_flags(
    bind: &str,
    allowed: &[String],
    exhibit: Option<&str>,
    (interactive, work): (u32, u32),
) -> Result<IpAddr, String> {
    use ludomat_io::text::quoted;
    if interactive >= work {
        return Err(format!(
            "--interactive-slots '{interactive}' must be below --work-slots '{work}': autoplay \
             steps and runs need at least one slot of their own"
        ));
    }
    let ip = bind.trim().parse::<IpAddr>().map_err(|_| {
        format!(
            "--bind {} is not an IP address; give e.g. 127.0.0.1 or 0.0.0.0",
            quoted(bind, 60)
        )
    })?;
    HostPolicy::new(SocketAddr::new(ip, 0), allowed)?;
    if let Some(kind) = exhibit.filter(|k| crate::exhibits::find(k).is_none()) {
        return Err(format!(
            "--exhibit {} is not an exhibit; the kinds are {}",
            quoted(kind, 40),
            crate::exhibits::kinds()
        ));
    }
    Ok(ip)
}

/// Listens on `addr` for `ludomat serve`: a port another program holds, or an address
/// that is not this machine's, is said as the flag that chose it, as a usage error's
/// words (`--port '8462' is in use by another program: …`), never the system's alone.
///
/// # Errors
/// Those words.
pub async fn listen(addr: SocketAddr) -> Result<tokio::net::TcpListener, NotListening> {
    use std::io::ErrorKind;
    tokio::net::TcpListener::bind(addr).await.map_err(|e| {
        NotListening(
            e.kind() == ErrorKind::AddrInUse,
            match e.kind() {
                ErrorKind::AddrInUse => format!(
                "--port '{}' is in use by another program on {}: choose another, or '--port 0' \
             for a free one",
                addr.port(),
                ip_literal(addr.ip())
            ),
                ErrorKind::AddrNotAvailable => format!(
                    "--bind '{}' is not an address of this machine; give e.g. 127.0.0.1 or 0.0.0.0",
                    addr.ip()
                ),
                ErrorKind::PermissionDenied => format!(
                    "--port '{}' needs privileges this user lacks (ports below 1,024): choose one \
             from 1,024 up, or '--port 0' for a free one",
                    addr.port()
                ),
                _ => format!(
                    "--port '{}' --bind '{}': cannot listen there ({e})",
                    addr.port(),
                    addr.ip()
                ),
            },
        )
    })
}

/// Why `ludomat serve` cannot listen, in the words of the flag that chose it; `.0`: a
/// port another program holds (no mistyped command line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotListening(pub bool, pub String);

impl std::fmt::Display for NotListening {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.1)
    }
}

/// [`listen`] for `ludomat serve`: a port another program holds is no mistyped command
/// line, so it is said alone (`error: …`, with no usage), whole in a file and wrapped on
/// a terminal as every log line, and the process ends with status 2. Other refusals are
/// returned, to be said as usage errors.
///
/// # Errors
/// A refused flag's words.
pub async fn listen_or_end(addr: SocketAddr) -> Result<tokio::net::TcpListener, String> {
    match listen(addr).await {
        Ok(listener) => Ok(listener),
        Err(NotListening(true, words)) => {
            let _ = ludomat_io::out::finish();
            ludomat_io::logln!("error: {words}");
            std::process::exit(2)
        }
        Err(NotListening(false, words)) => Err(words),
    }
}

impl HostPolicy {
    /// The policy of a museum bound to `bound`, also answering to `allowed` (names, or
    /// `name:port`).
    ///
    /// # Errors
    /// An allowed host that is not a host name or address (the message names it).
    pub fn new(bound: SocketAddr, allowed: &[String]) -> Result<Self, String> {
        let ip = bound.ip();
        let mut names = Vec::new();
        if ip.is_loopback() || ip.is_unspecified() {
            names.extend(["127.0.0.1", "localhost", "[::1]"].map(String::from));
        }
        if !ip.is_unspecified() && !names.contains(&ip_literal(ip)) {
            names.push(ip_literal(ip));
        }
        let extra = allowed
            .iter()
            .map(|a| {
                split_authority(a).ok_or_else(|| {
                    format!(
                        "--allowed-host {} is not a host name or address (NAME or NAME:PORT)",
                        ludomat_io::text::quoted(a, 60)
                    )
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(HostPolicy {
            port: bound.port(),
            names,
            any_ip: ip.is_unspecified(),
            extra,
        })
    }

    /// Whether `authority` (a `Host` header: `host[:port]`) names this museum.
    #[must_use]
    pub fn allows(&self, authority: &str) -> bool {
        let Some((host, port)) = split_authority(authority) else {
            return false;
        };
        let own_port = port == Some(self.port) || (port.is_none() && self.port == 80);
        if own_port && (self.names.contains(&host) || (self.any_ip && is_ip_literal(&host))) {
            return true;
        }
        self.extra
            .iter()
            .any(|(name, p)| *name == host && (p.is_none() || *p == port))
    }

    /// Whether `origin` (an `Origin` header) is the origin of this museum's page served
    /// as `host` (the request's `Host`): the same host and port as `host`, and the scheme
    /// the page was served with — `http`, as the museum serves it, or `https` where a
    /// proxy may serve it (`behind_proxy`, or an `--allowed-host` name). A browser
    /// writes an origin serialized (RFC 6454, 6.2): scheme and host in lower case, no
    /// path; anything else (`HTTP://…`, another scheme or host, a path) is not this
    /// museum's page and is refused.
    #[must_use]
    pub fn allows_origin(&self, origin: &str, host: &str, behind_proxy: bool) -> bool {
        let Some((scheme, authority)) = origin.split_once("://") else {
            return false;
        };
        let default = match scheme {
            "http" => 80,
            "https" => 443,
            _ => return false,
        };
        if authority.is_empty()
            || authority.contains('/')
            || authority.bytes().any(|b| b.is_ascii_uppercase())
        {
            return false;
        }
        let (Some((o_host, o_port)), Some((h_host, h_port))) =
            (split_authority(authority), split_authority(host))
        else {
            return false;
        };
        if o_host != h_host || o_port.unwrap_or(default) != h_port.unwrap_or(default) {
            return false;
        }
        if scheme == "https" && !behind_proxy && !self.extra.iter().any(|(n, _)| *n == o_host) {
            return false;
        }
        self.allows(host)
    }

    /// The Hosts served, for messages.
    #[must_use]
    pub fn describe(&self) -> String {
        let mut all: Vec<String> = self
            .names
            .iter()
            .map(|n| format!("{n}:{}", self.port))
            .collect();
        if self.any_ip {
            all.push(format!("any IP address:{}", self.port));
        }
        all.extend(self.extra.iter().map(|(n, p)| match p {
            Some(p) => format!("{n}:{p}"),
            None => n.clone(),
        }));
        all.join(", ")
    }
}

/// What the guard needs: the policy and the museum (its limits and refusal log).
#[derive(Clone)]
pub(crate) struct Guard {
    pub(crate) policy: Arc<HostPolicy>,
    pub(crate) museum: Museum,
}

fn is_write(m: &Method) -> bool {
    !matches!(*m, Method::GET | Method::HEAD)
}

/// Why a write (a request of any method but GET and HEAD) is not from this museum's own
/// page served as `host`, if it is not: its `Origin` names another (or it has two), or
/// the browser says it comes from another site (`Sec-Fetch-Site: cross-site`, sent
/// where an `Origin` may not be).
fn foreign_write(g: &Guard, req: &Request, host: &str) -> Option<String> {
    let mut origins = req.headers().get_all(header::ORIGIN).iter();
    if let Some(origin) = origins.next() {
        if origins.next().is_some() {
            return Some("two Origin headers".into());
        }
        let text = &crate::headers::value_text(origin);
        if !g
            .policy
            .allows_origin(text, host, g.museum.config().behind_proxy)
        {
            return Some(format!("Origin {}", ludomat_io::text::quoted(text, 60)));
        }
    }
    let cross_site = req
        .headers()
        .get_all("sec-fetch-site")
        .iter()
        .any(|v| v.as_bytes().eq_ignore_ascii_case(b"cross-site"));
    cross_site.then(|| "Sec-Fetch-Site: cross-site".into())
}

/// The middleware: Host, then Origin on writes, then the client's rate.
/// `req` with its body read whole, or, with the connection closed, the 413 of a body
/// over `limit` bytes, announced or sent, the 408 of a body that did not come whole
/// within the server's body timeout, or the 400 of a body that broke off.
async fn whole_body(req: Request, limit: usize) -> Result<Request, Response> {
    let refuse = |status: StatusCode, text: String| {
        let mut r = ApiError::new(status, text).into_response();
        r.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
        r
    };
    let too_large = || {
        refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "request body: it is larger than the limit of {}",
                ludomat_io::text::count(limit as u64, "byte", "bytes")
            ),
        )
    };
    let announced = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if announced.is_some_and(|n| n > limit as u64) {
        return Err(too_large());
    }
    let (parts, body) = req.into_parts();
    match axum::body::to_bytes(body, limit).await {
        Ok(bytes) => Ok(Request::from_parts(parts, axum::body::Body::from(bytes))),
        Err(e) => Err(match BodyFault::of(&e) {
            BodyFault::TooLarge => too_large(),
            BodyFault::TooSlow(slow) => refuse(StatusCode::REQUEST_TIMEOUT, slow.to_string()),
            BodyFault::BrokeOff => refuse(
                StatusCode::BAD_REQUEST,
                "request body: it broke off before its end".into(),
            ),
        }),
    }
}

/// The error of a body that did not come whole in time (the server's body timeout).
#[derive(Debug, thiserror::Error)]
#[error(
    "the request's body did not come whole within {}",
    ludomat_io::text::duration(*.0)
)]
pub(crate) struct BodyTooSlow(pub(crate) std::time::Duration);

/// Why a body could not be read whole.
enum BodyFault<'e> {
    TooLarge,
    TooSlow(&'e BodyTooSlow),
    BrokeOff,
}

impl<'e> BodyFault<'e> {
    /// Looks through the error's sources: the limit's error, the server's body
    /// timeout, or anything else (the connection closed mid-body).
    fn of(e: &'e (dyn std::error::Error + 'static)) -> Self {
        let mut at = Some(e);
        while let Some(e) = at {
            if e.is::<http_body_util::LengthLimitError>() {
                return BodyFault::TooLarge;
            }
            if let Some(slow) = e.downcast_ref::<BodyTooSlow>() {
                return BodyFault::TooSlow(slow);
            }
            at = e.source();
        }
        BodyFault::BrokeOff
    }
}

pub(crate) async fn guard(State(g): State<Guard>, req: Request, next: Next) -> Response {
    // The body first, read whole (it is bounded): every answer then leaves the
    // connection in step, whether its handler reads the body or not (a `{}` sent to
    // `…/stop`), and a body announced larger than the limit is refused at once from its
    // Content-Length, without waiting for it, and the connection closed.
    let mut req = match whole_body(req, g.museum.config().max_body_bytes).await {
        Ok(req) => req,
        Err(refused) => return refused,
    };
    let refusals = g.museum.refusals();
    if req.headers().get_all(header::HOST).iter().nth(1).is_some() {
        refusals.note(Refusal::TwoHosts, || {
            format!("{} {}", req.method(), req.uri().path())
        });
        return ApiError::new(
            StatusCode::BAD_REQUEST,
            "a request with two Host headers is refused: which museum it names is not clear",
        )
        .into_response();
    }
    let header_host = req
        .headers()
        .get(header::HOST)
        .map(crate::headers::value_text);
    // An absolute-URI request line (`GET http://host/path`) names its host itself, and
    // that name is the one a server goes by (RFC 9112, 3.2.2): it must be ours, and so
    // must the Host header beside it.
    let line_host = req.uri().authority().map(|a| a.as_str().to_string());
    // Each name with where the request gave it: the request line's first.
    let named: Vec<(&str, String)> = line_host
        .iter()
        .map(|h| ("the request line's host", h.clone()))
        .chain(header_host.iter().map(|h| ("Host", h.clone())))
        .collect();
    let refused = if named.is_empty() {
        Some(None)
    } else {
        named
            .iter()
            .find(|(_, h)| !g.policy.allows(h))
            .map(|(from, h)| Some((*from, h.clone())))
    };
    let host = line_host.or(header_host).unwrap_or_default();
    if let Some(host) = refused {
        let message = match &host {
            // HTTP/1.0 may leave the name out; the museum answers only a request that
            // names it.
            None => format!(
                "this request names no host (it has no Host header): this museum answers \
                 only requests for {}, named in the Host header",
                g.policy.describe()
            ),
            Some((from, h)) => format!(
                "this museum answers to {}, not to {from} {}: pages under other names are \
                 refused (DNS rebinding); to serve it under a name, start it with \
                 --allowed-host NAME",
                g.policy.describe(),
                ludomat_io::text::quoted(h, 60)
            ),
        };
        refusals.note(Refusal::ForeignHost, || {
            host.as_ref().map_or_else(
                || "no Host".to_string(),
                |(from, h)| format!("{from} {}", ludomat_io::text::quoted(h, 60)),
            )
        });
        return misdirected(req.uri().path(), message);
    }
    if is_write(req.method()) {
        if let Some(refusal) = foreign_write(&g, &req, &host) {
            let detail = format!("{} {} from {refusal}", req.method(), req.uri().path());
            refusals.note(Refusal::ForeignOrigin, || detail.clone());
            return ApiError::new(
                StatusCode::FORBIDDEN,
                format!(
                    "a write from a page of another origin ({refusal}) is refused: this \
                     museum takes writes only from its own pages (served as {host})"
                ),
            )
            .into_response();
        }
    }
    let peer = req
        .extensions()
        .get::<Peer>()
        .map_or(IpAddr::from([127, 0, 0, 1]), |p| p.0.ip());
    let client = match client_of(peer, req.headers(), g.museum.config().behind_proxy) {
        Ok(c) => c,
        Err(message) => {
            refusals.note(Refusal::BadForwardedFor, || message.clone());
            return ApiError::new(StatusCode::BAD_REQUEST, message).into_response();
        }
    };
    if let Err(wait) = g.museum.rates().take(client) {
        refusals.note(Refusal::TooFast, || client.to_string());
        let limit = g.museum.config().rate_limit;
        let (rate, burst) = limit.map_or((0, 0), |l| (l.per_second, l.burst));
        // One number for the person and for `Retry-After`: whole seconds, rounded up, so
        // a client that waits as told is let in.
        let secs = retry_after_secs(wait);
        let mut r = ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "too many requests from {client}: at most {rate} a second (bursts of \
                 {burst}) per client; try again in {secs} s"
            ),
        )
        .into_response();
        if let Ok(v) = HeaderValue::from_str(&secs.to_string()) {
            r.headers_mut().insert(header::RETRY_AFTER, v);
        }
        return r;
    }
    req.extensions_mut().insert(Client(client));
    next.run(req).await
}

/// The 421 of a request for another name: JSON for the API, as every API error is; for a
/// page (a person who reached the museum under a name it does not answer to, in a
/// browser) a short page saying the same ([`crate::assets::refusal_page`]).
fn misdirected(path: &str, message: String) -> Response {
    if path == "/api" || path.starts_with("/api/") {
        ApiError::new(StatusCode::MISDIRECTED_REQUEST, message).into_response()
    } else {
        crate::assets::refusal_page(
            StatusCode::MISDIRECTED_REQUEST,
            "Not this museum's name",
            &message,
        )
    }
}

/// A wait as `Retry-After` gives it: whole seconds, rounded up, at least 1.
#[must_use]
pub fn retry_after_secs(wait: std::time::Duration) -> u64 {
    let whole = wait.as_secs();
    let secs = if wait.subsec_nanos() > 0 {
        whole + 1
    } else {
        whole
    };
    secs.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn waits_are_whole_seconds_rounded_up() {
        assert_eq!(retry_after_secs(Duration::ZERO), 1);
        assert_eq!(retry_after_secs(Duration::from_millis(20)), 1);
        assert_eq!(retry_after_secs(Duration::from_secs(1)), 1);
        assert_eq!(retry_after_secs(Duration::from_millis(1001)), 2);
        assert_eq!(retry_after_secs(Duration::from_millis(2500)), 3);
    }

    fn policy(bound: &str, allowed: &[&str]) -> HostPolicy {
        let allowed: Vec<String> = allowed.iter().map(|s| s.to_string()).collect();
        HostPolicy::new(bound.parse().unwrap(), &allowed).unwrap()
    }

    #[test]
    fn loopback_names_with_the_port_only() {
        let p = policy("127.0.0.1:8462", &[]);
        for ok in [
            "127.0.0.1:8462",
            "localhost:8462",
            "LOCALHOST:8462",
            "[::1]:8462",
        ] {
            assert!(p.allows(ok), "{ok}");
        }
        for bad in [
            "evil.example",
            "evil.example:8462",
            "127.0.0.1.evil.example",
            "127.0.0.1.evil.example:8462",
            "localhost.:8462",
            "127.0.0.1:8463",
            "127.0.0.1",
            "127.0.0.2:8462",
            "user@127.0.0.1:8462",
            "127.0.0.1:8462:1",
            "[::1]x:8462",
            "",
            "localhost:",
            "localhost:99999",
            // a port written with a leading zero is no spelling of the museum's
            "localhost:08462",
            "127.0.0.1:008462",
        ] {
            assert!(!p.allows(bad), "{bad}");
        }
        assert!(policy("127.0.0.1:80", &[]).allows("localhost"));
    }

    #[test]
    fn allowed_hosts_and_origins() {
        let p = policy(
            "127.0.0.1:8462",
            &["museum.example.org", "kiosk.local:9000"],
        );
        assert!(p.allows("museum.example.org"));
        assert!(p.allows("museum.example.org:443"));
        assert!(p.allows("kiosk.local:9000"));
        assert!(!p.allows("kiosk.local"));
        let own = "127.0.0.1:8462";
        assert!(p.allows_origin("https://museum.example.org", "museum.example.org", false));
        assert!(p.allows_origin(
            "https://museum.example.org",
            "museum.example.org:443",
            false
        ));
        assert!(p.allows_origin("http://museum.example.org", "museum.example.org", false));
        assert!(p.allows_origin("http://127.0.0.1:8462", own, false));
        assert!(!p.allows_origin("http://evil.example", own, false));
        assert!(!p.allows_origin("null", own, false));
        assert!(!p.allows_origin("http://127.0.0.1:8462/x", own, false));
        assert!(HostPolicy::new("127.0.0.1:1".parse().unwrap(), &["a b".into()]).is_err());
    }

    /// `serve`'s flags are read before anything starts, in our words (usage errors).
    #[test]
    fn serve_flags_in_our_words() {
        let slots = (4, 8);
        assert_eq!(
            serve_flags("0.0.0.0", &[], Some("menace"), slots),
            Ok(IpAddr::from([0, 0, 0, 0]))
        );
        // Every value quoted one way, the terminal's: `--flag 'value' is not …`.
        assert_eq!(
            serve_flags("999.1.1.1", &[], None, slots),
            Err("--bind '999.1.1.1' is not an IP address; give e.g. 127.0.0.1 or 0.0.0.0".into())
        );
        assert_eq!(
            serve_flags("", &[], None, slots),
            Err("--bind '' is not an IP address; give e.g. 127.0.0.1 or 0.0.0.0".into())
        );
        assert_eq!(
            serve_flags("127.0.0.1", &[String::new()], None, slots),
            Err("--allowed-host '' is not a host name or address (NAME or NAME:PORT)".into())
        );
        assert!(serve_flags("127.0.0.1", &[], Some("nope"), slots)
            .unwrap_err()
            .starts_with("--exhibit 'nope' is not an exhibit; the kinds are tictactoe, "));
        assert_eq!(
            serve_flags("127.0.0.1", &[], None, (8, 8)),
            Err(
                "--interactive-slots '8' must be below --work-slots '8': autoplay steps and \
                 runs need at least one slot of their own"
                    .into()
            )
        );
    }

    #[tokio::test]
    async fn a_port_in_use_is_said_as_the_flag_that_chose_it() {
        let held = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = held.local_addr().unwrap().port();
        let e = listen(SocketAddr::from(([127, 0, 0, 1], port)))
            .await
            .unwrap_err();
        assert!(e.0, "{e}");
        assert_eq!(
            e.1,
            format!(
                "--port '{port}' is in use by another program on 127.0.0.1: choose another, \
                 or '--port 0' for a free one"
            )
        );
    }

    /// The origin of the page itself: its scheme (http, https only where a proxy may
    /// serve it), the request's own host and port, written as a browser writes it.
    #[test]
    fn origins_exactly_the_pages_own() {
        let p = policy("127.0.0.1:8462", &["museum.example.org"]);
        let own = "127.0.0.1:8462";
        assert!(p.allows_origin("http://127.0.0.1:8462", own, false));
        assert!(p.allows_origin("http://localhost:8462", "localhost:8462", false));
        assert!(p.allows_origin("http://localhost:8462", "LOCALHOST:8462", false));
        for bad in [
            // Another scheme: the museum serves http.
            "https://127.0.0.1:8462",
            "ws://127.0.0.1:8462",
            // Not as a browser writes an origin (RFC 6454: lower case).
            "HTTP://127.0.0.1:8462",
            "Http://127.0.0.1:8462",
            "http://LOCALHOST:8462",
            // Another of the museum's names than the page's own Host, another port.
            "http://localhost:8462",
            "http://[::1]:8462",
            "http://127.0.0.1:8463",
            "http://127.0.0.1",
            "http://127.0.0.1:8462:1",
            "http://",
            "127.0.0.1:8462",
        ] {
            assert!(!p.allows_origin(bad, own, false), "{bad}");
        }
        // Behind a proxy the page may be https, still on the page's own host and port.
        assert!(p.allows_origin("https://127.0.0.1:8462", own, true));
        assert!(!p.allows_origin("https://127.0.0.1:8463", own, true));
        assert!(p.allows_origin("https://museum.example.org", "museum.example.org", false));
        assert!(!p.allows_origin(
            "https://museum.example.org:444",
            "museum.example.org",
            false
        ));
        assert!(!p.allows_origin("https://museum.example.org", own, false));
    }

    #[test]
    fn bound_elsewhere() {
        let all = policy("0.0.0.0:8462", &[]);
        assert!(all.allows("192.168.1.20:8462"));
        assert!(all.allows("[fe80::1]:8462"));
        assert!(all.allows("localhost:8462"));
        assert!(!all.allows("evil.example:8462"));
        assert!(!all.allows("192.168.1.20:1"));
        let one = policy("192.168.1.20:8462", &[]);
        assert!(one.allows("192.168.1.20:8462"));
        assert!(!one.allows("localhost:8462"));
        assert!(!one.allows("192.168.1.21:8462"));
    }
}
