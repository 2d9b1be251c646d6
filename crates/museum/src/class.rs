//! A class on one network: the addresses students can type, and their QR code.
//!
//! A museum bound to all interfaces (`--bind 0.0.0.0`) is reachable at each address of
//! the machine that is not loopback; the terminal prints them with a QR code of the first
//! ([`Class::qr_text`]), and the home page shows the same on request for a projector
//! (`GET /api/museum`, `GET /api/class.svg`). Addresses of bridges for containers and
//! virtual machines (`docker0`, `br-…`, `virbr…`, `veth…`) come last: students' devices
//! are not on them.

use std::net::{IpAddr, SocketAddr};

use qrcode::render::{svg, unicode};
use qrcode::QrCode;
use serde::Serialize;
use serde_json::{json, Value};

use crate::MuseumConfig;

/// One address of this machine, with its interface's name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Address {
    /// The interface (`wlan0`, `eth0`, `en0` …).
    pub interface: String,
    /// The address.
    pub ip: IpAddr,
}

/// The non-loopback addresses of this machine's interfaces that are up: IPv4 always,
/// IPv6 when `v6` (global and unique-local only: a link-local address needs a zone a
/// browser's address bar cannot take). Empty where the platform cannot say.
#[must_use]
pub fn interface_addresses(v6: bool) -> Vec<Address> {
    let mut out = Vec::new();
    #[cfg(unix)]
    {
        let mut list: *mut libc::ifaddrs = std::ptr::null_mut();
        // SAFETY: getifaddrs fills `list` with a linked list we free with freeifaddrs;
        // every pointer read below comes from that list and is checked for null.
        unsafe {
            if libc::getifaddrs(&mut list) != 0 {
                return out;
            }
            let mut at = list;
            while !at.is_null() {
                let ifa = &*at;
                at = ifa.ifa_next;
                let up = ifa.ifa_flags & (libc::IFF_UP as libc::c_uint) != 0;
                let loopback = ifa.ifa_flags & (libc::IFF_LOOPBACK as libc::c_uint) != 0;
                if ifa.ifa_addr.is_null() || !up || loopback {
                    continue;
                }
                let name = if ifa.ifa_name.is_null() {
                    String::new()
                } else {
                    std::ffi::CStr::from_ptr(ifa.ifa_name)
                        .to_string_lossy()
                        .into_owned()
                };
                let ip = match i32::from((*ifa.ifa_addr).sa_family) {
                    libc::AF_INET => {
                        let sin = &*(ifa.ifa_addr as *const libc::sockaddr_in);
                        IpAddr::from(u32::from_be(sin.sin_addr.s_addr).to_be_bytes())
                    }
                    libc::AF_INET6 if v6 => {
                        let sin6 = &*(ifa.ifa_addr as *const libc::sockaddr_in6);
                        IpAddr::from(sin6.sin6_addr.s6_addr)
                    }
                    _ => continue,
                };
                out.push(Address {
                    interface: name,
                    ip,
                });
            }
            libc::freeifaddrs(list);
        }
    }
    out.retain(|a| typeable(a.ip));
    out.sort_by_key(|a| (virtual_bridge(&a.interface), a.ip.is_ipv6()));
    out.dedup();
    out
}

/// An address a student can type into a browser to reach this machine.
fn typeable(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => !v4.is_loopback() && !v4.is_unspecified() && !v4.is_link_local(),
        IpAddr::V6(v6) => {
            let first = v6.segments()[0];
            !v6.is_loopback() && !v6.is_unspecified() && (first & 0xffc0) != 0xfe80
        }
    }
}

/// Whether an interface is a bridge for containers or virtual machines.
fn virtual_bridge(name: &str) -> bool {
    [
        "docker", "br-", "virbr", "veth", "vmnet", "vboxnet", "cni", "flannel", "podman",
    ]
    .iter()
    .any(|p| name.starts_with(p))
}

/// The URL of the museum at `ip` on `port`.
#[must_use]
pub fn url(ip: IpAddr, port: u16) -> String {
    match ip {
        IpAddr::V4(v4) => format!("http://{v4}:{port}/"),
        IpAddr::V6(v6) => format!("http://[{v6}]:{port}/"),
    }
}

/// Where the museum is bound, and so who can reach it.
#[derive(Debug, Clone)]
pub struct Class {
    bound: SocketAddr,
}

impl Class {
    /// The class of a museum bound to `bound`.
    #[must_use]
    pub fn new(bound: SocketAddr) -> Self {
        Class { bound }
    }

    /// Whether other machines can reach the museum.
    #[must_use]
    pub fn reachable(&self) -> bool {
        !self.bound.ip().is_loopback()
    }

    /// The URLs students type, with their interfaces: each non-loopback address when
    /// bound to all interfaces, the bound address otherwise; none on loopback.
    #[must_use]
    pub fn urls(&self) -> Vec<(String, String)> {
        let (ip, port) = (self.bound.ip(), self.bound.port());
        if ip.is_loopback() {
            return Vec::new();
        }
        if ip.is_unspecified() {
            return interface_addresses(ip.is_ipv6())
                .into_iter()
                .map(|a| (url(a.ip, port), a.interface))
                .collect();
        }
        vec![(url(ip, port), String::new())]
    }

    /// What `GET /api/museum` says about reaching the museum.
    #[must_use]
    pub fn describe(&self) -> Value {
        let urls = self.urls();
        json!({
            "bound": self.bound.to_string(),
            "reachable": self.reachable(),
            "urls": urls.iter().map(|(u, i)| json!({"url": u, "interface": i})).collect::<Vec<_>>(),
        })
    }

    /// The QR code of the first URL as SVG, black on white; `None` when there is none.
    #[must_use]
    pub fn qr_svg(&self) -> Option<String> {
        let (first, _) = self.urls().into_iter().next()?;
        let code = QrCode::new(first.as_bytes()).ok()?;
        Some(
            code.render::<svg::Color<'_>>()
                .min_dimensions(240, 240)
                .dark_color(svg::Color("#000000"))
                .light_color(svg::Color("#ffffff"))
                .quiet_zone(true)
                .build(),
        )
    }
}

/// `text` as a QR code for a terminal: two rows of modules to a line of `▀▄█` and
/// spaces, dark modules drawn, with its quiet zone; to be shown dark on light (the
/// caller colours it on a terminal). `None` for text too long for a QR code.
#[must_use]
pub fn qr_text(text: &str) -> Option<String> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<unicode::Dense1x2>()
            .dark_color(unicode::Dense1x2::Dark)
            .light_color(unicode::Dense1x2::Light)
            .quiet_zone(true)
            .build(),
    )
}

/// The limits every visitor meets, as `GET /api/museum` tells them (a page shows a run's
/// time limit before it starts).
#[must_use]
pub fn limits(c: &MuseumConfig) -> Value {
    json!({
        "visits": c.max_visits,
        "visits_per_client": c.max_visits_per_client,
        "requests_per_second": c.rate_limit.map(|r| r.per_second),
        "work_slots": c.max_blocking,
        "work_slots_per_client": c.max_blocking_per_client,
        "waiting_per_client": c.max_waiting_per_client,
        "interactive_slots": c.interactive_slots,
        "autoplays": c.max_autoplays,
        "autoplays_per_client": c.max_autoplays_per_client,
        "runs": c.max_runs,
        "runs_per_client": c.max_runs_per_client,
        "run_queue": c.max_run_queue,
        "run_seconds": c.max_run_time.as_secs(),
        "streams_per_visit": c.max_streams_per_visit,
        "streams_per_client": c.max_streams_per_client,
        "idle_minutes": c.idle_expiry.as_secs() / 60,
        "networks": c.max_trained_networks,
        "certificates": c.max_certificates,
        // One regex search's memory, at most (a puzzle that could take more is refused).
        "regex_search_bytes": ludomat_regex_crossword::session::MAX_SEARCH_BYTES,
        "connections": c.max_connections,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_follow_the_bound_address() {
        let lo = Class::new("127.0.0.1:8462".parse().unwrap());
        assert!(!lo.reachable());
        assert!(lo.urls().is_empty());
        assert!(lo.qr_svg().is_none());
        let one = Class::new("192.168.1.20:8462".parse().unwrap());
        assert_eq!(one.urls()[0].0, "http://192.168.1.20:8462/");
        assert!(one.qr_svg().unwrap().starts_with("<?xml"));
        let all = Class::new("0.0.0.0:8462".parse().unwrap());
        for (u, i) in all.urls() {
            assert!(
                u.starts_with("http://") && u.ends_with(":8462/"),
                "{u} ({i})"
            );
            assert!(!u.contains("127.0.0.1"), "{u}");
        }
        assert_eq!(
            url("2001:db8::1".parse().unwrap(), 80),
            "http://[2001:db8::1]:80/"
        );
    }

    #[test]
    fn only_typeable_addresses_and_bridges_last() {
        assert!(typeable("192.168.1.20".parse().unwrap()));
        assert!(!typeable("169.254.3.4".parse().unwrap()));
        assert!(!typeable("fe80::1".parse().unwrap()));
        assert!(typeable("fd00::1".parse().unwrap()));
        assert!(virtual_bridge("docker0") && virtual_bridge("br-1a2b"));
        assert!(!virtual_bridge("wlan0") && !virtual_bridge("eth0"));
    }

    #[test]
    fn a_qr_code_fits_a_terminal() {
        let q = qr_text("http://192.168.100.200:8462/").unwrap();
        let widths: Vec<usize> = q.lines().map(|l| l.chars().count()).collect();
        assert!(
            widths.iter().all(|&w| w == widths[0] && w <= 40),
            "{widths:?}"
        );
        assert!(q.lines().count() <= 20);
    }
}
