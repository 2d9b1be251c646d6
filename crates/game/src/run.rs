//! Long work — training runs, benchmarks, proof searches, exhaustive checks — as library
//! entry points that the terminal and the museum watch alike.
//!
//! A long run is a plain function in its machine's crate that takes, besides its own
//! configuration, a [`RunContext`]: the one interface by which a run
//!
//! * reports **progress** — work done out of a total, the rate, and a *partial result*
//!   of the run's own type (the learning curve so far, the reply classes proved), which
//!   the terminal draws as an indicatif bar and the museum streams to the page;
//! * notices **cancellation** — Ctrl-C in the terminal, Stop / delete / expiry in the
//!   museum — at its next safe point, and returns what it has done ([`Ended::Cancelled`]
//!   with the partial result, never an error);
//! * saves at **checkpoints** — every *n* units of work the run hands its state to the
//!   caller's [`Checkpoint`], which writes it (atomically) where the caller decided.
//!
//! ```
//! use ludomat_game::run::{Cancel, Ended, RunContext};
//!
//! /// Sums 1..=n, one unit of work per number, reporting the sum so far.
//! fn sum_to(n: u64, ctx: &mut RunContext<'_, u64>) -> (u64, Ended) {
//!     let mut sum = 0;
//!     for i in 1..=n {
//!         sum += i;
//!         if ctx.tick(i, || sum).is_break() {
//!             return (sum, Ended::Cancelled);
//!         }
//!     }
//!     ctx.finish(n, sum);
//!     (sum, Ended::Finished)
//! }
//!
//! let mut seen = Vec::new();
//! let mut watch = |p: &ludomat_game::run::Progress<u64>| seen.push(p.done);
//! let mut ctx = RunContext::new("numbers", Some(100)).watch(&mut watch);
//! assert_eq!(sum_to(100, &mut ctx), (5050, Ended::Finished));
//! drop(ctx);
//! assert_eq!(seen.last(), Some(&100)); // the final report is always made
//!
//! let cancel = Cancel::new();
//! cancel.cancel();
//! let mut ctx = RunContext::new("numbers", Some(100)).with_cancel(cancel);
//! assert_eq!(sum_to(100, &mut ctx), (1, Ended::Cancelled));
//! ```
//!
//! Reporting is throttled by time (every [`RunContext::every`], 100 ms unless set) and the
//! clock is read only every few ticks, so a run may call [`RunContext::tick`] after every
//! game of millions and still lose well under 1 % of its speed.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;

/// A shared flag by which whoever started a run asks it to stop at its next safe point.
/// Cloning gives another handle to the same flag.
#[derive(Debug, Clone, Default)]
pub struct Cancel {
    flag: Arc<AtomicBool>,
    /// A process-wide flag that also stops the run (the terminal's Ctrl-C, set by a
    /// signal handler, which may only store to a static atomic).
    also: Option<&'static AtomicBool>,
}

impl Cancel {
    /// A flag not yet raised.
    #[must_use]
    pub fn new() -> Self {
        Cancel::default()
    }

    /// The same flag, also raised whenever `flag` is (a static a signal handler sets).
    #[must_use]
    pub fn also_on(mut self, flag: &'static AtomicBool) -> Self {
        self.also = Some(flag);
        self
    }

    /// Ask the run to stop.
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed) || self.also.is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ended {
    /// All the work asked for was done (or the run decided its question early, as a
    /// proof search that found its answer).
    Finished,
    /// Stopped at a safe point on request; the result holds what was done.
    Cancelled,
}

/// A report on a run in progress, with the run's partial result.
#[derive(Debug, Clone, Serialize)]
pub struct Progress<P> {
    /// Units of work done ("games", "positions", "expansions" …).
    pub done: u64,
    /// Units of work asked for, when known in advance.
    pub total: Option<u64>,
    /// What a unit of work is, plural ("games").
    pub unit: &'static str,
    /// Wall-clock time since the run started.
    #[serde(serialize_with = "secs")]
    pub elapsed: Duration,
    /// Whether this is the run's last report.
    pub last: bool,
    /// The result so far, in the run's own terms.
    pub partial: P,
}

fn secs<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

impl<P: Serialize> Progress<P> {
    /// The same report with its partial result as JSON (for a renderer that holds any
    /// run, as the museum does).
    #[must_use]
    pub fn to_json(&self) -> Progress<serde_json::Value> {
        Progress {
            done: self.done,
            total: self.total,
            unit: self.unit,
            elapsed: self.elapsed,
            last: self.last,
            partial: serde_json::to_value(&self.partial).unwrap_or(serde_json::Value::Null),
        }
    }
}

impl<P> Progress<P> {
    /// Units of work per second of wall-clock time so far (0 before any time passed).
    #[must_use]
    pub fn rate(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            self.done as f64 / s
        } else {
            0.0
        }
    }

    /// The share of the total done, in 0..=1, when the total is known.
    #[must_use]
    pub fn fraction(&self) -> Option<f64> {
        self.total
            .filter(|t| *t > 0)
            .map(|t| (self.done as f64 / t as f64).min(1.0))
    }

    /// The time left at the rate so far, when the total is known and work has been done.
    #[must_use]
    pub fn eta(&self) -> Option<Duration> {
        let total = self.total?;
        let rate = self.rate();
        (rate > 0.0).then(|| Duration::from_secs_f64(total.saturating_sub(self.done) as f64 / rate))
    }

    /// The same report with its partial result turned into another type (for example
    /// into JSON for the museum).
    pub fn map<Q>(self, f: impl FnOnce(P) -> Q) -> Progress<Q> {
        Progress {
            done: self.done,
            total: self.total,
            unit: self.unit,
            elapsed: self.elapsed,
            last: self.last,
            partial: f(self.partial),
        }
    }
}

/// Whoever watches a run: called with each progress report.
pub type Watcher<'a, P> = dyn FnMut(&Progress<P>) + 'a;

/// What a long run is handed by whoever starts it: where to report progress, how often,
/// and the flag that asks it to stop. See the [module documentation](self).
pub struct RunContext<'a, P> {
    unit: &'static str,
    total: Option<u64>,
    cancel: Cancel,
    watcher: Option<&'a mut Watcher<'a, P>>,
    every: Duration,
    started: Instant,
    next_report: Instant,
    /// Ticks left before the clock is read again.
    countdown: u32,
    /// Ticks between clock readings, adapted so that a reading happens every ~1 ms.
    stride: u32,
    last_tick: Instant,
}

impl<'a, P> RunContext<'a, P> {
    /// A context for a run of `total` units of `unit` (plural: "games"), not watched and
    /// not cancellable until told otherwise.
    #[must_use]
    pub fn new(unit: &'static str, total: Option<u64>) -> Self {
        let now = Instant::now();
        RunContext {
            unit,
            total,
            cancel: Cancel::new(),
            watcher: None,
            every: Duration::from_millis(100),
            started: now,
            next_report: now,
            countdown: 0,
            stride: 1,
            last_tick: now,
        }
    }

    /// Report progress to `watcher` (at most every [`RunContext::every`], and always at
    /// the end).
    #[must_use]
    pub fn watch(mut self, watcher: &'a mut Watcher<'a, P>) -> Self {
        self.watcher = Some(watcher);
        self
    }

    /// Stop at the next safe point once `cancel` is raised.
    #[must_use]
    pub fn with_cancel(mut self, cancel: Cancel) -> Self {
        self.cancel = cancel;
        self
    }

    /// Report at most this often (default 100 ms).
    #[must_use]
    pub fn every(mut self, every: Duration) -> Self {
        self.every = every;
        self
    }

    /// The unit of work.
    #[must_use]
    pub fn unit(&self) -> &'static str {
        self.unit
    }

    /// The total, when known.
    #[must_use]
    pub fn total(&self) -> Option<u64> {
        self.total
    }

    /// Set the total once the run knows it (a search that learns how many jobs it has).
    pub fn set_total(&mut self, total: Option<u64>) {
        self.total = total;
    }

    /// The cancellation flag (to hand to worker threads of the run).
    #[must_use]
    pub fn cancel(&self) -> &Cancel {
        &self.cancel
    }

    /// Whether the run was asked to stop.
    #[must_use]
    pub fn cancelled(&self) -> bool {
        self.cancel.is_cancelled()
    }

    /// Wall-clock time since the context was made.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Whether anyone watches (a run may skip building partial results otherwise).
    #[must_use]
    pub fn watched(&self) -> bool {
        self.watcher.is_some()
    }

    /// Call at each safe point of the run, with the work done so far: reports progress
    /// when a report is due (building the partial result only then) and answers
    /// [`ControlFlow::Break`] when the run should stop. Cheap enough to call per game.
    pub fn tick(&mut self, done: u64, partial: impl FnOnce() -> P) -> ControlFlow<()> {
        if self.cancel.is_cancelled() {
            return ControlFlow::Break(());
        }
        if self.watcher.is_none() {
            return ControlFlow::Continue(());
        }
        if self.countdown > 0 {
            self.countdown -= 1;
            return ControlFlow::Continue(());
        }
        let now = Instant::now();
        // Aim for one clock reading per millisecond, whatever a tick costs.
        let since = now.duration_since(self.last_tick);
        self.last_tick = now;
        if since < Duration::from_micros(500) {
            self.stride = self.stride.saturating_mul(2).min(1 << 20);
        } else if since > Duration::from_millis(2) {
            self.stride = (self.stride / 2).max(1);
        }
        self.countdown = self.stride - 1;
        if now >= self.next_report {
            self.next_report = now + self.every;
            self.send(done, partial(), false);
        }
        ControlFlow::Continue(())
    }

    /// Report now, whatever the time (a run's milestone: a reply class proved). A
    /// milestone often starts a phase that ticks at another pace (the 3D proof follows
    /// the dictionary with a tick per position, then searches with a tick per 50 ms): the
    /// ticks are counted afresh, or a stride learnt from the fast phase left the slow one
    /// without a report for seconds.
    pub fn report(&mut self, done: u64, partial: P) {
        self.next_report = Instant::now() + self.every;
        self.stride = 1;
        self.countdown = 0;
        self.last_tick = Instant::now();
        self.send(done, partial, false);
    }

    /// The run's last report; call once when it ends, finished or cancelled.
    pub fn finish(&mut self, done: u64, partial: P) {
        self.send(done, partial, true);
    }

    fn send(&mut self, done: u64, partial: P, last: bool) {
        if let Some(w) = self.watcher.as_mut() {
            w(&Progress {
                done,
                total: self.total,
                unit: self.unit,
                elapsed: self.started.elapsed(),
                last,
                partial,
            });
        }
    }
}

/// Why a checkpoint could not be saved: the run stops and returns this.
#[derive(Debug, thiserror::Error)]
#[error("could not save the run's checkpoint: {0}")]
pub struct CheckpointError(#[source] pub Box<dyn std::error::Error + Send + Sync>);

/// The caller's saving of a run's state.
pub type SaveFn<'a, S> = dyn FnMut(&S) -> Result<(), CheckpointError> + 'a;

/// Where a run saves its state every `every` units of work: a closure of the caller's
/// (the terminal writes a state file atomically; the museum keeps it in the visit).
pub struct Checkpoint<'a, S: ?Sized> {
    every: u64,
    save: Option<&'a mut SaveFn<'a, S>>,
}

impl<'a, S: ?Sized> Checkpoint<'a, S> {
    /// No checkpoints: the run saves nothing on its way.
    #[must_use]
    pub fn none() -> Self {
        Checkpoint {
            every: u64::MAX,
            save: None,
        }
    }

    /// Save with `save` after every `every` units of work (at least 1).
    #[must_use]
    pub fn every(every: u64, save: &'a mut SaveFn<'a, S>) -> Self {
        Checkpoint {
            every: every.max(1),
            save: Some(save),
        }
    }

    /// Whether `done` units of work complete a checkpoint interval.
    #[must_use]
    pub fn due(&self, done: u64) -> bool {
        self.save.is_some() && done > 0 && done.is_multiple_of(self.every)
    }

    /// The first amount of work after `done` at which a checkpoint is due (`None` when
    /// nothing is saved), so that a run doing millions of units a second can compare
    /// with it instead of dividing at every unit.
    #[must_use]
    pub fn next_due(&self, done: u64) -> Option<u64> {
        self.save
            .as_ref()
            .and_then(|_| (done / self.every + 1).checked_mul(self.every))
    }

    /// Save now.
    ///
    /// # Errors
    /// The caller's error, when the state could not be written.
    pub fn save(&mut self, state: &S) -> Result<(), CheckpointError> {
        match self.save.as_mut() {
            Some(save) => save(state),
            None => Ok(()),
        }
    }
}

/// CPU time, to state beside wall time (the measure on a shared machine).
pub mod cpu {
    use std::time::Duration;

    /// CPU time used so far by the calling thread (zero where the platform cannot say).
    #[must_use]
    pub fn thread() -> Duration {
        clock(libc_clock::THREAD)
    }

    /// CPU time used so far by the whole process, every thread (zero where the platform
    /// cannot say).
    #[must_use]
    pub fn process() -> Duration {
        clock(libc_clock::PROCESS)
    }

    /// The CPU clock of one thread, read from any thread for as long as that thread
    /// lives (a search's searchers, whose clocks a progress report reads between their
    /// own reports). Reading it after the thread ended says nothing true: the owner
    /// forgets it first.
    #[derive(Debug, Clone, Copy)]
    pub struct ThreadClock(#[cfg(unix)] libc::clockid_t);

    impl ThreadClock {
        /// The calling thread's clock (`None` where the platform cannot say).
        #[must_use]
        pub fn current() -> Option<ThreadClock> {
            #[cfg(unix)]
            {
                let mut id: libc::clockid_t = 0;
                // SAFETY: `pthread_self` is always valid for the calling thread, and `id`
                // is a valid, writable clockid_t that the call only writes to.
                let rc = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut id) };
                (rc == 0).then_some(ThreadClock(id))
            }
            #[cfg(not(unix))]
            {
                None
            }
        }

        /// The thread's CPU time so far.
        #[must_use]
        pub fn read(&self) -> Duration {
            #[cfg(unix)]
            {
                clock(self.0)
            }
            #[cfg(not(unix))]
            {
                Duration::ZERO
            }
        }
    }

    /// `work`'s result with the wall-clock and process CPU time of one span, measured
    /// together around it (a wall time of part of the work beside the CPU time of all of
    /// it made a tiny run's CPU time look above its wall time).
    pub fn timed<T>(work: impl FnOnce() -> T) -> (T, Duration, Duration) {
        let (wall, cpu) = (std::time::Instant::now(), process());
        let done = work();
        (done, wall.elapsed(), process().saturating_sub(cpu))
    }

    #[cfg(unix)]
    mod libc_clock {
        pub const THREAD: libc::clockid_t = libc::CLOCK_THREAD_CPUTIME_ID;
        pub const PROCESS: libc::clockid_t = libc::CLOCK_PROCESS_CPUTIME_ID;
    }
    #[cfg(not(unix))]
    mod libc_clock {
        pub const THREAD: i32 = 0;
        pub const PROCESS: i32 = 1;
    }

    #[cfg(unix)]
    fn clock(id: libc::clockid_t) -> Duration {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable timespec; clock_gettime only writes to it.
        let rc = unsafe { libc::clock_gettime(id, &mut ts) };
        if rc == 0 {
            Duration::new(
                u64::try_from(ts.tv_sec).unwrap_or(0),
                u32::try_from(ts.tv_nsec).unwrap_or(0),
            )
        } else {
            Duration::ZERO
        }
    }

    #[cfg(not(unix))]
    fn clock(_: i32) -> Duration {
        Duration::ZERO
    }

    /// CPU time used so far by the whole process and by the children it has waited for
    /// (external tools a benchmark ran).
    #[must_use]
    pub fn with_children() -> Duration {
        #[cfg(unix)]
        {
            // SAFETY: getrusage fills a zeroed structure this function owns; checked.
            let usage = unsafe {
                let mut usage: libc::rusage = std::mem::zeroed();
                (libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) == 0).then_some(usage)
            };
            let time = |t: libc::timeval| {
                Duration::from_secs(u64::try_from(t.tv_sec).unwrap_or(0))
                    + Duration::from_micros(u64::try_from(t.tv_usec).unwrap_or(0))
            };
            process() + usage.map_or(Duration::ZERO, |u| time(u.ru_utime) + time(u.ru_stime))
        }
        #[cfg(not(unix))]
        process()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(n: u64, ctx: &mut RunContext<'_, u64>) -> (u64, Ended) {
        for i in 1..=n {
            if ctx.tick(i, || i).is_break() {
                ctx.finish(i, i);
                return (i, Ended::Cancelled);
            }
        }
        ctx.finish(n, n);
        (n, Ended::Finished)
    }

    #[test]
    fn progress_is_monotone_and_ends_with_a_last_report() {
        let mut seen: Vec<(u64, bool)> = Vec::new();
        let mut w = |p: &Progress<u64>| seen.push((p.done, p.last));
        let mut ctx = RunContext::new("steps", Some(3_000_000))
            .every(Duration::ZERO)
            .watch(&mut w);
        assert_eq!(count(3_000_000, &mut ctx), (3_000_000, Ended::Finished));
        drop(ctx);
        assert!(seen.len() >= 2, "{}", seen.len());
        assert!(seen.windows(2).all(|w| w[0].0 <= w[1].0));
        assert_eq!(seen.last(), Some(&(3_000_000, true)));
        assert_eq!(seen.iter().filter(|s| s.1).count(), 1);
    }

    #[test]
    fn cancel_from_another_handle_stops_at_the_next_tick() {
        let cancel = Cancel::new();
        let handle = cancel.clone();
        let mut w = |p: &Progress<u64>| {
            if p.done >= 10 {
                handle.cancel();
            }
        };
        let mut ctx = RunContext::new("steps", None)
            .every(Duration::ZERO)
            .with_cancel(cancel)
            .watch(&mut w);
        // the stride doubles on fast ticks, so the stop comes a few ticks later
        let (done, ended) = count(u64::MAX, &mut ctx);
        assert_eq!(ended, Ended::Cancelled);
        assert!((10..10_000_000).contains(&done), "{done}");
    }

    /// A fast phase (a tick per microsecond) teaches the stride to skip clock readings;
    /// the slow phase after a milestone (a tick per 20 ms) still reports within its
    /// interval, not after thousands of ticks.
    #[test]
    fn a_slow_phase_after_a_fast_one_reports_on_time() {
        let reports = std::cell::Cell::new(0u32);
        let mut w = |_: &Progress<u64>| reports.set(reports.get() + 1);
        let mut ctx = RunContext::new("steps", None)
            .every(Duration::from_millis(10))
            .watch(&mut w);
        for i in 0..2_000_000u64 {
            let _ = ctx.tick(i, || i);
        }
        ctx.report(0, 0);
        let before = reports.get();
        for i in 0..10u64 {
            std::thread::sleep(Duration::from_millis(20));
            let _ = ctx.tick(i, || i);
        }
        drop(ctx);
        let slow = reports.get() - before;
        assert!(slow >= 8, "{slow} reports in 10 slow ticks");
    }

    #[test]
    fn checkpoints_fall_on_multiples() {
        let mut saved = Vec::new();
        let mut save = |s: &u64| {
            saved.push(*s);
            Ok(())
        };
        {
            let mut cp = Checkpoint::every(4, &mut save);
            for i in 1..=10u64 {
                if cp.due(i) {
                    cp.save(&i).unwrap();
                }
            }
        }
        assert_eq!(saved, vec![4, 8]);
        assert!(!Checkpoint::<u64>::none().due(4));
        assert_eq!(Checkpoint::<u64>::none().next_due(4), None);
        let mut keep = |_: &u64| Ok(());
        let cp = Checkpoint::every(4, &mut keep);
        assert_eq!(
            [0, 3, 4, 5].map(|d| cp.next_due(d)),
            [Some(4), Some(4), Some(8), Some(8)]
        );
    }

    #[test]
    fn rate_fraction_eta() {
        let p = Progress {
            done: 50,
            total: Some(100),
            unit: "games",
            elapsed: Duration::from_secs(5),
            last: false,
            partial: (),
        };
        assert!((p.rate() - 10.0).abs() < 1e-9);
        assert_eq!(p.fraction(), Some(0.5));
        assert_eq!(p.eta(), Some(Duration::from_secs(5)));
        let json = serde_json::to_value(&p).unwrap();
        assert_eq!(json["elapsed"], serde_json::json!(5.0));
    }

    #[test]
    fn cpu_time_advances_with_work() {
        let t0 = cpu::thread();
        let mut x = 0u64;
        for i in 0..20_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(i);
        }
        std::hint::black_box(x);
        assert!(cpu::thread() > t0);
        assert!(cpu::process() >= cpu::thread());
    }

    #[cfg(unix)]
    #[test]
    fn a_threads_clock_is_read_from_another_thread_while_it_works() {
        let (tx, rx) = std::sync::mpsc::channel();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let spinning = std::sync::Arc::clone(&stop);
        let worker = std::thread::spawn(move || {
            let _ = tx.send(cpu::ThreadClock::current());
            let mut x = 0u64;
            while !spinning.load(std::sync::atomic::Ordering::Relaxed) {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(1));
            }
        });
        let clock = rx.recv().unwrap().expect("a thread clock on unix");
        let first = clock.read();
        let mut later = first;
        for _ in 0..200 {
            std::thread::sleep(Duration::from_millis(5));
            later = clock.read();
            if later > first {
                break;
            }
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        worker.join().unwrap();
        assert!(later > first, "the worker's clock did not move: {first:?}");
        // not this thread's clock: this thread slept
        assert!(later > cpu::thread() || later > Duration::from_millis(1));
    }
}
