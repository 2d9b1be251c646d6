//! The walkers' schemes ([`super::Scheme::Shared`], [`super::Scheme::PerJob`]): one
//! searcher per core (a *walker*) takes the next job until none is left, each on the one
//! shared table or on a table of its own; a walker with nothing left to take helps with a
//! job still running ([`super::super::dfpn::Dfpn::helping`]). The jobs are the unit of
//! parallel work, so the longest one is the run's critical path: kept to compare against
//! the job-level search ([`super::jobs`]).

use std::cell::Cell;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ludomat_game::run::{cpu, Cancel};

use super::super::dfpn::{Dfpn, DfpnLimits, DfpnStats, Outcome, ProofMoves, SearchStrategy, Tick};
use super::super::leaves::Leaves;
use super::super::table::ProofTable;
use super::{unknown, Job, Scheme, SolveConfig, SolveStatus, Solved};

/// The job being searched and the line the search looks at in it.
type Looking = (Option<(u64, u64)>, Vec<u8>);

/// The searchers' shared counters, read by the calling thread for its status reports.
#[derive(Default)]
struct Board {
    /// The next job to take.
    next: AtomicUsize,
    /// Set when a job ends unproved or the run is cancelled: no job is started after.
    stop: AtomicBool,
    expansions: AtomicU64,
    finished: AtomicUsize,
    largest: AtomicUsize,
    looking: Mutex<Looking>,
    /// The jobs being searched, which a searcher with nothing left to take helps with.
    running: Mutex<Vec<Running>>,
    /// The counters of the helpers' searches.
    helped: Mutex<DfpnStats>,
    /// CPU time of the searchers' threads so far, in nanoseconds ([`CpuShare`]).
    cpu_ns: AtomicU64,
    /// The searchers at work: each one's clock and its reading when it last added to
    /// `cpu_ns`, so a report between their ticks counts the time since (a position whose
    /// few expansions take seconds froze the search's CPU clock for those seconds).
    live: Mutex<Vec<Live>>,
}

/// A searcher's thread clock and its last reading added to the board's count.
struct Live {
    thread: std::thread::ThreadId,
    clock: cpu::ThreadClock,
    added: Duration,
}

impl Board {
    /// The searchers' CPU time so far: what they added, and what each still at work has
    /// used since.
    fn cpu(&self) -> Duration {
        let live = lock(&self.live);
        let since: Duration = live
            .iter()
            .map(|l| l.clock.read().saturating_sub(l.added))
            .sum();
        Duration::from_nanos(self.cpu_ns.load(Ordering::Relaxed)) + since
    }
}

/// A searcher's thread adding its CPU time to the board's count as it goes (at each
/// watcher tick and at the end of each job), so the status tells the search's own CPU
/// time, not the process's (which a museum shares with every visitor).
struct CpuShare<'b> {
    board: &'b Board,
    last: Cell<Duration>,
}

impl<'b> CpuShare<'b> {
    /// Counting from now, on the calling thread, whose clock the board reads between
    /// flushes until the share is dropped.
    fn new(board: &'b Board) -> Self {
        let now = cpu::thread();
        if let Some(clock) = cpu::ThreadClock::current() {
            lock(&board.live).push(Live {
                thread: std::thread::current().id(),
                clock,
                added: now,
            });
        }
        CpuShare {
            board,
            last: Cell::new(now),
        }
    }

    /// Adds the thread's CPU time since the last call.
    fn flush(&self) {
        // under the lock, so a report never counts the same time twice
        let mut live = lock(&self.board.live);
        let now = cpu::thread();
        let d = now.saturating_sub(self.last.get());
        self.last.set(now);
        self.board.cpu_ns.fetch_add(
            u64::try_from(d.as_nanos()).unwrap_or(u64::MAX),
            Ordering::Relaxed,
        );
        let me = std::thread::current().id();
        if let Some(l) = live.iter_mut().find(|l| l.thread == me) {
            l.added = now;
        }
    }
}

impl Drop for CpuShare<'_> {
    /// The last of the thread's time added, and its clock forgotten while the thread
    /// still lives.
    fn drop(&mut self) {
        self.flush();
        let me = std::thread::current().id();
        lock(&self.board.live).retain(|l| l.thread != me);
    }
}

/// A job being searched: its index, stones, and a flag raised when its search ends.
struct Running {
    index: usize,
    x: u64,
    o: u64,
    ended: Arc<AtomicBool>,
}

/// The jobs to take, in order, and how far each is searched.
struct Round<'j> {
    jobs: &'j [(u64, u64)],
    /// Indices into `jobs`, in the order they are taken.
    order: Vec<usize>,
    /// Expansions allowed per job in this round.
    budget: u64,
    /// A sizing round: a job left unknown is searched again later (not a failure).
    sizing: bool,
}

/// Expansions each job gets in the sizing round before the rest ([`solve`]).
const SIZING_BUDGET: u64 = 64;

/// One searcher: takes the round's next job until none is left (or the board says
/// stop), each on the shared table or a table of its own.
fn walk(
    round: &Round<'_>,
    limits: DfpnLimits,
    shared: Option<&Arc<ProofTable>>,
    board: &Board,
) -> Vec<(usize, Job, ProofMoves)> {
    let mut done = Vec::new();
    let share = CpuShare::new(board);
    // One evaluator for all this searcher's jobs: its threat-search table stays warm.
    let mut evaluator = Leaves::new(limits.threat_depth);
    loop {
        let ended = Arc::new(AtomicBool::new(false));
        // A job is taken and listed as running at once, so a searcher that finds none
        // left sees every job still being searched.
        let mut running = lock(&board.running);
        let k = board.next.fetch_add(1, Ordering::Relaxed);
        let Some(&i) = round.order.get(k) else {
            drop(running);
            if let (false, Some(table)) = (round.sizing, shared) {
                help(limits, table, board, evaluator, &share);
            }
            share.flush();
            return done;
        };
        let (x, o) = round.jobs[i];
        if board.stop.load(Ordering::Relaxed) {
            done.push((i, unknown(x, o), ProofMoves::default()));
            continue;
        }
        if !round.sizing {
            running.push(Running {
                index: i,
                x,
                o,
                ended: Arc::clone(&ended),
            });
        }
        drop(running);
        let t = Instant::now();
        let root = super::super::canonical::canonical(x, o).0;
        // Proved by a helper while this searcher is still below: done.
        let proved = || shared.is_some_and(|t| t.get(root).is_some_and(|e| e.pn == 0));
        let added = Cell::new(0);
        let mut watch = tally(board, &share, &added, Some((x, o)), proved);
        let mut d = Dfpn::with_evaluator(limits, evaluator).watched(&mut watch);
        if let Some(table) = shared {
            d = d.sharing(Arc::clone(table));
        }
        let before = d.stats();
        let mut outcome = d.prove_within(x, o, round.budget);
        if outcome == Outcome::Unknown && proved() {
            outcome = Outcome::Proved;
        }
        ended.store(true, Ordering::Relaxed);
        lock(&board.running).retain(|r| r.index != i);
        if outcome == Outcome::Disproved || (outcome == Outcome::Unknown && !round.sizing) {
            // No point going on: the first move is not proved.
            board.stop.store(true, Ordering::Relaxed);
        }
        let stats = before.since(&d.stats());
        board.largest.fetch_max(d.table_len(), Ordering::Relaxed);
        let moves = if outcome == Outcome::Proved && shared.is_none() {
            d.proof_moves()
        } else {
            ProofMoves::default()
        };
        evaluator = hand_back(d, limits);
        board
            .expansions
            .fetch_add(stats.expansions - added.get(), Ordering::Relaxed);
        share.flush();
        if outcome != Outcome::Unknown || !round.sizing {
            board.finished.fetch_add(1, Ordering::Relaxed);
        }
        let job = Job {
            x,
            o,
            outcome,
            stats,
            seconds: t.elapsed().as_secs_f64(),
        };
        done.push((i, job, moves));
    }
}

/// A searcher's watcher: adds its expansions to the board's count (`added`: how many it
/// has added), shows the line it looks at in `job` when given, and stops the search when
/// the board or `stop` says so.
fn tally<'b>(
    board: &'b Board,
    share: &'b CpuShare<'b>,
    added: &'b Cell<u64>,
    job: Option<(u64, u64)>,
    stop: impl Fn() -> bool + 'b,
) -> impl FnMut(Tick<'_>) -> ControlFlow<()> + 'b {
    move |tick| {
        board
            .expansions
            .fetch_add(tick.expansions - added.get(), Ordering::Relaxed);
        added.set(tick.expansions);
        share.flush();
        if let (Some(job), Ok(mut l)) = (job, board.looking.try_lock()) {
            *l = (Some(job), tick.line.to_vec());
        }
        if board.stop.load(Ordering::Relaxed) || stop() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// How often the walkers' progress is reported while they search.
const REPORT_EVERY: Duration = Duration::from_millis(50);

/// A walker's word that it ended, sent when it is dropped (at the end of the walk, or
/// when the walk panics).
struct Said(std::sync::mpsc::Sender<()>);

impl Drop for Said {
    fn drop(&mut self) {
        let _ = self.0.send(());
    }
}

/// The evaluator of a finished search, for the searcher's next one.
fn hand_back(d: Dfpn<'_>, limits: DfpnLimits) -> Leaves {
    d.into_evaluator()
        .unwrap_or_else(|| Leaves::new(limits.threat_depth))
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A searcher with no job left to take helps, one after another, with the jobs still
/// being searched ([`Dfpn::helping`]), until none is left; each help ends with its job.
fn help(
    limits: DfpnLimits,
    table: &Arc<ProofTable>,
    board: &Board,
    mut evaluator: Leaves,
    share: &CpuShare<'_>,
) {
    let mut helped = Vec::new();
    loop {
        let pick = lock(&board.running)
            .iter()
            .find(|r| !helped.contains(&r.index) && !r.ended.load(Ordering::Relaxed))
            .map(|r| (r.index, r.x, r.o, Arc::clone(&r.ended)));
        let Some((i, x, o, ended)) = pick else {
            return;
        };
        helped.push(i);
        let added = Cell::new(0);
        let mut watch = tally(board, share, &added, None, || ended.load(Ordering::Relaxed));
        let mut d = Dfpn::with_evaluator(limits, evaluator)
            .sharing(Arc::clone(table))
            .helping()
            .watched(&mut watch);
        let before = d.stats();
        d.prove(x, o);
        let stats = before.since(&d.stats());
        evaluator = hand_back(d, limits);
        board
            .expansions
            .fetch_add(stats.expansions - added.get(), Ordering::Relaxed);
        lock(&board.helped).add(&stats);
    }
}

pub(super) fn solve_walkers(
    jobs: &[(u64, u64)],
    config: &SolveConfig,
    cancel: &Cancel,
    status: &mut dyn FnMut(&SolveStatus),
) -> Solved {
    let total = jobs.len();
    let threads = config.workers();
    let shared = (config.scheme == Scheme::Shared).then(|| Arc::new(ProofTable::new()));
    let board = Board::default();
    let report = |status: &mut dyn FnMut(&SolveStatus)| {
        let (job, line) = board
            .looking
            .lock()
            .map(|g| g.clone())
            .unwrap_or((None, Vec::new()));
        status(&SolveStatus {
            jobs_done: board.finished.load(Ordering::Relaxed),
            jobs_total: total,
            expansions: board.expansions.load(Ordering::Relaxed),
            job,
            line,
            searchers_cpu: Some(board.cpu()),
        });
    };
    let mut results: Vec<Option<(Job, ProofMoves)>> = vec![None; total];
    let mut run = |round: &Round<'_>, results: &mut Vec<Option<(Job, ProofMoves)>>| {
        board.next.store(0, Ordering::Relaxed);
        std::thread::scope(|scope| {
            // Each walker says when it ends (a guard, so a panic says so too): the round
            // ends with its last walker, not at the next report (a short search took
            // 100 ms of wall time for 15 ms of CPU, waiting out the reports' sleep).
            let (ended, ends) = std::sync::mpsc::channel::<()>();
            let walkers: Vec<_> = (0..threads)
                .map(|k| {
                    let (board, shared) = (&board, shared.as_ref());
                    let said = Said(ended.clone());
                    std::thread::Builder::new()
                        .name(format!("qubic-dfpn-{k}"))
                        .spawn_scoped(scope, move || {
                            let _said = said;
                            walk(round, config.limits, shared, board)
                        })
                })
                .collect();
            drop(ended);
            let mut running = walkers.iter().filter(|w| w.is_ok()).count();
            while running > 0 {
                if cancel.is_cancelled() {
                    board.stop.store(true, Ordering::Relaxed);
                }
                report(status);
                match ends.recv_timeout(REPORT_EVERY) {
                    Ok(()) => running -= 1,
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                    Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
                }
            }
            for w in walkers.into_iter().flatten() {
                for (i, mut job, moves) in w.join().unwrap_or_default() {
                    if let Some((before, _)) = &results[i] {
                        job.stats.add(&before.stats);
                        job.seconds += before.seconds;
                    }
                    results[i] = Some((job, moves));
                }
            }
        });
    };
    let mut order: Vec<usize> = (0..total).collect();
    if shared.is_some() && total > threads {
        // Sizing: every job searched a little first (most are proved there), then the
        // rest largest first by the proof number at their root, so no long job is left
        // to run alone at the end while the other cores wait.
        let sizing = Round {
            jobs,
            order,
            budget: SIZING_BUDGET.min(config.limits.max_expansions),
            sizing: true,
        };
        run(&sizing, &mut results);
        let root_pn = |&(x, o): &(u64, u64)| {
            shared
                .as_ref()
                .and_then(|t| t.get(super::super::canonical::canonical(x, o).0))
                .map_or(0, |e| e.pn)
        };
        let mut rest: Vec<(u64, usize)> = results
            .iter()
            .enumerate()
            .filter(|(_, r)| {
                r.as_ref()
                    .is_some_and(|(j, _)| j.outcome == Outcome::Unknown)
            })
            .map(|(i, _)| (root_pn(&jobs[i]), i))
            .collect();
        rest.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        order = rest.into_iter().map(|(_, i)| i).collect();
    }
    if !board.stop.load(Ordering::Relaxed) {
        let round = Round {
            jobs,
            order,
            budget: config.limits.max_expansions,
            sizing: false,
        };
        run(&round, &mut results);
    }
    let mut strategy = SearchStrategy {
        moves: shared.as_ref().map(|t| t.proof_moves()).unwrap_or_default(),
        threat_depth: config.limits.threat_depth,
    };
    let mut out = Vec::with_capacity(total);
    let mut stats = DfpnStats::default();
    for (&(x, o), r) in jobs.iter().zip(results) {
        // A job no searcher could take (its thread did not start) stays unknown.
        let (job, moves) = r.unwrap_or_else(|| (unknown(x, o), ProofMoves::default()));
        for (k, m) in moves {
            strategy.moves.entry(k).or_insert(m);
        }
        stats.add(&job.stats);
        out.push(job);
    }
    stats.add(&lock(&board.helped));
    report(status);
    Solved {
        jobs: out,
        strategy,
        stats,
        table_positions: shared
            .as_ref()
            .map_or(board.largest.load(Ordering::Relaxed), |t| t.len()),
        work: None,
        failure: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A searcher deep in one position (no tick, no flush) still counts in the board's
    /// CPU time: the museum's clock of a long position moved only at its ticks.
    #[cfg(unix)]
    #[test]
    fn the_searchers_time_counts_between_their_ticks() {
        let board = Board::default();
        let done = AtomicBool::new(false);
        let started = AtomicBool::new(false);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                let share = CpuShare::new(&board);
                started.store(true, Ordering::Relaxed);
                let mut x = 0u64;
                while !done.load(Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(1));
                }
                drop(share);
            });
            while !started.load(Ordering::Relaxed) {
                std::thread::yield_now();
            }
            let first = board.cpu();
            let mut later = first;
            for _ in 0..400 {
                std::thread::sleep(Duration::from_millis(5));
                later = board.cpu();
                if later >= first + Duration::from_millis(20) {
                    break;
                }
            }
            done.store(true, Ordering::Relaxed);
            assert!(
                later >= first + Duration::from_millis(20),
                "{first:?} → {later:?}"
            );
        });
        // the searcher's clock forgotten when it ends, its time kept
        assert!(lock(&board.live).is_empty());
        assert!(board.cpu() >= Duration::from_millis(20));
    }
}
