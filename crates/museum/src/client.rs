//! Who a request comes from, and how fast each client may ask.
//!
//! The client is the address of the connection's other end, or — only when the museum is
//! told it stands behind a reverse proxy (`--behind-proxy`) — the last address of the
//! `X-Forwarded-For` header, the one the proxy itself appended (addresses before it were
//! sent by the client and prove nothing).

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::HeaderMap;

use crate::visit::lock;

/// The connection's other end, put on every request by the server.
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub SocketAddr);

/// The client a request is counted against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Client(pub IpAddr);

/// The client of a request from `peer` with `headers`.
///
/// # Errors
/// Behind a proxy, an `X-Forwarded-For` whose last entry is not an IP address (the
/// message names it).
pub fn client_of(peer: IpAddr, headers: &HeaderMap, behind_proxy: bool) -> Result<IpAddr, String> {
    if !behind_proxy {
        return Ok(canonical(peer));
    }
    let mut last = None;
    for value in headers.get_all("x-forwarded-for") {
        let text = value
            .to_str()
            .map_err(|_| "X-Forwarded-For: not text".to_string())?;
        if let Some(entry) = text.rsplit(',').map(str::trim).find(|e| !e.is_empty()) {
            last = Some(entry.to_string());
        }
    }
    match last {
        None => Ok(canonical(peer)),
        Some(entry) => parse_forwarded(&entry).map(canonical).ok_or_else(|| {
            format!(
                "X-Forwarded-For: its last entry {} is not an IP address",
                ludomat_io::text::quoted(&entry, 60)
            )
        }),
    }
}

/// An address as a proxy may write it: `192.0.2.1`, `2001:db8::1`, `[2001:db8::1]:443`,
/// `192.0.2.1:80`.
fn parse_forwarded(entry: &str) -> Option<IpAddr> {
    if let Ok(ip) = entry.parse::<IpAddr>() {
        return Some(ip);
    }
    entry.parse::<SocketAddr>().ok().map(|s| s.ip())
}

/// IPv4 clients seen through an IPv6 socket count as themselves.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        IpAddr::V4(_) => ip,
    }
}

/// How many requests a second one client may make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimit {
    /// Requests a second, sustained.
    pub per_second: u32,
    /// Requests at once after a quiet spell (a page loading its files).
    pub burst: u32,
}

struct Bucket {
    tokens: f64,
    at: Instant,
}

/// A token bucket per client address.
pub struct RateLimiter {
    limit: Option<RateLimit>,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl RateLimiter {
    /// A limiter allowing `limit` (`None`: no limit).
    #[must_use]
    pub fn new(limit: Option<RateLimit>) -> Self {
        RateLimiter {
            limit,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one request of `client`; `Err` with the seconds until one is allowed when
    /// it asks too fast.
    ///
    /// # Errors
    /// When the client's bucket is empty.
    pub fn take(&self, client: IpAddr) -> Result<(), Duration> {
        let Some(limit) = self.limit else {
            return Ok(());
        };
        let rate = f64::from(limit.per_second.max(1));
        let burst = f64::from(limit.burst.max(1));
        let now = Instant::now();
        let mut buckets = lock(&self.buckets);
        let b = buckets.entry(client).or_insert(Bucket {
            tokens: burst,
            at: now,
        });
        b.tokens = (b.tokens + now.duration_since(b.at).as_secs_f64() * rate).min(burst);
        b.at = now;
        if b.tokens >= 1.0 {
            b.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - b.tokens) / rate))
        }
    }

    /// Forgets clients whose buckets have filled up again (called once a second).
    pub fn prune(&self) {
        let Some(limit) = self.limit else {
            return;
        };
        let full = Duration::from_secs_f64(
            f64::from(limit.burst.max(1)) / f64::from(limit.per_second.max(1)),
        );
        lock(&self.buckets).retain(|_, b| b.at.elapsed() < full);
    }

    /// Clients with a bucket now.
    #[must_use]
    pub fn clients(&self) -> usize {
        lock(&self.buckets).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn forwarded_for_only_behind_a_proxy_and_only_its_last_entry() {
        let mut h = HeaderMap::new();
        h.insert(
            "x-forwarded-for",
            HeaderValue::from_static("10.9.9.9, 198.51.100.7"),
        );
        let peer = ip("127.0.0.1");
        assert_eq!(client_of(peer, &h, false), Ok(peer));
        assert_eq!(client_of(peer, &h, true), Ok(ip("198.51.100.7")));
        h.append(
            "x-forwarded-for",
            HeaderValue::from_static("[2001:db8::5]:443"),
        );
        assert_eq!(client_of(peer, &h, true), Ok(ip("2001:db8::5")));
        h.insert(
            "x-forwarded-for",
            HeaderValue::from_static("1.2.3.4, nonsense"),
        );
        assert!(client_of(peer, &h, true)
            .unwrap_err()
            .contains("'nonsense' is not an IP address"));
        assert_eq!(client_of(peer, &HeaderMap::new(), true), Ok(peer));
        assert_eq!(
            client_of(ip("::ffff:127.0.0.2"), &HeaderMap::new(), false),
            Ok(ip("127.0.0.2"))
        );
    }

    #[test]
    fn a_bucket_per_client() {
        let r = RateLimiter::new(Some(RateLimit {
            per_second: 1,
            burst: 3,
        }));
        let (a, b) = (ip("127.0.0.2"), ip("127.0.0.3"));
        for _ in 0..3 {
            assert!(r.take(a).is_ok());
        }
        let wait = r.take(a).unwrap_err();
        assert!(wait > Duration::from_millis(900) && wait <= Duration::from_secs(1));
        assert!(r.take(b).is_ok(), "another client is not held back");
        assert_eq!(r.clients(), 2);
        assert!(RateLimiter::new(None).take(a).is_ok());
    }
}
