//! [`Server`]: the museum on a listener — connections accepted and served (HTTP/1.1 by
//! hyper; a browser speaks HTTP/2 only over TLS, which a reverse proxy ends), capped below the file-descriptor limit, idle ones closed to make
//! room, and a stop within a second or two on Ctrl-C or SIGTERM however many pages are
//! open.
//!
//! Connections: each is counted from accept to close and knows whether a request is in
//! progress on it (an open event stream is a request in progress). When the museum holds
//! [`Server::max_connections`], a new connection makes it close the connection idle
//! longest (no request in progress) — so a pile of idle connections, a slow client's or
//! an attacker's, never locks out a new visitor; only when every connection is busy is
//! the newcomer answered 503 at once. Connections idle for
//! [`MuseumConfig::connection_idle`] are closed anyway, and a connection that sends no
//! complete request head within 30 s is closed by hyper; a request whose body has not
//! all come within [`MuseumConfig::body_timeout`] is answered as such and its connection closed. One
//! address holds at most [`per_address`] of the connections (unless the museum stands
//! behind a proxy, whose address every visitor shares): a client that opens many and
//! sends nothing, or half a body, never shuts the others out.
//!
//! Stopping: the listener is closed, the museum stopped ([`Museum::stop`]: event streams
//! end, jobs are cancelled), connections without a request in progress are closed at
//! once (idle ones, and those still sending a request's head), the others are asked to
//! finish theirs and close; those still open after [`MuseumConfig::shutdown_grace`] are
//! dropped.

use std::collections::HashMap;
use std::convert::Infallible;
use std::fmt;
use std::future::Future as _;
use std::net::SocketAddr;
use std::pin::{pin, Pin};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::Router;
use http_body::{Frame, SizeHint};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify};
use tokio::task::JoinSet;
use tower::ServiceExt;

use crate::client::Peer;
use crate::guard::HostPolicy;
use crate::raw_errors::JsonErrors;
use crate::refusal::Refusal;
use crate::visit::lock;
use crate::{fd_limit, memory, Museum, MuseumConfig};

/// The connections one address may hold at once, of the museum's `max` (a class behind
/// one address's NAT still has room: an eighth of `max`, 16 to 256; a museum of fewer
/// connections than that has no share per address).
#[must_use]
pub fn per_address(max: usize) -> usize {
    (max / 8).clamp(16, 256)
}

/// One open connection.
struct Conn {
    /// The address it comes from.
    ip: std::net::IpAddr,
    /// Requests in progress (their answers not yet fully sent).
    busy: AtomicUsize,
    /// When a request last started or finished (or the connection opened).
    last: Mutex<Instant>,
    /// Asked to close.
    closing: AtomicBool,
    close: Notify,
}

impl Conn {
    fn idle_for(&self) -> Option<Duration> {
        (self.busy.load(Ordering::SeqCst) == 0 && !self.closing.load(Ordering::SeqCst))
            .then(|| lock(&self.last).elapsed())
    }
}

/// The open connections.
#[derive(Default)]
struct Conns {
    map: Mutex<HashMap<u64, Arc<Conn>>>,
    /// Connections open from each address.
    per_ip: Mutex<HashMap<std::net::IpAddr, usize>>,
    next: AtomicU64,
    /// Open and not asked to close.
    open: AtomicUsize,
}

impl Conns {
    fn add(&self, ip: std::net::IpAddr) -> (u64, Arc<Conn>) {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        *lock(&self.per_ip).entry(ip).or_insert(0) += 1;
        let conn = Arc::new(Conn {
            ip,
            busy: AtomicUsize::new(0),
            last: Mutex::new(Instant::now()),
            closing: AtomicBool::new(false),
            close: Notify::new(),
        });
        lock(&self.map).insert(id, Arc::clone(&conn));
        self.open.fetch_add(1, Ordering::SeqCst);
        (id, conn)
    }

    fn remove(&self, id: u64) {
        if let Some(c) = lock(&self.map).remove(&id) {
            let mut per_ip = lock(&self.per_ip);
            if let Some(n) = per_ip.get_mut(&c.ip) {
                *n -= 1;
                if *n == 0 {
                    per_ip.remove(&c.ip);
                }
            }
            if !c.closing.swap(true, Ordering::SeqCst) {
                self.open.fetch_sub(1, Ordering::SeqCst);
            }
        }
    }

    fn ask_to_close(&self, c: &Conn) -> bool {
        if c.closing.swap(true, Ordering::SeqCst) {
            return false;
        }
        self.open.fetch_sub(1, Ordering::SeqCst);
        c.close.notify_one();
        true
    }

    /// Closes the connection idle longest; whether there was one.
    fn close_longest_idle(&self) -> bool {
        let victim = lock(&self.map)
            .values()
            .filter_map(|c| c.idle_for().map(|t| (t, Arc::clone(c))))
            .max_by_key(|(t, _)| *t)
            .map(|(_, c)| c);
        victim.is_some_and(|c| self.ask_to_close(&c))
    }

    /// Connections open from `ip` (those asked to close included, until they have).
    fn of(&self, ip: std::net::IpAddr) -> usize {
        lock(&self.per_ip).get(&ip).copied().unwrap_or(0)
    }

    /// Closes `ip`'s connection idle longest; whether it had one.
    fn close_longest_idle_of(&self, ip: std::net::IpAddr) -> bool {
        let victim = lock(&self.map)
            .values()
            .filter(|c| c.ip == ip)
            .filter_map(|c| c.idle_for().map(|t| (t, Arc::clone(c))))
            .max_by_key(|(t, _)| *t)
            .map(|(_, c)| c);
        victim.is_some_and(|c| self.ask_to_close(&c))
    }

    /// Closes every connection idle for longer than `limit`; how many.
    fn close_idle_longer_than(&self, limit: Duration) -> usize {
        let idle: Vec<Arc<Conn>> = lock(&self.map)
            .values()
            .filter(|c| c.idle_for().is_some_and(|t| t > limit))
            .cloned()
            .collect();
        idle.iter().filter(|c| self.ask_to_close(c)).count()
    }

    fn open(&self) -> usize {
        self.open.load(Ordering::SeqCst)
    }
}

/// Counts a request in progress on its connection until its answer is sent (or dropped).
struct Busy(Arc<Conn>);

impl Busy {
    fn new(conn: Arc<Conn>) -> Self {
        conn.busy.fetch_add(1, Ordering::SeqCst);
        *lock(&conn.last) = Instant::now();
        Busy(conn)
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        *lock(&self.0.last) = Instant::now();
        self.0.busy.fetch_sub(1, Ordering::SeqCst);
    }
}

/// An answer's body that keeps its request counted as in progress until it is sent.
struct Tracked {
    inner: Body,
    _busy: Busy,
}

impl http_body::Body for Tracked {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.get_mut().inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// A request's body that fails once `deadline` passes before its end: a client that
/// sends half a body and stops holds its connection no longer than that.
struct Deadline {
    inner: Incoming,
    within: Duration,
    deadline: Pin<Box<tokio::time::Sleep>>,
}

impl Deadline {
    fn new(inner: Incoming, within: Duration) -> Self {
        Deadline {
            inner,
            within,
            deadline: Box::pin(tokio::time::sleep(within)),
        }
    }
}

impl http_body::Body for Deadline {
    type Data = Bytes;
    type Error = Box<dyn std::error::Error + Send + Sync>;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = self.get_mut();
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(frame) => Poll::Ready(frame.map(|f| f.map_err(Into::into))),
            Poll::Pending => match this.deadline.as_mut().poll(cx) {
                Poll::Ready(()) => {
                    Poll::Ready(Some(Err(Box::new(crate::guard::BodyTooSlow(this.within)))))
                }
                Poll::Pending => Poll::Pending,
            },
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// What stopping did, for the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped {
    /// Event streams closed.
    pub streams: usize,
    /// Jobs cancelled: autoplays and runs.
    pub jobs: usize,
    /// Of those, autoplays.
    pub autoplays: usize,
    /// Of those, runs (a training, a proof, a check), going or waiting for a slot.
    pub runs: usize,
    /// Of the runs, those waiting for a run slot.
    pub runs_waiting: usize,
    /// Visits let go.
    pub visits: usize,
    /// Connections open when the stop began.
    pub connections: usize,
    /// Connections that had not finished within the grace and were dropped.
    pub dropped: usize,
    /// From the stop's start to its end.
    pub took: Duration,
}

fn plural(n: usize, one: &str, many: &str) -> String {
    ludomat_io::text::count(n as u64, one, many)
}

impl Stopped {
    /// What was cancelled, each kind counted apart: `2 autoplays and 3 runs (1 waiting
    /// for a run slot)`.
    fn cancelled(&self) -> String {
        let mut parts = Vec::new();
        if self.autoplays > 0 {
            parts.push(plural(self.autoplays, "autoplay", "autoplays"));
        }
        if self.runs > 0 {
            let mut runs = plural(self.runs, "run", "runs");
            if self.runs_waiting > 0 {
                runs.push_str(&format!(
                    " ({} waiting for a run slot)",
                    ludomat_io::text::thousands(self.runs_waiting as u64)
                ));
            }
            parts.push(runs);
        }
        if parts.is_empty() {
            "0 autoplays or runs".to_string()
        } else {
            parts.join(" and ")
        }
    }
}

impl Stopped {
    /// The stop line `ludomat serve` ends with, in every long run's words and with their
    /// status (130 after Ctrl-C, 143 after SIGTERM), `took` timed from the signal's
    /// arrival to the process's end (its runtime gone, the line said just before it exits):
    /// `Stopped by Ctrl-C; the museum kept nothing: closed 1 event stream and 1
    /// connection, cancelled 1 autoplay, let go of 1 visit; the museum ended 12.0 ms after
    /// the signal.` — the whole stop, never only the letting go (a stop that took 13 ms
    /// read as the letting go of the visits).
    #[must_use]
    pub fn stop_line(&self) -> ludomat_io::interrupt::Stopped {
        ludomat_io::interrupt::Stopped::with(&format!(
            "the museum kept nothing: {}; the museum ended {} after the signal",
            self.done(),
            // three significant digits whole, as every time: `19.0 ms`, never `19 ms`
            ludomat_io::text::whole_digits(self.took)
        ))
    }

    /// What the stop did, without its time: `closed 1 event stream and 1 connection,
    /// cancelled 1 autoplay, let go of 1 visit`.
    fn done(&self) -> String {
        let mut done = format!(
            "closed {} and {}, cancelled {}, let go of {}",
            plural(self.streams, "event stream", "event streams"),
            plural(self.connections, "connection", "connections"),
            self.cancelled(),
            plural(self.visits, "visit", "visits"),
        );
        if self.dropped > 0 {
            done.push_str(&format!(
                " ({} dropped unfinished)",
                plural(self.dropped, "connection", "connections")
            ));
        }
        done
    }
}

impl fmt::Display for Stopped {
    /// What the stop did and how long it took: `closed 1 event stream and 1 connection,
    /// cancelled 1 autoplay, let go of 1 visit in 12 ms`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} in {}",
            self.done(),
            ludomat_io::text::duration(self.took)
        )
    }
}

/// The museum bound to a listener, ready to run.
pub struct Server {
    listener: TcpListener,
    museum: Museum,
    policy: Arc<HostPolicy>,
    max_connections: usize,
    fd_limit: Option<u64>,
}

impl Server {
    /// Prepares the museum on `listener` with `config`: raises the file-descriptor limit
    /// ([`fd_limit::raise`]), sets the allocator up ([`memory::configure`]), and works
    /// out which Hosts it answers to.
    ///
    /// # Errors
    /// When the listener's address cannot be read, or an allowed host is not a host name.
    pub fn new(listener: TcpListener, mut config: MuseumConfig) -> std::io::Result<Server> {
        memory::configure();
        let fd_limit = fd_limit::raise();
        let bound = listener.local_addr()?;
        let policy = HostPolicy::new(bound, &config.allowed_hosts)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
        let max_connections = config
            .max_connections
            .unwrap_or_else(|| fd_limit::connection_cap(fd_limit))
            .max(1);
        // The cap in force, as `/api/museum` tells it.
        config.max_connections = Some(max_connections);
        Ok(Server {
            listener,
            museum: Museum::new(config),
            policy: Arc::new(policy),
            max_connections,
            fd_limit,
        })
    }

    /// The address it listens on.
    ///
    /// # Errors
    /// As the listener's.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Its visits.
    #[must_use]
    pub fn museum(&self) -> &Museum {
        &self.museum
    }

    /// Most connections it keeps open.
    #[must_use]
    pub fn max_connections(&self) -> usize {
        self.max_connections
    }

    /// The open-files limit in force (after raising it).
    #[must_use]
    pub fn fd_limit(&self) -> Option<u64> {
        self.fd_limit
    }

    /// The Hosts it answers to, for the terminal.
    #[must_use]
    pub fn hosts(&self) -> String {
        self.policy.describe()
    }

    /// Serves until Ctrl-C (SIGINT) or SIGTERM; calls `on_signal` with the signal's name
    /// when it comes, then stops. A second signal ends the process at once (status 130).
    ///
    /// # Errors
    /// As [`Server::run_until`].
    pub async fn run(
        self,
        on_signal: impl FnOnce(&'static str) + Send + 'static,
    ) -> std::io::Result<Stopped> {
        self.run_until(async move {
            let name = signal().await;
            on_signal(name);
            tokio::spawn(async {
                signal().await;
                std::process::exit(130);
            });
        })
        .await
    }

    /// Serves until `shutdown` completes, then stops (see the module documentation).
    ///
    /// # Errors
    /// None in practice: failures to accept are logged and retried.
    pub async fn run_until(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<Stopped> {
        let Server {
            listener,
            museum,
            policy,
            max_connections,
            ..
        } = self;
        let class = Arc::new(crate::class::Class::new(listener.local_addr()?));
        let app = crate::api::router(museum.clone(), policy, class);
        let conns = Arc::new(Conns::default());
        let (stop_tx, stop_rx) = watch::channel(false);
        let sweeper = tokio::spawn(sweep(museum.clone(), Arc::clone(&conns)));
        let mut tasks = JoinSet::new();
        let mut shutdown = pin!(shutdown);
        loop {
            while tasks.try_join_next().is_some() {}
            let accepted = tokio::select! {
                a = listener.accept() => a,
                () = &mut shutdown => break,
            };
            match accepted {
                Ok((stream, peer)) => {
                    // one address's share (behind a proxy every visitor has its address)
                    let ip = peer.ip();
                    let share = museum
                        .config()
                        .max_connections_per_client
                        .unwrap_or_else(|| per_address(max_connections));
                    if !museum.config().behind_proxy
                        && share < max_connections
                        && conns.of(ip) >= share
                        && !conns.close_longest_idle_of(ip)
                    {
                        museum.refusals().note(Refusal::ClientConnections, || {
                            format!("{peer} ({share} open)")
                        });
                        tasks.spawn(refuse_address(stream, share));
                        continue;
                    }
                    if conns.open() >= max_connections {
                        if conns.close_longest_idle() {
                            museum
                                .refusals()
                                .note(Refusal::IdleConnectionClosed, || format!("for {peer}"));
                        } else {
                            museum.refusals().note(Refusal::Connections, || {
                                format!("{peer} ({max_connections} open)")
                            });
                            tasks.spawn(refuse_busy(stream, max_connections));
                            continue;
                        }
                    }
                    let (id, conn) = conns.add(ip);
                    let body_timeout = museum.config().body_timeout;
                    let conns = Arc::clone(&conns);
                    let app = app.clone();
                    let stop = stop_rx.clone();
                    tasks.spawn(async move {
                        serve_connection(stream, peer, Arc::clone(&conn), app, stop, body_timeout)
                            .await;
                        conns.remove(id);
                    });
                }
                Err(e) => {
                    // Out of file descriptors (or another passing failure): make room
                    // and go on; never sleep a whole second as a plain accept loop would.
                    museum.refusals().note(Refusal::Accept, || e.to_string());
                    conns.close_longest_idle();
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            }
        }
        let started = Instant::now();
        drop(listener);
        let connections = lock(&conns.map).len();
        let s = museum.stop();
        stop_tx.send_replace(true);
        sweeper.abort();
        let grace = museum.config().shutdown_grace;
        let finished =
            tokio::time::timeout(grace, async { while tasks.join_next().await.is_some() {} })
                .await
                .is_ok();
        let dropped = if finished { 0 } else { tasks.len() };
        tasks.shutdown().await;
        // Freed here, inside the measured time (off the async threads: many visits take
        // a while to free).
        let all = museum.clone();
        let _ = tokio::task::spawn_blocking(move || all.let_go_all()).await;
        Ok(Stopped {
            streams: s.streams,
            jobs: s.jobs,
            autoplays: s.autoplays,
            runs: s.runs,
            runs_waiting: s.runs_waiting,
            visits: s.visits,
            connections,
            dropped,
            took: started.elapsed(),
        })
    }
}

/// Once a second: expiry and unwatched jobs ([`Museum::sweep`]), memory back to the
/// system after visits were let go, idle connections closed.
async fn sweep(museum: Museum, conns: Arc<Conns>) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // Once more after the blocking threads of a burst have ended (their caches and
    // stacks are freed only then).
    let mut again = None;
    loop {
        tick.tick().await;
        let released = museum.sweep();
        if released > 0 || again.is_some_and(|t| Instant::now() >= t) {
            again = (released > 0)
                .then(|| Instant::now() + BLOCKING_THREAD_KEEP_ALIVE + Duration::from_secs(1));
            let _ = tokio::task::spawn_blocking(memory::give_back).await;
        }
        conns.close_idle_longer_than(museum.config().connection_idle);
    }
}

/// Serves one connection until it closes, is closed as idle, or the server stops.
async fn serve_connection(
    stream: TcpStream,
    peer: SocketAddr,
    conn: Arc<Conn>,
    app: Router,
    mut stop: watch::Receiver<bool>,
    body_timeout: Duration,
) {
    let _ = stream.set_nodelay(true);
    let tracked = Arc::clone(&conn);
    let service = hyper::service::service_fn(move |req: hyper::Request<Incoming>| {
        let busy = Busy::new(Arc::clone(&tracked));
        let app = app.clone();
        async move {
            // a body that stops coming ends the request after the body timeout
            let mut req = req.map(|b| Body::new(Deadline::new(b, body_timeout)));
            req.extensions_mut().insert(Peer(peer));
            let answer = match app.oneshot(req).await {
                Ok(a) => a,
                Err(never) => match never {},
            };
            Ok::<_, Infallible>(answer.map(|inner| Body::new(Tracked { inner, _busy: busy })))
        }
    });
    let mut served = pin!(hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(30))
        // A request hyper cannot read is answered by hyper itself: with JSON too.
        .serve_connection(TokioIo::new(JsonErrors::new(stream)), service));
    let mut closing = false;
    loop {
        tokio::select! {
            _ = served.as_mut() => return,
            () = conn.close.notified(), if !closing => {
                if conn.busy.load(Ordering::SeqCst) == 0 {
                    return;
                }
                served.as_mut().graceful_shutdown();
                closing = true;
            }
            _ = stop.wait_for(|s| *s), if !closing => {
                // Idle, or still sending its request's head (a slow or stalled client):
                // nothing to finish.
                if conn.busy.load(Ordering::SeqCst) == 0 {
                    return;
                }
                served.as_mut().graceful_shutdown();
                closing = true;
            }
        }
    }
}

/// Answers a connection over the limit, when every open one is busy: 503 and close.
async fn refuse_busy(stream: TcpStream, max: usize) {
    refuse_with(
        stream,
        format!(
            "the museum has {} open, every one busy: try again in a moment",
            ludomat_io::text::count(max as u64, "connection", "connections")
        ),
    )
    .await;
}

/// Answers a connection over its address's share, every one of them busy: 503 and close.
async fn refuse_address(stream: TcpStream, share: usize) {
    refuse_with(
        stream,
        format!(
            "your address has {} open to the museum, every one busy (the most one address \
             may hold): try again in a moment",
            ludomat_io::text::count(share as u64, "connection", "connections")
        ),
    )
    .await;
}

/// 503 with `error`, and close.
async fn refuse_with(mut stream: TcpStream, error: String) {
    let body = serde_json::json!({ "error": error }).to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nretry-after: 1\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        let _ = stream.write_all(answer.as_bytes()).await;
        let _ = stream.shutdown().await;
    })
    .await;
}

/// How long an idle thread of the blocking pool lives: a burst of session work (a
/// thousand visits opening) starts a few threads, and each holds its stack's touched
/// pages until it ends.
pub const BLOCKING_THREAD_KEEP_ALIVE: Duration = Duration::from_secs(2);

/// The runtime the museum is served on (what `ludomat serve` uses): the allocator set up
/// first ([`memory::configure`], before any thread allocates), multi-threaded, idle
/// blocking threads ended after [`BLOCKING_THREAD_KEEP_ALIVE`].
///
/// # Errors
/// When the runtime cannot start (no threads).
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    memory::configure();
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_keep_alive(BLOCKING_THREAD_KEEP_ALIVE)
        .build()
}

/// The next Ctrl-C (SIGINT) or SIGTERM; its name. Never resolves where signals cannot
/// be caught.
pub async fn signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let (Ok(mut int), Ok(mut term)) = (
            signal(SignalKind::interrupt()),
            signal(SignalKind::terminate()),
        ) else {
            return std::future::pending().await;
        };
        tokio::select! {
            _ = int.recv() => "Ctrl-C (SIGINT)",
            _ = term.recv() => "SIGTERM",
        }
    }
    #[cfg(not(unix))]
    {
        if tokio::signal::ctrl_c().await.is_err() {
            return std::future::pending().await;
        }
        "Ctrl-C"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stopped(autoplays: usize, runs: usize, runs_waiting: usize) -> String {
        Stopped {
            streams: 3,
            jobs: autoplays + runs,
            autoplays,
            runs,
            runs_waiting,
            visits: 37,
            connections: 5,
            dropped: 0,
            took: Duration::from_millis(1000),
        }
        .to_string()
    }

    /// The museum trial's item 11: 4 autoplays and 3 proofs (2 going, 1 waiting) were
    /// "7 autoplay runs".
    #[test]
    fn autoplays_and_runs_are_counted_apart() {
        assert_eq!(
            stopped(4, 3, 1),
            "closed 3 event streams and 5 connections, cancelled 4 autoplays and 3 runs \
             (1 waiting for a run slot), let go of 37 visits in 1 s"
        );
        assert!(stopped(1, 0, 0).contains("cancelled 1 autoplay, let go"));
        assert!(stopped(0, 1, 0).contains("cancelled 1 run, let go"));
        // zero said one way, as the streams and connections say it
        assert!(stopped(0, 0, 0).contains("cancelled 0 autoplays or runs, let go"));
    }

    /// The stop line times the whole stop, from the signal, and says so: never `let go of
    /// 182 visits in 32.3 ms`, read as the time of the letting go alone.
    #[test]
    fn the_stop_line_says_what_its_time_is() {
        let s = Stopped {
            streams: 1,
            jobs: 0,
            autoplays: 0,
            runs: 0,
            runs_waiting: 0,
            visits: 182,
            connections: 1,
            dropped: 0,
            took: Duration::from_micros(32_300),
        };
        let line = s.stop_line().line().to_string();
        assert!(
            line.ends_with(
                "the museum kept nothing: closed 1 event stream and 1 connection, cancelled \
                 0 autoplays or runs, let go of 182 visits; the museum ended 32.3 ms after the \
                 signal."
            ),
            "{line}"
        );
        assert!(!line.contains("visits in"), "{line}");
        let whole = Stopped {
            took: Duration::from_millis(19),
            ..s
        };
        let line = whole.stop_line().line().to_string();
        assert!(line.ends_with("ended 19.0 ms after the signal."), "{line}");
    }
}
