//! Many df-pn searches as one proof: the **jobs** (positions, first player to move, that
//! must all be won — the reply classes to the first move, or the hybrid's frontier),
//! searched on every core, their proved moves gathered into one [`SearchStrategy`].
//!
//! Two ways to share the work ([`Scheme`]):
//!
//! * [`Scheme::Shared`] (issue 32, the default): one table for every job, the jobs taken
//!   in turn, each node's new children evaluated on all cores at once. What one job
//!   proved another finds ready (the reply classes meet again a few moves on), both cores
//!   stay busy to the last job, and the search — its counts, its proof, the certificate —
//!   is the same with one core or many.
//! * [`Scheme::PerJob`] (issue 17's search): one table per job, one job per core. Kept to
//!   compare against; its counts also do not depend on the cores, but the wall time is
//!   bounded below by the longest job.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use ludomat_game::run::Cancel;
use serde::{Deserialize, Serialize};

use super::canonical::SymHashes;
use super::dfpn::{Dfpn, DfpnLimits, DfpnStats, Outcome, ProofMoves, SearchStrategy, Tick};
use super::tables::{image, tables};
use super::threats::{Board3, O, X};

/// How the jobs of a proof share the table and the cores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scheme {
    /// One table for all jobs, taken in turn; each node's new children evaluated on all
    /// cores at once (issue 32).
    #[default]
    Shared,
    /// One table per job, one job per core (issue 17's search).
    PerJob,
}

/// What a proof's searches are allowed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolveConfig {
    /// The df-pn limits of every job (`max_expansions` per job).
    pub limits: DfpnLimits,
    /// How the jobs share the table and the cores.
    pub scheme: Scheme,
    /// Worker threads (0: one per core).
    pub threads: usize,
}

impl Default for SolveConfig {
    fn default() -> Self {
        SolveConfig {
            limits: DfpnLimits::default(),
            scheme: Scheme::Shared,
            threads: 0,
        }
    }
}

/// One proof job: a position (first player to move) and what its search found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Job {
    /// The first player's stones.
    pub x: u64,
    /// The second player's stones.
    pub o: u64,
    /// The outcome.
    pub outcome: Outcome,
    /// The search's counters for this job.
    pub stats: DfpnStats,
    /// Wall-clock seconds the job took.
    pub seconds: f64,
}

/// What a proof's searches are doing, for a watcher.
#[derive(Debug, Clone, PartialEq)]
pub struct SolveStatus {
    /// Jobs finished (proved, or not).
    pub jobs_done: usize,
    /// Jobs in all.
    pub jobs_total: usize,
    /// Node expansions so far, every job.
    pub expansions: u64,
    /// The job being searched (its stones), if any.
    pub job: Option<(u64, u64)>,
    /// The moves from that job's position to the node being expanded (cells 0–63).
    pub line: Vec<u8>,
}

/// A proof's searches, done.
#[derive(Debug, Clone)]
pub struct Solved {
    /// The jobs in the order given, with their outcomes.
    pub jobs: Vec<Job>,
    /// Every proved move of every job.
    pub strategy: SearchStrategy,
    /// The counters of every job together.
    pub stats: DfpnStats,
    /// Positions in the table(s) at the end (the shared table, or the largest).
    pub table_positions: usize,
}

impl Solved {
    /// Whether every job was proved.
    #[must_use]
    pub fn all_proved(&self) -> bool {
        self.jobs.iter().all(|j| j.outcome == Outcome::Proved)
    }
}

/// A thread pool of `threads` workers (0: one per core).
fn pool(threads: usize) -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("qubic-dfpn-{i}"))
        .build()
        .ok()
}

/// Search every job (first player to move in each). `status` is called from the calling
/// thread as the work goes on (every [`Dfpn::TICK`] expansions in the shared scheme,
/// every 50 ms in the other) and after each job; a job left unproved stops the rest
/// (there is no proof then), as does `cancel`.
pub fn solve(
    jobs: &[(u64, u64)],
    config: &SolveConfig,
    cancel: &Cancel,
    status: &mut dyn FnMut(&SolveStatus),
) -> Solved {
    match config.scheme {
        Scheme::Shared => solve_shared(jobs, config, cancel, status),
        Scheme::PerJob => solve_per_job(jobs, config, cancel, status),
    }
}

fn unknown(x: u64, o: u64) -> Job {
    Job {
        x,
        o,
        outcome: Outcome::Unknown,
        stats: DfpnStats::default(),
        seconds: 0.0,
    }
}

fn solve_shared(
    jobs: &[(u64, u64)],
    config: &SolveConfig,
    cancel: &Cancel,
    status: &mut dyn FnMut(&SolveStatus),
) -> Solved {
    let pool = pool(config.threads);
    let total = jobs.len();
    let done = std::cell::Cell::new(0usize);
    let current = std::cell::Cell::new(None);
    let status = std::cell::RefCell::new(status);
    let mut watch = |t: Tick<'_>| -> ControlFlow<()> {
        if let Ok(mut s) = status.try_borrow_mut() {
            s(&SolveStatus {
                jobs_done: done.get(),
                jobs_total: total,
                expansions: t.expansions,
                job: current.get(),
                line: t.line.to_vec(),
            });
        }
        if cancel.is_cancelled() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let mut out = Vec::with_capacity(total);
    let mut d = Dfpn::new(config.limits).watched(&mut watch);
    if let Some(p) = pool.as_ref() {
        d = d.parallel(p);
    }
    let mut stopped = false;
    for &(x, o) in jobs {
        if stopped || cancel.is_cancelled() {
            out.push(unknown(x, o));
            continue;
        }
        current.set(Some((x, o)));
        let before = d.stats();
        let t = Instant::now();
        // A fresh expansion budget for each job, as with a table of its own.
        let outcome = d.prove_within(x, o, config.limits.max_expansions);
        let stats = before.since(&d.stats());
        stopped = outcome != Outcome::Proved;
        out.push(Job {
            x,
            o,
            outcome,
            stats,
            seconds: t.elapsed().as_secs_f64(),
        });
        done.set(done.get() + 1);
        if let Ok(mut s) = status.try_borrow_mut() {
            s(&SolveStatus {
                jobs_done: done.get(),
                jobs_total: total,
                expansions: d.stats().expansions,
                job: None,
                line: Vec::new(),
            });
        }
    }
    let stats = d.stats();
    let moves = d.proof_moves();
    let table_positions = d.table_len();
    Solved {
        jobs: out,
        strategy: SearchStrategy {
            moves,
            threat_depth: config.limits.threat_depth,
        },
        stats,
        table_positions,
    }
}

/// The job being searched and the line the search looks at in it.
type Looking = (Option<(u64, u64)>, Vec<u8>);

fn solve_per_job(
    jobs: &[(u64, u64)],
    config: &SolveConfig,
    cancel: &Cancel,
    status: &mut dyn FnMut(&SolveStatus),
) -> Solved {
    use rayon::prelude::*;
    let total = jobs.len();
    let stop = AtomicBool::new(false);
    let expansions = AtomicU64::new(0);
    let finished = AtomicUsize::new(0);
    let largest = AtomicUsize::new(0);
    let line: Mutex<Looking> = Mutex::new((None, Vec::new()));
    let limits = config.limits;
    let work = |&(x, o): &(u64, u64)| -> (Job, ProofMoves) {
        if stop.load(Ordering::Relaxed) {
            return (unknown(x, o), HashMap::default());
        }
        let t = Instant::now();
        let mut last = 0u64;
        let mut watch = |tick: Tick<'_>| -> ControlFlow<()> {
            expansions.fetch_add(tick.expansions - last, Ordering::Relaxed);
            last = tick.expansions;
            if let Ok(mut l) = line.try_lock() {
                *l = (Some((x, o)), tick.line.to_vec());
            }
            if stop.load(Ordering::Relaxed) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let mut d = Dfpn::new(limits).watched(&mut watch);
        let outcome = d.prove(x, o);
        if outcome != Outcome::Proved {
            // No point going on: the first move is not proved.
            stop.store(true, Ordering::Relaxed);
        }
        let stats = d.stats();
        largest.fetch_max(d.table_len(), Ordering::Relaxed);
        let moves = if outcome == Outcome::Proved {
            d.proof_moves()
        } else {
            HashMap::default()
        };
        drop(d);
        expansions.fetch_add(stats.expansions - last, Ordering::Relaxed);
        finished.fetch_add(1, Ordering::Relaxed);
        let job = Job {
            x,
            o,
            outcome,
            stats,
            seconds: t.elapsed().as_secs_f64(),
        };
        (job, moves)
    };
    let results = std::thread::scope(|scope| {
        let worker = scope.spawn(|| match pool(config.threads) {
            Some(p) => p.install(|| jobs.par_iter().with_max_len(1).map(work).collect()),
            None => jobs.iter().map(work).collect::<Vec<_>>(),
        });
        while !worker.is_finished() {
            if cancel.is_cancelled() {
                stop.store(true, Ordering::Relaxed);
            }
            let (job, l) = line.lock().map(|g| g.clone()).unwrap_or((None, Vec::new()));
            status(&SolveStatus {
                jobs_done: finished.load(Ordering::Relaxed),
                jobs_total: total,
                expansions: expansions.load(Ordering::Relaxed),
                job,
                line: l,
            });
            std::thread::sleep(Duration::from_millis(50));
        }
        worker.join().unwrap_or_default()
    });
    let mut strategy = SearchStrategy {
        moves: HashMap::default(),
        threat_depth: limits.threat_depth,
    };
    let mut out = Vec::with_capacity(total);
    let mut stats = DfpnStats::default();
    for (job, moves) in results {
        for (k, m) in moves {
            strategy.moves.entry(k).or_insert(m);
        }
        stats.add(&job.stats);
        out.push(job);
    }
    status(&SolveStatus {
        jobs_done: out.len(),
        jobs_total: total,
        expansions: stats.expansions,
        job: None,
        line: Vec::new(),
    });
    Solved {
        jobs: out,
        strategy,
        stats,
        table_positions: largest.load(Ordering::Relaxed),
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
    let (m, jobs) = split(x, o);
    let mut solved = solve(&jobs, config, cancel, status);
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
