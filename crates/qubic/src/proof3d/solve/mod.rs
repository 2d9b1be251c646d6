//! Many df-pn searches as one proof: the **positions** (first player to move, that must
//! all be won — the reply classes to the first move, or the hybrid's frontier), searched
//! on every core, their proved moves gathered into one [`SearchStrategy`]. Three ways
//! ([`Scheme`]):
//!
//! * [`Scheme::Jobs`] (`--scheme jobs`, and always on MPI): **job-level proof-number
//!   search** ([`jobs`]).
//!   A master keeps the top of the proof tree ([`tree`]) and hands its most-proving leaves
//!   to workers as *jobs* — df-pn on the worker's table, at most
//!   [`SolveConfig::job_expansions`] expansions and [`SolveConfig::job_cpu_ms`] of CPU
//!   (a job whose expansions are dear comes back as soon as a cheap one would) — and splits a leaf that stays open into its
//!   children, so the hardest positions are split below the root while the search runs
//!   and the longest unit of work is one job, not one position. The workers are threads
//!   sharing one table here, or the ranks of an MPI run, each with its own
//!   ([`super::distributed`]); the master and worker code is the same
//!   (`ludomat_cluster`). Each run says where the time went ([`report::WorkReport`]).
//!   A job is df-pn at its leaf with the thresholds df-pn would give it from the
//!   master's tree ([`tree`]): it stops where df-pn would turn to a sibling, and the
//!   leaf stays a leaf with its new numbers, so on one worker the search is one df-pn
//!   search whose top lives in the master. A leaf that runs out of its budget goes back;
//!   it is split only when workers wait for work. Measured in BENCHMARKS.md: on the
//!   hybrids from the fifth and seventh stones it does the walkers' work on 1 to 16
//!   threads, and from scratch on 16 threads about 1.2× one thread's expansions with a
//!   critical path of 4 % of the work; on two cores it gains nothing over the walkers,
//!   so it is not the default.
//! * [`Scheme::Shared`] (the default): one searcher per core (a *walker*) takes the next
//!   position until none is left, all on one table ([`walkers`]); a walker with nothing
//!   left helps with a position still running. The positions are the unit of parallel
//!   work, so the hardest one is the critical path.
//! * [`Scheme::PerJob`] (the first search): the same walkers, a table of its own for each
//!   position. Kept to compare against; its counts do not depend on the cores or the
//!   timing, but no position profits from another.
//!
//! With more than one worker the counts (and so the certificate's size) depend a little
//! on the threads' timing; the verdict does not, and every proof found is checked the
//! same way. With one thread every scheme searches the same way every time.

use ludomat_game::run::Cancel;
use serde::{Deserialize, Serialize};

use super::canonical::SymHashes;
use super::dfpn::{DfpnLimits, DfpnStats, Outcome, SearchStrategy};
use super::tables::{image, tables};
use super::threats::{Board3, O, X};

pub mod jobs;
pub mod report;
pub mod tree;
mod walkers;
pub mod worker;

/// How the positions of a proof share the table and the cores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "snake_case")]
pub enum Scheme {
    /// Job-level proof-number search: a master's proof tree, its leaves searched as jobs
    /// of bounded size.
    Jobs,
    /// One table for every position, one searcher per core.
    #[default]
    Shared,
    /// One table per position (the first search).
    PerJob,
}

/// The most expansions of one job of the job-level search, by default
/// ([`SolveConfig::job_expansions`]).
pub const JOB_EXPANSIONS: u64 = 200;

/// How often a leaf that ran out of expansions goes back before it is split while no
/// worker waits, by default ([`SolveConfig::reissues`]). Two, not 64: from the empty
/// board on 16 threads the critical path fell from 10.3 s to 5.8–5.9 s of CPU (a chain of
/// 48 jobs, not 109) for about the same work; from the fifth stone from 3.9 s to 1.1 s
/// (BENCHMARKS.md, `examples/scaling.rs`).
pub const REISSUES: u32 = 2;

/// The most CPU time of one job in milliseconds, by default ([`SolveConfig::job_cpu_ms`];
/// 0: jobs bounded by expansions alone). Twenty: from the empty board the critical path
/// ran through jobs of 200 expansions that cost 100–860 ms each (deep threat searches at
/// their leaves); bounded at 20 ms of CPU it fell from 5.8–6.1 s to 1.4–1.6 s (0.8–1.0 %
/// of the work, not 2.3–3.5 %) on 1, 2 and 16 threads, with less work, not more (at 40 ms:
/// 2.3–3.0 s; BENCHMARKS.md, `examples/scaling.rs`).
pub const JOB_CPU_MS: u32 = 20;

/// What a proof's searches are allowed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolveConfig {
    /// The df-pn limits of every position (`max_expansions` per position).
    pub limits: DfpnLimits,
    /// How the positions share the table and the cores.
    pub scheme: Scheme,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// [`Scheme::Jobs`]: the most expansions of one job (its leaf is split when it stays
    /// open).
    pub job_expansions: u64,
    /// [`Scheme::Jobs`]: when every open leaf lies below a job in progress, give an idle
    /// worker a leaf anyway (an alternative first-player move: speculative work) instead
    /// of letting it wait for a result ([`tree::Tree::select`]).
    pub speculate: bool,
    /// [`Scheme::Jobs`]: how often a leaf whose job ran out of expansions (still below
    /// its thresholds) goes back, with the same budget, before the master splits it
    /// while no worker waits for work (a worker waiting has it split at once).
    pub reissues: u32,
    /// [`Scheme::Jobs`]: the most CPU time of one job in milliseconds, beside
    /// [`SolveConfig::job_expansions`] (0: no CPU bound). A job on a leaf whose
    /// expansions are dear returns as soon as a cheap one would, counted as a job that
    /// ran out of its budget.
    pub job_cpu_ms: u32,
}

impl Default for SolveConfig {
    fn default() -> Self {
        SolveConfig {
            limits: DfpnLimits::default(),
            scheme: Scheme::Shared,
            threads: 0,
            job_expansions: JOB_EXPANSIONS,
            speculate: false,
            reissues: REISSUES,
            job_cpu_ms: JOB_CPU_MS,
        }
    }
}

impl SolveConfig {
    /// The worker threads: as given, or one per core.
    #[must_use]
    pub fn workers(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
            n => n,
        }
        .max(1)
    }
}

/// One position of a proof (first player to move) and what its search found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Job {
    /// The first player's stones.
    pub x: u64,
    /// The second player's stones.
    pub o: u64,
    /// The outcome.
    pub outcome: Outcome,
    /// The search's counters for this position.
    pub stats: DfpnStats,
    /// Seconds the position took: wall-clock for the walkers, CPU time of its jobs for
    /// the job-level search.
    pub seconds: f64,
}

/// What a proof's searches are doing, for a watcher.
#[derive(Debug, Clone, PartialEq)]
pub struct SolveStatus {
    /// Positions finished (proved, or not).
    pub jobs_done: usize,
    /// Positions in all.
    pub jobs_total: usize,
    /// Node expansions so far, every position.
    pub expansions: u64,
    /// The position being searched (its stones), if any.
    pub job: Option<(u64, u64)>,
    /// The moves from that position to the node being expanded (cells 0–63).
    pub line: Vec<u8>,
    /// CPU time of the searchers' threads so far, when the scheme counts it (the
    /// walkers do; the job-level search reports its workers' time in its work report).
    pub searchers_cpu: Option<std::time::Duration>,
}

/// A proof's searches, done.
#[derive(Debug, Clone)]
pub struct Solved {
    /// The positions in the order given, with their outcomes.
    pub jobs: Vec<Job>,
    /// Every proved move of every position.
    pub strategy: SearchStrategy,
    /// The counters of every position together.
    pub stats: DfpnStats,
    /// Positions in the table(s) at the end (the shared table, or the largest).
    pub table_positions: usize,
    /// Where the time went ([`Scheme::Jobs`]).
    pub work: Option<report::WorkReport>,
    /// Why the search could not go on (a worker failed), if it could not.
    pub failure: Option<String>,
}

impl Solved {
    /// Whether every position was proved.
    #[must_use]
    pub fn all_proved(&self) -> bool {
        self.jobs.iter().all(|j| j.outcome == Outcome::Proved)
    }
}

/// Search every position (first player to move in each) on `config.threads` threads by
/// `config.scheme`. `status` is called from the calling thread as the work goes on (every
/// 50 ms) and at the end; a position left unproved stops the rest (there is no proof
/// then), as does `cancel`.
pub fn solve(
    jobs: &[(u64, u64)],
    config: &SolveConfig,
    cancel: &Cancel,
    status: &mut dyn FnMut(&SolveStatus),
) -> Solved {
    match config.scheme {
        Scheme::Jobs => jobs::solve_on_threads(jobs, config, cancel, status),
        Scheme::Shared | Scheme::PerJob => walkers::solve_walkers(jobs, config, cancel, status),
    }
}

pub(super) fn unknown(x: u64, o: u64) -> Job {
    Job {
        x,
        o,
        outcome: Outcome::Unknown,
        stats: DfpnStats::default(),
        seconds: 0.0,
    }
}

/// The first player's move at (`x`, `o`) by the search's own ordering (the cell on the
/// most open lines: a corner or centre from the empty board), and the positions after
/// each class of second-player replies to it, the most central replies first.
#[must_use]
pub fn split(x: u64, o: u64) -> (usize, Vec<(u64, u64)>) {
    let b = Board3::from_stones(x, o);
    let m = b.ranked(!b.occupied(), X).first().copied().unwrap_or(0);
    let x2 = x | 1 << m;
    let after = Board3::from_stones(x2, o);
    let mut seen = Vec::new();
    let mut jobs = Vec::new();
    for r in after.ranked(!after.occupied(), O) {
        let (k, _) = SymHashes::of(x2, o | 1 << r).canonical(x2, o | 1 << r);
        if !seen.contains(&k) {
            seen.push(k);
            jobs.push((x2, o | 1 << r));
        }
    }
    (m, jobs)
}

/// A whole solve from (`x`, `o`): split at the first move, every reply class searched,
/// the first move added to the strategy when all are proved. Returns the first move too.
pub fn solve_from(
    x: u64,
    o: u64,
    config: &SolveConfig,
    cancel: &Cancel,
    status: &mut dyn FnMut(&SolveStatus),
) -> (usize, Solved) {
    solve_from_on(x, o, config, cancel, status, &mut solve)
}

/// Who searches the positions: given them, the settings, the cancellation and a status
/// callback, the searches done ([`solve`] on this process's threads, or
/// `super::distributed::Site::solve` on the ranks of an MPI run).
pub type Solver<'s> =
    dyn FnMut(&[(u64, u64)], &SolveConfig, &Cancel, &mut dyn FnMut(&SolveStatus)) -> Solved + 's;

/// [`solve_from`], the positions searched by `solver` ([`solve`] on this process's
/// threads, or `super::distributed::Site::solve` on the ranks of an MPI run).
pub fn solve_from_on(
    x: u64,
    o: u64,
    config: &SolveConfig,
    cancel: &Cancel,
    status: &mut dyn FnMut(&SolveStatus),
    solver: &mut Solver<'_>,
) -> (usize, Solved) {
    let (m, jobs) = split(x, o);
    let mut solved = solver(&jobs, config, cancel, status);
    if solved.all_proved() {
        let t = tables();
        let (key, s) = SymHashes::of(x, o).canonical(x, o);
        solved
            .strategy
            .moves
            .insert(key, image(t, s, 1 << m).trailing_zeros() as u8);
    }
    (m, solved)
}
