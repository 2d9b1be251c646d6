//! The 4×4×4 proof as one long run: the search — from scratch, or after
//! Patashnik's first K stones — then its strategy written as a certificate and re-checked
//! by the independent checker, watched and stoppable through a
//! [`ludomat_game::run::RunContext`]. `ludomat qubic proof --dims 3 --search` and
//! `--search-after K` are this function and a renderer; a museum page can be too.
//!
//! ```no_run
//! use ludomat_game::run::RunContext;
//! use ludomat_qubic::proof3d::run::{prove, SearchConfig, Verdict};
//!
//! let config = SearchConfig { after: 0, ..SearchConfig::default() }; // from scratch
//! let mut watch = |p: &ludomat_game::run::Progress<_>| println!("{}", serde_json::to_string(p).unwrap());
//! let mut ctx = RunContext::new("expansions", None).watch(&mut watch);
//! let run = prove(&config, None, &mut ctx)?;
//! assert!(matches!(run.verdict, Verdict::Proved { .. }));
//! # Ok::<(), ludomat_qubic::proof3d::run::SearchConfigError>(())
//! ```
//!
//! **Progress** ([`SearchProgress`], serialisable, sent at most every
//! `RunContext::every` and at each milestone): the phase; the positions proved out of
//! the jobs (the 12 reply classes from scratch, the hybrid's frontier otherwise); node
//! expansions; the job being searched and the line the search is looking at in it; and
//! at the end the checker's verdict. The unit of work is the job ("positions"), so the
//! bar's `done` / `total` are jobs.
//!
//! **Cancellation** is honoured in every phase — the frontier's walk at every position,
//! the search within [`super::dfpn::Dfpn::TICK`] expansions, the certificate's writing
//! and its re-check within a few hundred positions (milliseconds) — so a cancelled run
//! returns at once; it then ends [`Ended::Cancelled`] with the jobs proved so far and no
//! certificate ([`Verdict::Cancelled`]), even when every job was proved.

use std::time::{Duration, Instant};

use ludomat_game::run::{cpu, Ended, RunContext};
use ludomat_qubic_verify::Certificate;
use serde::{Deserialize, Serialize};

use super::attacker::AttackerStrategy;
use super::certificate::{check_gzip_until, write_until, CertificateSummary};
use super::dfpn::{DfpnLimits, DfpnStats, Outcome};
use super::dictionary::notation;
use super::hybrid::{frontier_until, HybridStrategy};
use super::solve::report::WorkReport;
use super::solve::{
    solve, split, Job, Scheme, SolveConfig, SolveStatus, JOB_CPU_MS, JOB_EXPANSIONS,
};
use crate::Cell;

/// The most first-player stones Patashnik's strategy may play before the search (the
/// frontier grows past use beyond).
pub const MAX_AFTER: u8 = 15;

/// What to prove, and with what.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SearchConfig {
    /// Patashnik's strategy (the `before` strategy handed in) for the first player's first
    /// `after` stones, the search from there on; 0: the search alone, from the empty board.
    pub after: u8,
    /// Longest threat sequence (first-player threes) the search and the strategy use,
    /// 1–30.
    pub threat_depth: u8,
    /// Stop each position's search after this many node expansions (unbounded if none).
    pub max_expansions: Option<u64>,
    /// How the positions share the table and the cores.
    pub scheme: Scheme,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// The job-level search's most expansions per job (default [`JOB_EXPANSIONS`]).
    pub job_expansions: Option<u64>,
    /// The job-level search's most CPU time per job in milliseconds, 0 for none (default
    /// [`JOB_CPU_MS`]).
    pub job_cpu_ms: Option<u32>,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            after: 0,
            threat_depth: 20,
            max_expansions: None,
            scheme: Scheme::Shared,
            threads: 0,
            job_expansions: None,
            job_cpu_ms: None,
        }
    }
}

/// A configuration refused before the run starts, naming the limit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchConfigError {
    /// `after` out of range.
    #[error("after: {0} stones; 0 (from scratch) to {MAX_AFTER}")]
    After(u8),
    /// `after` > 0 needs the strategy to follow first.
    #[error("after: {0} stones of Patashnik's strategy, but this build has no dictionary (feature 'patashnik')")]
    NoDictionary(u8),
    /// `threat_depth` out of range.
    #[error("threat_depth: {0}; 1 to 30 threes")]
    ThreatDepth(u8),
    /// `max_expansions` of 0.
    #[error("max_expansions: at least 1")]
    MaxExpansions,
    /// `threads` out of range.
    #[error("threads: {0}; 0 (one per core) to 256")]
    Threads(usize),
    /// `job_expansions` out of range.
    #[error("job_expansions: {0}; 1 to {MAX_JOB_EXPANSIONS}")]
    JobExpansions(u64),
    /// `job_cpu_ms` out of range.
    #[error("job_cpu_ms: {0}; 0 (no bound) to {MAX_JOB_CPU_MS} ms")]
    JobCpuMs(u32),
}

/// The most CPU time one job may be given, in milliseconds (a minute).
pub const MAX_JOB_CPU_MS: u32 = 60_000;

/// The most expansions one job may be given (a job is a unit of work: past a billion
/// expansions it is hours long, and the search no longer splits).
pub const MAX_JOB_EXPANSIONS: u64 = 1_000_000_000;

impl SearchConfig {
    /// Whether the run can start (with a `before` strategy if `has_before`).
    ///
    /// # Errors
    /// [`SearchConfigError`] naming the field and its limit.
    pub fn validate(&self, has_before: bool) -> Result<(), SearchConfigError> {
        if self.after > MAX_AFTER {
            return Err(SearchConfigError::After(self.after));
        }
        if self.after > 0 && !has_before {
            return Err(SearchConfigError::NoDictionary(self.after));
        }
        if !(1..=30).contains(&self.threat_depth) {
            return Err(SearchConfigError::ThreatDepth(self.threat_depth));
        }
        if self.max_expansions == Some(0) {
            return Err(SearchConfigError::MaxExpansions);
        }
        if self.threads > 256 {
            return Err(SearchConfigError::Threads(self.threads));
        }
        if let Some(n) = self
            .job_expansions
            .filter(|&n| n == 0 || n > MAX_JOB_EXPANSIONS)
        {
            return Err(SearchConfigError::JobExpansions(n));
        }
        if let Some(n) = self.job_cpu_ms.filter(|&n| n > MAX_JOB_CPU_MS) {
            return Err(SearchConfigError::JobCpuMs(n));
        }
        Ok(())
    }

    /// The settings of the searches.
    #[must_use]
    pub fn solve_config(&self) -> SolveConfig {
        SolveConfig {
            limits: DfpnLimits {
                threat_depth: self.threat_depth,
                max_expansions: self.max_expansions.unwrap_or(u64::MAX),
                ..DfpnLimits::default()
            },
            scheme: self.scheme,
            threads: self.threads,
            job_expansions: self.job_expansions.unwrap_or(JOB_EXPANSIONS),
            job_cpu_ms: self.job_cpu_ms.unwrap_or(JOB_CPU_MS),
            ..SolveConfig::default()
        }
    }
}

/// Where the run is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Following Patashnik's strategy to the positions where the search takes over.
    Frontier,
    /// Searching the positions.
    Search,
    /// Writing the strategy's certificate (checked as it is written).
    Certificate,
    /// Reading the certificate back and re-checking it with the independent checker.
    Check,
    /// Finished (or stopped).
    Done,
}

/// A position as the cells of each player (`xyz`: tier, row, column, each 1–4).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stones {
    /// The first player's cells.
    pub x: Vec<String>,
    /// The second player's cells.
    pub o: Vec<String>,
}

/// A cell 0–63 in the 1620's notation.
fn cell_name(c: usize) -> String {
    Cell::<3>::new(c).map_or_else(|| c.to_string(), |c| c.to_string())
}

impl Stones {
    /// The cells of the bit sets `x` and `o`.
    #[must_use]
    pub fn of(x: u64, o: u64) -> Stones {
        let list = |m: u64| {
            (0..64)
                .filter(|&c| m >> c & 1 == 1)
                .map(cell_name)
                .collect()
        };
        Stones {
            x: list(x),
            o: list(o),
        }
    }
}

/// The run's partial result, sent with each progress report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchProgress {
    /// Where the run is.
    pub phase: Phase,
    /// Positions (jobs) proved so far.
    pub proved: usize,
    /// Positions to prove (0 until the frontier is known).
    pub positions: usize,
    /// Node expansions so far.
    pub expansions: u64,
    /// The position being searched.
    pub job: Option<Stones>,
    /// The moves the search is looking at from that position, alternating, the first
    /// player's first (cells `xyz`).
    pub line: Vec<String>,
    /// Seconds of CPU time the process has used since the run started (every thread,
    /// the run's and any other work of the process).
    pub cpu_seconds: f64,
    /// Seconds of CPU time the run itself has used: the calling thread and every
    /// searcher's thread, nothing else of the process (known for the walkers, the
    /// default scheme; not for the job-level search).
    pub run_cpu_seconds: Option<f64>,
    /// The checker's verdict, at the end.
    pub verdict: Option<Verdict>,
}

/// How the run ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    /// Every position proved, the certificate written and accepted by the independent
    /// checker, twice: as it was written, and read back from its bytes.
    Proved {
        /// What the certificate holds.
        certificate: CertificateSummary,
    },
    /// A position was not proved.
    NotProved {
        /// The position (dictionary notation) and how its search ended.
        position: String,
        /// How its search ended.
        outcome: Outcome,
    },
    /// The strategy did not lead to the frontier (Patashnik's strategy had no answer).
    NoFrontier,
    /// The checker refused the certificate (a bug in the search, never expected).
    Refused {
        /// The checker's message.
        error: String,
    },
    /// Stopped on request before the end.
    Cancelled,
    /// The search could not go on (a worker failed: its rank and words).
    Failed {
        /// What failed.
        error: String,
    },
}

/// Wall and CPU time of one part of the run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Timing {
    /// Wall-clock seconds.
    pub seconds: f64,
    /// CPU seconds of the whole process (every thread).
    pub cpu_seconds: f64,
}

impl Timing {
    fn since(wall: Instant, cpu0: Duration) -> Timing {
        Timing {
            seconds: wall.elapsed().as_secs_f64(),
            cpu_seconds: cpu::process().saturating_sub(cpu0).as_secs_f64(),
        }
    }
}

/// A finished (or stopped) run.
#[derive(Debug, Clone, Serialize)]
pub struct SearchRun {
    /// Finished, or cancelled.
    pub ended: Ended,
    /// The first player's first move (from scratch: the cell the positions follow).
    pub first_move: Option<String>,
    /// Every position searched, in order, with its outcome and counters.
    pub jobs: Vec<Job>,
    /// The counters of all of them.
    pub stats: DfpnStats,
    /// Where the time went (the job-level search).
    pub work: Option<WorkReport>,
    /// Positions in the search's table at the end (the largest table per job).
    pub table_positions: usize,
    /// Positions of the strategy with a searched move of their own.
    pub searched_moves: usize,
    /// The search's time.
    pub search: Timing,
    /// Writing and checking the certificate, and re-checking it from its bytes.
    pub certificate_time: Timing,
    /// The whole run.
    pub total: Timing,
    /// The verdict.
    pub verdict: Verdict,
    /// The certificate (gzip), when proved.
    #[serde(skip)]
    pub certificate: Option<Vec<u8>>,
}

impl SearchRun {
    /// The seconds of the finished position (proved or disproved) whose search took
    /// longest; `None` when no position's search finished (a search stopped early).
    #[must_use]
    pub fn longest_job(&self) -> Option<f64> {
        self.jobs
            .iter()
            .filter(|j| j.outcome != Outcome::Unknown)
            .map(|j| j.seconds)
            .reduce(f64::max)
    }

    /// Positions proved.
    #[must_use]
    pub fn proved(&self) -> usize {
        self.jobs
            .iter()
            .filter(|j| j.outcome == Outcome::Proved)
            .count()
    }
}

/// Prove the first player's win on 4×4×4: `before` (Patashnik's strategy, needed when
/// `config.after` > 0) for the first stones, the search after, the certificate written and
/// re-checked. Progress, cancellation: see the [module documentation](self).
///
/// # Errors
/// The configuration refused (before anything runs).
pub fn prove(
    config: &SearchConfig,
    before: Option<&dyn AttackerStrategy>,
    ctx: &mut RunContext<'_, SearchProgress>,
) -> Result<SearchRun, SearchConfigError> {
    prove_with(config, before, ctx, &mut |jobs, c, cancel, status| {
        solve(jobs, c, cancel, status)
    })
}

pub use super::solve::Solver;

/// [`prove`], the positions searched by `solver`.
///
/// # Errors
/// The configuration refused (before anything runs).
pub fn prove_with(
    config: &SearchConfig,
    before: Option<&dyn AttackerStrategy>,
    ctx: &mut RunContext<'_, SearchProgress>,
    solver: &mut Solver<'_>,
) -> Result<SearchRun, SearchConfigError> {
    config.validate(before.is_some())?;
    let (wall0, cpu0) = (Instant::now(), cpu::process());
    let cpu_now = || cpu::process().saturating_sub(cpu0).as_secs_f64();
    // The run's own CPU: this thread's, and the searchers' as their status tells it.
    let thread0 = cpu::thread();
    let searchers = std::cell::Cell::new(Some(Duration::ZERO));
    let own_cpu = || {
        searchers
            .get()
            .map(|s| (cpu::thread().saturating_sub(thread0) + s).as_secs_f64())
    };
    let mut progress = SearchProgress {
        phase: Phase::Frontier,
        proved: 0,
        positions: 0,
        expansions: 0,
        job: None,
        line: Vec::new(),
        cpu_seconds: 0.0,
        run_cpu_seconds: Some(0.0),
        verdict: None,
    };
    let mut run = SearchRun {
        ended: Ended::Finished,
        first_move: None,
        jobs: Vec::new(),
        stats: DfpnStats::default(),
        work: None,
        table_positions: 0,
        searched_moves: 0,
        search: Timing::default(),
        certificate_time: Timing::default(),
        total: Timing::default(),
        verdict: Verdict::Cancelled,
        certificate: None,
    };
    // The positions to search.
    let (first, jobs) = match (config.after, before) {
        (0, _) => {
            let (m, jobs) = split(0, 0);
            (Some(m), jobs)
        }
        (k, Some(before)) => {
            ctx.report(0, progress.clone());
            // Following the dictionary reports as it goes (at most every
            // `RunContext::every`), so the clocks and the estimate move from the start.
            let found = {
                let ticking = std::cell::RefCell::new(&mut *ctx);
                let stop = || match ticking.try_borrow_mut() {
                    Ok(mut ctx) => ctx
                        .tick(0, || SearchProgress {
                            cpu_seconds: cpu_now(),
                            run_cpu_seconds: own_cpu(),
                            ..progress.clone()
                        })
                        .is_break(),
                    Err(_) => false,
                };
                frontier_until(before, k, config.threat_depth, &stop)
            };
            match found {
                Some(jobs) => (None, jobs),
                None if ctx.cancelled() => {
                    return Ok(cancelled(run, progress, ctx, (wall0, cpu0), own_cpu()))
                }
                None => {
                    run.verdict = Verdict::NoFrontier;
                    return Ok(finish(run, progress, ctx, (wall0, cpu0), own_cpu()));
                }
            }
        }
        (k, None) => return Err(SearchConfigError::NoDictionary(k)),
    };
    run.first_move = first.map(cell_name);
    ctx.set_total(Some(jobs.len() as u64));
    progress.phase = Phase::Search;
    progress.positions = jobs.len();
    // the clocks as they are now (following the dictionary took some), not zero
    progress.cpu_seconds = cpu_now();
    progress.run_cpu_seconds = own_cpu();
    ctx.report(0, progress.clone());
    let (search_wall, search_cpu) = (Instant::now(), cpu::process());
    let cancel = ctx.cancel().clone();
    let solved = {
        let mut status = |s: &SolveStatus| {
            searchers.set(s.searchers_cpu);
            let proved = s.jobs_done;
            let _ = ctx.tick(proved as u64, || {
                let (job, line) = match s.job {
                    Some((x, o)) => (
                        Some(Stones::of(x, o)),
                        s.line.iter().map(|&c| cell_name(usize::from(c))).collect(),
                    ),
                    None => (None, Vec::new()),
                };
                SearchProgress {
                    phase: Phase::Search,
                    proved,
                    positions: s.jobs_total,
                    expansions: s.expansions,
                    job,
                    line,
                    cpu_seconds: cpu_now(),
                    run_cpu_seconds: own_cpu(),
                    verdict: None,
                }
            });
        };
        solver(&jobs, &config.solve_config(), &cancel, &mut status)
    };
    run.search = Timing::since(search_wall, search_cpu);
    run.stats = solved.stats;
    run.work = solved.work.clone();
    if let Some(error) = solved.failure.clone() {
        run.verdict = Verdict::Failed { error };
        run.jobs = solved.jobs.clone();
        return Ok(finish(run, progress, ctx, (wall0, cpu0), own_cpu()));
    }
    run.table_positions = solved.table_positions;
    run.jobs = solved.jobs.clone();
    progress.proved = run.proved();
    // The total, known now: the certificate's phases show it as the search's did.
    progress.positions = run.jobs.len();
    progress.expansions = run.stats.expansions;
    if let Some(j) = run.jobs.iter().find(|j| j.outcome != Outcome::Proved) {
        if ctx.cancelled() {
            run.ended = Ended::Cancelled;
            run.verdict = Verdict::Cancelled;
        } else {
            run.verdict = Verdict::NotProved {
                position: notation(j.x, j.o),
                outcome: j.outcome,
            };
        }
        return Ok(finish(run, progress, ctx, (wall0, cpu0), own_cpu()));
    }
    if ctx.cancelled() {
        // Every position proved, but the run was stopped: no certificate.
        return Ok(cancelled(run, progress, ctx, (wall0, cpu0), own_cpu()));
    }
    // Every position proved: the strategy, then its certificate.
    let mut search = solved.strategy;
    if let Some(m) = first {
        let t = super::tables::tables();
        let (key, s) = super::canonical::canonical(0, 0);
        search.moves.insert(
            key,
            super::tables::image(t, s, 1 << m).trailing_zeros() as u8,
        );
    }
    run.searched_moves = search.moves.len();
    progress.phase = Phase::Certificate;
    progress.job = None;
    progress.line.clear();
    progress.cpu_seconds = cpu_now();
    progress.run_cpu_seconds = own_cpu();
    ctx.report(progress.proved as u64, progress.clone());
    let (cert_wall, cert_cpu) = (Instant::now(), cpu::process());
    let strategy = HybridStrategy {
        before: before.unwrap_or(&search),
        k: config.after,
        search: search.clone(),
    };
    // Writing and checking stop within a few hundred positions of a cancellation, and
    // report as they go (at most every `RunContext::every`): the clocks and the estimate
    // keep going through the certificate's phases, each report naming its phase.
    let phase = std::cell::Cell::new(Phase::Certificate);
    {
        let ticking = std::cell::RefCell::new(&mut *ctx);
        let stop = || match ticking.try_borrow_mut() {
            Ok(mut ctx) => ctx
                .tick(progress.proved as u64, || SearchProgress {
                    phase: phase.get(),
                    cpu_seconds: cpu_now(),
                    run_cpu_seconds: own_cpu(),
                    ..progress.clone()
                })
                .is_break(),
            Err(_) => false,
        };
        run.verdict = match write_until(&strategy, &stop) {
            Err(e) => Verdict::Refused {
                error: e.to_string(),
            },
            Ok((cert, _)) => {
                phase.set(Phase::Check);
                if let Ok(mut ctx) = ticking.try_borrow_mut() {
                    ctx.report(
                        progress.proved as u64,
                        SearchProgress {
                            phase: Phase::Check,
                            cpu_seconds: cpu_now(),
                            run_cpu_seconds: own_cpu(),
                            ..progress.clone()
                        },
                    );
                }
                recheck(&cert, &mut run, &stop)
            }
        };
    }
    progress.phase = phase.get();
    run.certificate_time = Timing::since(cert_wall, cert_cpu);
    if ctx.cancelled() {
        run.certificate = None;
        return Ok(cancelled(run, progress, ctx, (wall0, cpu0), own_cpu()));
    }
    Ok(finish(run, progress, ctx, (wall0, cpu0), own_cpu()))
}

/// `cert` compressed as `Certificate::to_gzip` does it, a piece at a time, asking `stop`
/// between pieces (compressing at the best level takes a while).
fn gzip_until(cert: &Certificate, stop: &dyn Fn() -> bool) -> std::io::Result<Vec<u8>> {
    use std::io::Write;
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    for piece in cert.to_bytes().chunks(64 * 1024) {
        if stop() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::Interrupted,
                "stopped while compressing the certificate",
            ));
        }
        e.write_all(piece)?;
    }
    e.finish()
}

/// A run stopped by its cancellation: no certificate, with what was proved so far.
fn cancelled(
    mut run: SearchRun,
    progress: SearchProgress,
    ctx: &mut RunContext<'_, SearchProgress>,
    started: (Instant, Duration),
    run_cpu_seconds: Option<f64>,
) -> SearchRun {
    run.ended = Ended::Cancelled;
    run.verdict = Verdict::Cancelled;
    finish(run, progress, ctx, started, run_cpu_seconds)
}

/// The certificate compressed, read back and re-checked from its bytes by the
/// independent checker alone (until `stop` says so); the gzip kept in `run`.
fn recheck(cert: &Certificate, run: &mut SearchRun, stop: &dyn Fn() -> bool) -> Verdict {
    let checked = gzip_until(cert, stop)
        .map_err(|e| e.to_string())
        .and_then(|gz| {
            check_gzip_until(&gz, stop)
                .map(|c| (gz, c))
                .map_err(|e| e.to_string())
        });
    match checked {
        Ok((gz, (_, certificate))) => {
            run.certificate = Some(gz);
            Verdict::Proved { certificate }
        }
        Err(error) => Verdict::Refused { error },
    }
}

fn finish(
    mut run: SearchRun,
    mut progress: SearchProgress,
    ctx: &mut RunContext<'_, SearchProgress>,
    (wall0, cpu0): (Instant, Duration),
    run_cpu_seconds: Option<f64>,
) -> SearchRun {
    run.total = Timing::since(wall0, cpu0);
    progress.phase = Phase::Done;
    progress.job = None;
    progress.line.clear();
    progress.cpu_seconds = run.total.cpu_seconds;
    progress.run_cpu_seconds = run_cpu_seconds;
    progress.verdict = Some(run.verdict.clone());
    ctx.finish(progress.proved as u64, progress);
    run
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(outcome: Outcome, seconds: f64) -> Job {
        Job {
            x: 1,
            o: 2,
            outcome,
            stats: DfpnStats::default(),
            seconds,
        }
    }

    #[test]
    fn the_longest_position_is_a_finished_one_or_none() {
        let mut run = SearchRun {
            ended: Ended::Cancelled,
            first_move: None,
            jobs: vec![job(Outcome::Unknown, 9.0)],
            stats: DfpnStats::default(),
            work: None,
            table_positions: 0,
            searched_moves: 0,
            search: Timing::default(),
            certificate_time: Timing::default(),
            total: Timing::default(),
            verdict: Verdict::Cancelled,
            certificate: None,
        };
        // a search stopped before any position finished has no longest position
        assert_eq!(run.longest_job(), None);
        run.jobs.push(job(Outcome::Proved, 2.0));
        run.jobs.push(job(Outcome::Disproved, 3.0));
        assert_eq!(run.longest_job(), Some(3.0));
    }
}
