//! [`Museum`]: the visits held by one server, their limits, and the pool for blocking work.
//!
//! Visits follow their pages. A page watches its visit through the event stream; when it
//! goes away it releases the visit (`POST …/release`, sent as a beacon on `pagehide`).
//! A visit no page watches is stopped (its job cancelled) after
//! [`MuseumConfig::unwatched_job_limit`] and forgotten after [`MuseumConfig::idle_expiry`]
//! without a request. When the museum (or one client) holds its most visits, the
//! unwatched visit idle longest is let go to make room for a newcomer; only when every
//! visit is watched is the newcomer refused (503, or 429 for one client's limit).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::http::StatusCode;
use ludomat_game::seed;
use tokio::sync::watch;

use crate::autoplays::Autoplays;
use crate::background::{Background, Failed};
use crate::client::{RateLimit, RateLimiter};
use crate::error::ApiError;
use crate::exhibits;
use crate::refusal::{Refusal, Refusals};
use crate::run_slots::{RunLimits, RunSlots};
use crate::visit::{lock, StreamGuard, Visit};
use crate::work::{NoSlot, Work, WorkLimits, WorkSlots};

/// The server's limits.
#[derive(Debug, Clone)]
pub struct MuseumConfig {
    /// Most visits held at once; beyond, the longest-idle unwatched visit is let go, or
    /// the newcomer refused with 503 when every visit is watched.
    pub max_visits: usize,
    /// Most visits one client address holds at once; beyond, its own longest-idle
    /// unwatched visit is let go, or the newcomer refused with 429.
    pub max_visits_per_client: usize,
    /// Requests a second per client address (429 beyond); `None` for no limit.
    pub rate_limit: Option<RateLimit>,
    /// A visit with no request and no open stream for this long is deleted (and its
    /// job cancelled).
    pub idle_expiry: Duration,
    /// A job (autoplay) of a visit no page has watched for this long is cancelled.
    pub unwatched_job_limit: Duration,
    /// Largest request body, in bytes (413 beyond).
    pub max_body_bytes: usize,
    /// Most pieces of session work (actions, views, autoplay steps) worked on at once
    /// ([`crate::work`]).
    pub max_blocking: usize,
    /// Most of those of each kind (interactive, background) one client holds at once;
    /// the clients with work waiting take turns.
    pub max_blocking_per_client: usize,
    /// Most pieces of work of each kind one client may have waiting for a slot (429
    /// beyond).
    pub max_waiting_per_client: usize,
    /// Work slots kept for the visitors' actions (interactive work): autoplay steps and
    /// runs' applications (background work) hold at most the others.
    pub interactive_slots: usize,
    /// Most autoplays going at once in the whole museum (503 beyond).
    pub max_autoplays: usize,
    /// Most autoplays one client has going at once (429 beyond).
    pub max_autoplays_per_client: usize,
    /// Shortest autoplay interval (a faster request is raised to it).
    pub min_interval: Duration,
    /// Longest autoplay interval.
    pub max_interval: Duration,
    /// Most steps one autoplay run takes before it stops by itself.
    pub max_autoplay_steps: u64,
    /// Most runs ([`crate::run`]) going at once in the whole museum; more wait in a queue
    /// ([`crate::run_slots`]).
    pub max_runs: usize,
    /// Most runs one client has going or waiting at once (429 beyond).
    pub max_runs_per_client: usize,
    /// Most runs waiting for a slot (503 beyond).
    pub max_run_queue: usize,
    /// Longest a run goes once started: then it is stopped, keeping what it did.
    pub max_run_time: Duration,
    /// Most event streams open on one visit (429 beyond).
    pub max_streams_per_visit: usize,
    /// Most event streams one client has open (429 beyond).
    pub max_streams_per_client: usize,
    /// Most applications one run asks for (400 beyond).
    pub max_run_steps: u64,
    /// Most Threes! networks trained in visits held at once (1.3 MiB each): past it the
    /// least recently used is let go, and its visit says so and offers to train again.
    /// Process-wide (the Threes! sessions' keeper): the last museum made sets it.
    pub max_trained_networks: usize,
    /// Most certificates found by 4×4×4 proofs in visits held at once (a few MB each):
    /// past it the least recently used is let go, and its visit says so (the proof's counts
    /// stay) and offers to prove again. Process-wide, as `max_trained_networks`.
    pub max_certificates: usize,
    /// More names (`name` or `name:port`) the museum answers to besides its bound address.
    pub allowed_hosts: Vec<String>,
    /// Behind a reverse proxy: the client is the last `X-Forwarded-For` address.
    pub behind_proxy: bool,
    /// Most connections open at once; `None`: below the file-descriptor limit (see
    /// [`crate::server`]).
    pub max_connections: Option<usize>,
    /// Most connections one address may hold at once; `None`: an eighth of
    /// `max_connections`, 16 to 256 ([`crate::per_address`]). Not counted behind a proxy.
    pub max_connections_per_client: Option<usize>,
    /// A connection with no request for this long is closed.
    pub connection_idle: Duration,
    /// A request whose body has not come whole within this long is answered as such and
    /// its connection closed (a client that sends half a body held its connection, busy,
    /// for ever). 20 s by default.
    pub body_timeout: Duration,
    /// On Ctrl-C / SIGTERM, how long connections get to finish before they are dropped.
    pub shutdown_grace: Duration,
}

impl MuseumConfig {
    /// 64 KiB: far above any action or config of the exhibits.
    pub const DEFAULT_MAX_BODY_BYTES: usize = 64 * 1024;
    /// 50 requests a second per client, in bursts of 100 (a page loads about 15 files).
    pub const DEFAULT_RATE_LIMIT: RateLimit = RateLimit {
        per_second: 50,
        burst: 100,
    };
}

impl Default for MuseumConfig {
    fn default() -> Self {
        MuseumConfig {
            max_visits: 2_000,
            max_visits_per_client: 100,
            rate_limit: Some(Self::DEFAULT_RATE_LIMIT),
            idle_expiry: Duration::from_secs(30 * 60),
            unwatched_job_limit: Duration::from_secs(30),
            max_body_bytes: Self::DEFAULT_MAX_BODY_BYTES,
            max_blocking: 8,
            max_blocking_per_client: 2,
            max_waiting_per_client: 64,
            interactive_slots: 4,
            max_autoplays: 64,
            max_autoplays_per_client: 4,
            min_interval: Duration::from_millis(10),
            max_interval: Duration::from_secs(60),
            max_autoplay_steps: 100_000,
            max_runs: 2,
            max_runs_per_client: 1,
            max_run_queue: 100,
            max_run_time: Duration::from_secs(10 * 60),
            max_streams_per_visit: 2,
            max_streams_per_client: 20,
            max_run_steps: 1_000,
            max_trained_networks: 16,
            max_certificates: 4,
            allowed_hosts: Vec::new(),
            behind_proxy: false,
            max_connections: None,
            max_connections_per_client: None,
            connection_idle: Duration::from_secs(60),
            body_timeout: Duration::from_secs(20),
            shutdown_grace: Duration::from_secs(1),
        }
    }
}

/// The visits of one server. Cheap to clone (shared).
#[derive(Clone)]
pub struct Museum {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Visits {
    by_id: HashMap<String, Arc<Visit>>,
    per_client: HashMap<IpAddr, usize>,
}

impl Visits {
    fn insert(&mut self, visit: Arc<Visit>) {
        *self.per_client.entry(visit.client).or_default() += 1;
        self.by_id.insert(visit.id.clone(), visit);
    }

    fn remove(&mut self, id: &str) -> Option<Arc<Visit>> {
        let visit = self.by_id.remove(id)?;
        if let Some(n) = self.per_client.get_mut(&visit.client) {
            *n -= 1;
            if *n == 0 {
                self.per_client.remove(&visit.client);
            }
        }
        Some(visit)
    }

    fn of_client(&self, client: IpAddr) -> usize {
        self.per_client.get(&client).copied().unwrap_or(0)
    }

    /// The unwatched visit idle longest (of `client`, if given).
    fn longest_idle_unwatched(&self, client: Option<IpAddr>) -> Option<Arc<Visit>> {
        self.by_id
            .values()
            .filter(|v| client.is_none_or(|c| v.client == c) && !v.watched())
            // a visit whose run or autoplay is going is let go last: its work is lost
            .max_by_key(|v| (!v.running(), v.idle()))
            .cloned()
    }
}

struct Inner {
    config: MuseumConfig,
    visits: Mutex<Visits>,
    next: AtomicU64,
    salt: u64,
    work: Arc<WorkSlots>,
    /// The low-priority threads background work runs on.
    background: Background,
    /// The autoplays going, by visit ([`crate::autoplay`]).
    autoplays: Mutex<Autoplays>,
    runs: Arc<RunSlots>,
    /// Event streams open, per client.
    streams: Mutex<HashMap<IpAddr, usize>>,
    /// The runs holding a run slot or a place in the queue, by visit id: each ends its
    /// channel when it has let go of both ([`crate::run`]).
    runs_held: Mutex<HashMap<String, crate::held_run::HeldRun>>,
    stopping: watch::Sender<bool>,
    rates: RateLimiter,
    refusals: Refusals,
    /// Visits let go since memory was last given back ([`crate::memory`]).
    released: AtomicUsize,
    /// Found certificates let go for room, as last seen by the sweep: when more have
    /// gone, the watched 4×4×4 visits publish their views again (a page then says its
    /// certificate went instead of offering to play it).
    certificates_let_go: std::sync::atomic::AtomicU64,
}

/// What [`Museum::stop`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stopping {
    /// Event streams open (now ending).
    pub streams: usize,
    /// Jobs cancelled: autoplays and runs.
    pub jobs: usize,
    /// Of those, autoplays.
    pub autoplays: usize,
    /// Of those, runs (`POST …/run`: a training, a proof, a check), going or waiting.
    pub runs: usize,
    /// Of the runs, those waiting for a run slot.
    pub runs_waiting: usize,
    /// Visits held.
    pub visits: usize,
}

impl Museum {
    /// An empty museum with these limits.
    #[must_use]
    pub fn new(config: MuseumConfig) -> Self {
        // Ids are unguessable across runs: the salt comes from the clock and the
        // process; within a run they are distinct (`seed::derive` is a bijection in its
        // index).
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let salt = seed::derive(now, u64::from(std::process::id()));
        let work = WorkSlots::new(WorkLimits {
            slots: config.max_blocking,
            per_client: config.max_blocking_per_client,
            waiting_per_client: config.max_waiting_per_client,
            interactive: config.interactive_slots,
        });
        let background = Background::new(work.limits().background());
        ludomat_threes::learn_watch::keep_at_most(config.max_trained_networks);
        ludomat_qubic::proof3d::watch::keep_at_most(config.max_certificates);
        Museum {
            inner: Arc::new(Inner {
                work,
                background,
                autoplays: Mutex::new(Autoplays::default()),
                runs: RunSlots::new(RunLimits {
                    slots: config.max_runs,
                    per_client: config.max_runs_per_client,
                    queue: config.max_run_queue,
                    time: config.max_run_time,
                }),
                streams: Mutex::new(HashMap::new()),
                runs_held: Mutex::new(HashMap::new()),
                rates: RateLimiter::new(config.rate_limit),
                config,
                visits: Mutex::new(Visits::default()),
                next: AtomicU64::new(0),
                salt,
                stopping: watch::Sender::new(false),
                refusals: Refusals::default(),
                released: AtomicUsize::new(0),
                certificates_let_go: std::sync::atomic::AtomicU64::new(
                    ludomat_qubic::proof3d::watch::certificates().let_go_count(),
                ),
            }),
        }
    }

    /// The limits.
    #[must_use]
    pub fn config(&self) -> &MuseumConfig {
        &self.inner.config
    }

    /// The run slots ([`crate::run`]).
    pub(crate) fn run_slots(&self) -> &Arc<RunSlots> {
        &self.inner.runs
    }

    /// The autoplays going ([`crate::autoplay`]).
    pub(crate) fn inner_autoplays(&self) -> &Mutex<Autoplays> {
        &self.inner.autoplays
    }

    /// The runs holding a slot or a place, by visit id ([`crate::run`]).
    pub(crate) fn runs_held(&self) -> &Mutex<HashMap<String, crate::held_run::HeldRun>> {
        &self.inner.runs_held
    }

    /// Work slots held now and pieces of work waiting; runs going and waiting.
    #[must_use]
    pub fn load(&self) -> ((usize, usize), (usize, usize)) {
        (self.inner.work.load(), self.inner.runs.load())
    }

    pub(crate) fn refusals(&self) -> &Refusals {
        &self.inner.refusals
    }

    pub(crate) fn rates(&self) -> &RateLimiter {
        &self.inner.rates
    }

    fn visits(&self) -> MutexGuard<'_, Visits> {
        lock(&self.inner.visits)
    }

    /// Lets go of every visit at once: the server's stop, once its connections are
    /// closed, so that their memory is freed inside the stop's measured time and not
    /// after its summary is printed (a server of 403 visits and 879 MB said 114 ms and
    /// took 1.7 s to exit).
    pub(crate) fn let_go_all(&self) {
        let visits = {
            let mut v = self.visits();
            v.per_client.clear();
            std::mem::take(&mut v.by_id)
        };
        drop(visits);
        crate::memory::give_back();
    }

    /// Visits held now.
    #[must_use]
    pub fn len(&self) -> usize {
        self.visits().by_id.len()
    }

    /// Whether no visit is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Visits of `client` held now.
    #[must_use]
    pub fn len_of(&self, client: IpAddr) -> usize {
        self.visits().of_client(client)
    }

    /// Lets `visit` go: cancels its job; its memory is given back at the next sweep.
    fn let_go(&self, visit: &Visit) {
        visit.abandon_job();
        visit.end();
        self.inner.released.fetch_add(1, Ordering::Relaxed);
    }

    /// Once a second: deletes every visit idle for longer than the expiry, and cancels
    /// the jobs of visits no page has watched for [`MuseumConfig::unwatched_job_limit`].
    /// Returns how many visits were let go since the last sweep (for
    /// [`crate::memory::give_back`]).
    pub fn sweep(&self) -> usize {
        let c = &self.inner.config;
        let (expired, unwatched): (Vec<Arc<Visit>>, Vec<Arc<Visit>>) = {
            let mut visits = self.visits();
            let expired: Vec<String> = visits
                .by_id
                .values()
                .filter(|v| v.idle_longer_than(c.idle_expiry))
                .map(|v| v.id.clone())
                .collect();
            let expired = expired.iter().filter_map(|id| visits.remove(id)).collect();
            let unwatched = visits
                .by_id
                .values()
                .filter(|v| {
                    v.running() && v.unwatched_for().is_some_and(|t| t > c.unwatched_job_limit)
                })
                .cloned()
                .collect();
            (expired, unwatched)
        };
        for v in &expired {
            self.let_go(v);
        }
        {
            // After a crowd has gone, the map's table goes too.
            let mut visits = self.visits();
            if visits.by_id.capacity() > 64 && visits.by_id.len() < visits.by_id.capacity() / 4 {
                visits.by_id.shrink_to_fit();
                visits.per_client.shrink_to_fit();
            }
        }
        for v in unwatched {
            v.cancel_unwatched(c.unwatched_job_limit.as_secs());
        }
        let let_go = ludomat_qubic::proof3d::watch::certificates().let_go_count();
        if self
            .inner
            .certificates_let_go
            .swap(let_go, Ordering::SeqCst)
            != let_go
        {
            let watched: Vec<Arc<Visit>> = self
                .visits()
                .by_id
                .values()
                .filter(|v| v.kind == "qubic" && v.watched())
                .cloned()
                .collect();
            for v in watched {
                v.republish();
            }
        }
        self.inner.rates.prune();
        self.inner.refusals.flush();
        self.inner.released.swap(0, Ordering::Relaxed)
    }

    /// Starts a visit of `client` to the exhibit `kind` with `config` (`null` for the
    /// default), letting go of an unwatched visit if the museum or the client is full.
    ///
    /// # Errors
    /// 400 for an unknown kind or a config the session refuses; 429 when the client
    /// holds [`MuseumConfig::max_visits_per_client`] visits and 503 when the museum holds
    /// [`MuseumConfig::max_visits`], every one watched by a page.
    pub async fn create(
        &self,
        kind: &str,
        config: serde_json::Value,
        client: IpAddr,
    ) -> Result<Arc<Visit>, ApiError> {
        let exhibit = exhibits::find(kind).ok_or_else(|| {
            ApiError::new(
                StatusCode::BAD_REQUEST,
                format!(
                    "no exhibit of kind {}: the kinds are {}",
                    ludomat_io::text::quoted(kind, 60),
                    exhibits::kinds()
                ),
            )
        })?;
        // Checked before the session starts (no work for a newcomer who will be
        // refused), and again when the visit is put in (others came meanwhile).
        self.make_room(&mut self.visits(), client, false)?;
        let start = exhibit.start;
        // A page with no settings in its address asks for the default (`{}`), as `null`.
        let config = match config {
            serde_json::Value::Object(m) if m.is_empty() => serde_json::Value::Null,
            c => c,
        };
        let config = exhibits::with_default_seed(kind, config);
        let session = self.blocking(client, move || start(config)).await??;
        let n = self.inner.next.fetch_add(1, Ordering::Relaxed);
        let id = format!("{:016x}", seed::derive(self.inner.salt, n));
        let visit = Arc::new(Visit::new(id, client, session));
        let mut visits = self.visits();
        self.make_room(&mut visits, client, true)?;
        visits.insert(Arc::clone(&visit));
        Ok(visit)
    }

    /// Room for one more visit of `client`: a free place, or an unwatched visit to let
    /// go (let go only when `evict`).
    fn make_room(&self, visits: &mut Visits, client: IpAddr, evict: bool) -> Result<(), ApiError> {
        let c = &self.inner.config;
        let mut spare = None;
        if visits.of_client(client) >= c.max_visits_per_client {
            let Some(v) = visits.longest_idle_unwatched(Some(client)) else {
                self.inner
                    .refusals
                    .note(Refusal::ClientFull, || client.to_string());
                return Err(ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!(
                        "this client ({client}) holds {}, the most one client may \
                         (--max-visits-per-client), each open in a page: close one of its \
                         pages first",
                        ludomat_io::text::count(c.max_visits_per_client as u64, "visit", "visits")
                    ),
                ));
            };
            spare = Some(v);
        } else if visits.by_id.len() >= c.max_visits {
            let Some(v) = visits.longest_idle_unwatched(None) else {
                self.inner
                    .refusals
                    .note(Refusal::MuseumFull, || format!("newcomer {client}"));
                return Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "the museum is full: it holds at most {} at once \
                         (--max-visits) and every one is open in a page right now; try \
                         again in a moment",
                        ludomat_io::text::count(c.max_visits as u64, "visit", "visits")
                    ),
                ));
            };
            spare = Some(v);
        }
        if let (Some(v), true) = (spare, evict) {
            // a visit whose run or autoplay was going was not idle: its work stopped with
            // it, and the log says so
            let working = evicted_work(&v);
            visits.remove(&v.id);
            self.let_go(&v);
            self.inner.refusals.note(Refusal::Evicted, || {
                let about = format!("visit {} ({}, client {})", v.id, v.kind, v.client);
                let secs = ludomat_io::text::thousands(v.idle().as_secs());
                match working {
                    Some(work) => format!(
                        "{about}, watched by no page for {secs} s: {work} was going and \
                         stopped with it"
                    ),
                    None => format!("{about} idle {secs} s"),
                }
            });
        }
        Ok(())
    }

    /// The visit `id`, marked as used.
    ///
    /// # Errors
    /// 404 when there is no such visit (or it has just expired).
    pub fn get(&self, id: &str) -> Result<Arc<Visit>, ApiError> {
        let mut visits = self.visits();
        let visit = visits
            .by_id
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::unknown_visit(id))?;
        if visit.idle_longer_than(self.inner.config.idle_expiry) {
            visits.remove(id);
            drop(visits);
            self.let_go(&visit);
            return Err(ApiError::unknown_visit(id));
        }
        visit.touch();
        Ok(visit)
    }

    /// Deletes the visit `id` (its page released it), cancelling its job.
    ///
    /// # Errors
    /// 404 when there is no such visit.
    pub fn delete(&self, id: &str) -> Result<(), ApiError> {
        let visit = self
            .visits()
            .remove(id)
            .ok_or_else(|| ApiError::unknown_visit(id))?;
        self.let_go(&visit);
        Ok(())
    }

    /// Runs `work` of `client` — interactive work, a visitor waits for it — on the
    /// blocking pool in one of the work slots ([`crate::work`]: at most
    /// [`MuseumConfig::max_blocking`] at once, each client at most
    /// [`MuseumConfig::max_blocking_per_client`], clients with work waiting in turn).
    ///
    /// # Errors
    /// 503 once the museum is stopping; 429 when the client has
    /// [`MuseumConfig::max_waiting_per_client`] pieces of work waiting; 500 if the work
    /// panicked.
    pub async fn blocking<T: Send + 'static>(
        &self,
        client: IpAddr,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let _slot = self.slot(client, Work::Interactive).await?;
        tokio::task::spawn_blocking(work).await.map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the session failed inside: {e}"),
            )
        })
    }

    /// Runs `work` of `client` — background work, an autoplay step or a run's
    /// application — in one of the work slots background work may hold (never those
    /// kept for the visitors' actions: [`MuseumConfig::interactive_slots`]), on a thread
    /// at a lower priority (`src/background.rs`).
    ///
    /// # Errors
    /// As [`Museum::blocking`].
    pub async fn background<T: Send + 'static>(
        &self,
        client: IpAddr,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let _slot = self.slot(client, Work::Background).await?;
        self.inner.background.run(work).await.map_err(|e| match e {
            Failed::Panicked(m) => ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the session failed inside: {m}"),
            ),
            Failed::NotRun(why) => ApiError::new(StatusCode::SERVICE_UNAVAILABLE, why),
        })
    }

    /// A work slot of `kind` for `client`.
    async fn slot(&self, client: IpAddr, kind: Work) -> Result<crate::work::Slot, ApiError> {
        self.inner
            .work
            .take(client, kind)
            .await
            .map_err(|e| match e {
                NoSlot::Stopping => ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "the museum is shutting down",
                ),
                NoSlot::TooMuchWaiting(n) => {
                    self.inner
                        .refusals
                        .note(Refusal::TooMuchWaiting, || client.to_string());
                    ApiError::new(
                        StatusCode::TOO_MANY_REQUESTS,
                        format!(
                            "this client ({client}) has {} waiting for the museum's work slots \
                         already, the most one client may (--waiting-per-client): wait for \
                         their answers first",
                            ludomat_io::text::count(n as u64, "request", "requests")
                        ),
                    )
                }
            })
    }

    /// Runs `work` as `visit`'s job on a thread of its own at a lower priority than the
    /// visitors' work (cancelling any earlier job): a long run that polls
    /// [`crate::job::Job::is_cancelled`] or hands [`crate::job::Job::cancel`] to its
    /// `RunContext`. Whatever `work` returns is the note published when it ends (`None`
    /// for none).
    pub fn spawn_job<F>(&self, visit: &Arc<Visit>, what: &'static str, work: F) -> crate::job::Job
    where
        F: FnOnce(&crate::job::Job) -> Option<String> + Send + 'static,
    {
        let job = visit.start_job(what);
        spawn_run_thread(job.clone(), work);
        job
    }

    /// Counts an event stream on `visit` for `client`, within the streams allowed per
    /// visit and per client (before it takes any work: [`Visit::stream_receiver`] then
    /// opens it).
    ///
    /// # Errors
    /// 429 naming the limit reached.
    pub(crate) fn count_stream(
        &self,
        visit: &Arc<Visit>,
        client: IpAddr,
    ) -> Result<(StreamGuard, ClientStream), ApiError> {
        let c = &self.inner.config;
        let counted = {
            let mut streams = lock(&self.inner.streams);
            let n = streams.entry(client).or_default();
            if *n >= c.max_streams_per_client {
                let n = *n;
                drop(streams);
                self.inner
                    .refusals
                    .note(Refusal::Streams, || format!("client {client}"));
                return Err(ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!(
                        "this client ({client}) has {n} event streams open, the most one \
                         client may (--streams-per-client): close a page first"
                    ),
                ));
            }
            *n += 1;
            ClientStream {
                museum: self.clone(),
                client,
            }
        };
        let Some(guard) = visit.stream_counted_within(c.max_streams_per_visit) else {
            self.inner
                .refusals
                .note(Refusal::Streams, || format!("visit {}", visit.id));
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "visit {} has {} open, the most one visit may \
                     (--streams-per-visit): one page watches one visit",
                    visit.id,
                    ludomat_io::text::count(
                        c.max_streams_per_visit as u64,
                        "event stream",
                        "event streams"
                    )
                ),
            ));
        };
        Ok((guard, counted))
    }

    /// Whether the museum is stopping, as a receiver that changes to `true` once.
    #[must_use]
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.inner.stopping.subscribe()
    }

    /// Stops the museum: event streams end, every job is cancelled, no more blocking
    /// work starts. Returns what there was.
    pub fn stop(&self) -> Stopping {
        let mut s = Stopping::default();
        {
            // Counted before the streams are told to end (they end at once).
            let visits = self.visits();
            s.visits = visits.by_id.len();
            s.runs_waiting = self.inner.runs.load().1;
            for v in visits.by_id.values() {
                s.streams += v.streams();
                let run = v.job() == Some(crate::job::RUN);
                if v.abandon_job() {
                    s.jobs += 1;
                    if run {
                        s.runs += 1;
                    } else {
                        s.autoplays += 1;
                    }
                }
            }
            s.runs_waiting = s.runs_waiting.min(s.runs);
        }
        self.inner.work.close();
        self.inner.background.close();
        self.inner.runs.close();
        self.inner.stopping.send_replace(true);
        s
    }
}

/// Counts an event stream against its client until dropped.
pub(crate) struct ClientStream {
    museum: Museum,
    client: IpAddr,
}

impl Drop for ClientStream {
    fn drop(&mut self) {
        let mut streams = lock(&self.museum.inner.streams);
        if let Some(n) = streams.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                streams.remove(&self.client);
            }
        }
    }
}

/// What a visit let go to make room had going, in words for the log (`its autoplay`,
/// `its 'train' run`), or `None` when it was idle.
fn evicted_work(v: &Visit) -> Option<String> {
    Some(match v.job()? {
        crate::job::RUN => crate::visit::lock(&v.run_words)
            .clone()
            .unwrap_or_else(|| "its run".into()),
        other => format!("its {other}"),
    })
}

/// Runs `work` as `job` on a thread of its own, at a lower priority than the visitors'
/// work (threads it starts inherit it): a long run never holds a work slot, and the
/// operating system serves every visitor's action before it.
pub(crate) fn spawn_run_thread<F>(job: crate::job::Job, work: F)
where
    F: FnOnce(&crate::job::Job) -> Option<String> + Send + 'static,
{
    let running = job.clone();
    let spawned = std::thread::Builder::new()
        .name("museum-run".into())
        .spawn(move || {
            crate::background::lower_priority();
            let note = work(&running);
            running.end(note);
        });
    if let Err(e) = spawned {
        let what = job.what();
        job.end(Some(format!("{what} could not start: {e}")));
    }
}
