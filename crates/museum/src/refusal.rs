//! Refusals in the server's log: at most one line a second per kind, with how many of
//! that kind went unlogged since, so a flood of refused requests cannot flood the log.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::visit::lock;

/// What was refused (or let go to make room).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A request whose Host names no address the museum answers to (421).
    ForeignHost,
    /// A write from a page of another origin (403).
    ForeignOrigin,
    /// A client over its requests per second (429).
    TooFast,
    /// A client holding its most visits, each watched by a page (429).
    ClientFull,
    /// The museum holding its most visits, each watched by a page (503).
    MuseumFull,
    /// An unwatched visit let go to make room for a newcomer.
    Evicted,
    /// A connection refused at the connection limit, every open one busy (503).
    Connections,
    /// An idle connection closed to make room for a new one.
    IdleConnectionClosed,
    /// A connection refused at the limit of one address, every one of its connections
    /// busy (503).
    ClientConnections,
    /// Accepting failed (out of file descriptors).
    Accept,
    /// A bad `X-Forwarded-For` header (400).
    BadForwardedFor,
    /// A client with its most pieces of work waiting for a work slot (429).
    TooMuchWaiting,
    /// An event stream over the limit of its visit or client (429).
    Streams,
    /// A second run of one client (429).
    ClientRuns,
    /// A run refused with the run queue full (503).
    RunQueueFull,
    /// A request with two `Host` headers (400).
    TwoHosts,
    /// An autoplay over the client's or the museum's limit (429, 503).
    Autoplays,
}

const KINDS: usize = 17;

impl Refusal {
    fn index(self) -> usize {
        self as usize
    }

    fn what(self) -> &'static str {
        match self {
            Refusal::ForeignHost => "421 foreign Host",
            Refusal::ForeignOrigin => "403 write from a foreign Origin",
            Refusal::TooFast => "429 too many requests a second",
            Refusal::ClientFull => "429 client holds its most visits",
            Refusal::MuseumFull => "503 museum full (every visit watched)",
            Refusal::Evicted => "unwatched visit let go to make room",
            Refusal::Connections => "503 connection limit, every connection busy",
            Refusal::IdleConnectionClosed => "idle connection closed to make room",
            Refusal::ClientConnections => {
                "503 connection limit of one address, every one of its connections busy"
            }
            Refusal::Accept => "accepting a connection failed",
            Refusal::BadForwardedFor => "400 bad X-Forwarded-For",
            Refusal::TooMuchWaiting => "429 client has its most work waiting",
            Refusal::Streams => "429 event streams over the limit",
            Refusal::ClientRuns => "429 client has a run going already",
            Refusal::RunQueueFull => "503 run queue full",
            Refusal::TwoHosts => "400 two Host headers",
            Refusal::Autoplays => "429/503 autoplays over the limit",
        }
    }
}

#[derive(Default)]
struct Slot {
    last: Option<Instant>,
    unlogged: u64,
    example: String,
}

/// The refusal log of one server.
pub struct Refusals {
    slots: [Mutex<Slot>; KINDS],
    every: Duration,
}

impl Default for Refusals {
    fn default() -> Self {
        Refusals {
            slots: std::array::from_fn(|_| Mutex::new(Slot::default())),
            every: Duration::from_secs(1),
        }
    }
}

impl Refusals {
    /// Notes one refusal of `kind`; logs it (a warning) unless one of its kind was logged
    /// less than a second ago. `detail` says what, e.g. the Host given. Returns whether
    /// it was logged.
    pub fn note(&self, kind: Refusal, detail: impl FnOnce() -> String) -> bool {
        let mut slot = lock(&self.slots[kind.index()]);
        let now = Instant::now();
        if slot
            .last
            .is_some_and(|t| now.duration_since(t) < self.every)
        {
            slot.unlogged += 1;
            if slot.example.is_empty() {
                slot.example = detail();
            }
            return false;
        }
        let more = std::mem::take(&mut slot.unlogged);
        slot.example.clear();
        slot.last = Some(now);
        drop(slot);
        log(&summary(kind, &detail(), more));
        true
    }

    /// Logs the counts of refusals not yet logged whose second has passed (called once a
    /// second, so the last of a burst is told too).
    pub fn flush(&self) {
        for (i, slot) in self.slots.iter().enumerate() {
            let mut slot = lock(slot);
            if slot.unlogged == 0 || slot.last.is_some_and(|t| t.elapsed() < self.every) {
                continue;
            }
            let more = std::mem::take(&mut slot.unlogged);
            let example = std::mem::take(&mut slot.example);
            slot.last = Some(Instant::now());
            drop(slot);
            // the example is one of them: it and the others, in the one shape
            log(&summary(ALL[i], &example, more - 1));
        }
    }
}

/// A refusal's line in its one shape: `429 too many requests a second: 127.0.0.99 (and
/// 1,758 more in the last second)`, or without the brackets when it was alone.
fn summary(kind: Refusal, detail: &str, more: u64) -> String {
    if more == 0 {
        format!("{}: {detail}", kind.what())
    } else {
        format!(
            "{}: {detail} (and {} more in the last second)",
            kind.what(),
            ludomat_io::text::thousands(more)
        )
    }
}

/// One line of the log, in the museum's own format, as `ludomat serve` writes its other
/// lines (`ludomat museum: 421 foreign Host: …`), not the tracing library's: one line in
/// a file or a pipe however long (`ludomat serve 2> log`), wrapped only on a terminal.
fn log(line: &str) {
    ludomat_io::logln!("ludomat museum: {line}");
}

const ALL: [Refusal; KINDS] = [
    Refusal::ForeignHost,
    Refusal::ForeignOrigin,
    Refusal::TooFast,
    Refusal::ClientFull,
    Refusal::MuseumFull,
    Refusal::Evicted,
    Refusal::Connections,
    Refusal::IdleConnectionClosed,
    Refusal::ClientConnections,
    Refusal::Accept,
    Refusal::BadForwardedFor,
    Refusal::TooMuchWaiting,
    Refusal::Streams,
    Refusal::ClientRuns,
    Refusal::RunQueueFull,
    Refusal::TwoHosts,
    Refusal::Autoplays,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_a_second_per_kind() {
        let r = Refusals::default();
        assert!(r.note(Refusal::ForeignHost, || "evil.example".into()));
        for _ in 0..100 {
            assert!(!r.note(Refusal::ForeignHost, || "evil.example".into()));
        }
        // Another kind has its own second.
        assert!(r.note(Refusal::TooFast, || "127.0.0.2".into()));
        assert_eq!(lock(&r.slots[Refusal::ForeignHost.index()]).unlogged, 100);
        for (i, k) in ALL.iter().enumerate() {
            assert_eq!(k.index(), i);
        }
    }

    /// A flood's summary has one shape, its count with thousands, whether a refusal's own
    /// line or the second's last count tells it.
    #[test]
    fn a_flood_is_summed_up_in_one_shape_with_thousands() {
        let line = summary(Refusal::TooFast, "127.0.0.99", 1758);
        assert!(
            line.ends_with(": 127.0.0.99 (and 1,758 more in the last second)"),
            "{line}"
        );
        assert!(!summary(Refusal::TooFast, "127.0.0.99", 0).contains("more"));
    }
}
