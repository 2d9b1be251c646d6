//! The 4×4×4 proof as a session's long run (`prove`, [`ludomat_game::LongRun`]): what the
//! museum's 3D tic-tac-toe exhibit starts so that a visitor can watch the proof being
//! found — the hybrid search after Patashnik's first K stones (K chosen by the visitor)
//! or the search from scratch, the positions proved, the expansions, the line being
//! looked at, and at the end the certificate re-checked by the independent checker.
//! It is [`super::run::prove`], as `ludomat qubic proof --dims 3 --search-after K` runs it.
//!
//! **How long it takes** ([`Cost`], [`cost`]): what the proof from each starting point
//! cost when measured on this machine kind (two cores), in the run's own CPU time — the
//! figure that varies least from run to run (the node expansions of one proof from the
//! empty board varied from 0.8 to 1.6 million with two searchers on one table, its CPU
//! time by 7 %) — and in wall time with both cores free. A page tells it before a run
//! starts.
//!
//! **The time left** ([`Estimator`]): the positions proved are no measure of it (from the
//! empty board the first 11 of 12 are proved in a third of the time, the last takes the
//! rest), so each report carries an estimate from the recorded cost instead: the CPU
//! time the recorded runs needed, less what this run has used, at the pace the run gets
//! now (its CPU seconds per wall second over the last 20 s: the cores it is given on a
//! shared machine). A range, from the least and the most the recorded runs needed; none
//! before the pace is known, for a starting point never recorded, or once the run has
//! used more than the recorded runs did (`estimate.left_seconds` is then absent and the
//! `basis` says why). The last report's partial result says the phase the run was in
//! before its end (`ended_in`: `search`, `certificate`, `check` …), so a run stopped while
//! its certificate was written says so, not "before the end".

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use ludomat_game::run::{Cancel, Progress, RunContext};
use ludomat_game::{LongRun, SessionError};
use serde::{Deserialize, Serialize};

use super::run::{prove, Phase, SearchConfig, SearchProgress, Verdict, MAX_AFTER};

/// What the proof from one starting point cost on this machine kind, measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cost {
    /// Patashnik's stones before the search (0: from the empty board).
    pub after: u8,
    /// The run's own CPU time, milliseconds: the least and the most over the runs
    /// measured.
    pub cpu_ms: [u64; 2],
    /// Its wall time with both cores free, milliseconds: the least and the most (0: not
    /// measured on a free machine).
    pub wall_ms: [u64; 2],
    /// Runs measured.
    pub runs: u32,
    /// The build measured.
    pub build: Build,
}

/// Which build of the program a cost was measured with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Build {
    /// `cargo build --release`.
    Release,
    /// The development build (`cargo build`: the search at opt-level 2 with debug
    /// assertions).
    Debug,
}

impl Build {
    /// This program's build.
    #[must_use]
    pub const fn this() -> Build {
        if cfg!(debug_assertions) {
            Build::Debug
        } else {
            Build::Release
        }
    }

    /// Its name in words.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Build::Release => "release",
            Build::Debug => "development",
        }
    }
}

const fn release(after: u8, cpu_ms: [u64; 2], wall_ms: [u64; 2], runs: u32) -> Cost {
    Cost {
        after,
        cpu_ms,
        wall_ms,
        runs,
        build: Build::Release,
    }
}

const fn debug(after: u8, cpu_ms: [u64; 2], wall_ms: [u64; 2], runs: u32) -> Cost {
    Cost {
        after,
        cpu_ms,
        wall_ms,
        runs,
        build: Build::Debug,
    }
}

/// The recorded costs of a release build (BENCHMARKS.md, "The 4×4×4 proof in the
/// museum"): the command's runs on a quiet machine (2 cores, nice −19; their wall times
/// are the only ones with both cores free) and the museum's own runs on the loaded
/// machine (load 7–12; the CPU a run needs grows with the load, the walkers' helpers
/// and caches shared).
pub const RELEASE_COSTS: &[Cost] = &[
    // 143, 153 s quiet; 171.8, 197.7 s in the museum (574 s, 1,185 s wall, load 7–11)
    release(0, [143_000, 197_700], [78_600, 83_300], 4),
    // five quiet runs 53.4–58.8 s; 64.5 s in the museum (149 s wall)
    release(3, [53_400, 64_500], [28_800, 30_800], 6),
    // the museum, 247 s wall
    release(5, [75_400, 75_400], [0, 0], 1),
    // the museum, 13.6 s wall
    release(7, [7_300, 7_300], [0, 0], 1),
    // the museum, 9.4 s wall
    release(9, [4_200, 4_200], [0, 0], 1),
];

/// The recorded costs of the development build, measured the same way (the museum, the
/// loaded machine: load 7–12).
pub const DEBUG_COSTS: &[Cost] = &[
    // 521 s wall
    debug(0, [203_200, 203_200], [0, 0], 1),
    // 254 s wall
    debug(3, [76_700, 76_700], [0, 0], 1),
    // 325 s wall
    debug(5, [83_200, 83_200], [0, 0], 1),
    // 78.5 s wall
    debug(7, [8_900, 8_900], [0, 0], 1),
    // 13.9 s wall
    debug(9, [4_800, 4_800], [0, 0], 1),
];

/// The recorded costs of the build this program is (release or development).
#[must_use]
pub fn costs() -> &'static [Cost] {
    match Build::this() {
        Build::Debug => DEBUG_COSTS,
        Build::Release => RELEASE_COSTS,
    }
}

/// The recorded cost of the proof after `after` stones in this build, if measured.
#[must_use]
pub fn cost(after: u8) -> Option<Cost> {
    costs()
        .iter()
        .find(|c| c.after == after && c.runs > 0)
        .copied()
}

/// An estimate of the time a run has left, with what it rests on.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Estimate {
    /// Seconds left, the least and the most (absent when no estimate can be made).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_seconds: Option<[f64; 2]>,
    /// The run's own CPU time so far, seconds.
    pub cpu_seconds: f64,
    /// The CPU seconds it gets per wall second now (the cores it is given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cores: Option<f64>,
    /// The recorded cost it rests on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded: Option<Cost>,
    /// How it was made, in words (or why none could be).
    pub basis: String,
}

/// How far back the pace is measured.
const PACE_WINDOW: f64 = 20.0;
/// The least time of measuring before the pace is trusted.
const PACE_FIRST: f64 = 3.0;

/// Estimates a proof run's time left from its recorded cost (see the [module
/// documentation](self)).
#[derive(Debug, Clone)]
pub struct Estimator {
    cost: Option<Cost>,
    after: u8,
    /// (wall seconds, run CPU seconds) of the recent reports.
    samples: VecDeque<(f64, f64)>,
}

/// `s` seconds as people say them (`12.3 s`, `2 min 05 s`).
fn secs(s: f64) -> String {
    ludomat_io::text::duration(std::time::Duration::from_secs_f64(s.max(0.0)))
}

impl Estimator {
    /// For the proof after `after` stones, from its recorded cost in this build.
    #[must_use]
    pub fn new(after: u8) -> Estimator {
        Estimator::with_cost(after, cost(after))
    }

    /// For a proof whose recorded cost is `cost` (none: never measured).
    #[must_use]
    pub fn with_cost(after: u8, cost: Option<Cost>) -> Estimator {
        Estimator {
            cost,
            after,
            samples: VecDeque::new(),
        }
    }

    /// The estimate after `wall` seconds of a run that has used `cpu` seconds of CPU.
    pub fn estimate(&mut self, wall: f64, cpu: f64) -> Estimate {
        self.samples.push_back((wall, cpu));
        while self
            .samples
            .get(1)
            .is_some_and(|&(w, _)| wall - w >= PACE_WINDOW)
        {
            self.samples.pop_front();
        }
        let from = if self.after == 0 {
            "from the empty board".to_string()
        } else {
            format!("after Patashnik's first {} stones", self.after)
        };
        let mut e = Estimate {
            left_seconds: None,
            cpu_seconds: cpu,
            cores: None,
            recorded: self.cost,
            basis: String::new(),
        };
        let Some(c) = self.cost else {
            e.basis = format!("no run {from} was recorded in this build: no estimate");
            return e;
        };
        let need = c.cpu_ms.map(|ms| ms as f64 / 1000.0);
        let recorded = format!(
            "the recorded {} {from} needed {} of CPU ({} build)",
            if c.runs == 1 { "run" } else { "runs" },
            if c.cpu_ms[0] == c.cpu_ms[1] {
                secs(need[0])
            } else {
                format!("{} – {}", secs(need[0]), secs(need[1]))
            },
            c.build.name()
        );
        let (w0, c0) = self.samples.front().copied().unwrap_or((wall, cpu));
        let cores = (wall - w0 >= PACE_FIRST && cpu > c0).then(|| (cpu - c0) / (wall - w0));
        e.cores = cores;
        let Some(cores) = cores else {
            e.basis = format!("{recorded}; measuring the pace this run gets");
            return e;
        };
        if cpu > need[1] * 1.1 {
            e.basis = format!(
                "{recorded}; this run has used {} already: no estimate",
                secs(cpu)
            );
            return e;
        }
        let left = |need: f64| (need - cpu).max(0.0) / cores;
        e.left_seconds = Some([left(need[0]), left(need[1]).max(1.0)]);
        e.basis = format!(
            "{recorded}; this run has used {} at {} now",
            secs(cpu),
            core_share(cores)
        );
        e
    }
}

/// A share of the machine's cores in words: `35.0 % of a core`, `about 1 % of a core`
/// below that, `1.40 cores` from one core up (never a bare fraction of a core).
fn core_share(cores: f64) -> String {
    if cores >= 1.0 {
        let n = ludomat_io::text::number(cores);
        return if n == "1" {
            "1 core".into()
        } else {
            format!("{n} cores")
        };
    }
    let pct = cores * 100.0;
    if pct < 1.0 {
        "about 1 % of a core".into()
    } else {
        format!("{} of a core", ludomat_io::text::percent(cores))
    }
}

/// A certificate a proof run found, kept by the session that started the run so that
/// its visitor can play the proof they watched ([`crate::QubicSession`], `play_found`).
#[derive(Debug, Clone)]
pub struct Found {
    /// The certificate (gzip), as the independent checker accepted it.
    pub bytes: Vec<u8>,
    /// Patashnik's stones the search started after (0: from scratch).
    pub after: u8,
    /// What it is, in a few words.
    pub about: String,
}

/// Where a session keeps the certificate its proof runs find (the latest): a weak hold,
/// as the certificates are held by [`certificates`] (a museum proves one per visit, a few
/// MB each, and a hundred visits would hold hundreds of MB).
pub type FoundSlot = Arc<Mutex<Option<KeptFound>>>;

/// How many found certificates this process holds at once unless told otherwise
/// ([`keep_at_most`]).
pub const DEFAULT_MOST_CERTIFICATES: usize = 4;

/// A session's hold on the certificate its proof found: the certificate while
/// [`certificates`] holds it, and what it was in a few words either way.
#[derive(Debug, Clone)]
pub struct KeptFound {
    found: std::sync::Weak<Found>,
    keeper: &'static Certificates,
    /// What it is, in a few words (kept when the certificate is let go).
    pub about: String,
}

impl KeptFound {
    /// The certificate, unless it was let go; using it makes it the most recently used.
    #[must_use]
    pub fn get(&self) -> Option<Arc<Found>> {
        let found = self.found.upgrade()?;
        self.keeper.used(&found);
        Some(found)
    }

    /// Whether the certificate is still held (not counted as a use).
    #[must_use]
    pub fn held(&self) -> bool {
        self.found.strong_count() > 0
    }
}

/// The found certificates a process holds: at most so many, the least recently used let
/// go first (their sessions then say so and offer to prove again).
#[derive(Debug)]
pub struct Certificates {
    held: Mutex<HeldCertificates>,
    /// How many certificates were let go for room so far (a museum republishes the views
    /// of the visits watched when it changes, so their pages say so at once).
    let_go: std::sync::atomic::AtomicU64,
}

#[derive(Debug)]
struct HeldCertificates {
    most: usize,
    /// Least recently used first, each with who keeps it ([`owned_by`]).
    found: std::collections::VecDeque<(Option<u64>, Arc<Found>)>,
}

impl HeldCertificates {
    /// One owner's share: half the bound, at least one.
    fn share(&self) -> usize {
        (self.most / 2).max(1)
    }

    /// Lets go past the bound: first `owner`'s own least recently used past its share
    /// (one visitor proving again and again does not let go everyone else's), then the
    /// least recently used of all.
    fn let_go(&mut self, owner: Option<u64>) -> Vec<Arc<Found>> {
        let mut gone = Vec::new();
        if let Some(o) = owner {
            let share = self.share();
            while self.found.iter().filter(|(w, _)| *w == Some(o)).count() > share {
                let Some(at) = self.found.iter().position(|(w, _)| *w == Some(o)) else {
                    break;
                };
                gone.extend(self.found.remove(at).map(|(_, f)| f));
            }
        }
        let over = self.found.len().saturating_sub(self.most);
        gone.extend(self.found.drain(..over).map(|(_, f)| f));
        gone
    }
}

thread_local! {
    /// Who the certificates kept on this thread count for ([`owned_by`]).
    static OWNER: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` (a proof run, on this thread) with the certificates it keeps counted as
/// `owner`'s — a museum's client — so that past the bound an owner over its share (half
/// the bound, at least one) lets go its own least recently used first.
pub fn owned_by<R>(owner: u64, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<u64>);
    impl Drop for Restore {
        fn drop(&mut self) {
            OWNER.with(|o| o.set(self.0));
        }
    }
    let _restore = Restore(OWNER.with(|o| o.replace(Some(owner))));
    f()
}

impl Certificates {
    /// A keeper of at most `most` certificates (at least one).
    #[must_use]
    pub fn new(most: usize) -> Certificates {
        Certificates {
            held: Mutex::new(HeldCertificates {
                most: most.max(1),
                found: std::collections::VecDeque::new(),
            }),
            let_go: std::sync::atomic::AtomicU64::new(0),
        }
    }

    fn held(&self) -> std::sync::MutexGuard<'_, HeldCertificates> {
        self.held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Holds `found` as the most recently used; the least recently used go past the
    /// bound. Returns the session's hold on it.
    #[must_use]
    pub fn keep(&'static self, found: Found) -> KeptFound {
        let about = found.about.clone();
        let found = Arc::new(found);
        let kept = KeptFound {
            found: Arc::downgrade(&found),
            keeper: self,
            about,
        };
        let owner = OWNER.with(std::cell::Cell::get);
        let gone = {
            let mut held = self.held();
            held.found.push_back((owner, found));
            held.let_go(owner)
        };
        self.count_let_go(gone.len());
        // Freed here, outside the lock.
        drop(gone);
        kept
    }

    /// Lets `kept` go now (its session found a newer one, or is gone).
    pub fn forget(&self, kept: &KeptFound) {
        let gone = {
            let mut held = self.held();
            let at = held
                .found
                .iter()
                .position(|(_, f)| std::ptr::eq(Arc::as_ptr(f), kept.found.as_ptr()));
            at.and_then(|at| held.found.remove(at))
        };
        drop(gone);
    }

    fn used(&self, found: &Arc<Found>) {
        let mut held = self.held();
        if let Some(at) = held.found.iter().position(|(_, f)| Arc::ptr_eq(f, found)) {
            if let Some(f) = held.found.remove(at) {
                held.found.push_back(f);
            }
        }
    }

    /// Holds at most `most` certificates from now on (at least one), letting the least
    /// recently used go.
    pub fn keep_at_most(&self, most: usize) {
        let gone = {
            let mut held = self.held();
            held.most = most.max(1);
            held.let_go(None)
        };
        self.count_let_go(gone.len());
        drop(gone);
    }

    fn count_let_go(&self, n: usize) {
        self.let_go
            .fetch_add(n as u64, std::sync::atomic::Ordering::SeqCst);
    }

    /// How many certificates were let go for room so far (not those a session forgot).
    #[must_use]
    pub fn let_go_count(&self) -> u64 {
        self.let_go.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// The most certificates held at once.
    #[must_use]
    pub fn most(&self) -> usize {
        self.held().most
    }

    /// The certificates held now.
    #[must_use]
    pub fn count(&self) -> usize {
        self.held().found.len()
    }
}

/// This process's keeper of found certificates.
#[must_use]
pub fn certificates() -> &'static Certificates {
    static KEEPER: std::sync::OnceLock<Certificates> = std::sync::OnceLock::new();
    KEEPER.get_or_init(|| Certificates::new(DEFAULT_MOST_CERTIFICATES))
}

/// Holds at most `most` found certificates in this process from now on (the museum's
/// bound; [`DEFAULT_MOST_CERTIFICATES`] until set).
pub fn keep_at_most(most: usize) {
    certificates().keep_at_most(most);
}

/// The settings a visitor gives: `{"search_after": K}` (0: from scratch).
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProveParams {
    /// Patashnik's strategy for the first player's first K stones, the search after;
    /// 0 (the default): the search alone, from the empty board.
    #[serde(default, deserialize_with = "stones")]
    pub search_after: u8,
}

/// Reads `search_after`: anything but a whole number from 0 to [`MAX_AFTER`] — a text
/// (`"9"`), a list, -1, 16 — is refused saying the setting's own range (`the text '9'
/// where a whole number of stones from 0 (from scratch) to 15 was expected`), never the
/// type's (`a whole number from 0 up`).
fn stones<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    struct Stones;
    impl serde::de::Visitor<'_> for Stones {
        type Value = u8;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            write!(
                f,
                "a whole number of stones from 0 (from scratch) to {MAX_AFTER}"
            )
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<u8, E> {
            u8::try_from(v)
                .ok()
                .filter(|k| *k <= MAX_AFTER)
                .ok_or_else(|| E::invalid_value(serde::de::Unexpected::Unsigned(v), &self))
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<u8, E> {
            u64::try_from(v)
                .map_err(|_| E::invalid_value(serde::de::Unexpected::Signed(v), &self))
                .and_then(|v| self.visit_u64(v))
        }
    }
    d.deserialize_u8(Stones)
}

/// The proof search, ready to run off the session.
#[derive(Debug)]
pub struct ProveRun {
    config: SearchConfig,
    keep: Option<FoundSlot>,
}

impl ProveRun {
    /// The run for `params` (JSON; `null` for the search from scratch).
    ///
    /// # Errors
    /// [`SessionError::Invalid`] naming the setting out of its limits.
    pub fn from_params(params: &serde_json::Value) -> Result<ProveRun, SessionError> {
        let p: ProveParams = if params.is_null() {
            ProveParams::default()
        } else {
            serde_json::from_value(params.clone())
                .map_err(|e| SessionError::Invalid(format!("prove: {e}")))?
        };
        if p.search_after > MAX_AFTER {
            return Err(SessionError::Invalid(format!(
                "prove: search_after {} is out of its limits, 0 (from scratch) to {MAX_AFTER}",
                p.search_after
            )));
        }
        #[cfg(not(feature = "patashnik"))]
        if p.search_after > 0 {
            return Err(SessionError::Invalid(
                "prove: search_after needs Patashnik's dictionary, left out of this build \
                 (the 'patashnik' feature); 0 searches from scratch"
                    .into(),
            ));
        }
        Ok(ProveRun {
            config: SearchConfig {
                after: p.search_after,
                ..SearchConfig::default()
            },
            keep: None,
        })
    }

    /// The run that puts the certificate it finds (when proved) into `slot`.
    #[must_use]
    pub fn keeping_into(mut self, slot: FoundSlot) -> ProveRun {
        self.keep = Some(slot);
        self
    }
}

impl LongRun for ProveRun {
    fn run(
        self: Box<Self>,
        cancel: Cancel,
        watch: &mut dyn FnMut(&Progress<serde_json::Value>),
    ) -> Result<serde_json::Value, SessionError> {
        #[cfg(feature = "patashnik")]
        let strategy = if self.config.after > 0 {
            let dict = super::dictionary::Dictionary::parse(super::dictionary::PATASHNIK)
                .map_err(|e| SessionError::Failed(format!("prove: the bundled dictionary: {e}")))?;
            Some(super::certificate::PatashnikStrategy::new(dict))
        } else {
            None
        };
        #[cfg(feature = "patashnik")]
        let before = strategy
            .as_ref()
            .map(|s| s as &dyn super::attacker::AttackerStrategy);
        #[cfg(not(feature = "patashnik"))]
        let before = None;
        // Each report with the estimate of the time left from the recorded cost (the
        // positions proved are no measure of it).
        let mut estimator = Estimator::new(self.config.after);
        // The phase of the last report before the end: the end's own says `done`, and a
        // run stopped while its certificate was written or re-checked (every position
        // proved) says so, not "before the end".
        let mut phase_before = Phase::Frontier;
        let mut forward = |p: &Progress<SearchProgress>| {
            let mut json = p.to_json();
            if let (true, Some(o)) = (p.last, json.partial.as_object_mut()) {
                o.insert(
                    "ended_in".into(),
                    serde_json::to_value(phase_before).unwrap_or(serde_json::Value::Null),
                );
            } else {
                phase_before = p.partial.phase;
            }
            let estimate = match (p.last, p.partial.phase, p.partial.run_cpu_seconds) {
                (false, Phase::Search | Phase::Certificate | Phase::Check, Some(cpu)) => {
                    serde_json::to_value(estimator.estimate(p.elapsed.as_secs_f64(), cpu))
                        .unwrap_or(serde_json::Value::Null)
                }
                _ => serde_json::Value::Null,
            };
            if let Some(o) = json.partial.as_object_mut() {
                o.insert("estimate".into(), estimate);
            }
            watch(&json);
        };
        let mut ctx = RunContext::new("positions", None)
            .with_cancel(cancel)
            .watch(&mut forward);
        let mut run = prove(&self.config, before, &mut ctx)
            .map_err(|e| SessionError::Invalid(format!("prove: {e}")))?;
        if let (Some(slot), Verdict::Proved { certificate }, Some(bytes)) =
            (&self.keep, &run.verdict, run.certificate.take())
        {
            let after = self.config.after;
            let from = if after == 0 {
                "the search from the empty board".to_string()
            } else {
                format!("Patashnik's first {after} stones, then the search")
            };
            let found = Found {
                about: format!(
                    "the certificate your proof found ({from}; {} positions, {} bytes gzip)",
                    ludomat_game::count::thousands(certificate.records),
                    ludomat_game::count::thousands(bytes.len() as u64)
                ),
                bytes,
                after,
            };
            let kept = certificates().keep(found);
            let old = slot
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .replace(kept);
            // The visit's earlier certificate is let go at once: one per visit.
            if let Some(old) = old {
                certificates().forget(&old);
            }
        }
        serde_json::to_value(&run).map_err(|e| SessionError::Failed(format!("prove: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_after_is_refused_in_its_own_range() {
        for (params, says) in [
            (
                serde_json::json!({"search_after": "9"}),
                "string \"9\", expected a whole number of stones from 0 (from scratch) to 15",
            ),
            (
                serde_json::json!({"search_after": []}),
                "sequence, expected a whole number of stones from 0 (from scratch) to 15",
            ),
            (
                serde_json::json!({"search_after": 16}),
                "integer `16`, expected a whole number of stones from 0 (from scratch) to 15",
            ),
            (
                serde_json::json!({"search_after": -1}),
                "integer `-1`, expected a whole number of stones from 0 (from scratch) to 15",
            ),
        ] {
            let e = ProveRun::from_params(&params).unwrap_err().to_string();
            assert!(
                e.starts_with("prove: ") && e.contains(says),
                "{params}: {e}"
            );
        }
        assert!(ProveRun::from_params(&serde_json::json!({"search_after": 0})).is_ok());
    }

    #[cfg(feature = "patashnik")]
    #[test]
    fn a_proof_stopped_while_its_certificate_is_written_says_so_at_its_end() {
        let run = ProveRun::from_params(&serde_json::json!({"search_after": 9})).unwrap();
        let cancel = Cancel::new();
        let mut last = None;
        let result = Box::new(run)
            .run(cancel.clone(), &mut |p| {
                if p.partial["phase"] == "certificate" {
                    cancel.cancel();
                }
                if p.last {
                    last = Some(p.partial.clone());
                }
            })
            .unwrap();
        assert_eq!(result["verdict"]["verdict"], "cancelled", "{result}");
        let last = last.expect("a last report");
        // Its own phase says `done`; the phase it was stopped in is told beside it, with
        // every position proved.
        assert_eq!(last["phase"], "done", "{last}");
        assert_eq!(last["ended_in"], "certificate", "{last}");
        assert!(
            last["positions"].as_u64().is_some_and(|n| n > 0)
                && last["proved"] == last["positions"],
            "{last}"
        );
    }

    /// The proof from the empty board as the release build recorded it.
    fn scratch() -> Cost {
        release(0, [143_000, 153_000], [78_600, 83_300], 2)
    }

    /// The run's reports: `(wall, cpu)` every second at `cores` from `start`.
    fn feed(e: &mut Estimator, from: f64, to: f64, cpu0: f64, cores: f64) -> Estimate {
        let mut last = None;
        let mut t = from;
        while t <= to + 1e-9 {
            last = Some(e.estimate(t, cpu0 + (t - from) * cores));
            t += 1.0;
        }
        last.expect("at least one report")
    }

    #[test]
    fn the_time_left_comes_from_the_recorded_cpu_at_the_pace_the_run_gets() {
        let mut e = Estimator::with_cost(0, Some(scratch()));
        // 25 s at two cores: 50 s of CPU used, 93–103 s to go at two cores.
        let est = feed(&mut e, 0.0, 25.0, 0.0, 2.0);
        let [lo, hi] = est.left_seconds.expect("an estimate");
        assert!(
            (lo - 46.5).abs() < 0.01 && (hi - 51.5).abs() < 0.01,
            "{est:?}"
        );
        assert!(
            est.basis
                .contains("needed 2 min 23 s – 2 min 33 s of CPU (release build)"),
            "{}",
            est.basis
        );
        assert!(est.basis.contains("at 2 cores now"), "{}", est.basis);
        assert_eq!(core_share(0.007), "about 1 % of a core");
        assert_eq!(core_share(0.35), "35.0 % of a core");
        assert_eq!(core_share(1.0), "1 core");
        // The machine gets busy: half a core for the last 20 s. The pace is the recent one,
        // so the time left grows fourfold, whatever the positions proved say.
        let est = feed(&mut e, 26.0, 46.0, 50.0, 0.5);
        let [lo, hi] = est.left_seconds.expect("an estimate");
        assert!((lo - (143.0 - 60.0) / 0.5).abs() < 1.0, "{est:?}");
        assert!((hi - (153.0 - 60.0) / 0.5).abs() < 1.0, "{est:?}");
    }

    #[test]
    fn no_estimate_before_the_pace_is_known_past_the_recorded_work_or_unrecorded() {
        let mut e = Estimator::with_cost(0, Some(scratch()));
        let first = e.estimate(0.5, 1.0);
        assert_eq!(first.left_seconds, None);
        assert!(
            first.basis.contains("measuring the pace"),
            "{}",
            first.basis
        );
        // More CPU than any recorded run needed: no time is made up.
        let mut e = Estimator::with_cost(0, Some(scratch()));
        let past = feed(&mut e, 0.0, 100.0, 0.0, 1.8);
        assert_eq!(past.left_seconds, None, "{past:?}");
        assert!(
            past.basis
                .contains("has used 3 min 00 s already: no estimate"),
            "{}",
            past.basis
        );
        // A starting point nobody measured.
        let mut e = Estimator::with_cost(4, None);
        let none = feed(&mut e, 0.0, 10.0, 0.0, 2.0);
        assert_eq!(none.left_seconds, None);
        assert!(
            none.basis
                .contains("after Patashnik's first 4 stones was recorded"),
            "{}",
            none.basis
        );
    }

    #[test]
    fn every_recorded_cost_is_a_range_of_runs_measured() {
        for c in RELEASE_COSTS.iter().chain(DEBUG_COSTS) {
            assert!(
                c.runs >= 1 && c.cpu_ms[0] > 0 && c.cpu_ms[0] <= c.cpu_ms[1],
                "{c:?}"
            );
            assert!(c.wall_ms[0] <= c.wall_ms[1], "{c:?}");
        }
        assert_eq!(cost(0).map(|c| c.build), Some(Build::this()));
    }
}
